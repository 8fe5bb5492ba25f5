/**
 * What the picker shows (`pickerTemplate`), rendered with the element's Lit into a container: a radio for each
 * subscription that can be prepaid, with its details as its description; a button for each prepaid one; why nothing can
 * be offered, with the shared reason when there is one; and where focus goes (`pickerFocus`).
 */
import { expect } from '@open-wc/testing';
import { html, nothing, render } from 'lit';
import {
  nothingOffered,
  pickerFocus,
  pickerTemplate,
  type PickerOffer,
  type TemplateHost,
} from '../../../src/discovery/picker-template.js';
import { withPickerTexts } from '../../../src/discovery/texts.js';
import { en } from '../../../src/i18n/en.js';
import { formatMoney } from '../../../src/i18n/money.js';
import type { ElementStrings } from '../../../src/i18n/strings.js';
import type { Loaded } from '../../../src/shared/loaded.js';
import { payAsYouGoSubscription, prepaidSubscription, product } from '../../fixtures/subscriptions.js';
import { textOf } from '../../helpers/rendered.js';

const view = withPickerTexts({ t: en as ElementStrings, locale: 'en-US' });
const host: TemplateHost = { lit: { html, nothing }, formatMoney };
const t = view.t;
const loaded = (id: string, name: string, prepaid = false): Loaded => ({
  subscription: (prepaid ? prepaidSubscription : payAsYouGoSubscription)({ public_id: id, price: '12.50', quantity: 1 }),
  product: product({ name }),
  eligibility: prepaid ? { eligible: false, reason: 'already-prepaid' } : { eligible: true },
});

/** Renders the picker's `offer` into a container of its own. */
function shown(offer: Partial<PickerOffer>): HTMLElement {
  const container = document.createElement('div');
  const noop = () => {};
  render(
    pickerTemplate(host, view, {
      candidates: [],
      prepaid: [],
      unchecked: [],
      refused: [],
      prepaidHidden: false,
      picked: undefined,
      onPick: noop,
      onContinue: noop,
      onManage: noop,
      ...offer,
    }),
    container,
  );
  return container;
}

describe('pickerTemplate', () => {
  it('asks which subscription, with a radio each, named by its product and described by its details', () => {
    const picker = shown({ candidates: [loaded('sub_1', 'Morning roast'), loaded('sub_2', 'Green tea')], picked: 'sub_2' });
    expect(textOf(picker.querySelector('legend'))).to.equal(t.pickerLegend);
    const radios = [...picker.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((radio) => textOf(picker.querySelector(`label[for="${radio.id}"]`)))).to.deep.equal(['Morning roast', 'Green tea']);
    expect(radios.map((radio) => radio.checked)).to.deep.equal([false, true]);
    const hint = picker.querySelector(`#${radios[0]!.getAttribute('aria-describedby')}`);
    expect(textOf(hint)).to.include(t.pricePerOrder('$12.50'));
    expect(pickerFocus(picker, false)).to.equal(radios[1]);
  });

  it('picks the first radio when the one picked before is no longer offered', () => {
    const picker = shown({ candidates: [loaded('sub_1', 'Morning roast')], picked: 'sub_gone' });
    expect(picker.querySelector<HTMLInputElement>('input[type="radio"]')!.checked).to.equal(true);
  });

  it('offers each prepaid subscription with a button of its own, apart from the question', () => {
    const managed: Array<string | undefined> = [];
    const picker = shown({ prepaid: [loaded('sub_p', 'Oolong', true)], onManage: (id) => managed.push(id) });
    expect(picker.querySelector('[part~="picker"]'), 'no question without a subscription to prepay').to.equal(null);
    const button = picker.querySelector<HTMLButtonElement>('section button')!;
    expect(textOf(picker.querySelector('section h3'))).to.equal(t.pickerPrepaid);
    expect(pickerFocus(picker, true), 'focus, when no radio is picked').to.equal(button);
    button.click();
    expect(managed).to.deep.equal(['sub_p']);
  });

  it('says why nothing can be offered, with the reason they all share', () => {
    const notice = shown({ refused: ['not-live', 'not-live'] });
    expect(textOf(notice.querySelector('.notice-title'))).to.equal(
      `${t.ineligible('none-upgradeable', undefined)} ${t.noneBecause('not-live')}`,
    );
    const mixed = shown({ refused: ['not-live'], prepaidHidden: true });
    expect(textOf(mixed.querySelector('.notice-title')), 'no shared reason').to.equal(t.ineligible('none-upgradeable', undefined));
  });

  it('tells how many subscriptions could not be checked', () => {
    const unchecked = [payAsYouGoSubscription({ public_id: 'sub_u' })];
    const picker = shown({ candidates: [loaded('sub_1', 'Morning roast')], unchecked });
    expect(textOf(picker.querySelector('[part~="picker"]'))).to.include(t.uncheckedSubscriptions(1));
  });
});

describe('nothingOffered', () => {
  it('is no subscriptions when nothing at all was found, and none upgradeable otherwise', () => {
    expect(nothingOffered({ unchecked: [], refused: [], prepaidHidden: false })).to.equal('no-subscriptions');
    expect(nothingOffered({ unchecked: [], refused: ['not-live'], prepaidHidden: false })).to.equal('none-upgradeable');
    expect(nothingOffered({ unchecked: [], refused: [], prepaidHidden: true })).to.equal('none-upgradeable');
    expect(nothingOffered({ unchecked: [payAsYouGoSubscription()], refused: [], prepaidHidden: false })).to.equal('none-upgradeable');
  });
});
