/**
 * The form that changes what happens when a prepaid subscription's orders run out (`manageTemplate`): its button enabled
 * only for a change, locked while the change is sent or checked, and the confirmation the element focuses once the
 * service confirmed it.
 */
import { expect } from '@open-wc/testing';
import type { RenewalBehavior } from '../../../src/api/upgrade-request.js';
import { en } from '../../../src/i18n/en.js';
import { changeConfirmation, manageTemplate } from '../../../src/prepaid/manage-template.js';
import type { FormMode } from '../../../src/upgrade/form-template.js';
import { prepaidSubscription } from '../../fixtures/subscriptions.js';
import { englishView, rendered, textOf } from '../../helpers/rendered.js';

const subscription = prepaidSubscription({
  prepaid_subscription_context: { prepaid_orders_per_billing: 6, prepaid_orders_remaining: 4, renewal_behavior: 'autorenew' },
});

function manage(choice: RenewalBehavior | undefined, mode: FormMode = 'live', confirmed = false): HTMLElement {
  const noop = () => {};
  return rendered(
    manageTemplate(
      { ...englishView(), options: ['autorenew', 'cancel', 'downgrade'], subscription, choice, confirmed, onChange: noop, onSubmit: noop },
      mode,
    ),
  );
}
const button = (shown: HTMLElement) => shown.querySelector<HTMLButtonElement>('[part~="manage-submit"]')!;

describe('manageTemplate', () => {
  it('checks what the subscription does now, and enables its button only for a change', () => {
    const unchanged = manage(undefined);
    expect(unchanged.querySelector<HTMLInputElement>('input:checked')!.value).to.equal('autorenew');
    expect(button(unchanged).disabled).to.equal(true);
    expect(button(manage('autorenew')).disabled, 'the same choice').to.equal(true);
    const changed = manage('cancel');
    expect(changed.querySelector<HTMLInputElement>('input:checked')!.value).to.equal('cancel');
    expect(button(changed).disabled).to.equal(false);
    expect(textOf(button(changed))).to.equal(en.manageSubmit);
  });

  it('locks its choices while the change is sent or checked, keeping its button focusable', () => {
    for (const [mode, label] of [
      ['submitting', en.savingChange],
      ['checking', en.checking('renewal')],
    ] as const) {
      const shown = manage('cancel', mode);
      expect(shown.querySelector('fieldset')!.disabled, mode).to.equal(true);
      expect(button(shown).disabled, mode).to.equal(false);
      expect(button(shown).getAttribute('aria-disabled'), mode).to.equal('true');
      expect(textOf(button(shown)), mode).to.equal(label);
    }
  });

  it('says what the subscription does now once the service confirmed the change, where the element focuses', () => {
    expect(changeConfirmation(manage(undefined))).to.equal(null);
    const confirmed = manage(undefined, 'live', true);
    expect(textOf(changeConfirmation(confirmed))).to.equal(en.renewalChanged('autorenew'));
  });
});
