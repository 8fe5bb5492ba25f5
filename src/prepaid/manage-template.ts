/**
 * The form that changes what happens when a prepaid subscription's orders run out. It is shown in the `prepaid` state,
 * and under the success message of an upgrade.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Subscription } from '../api/schemas.js';
import { ordersPerBillingOf, renewalBehaviorOf } from '../api/subscription.js';
import type { RenewalBehavior } from '../api/upgrade-request.js';
import type { View } from '../i18n/view.js';
import { renewalFieldset, type FormMode } from '../upgrade/form-template.js';

export interface ManageView extends View {
  /** The choices that the page offers (`renewal-options`). */
  options: readonly RenewalBehavior[];
  subscription: Subscription;
  /** The customer's pick. `undefined` stands for what the subscription does now. */
  choice: RenewalBehavior | undefined;
  /** Whether the service confirmed the last change. If so, the form says so under the button. */
  confirmed: boolean;
  onChange(event: Event): void;
  onSubmit(event: SubmitEvent): void;
}

/** The line that says what a confirmed renewal change does now. It takes focus once the service confirmed the change. */
export const changeConfirmation = (root: ParentNode): HTMLElement | null => root.querySelector('[part~=confirmation]');

export function manageTemplate(view: ManageView, mode: FormMode): TemplateResult {
  const submitting = mode !== 'live';
  const { t, subscription } = view;
  const current = renewalBehaviorOf(subscription);
  const chosen = view.choice ?? current;
  // The button is enabled only for a change, because saving what the subscription already does would change nothing.
  // While a change is sent, the button keeps its focus, so it is marked with `aria-disabled` rather than disabled.
  return html`
    <form part="manage" class="form" novalidate @submit=${view.onSubmit}>
      ${renewalFieldset(t, {
        name: 'manage',
        legend: t.manageLegend,
        options: view.options,
        chosen,
        orders: ordersPerBillingOf(subscription),
        disabled: submitting,
        onChange: view.onChange,
      })}
      <button
        part="manage-submit"
        class="submit"
        type="submit"
        ?disabled=${chosen === current}
        aria-disabled=${submitting ? 'true' : nothing}
      >
        ${mode === 'submitting' ? t.savingChange : mode === 'checking' ? t.checking('renewal') : t.manageSubmit}
      </button>
      ${view.confirmed && current ? html`<p part="confirmation" tabindex="-1">${t.renewalChanged(current)}</p>` : nothing}
    </form>
  `;
}
