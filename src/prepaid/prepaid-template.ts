/**
 * A prepaid subscription: its terms (orders per billing, orders left, what happens when they run out) and the form
 * that changes what happens when they run out. The form is shown in the `prepaid` state and under the success
 * message of an upgrade.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Subscription } from '../api/schemas.js';
import type { RenewalBehavior } from '../api/upgrade-request.js';
import type { PrepaidStatus } from '../i18n/strings.js';
import { ordersPerBillingOf, renewalBehaviorOf } from '../api/writes.js';
import { renewalFieldset, type FormMode } from '../upgrade/form-template.js';
import { dated, type View } from '../i18n/view.js';

export function prepaidTemplate(view: View, subscription: Subscription, manage: TemplateResult | typeof nothing): TemplateResult {
  const { t } = view;
  const status: PrepaidStatus = {
    ordersPerBilling: ordersPerBillingOf(subscription),
    ordersRemaining: subscription.prepaid_subscription_context?.prepaid_orders_remaining ?? 0,
    renewalBehavior: renewalBehaviorOf(subscription),
  };
  // None remaining: the cycle has not started, and the next order bills its orders. Say when, not "0 left".
  return html`
    <div class="notice" tabindex="-1">
      <p class="notice-title">${t.ineligible('already-prepaid', undefined)}</p>
      <p>
        ${
          status.ordersRemaining > 0
            ? [t.prepaidStatus(status), ' ', dated(view, t.nextOrderOn, nothing)]
            : dated(view, (nextOrderDate) => t.prepaidStatus({ ...status, nextOrderDate }), t.prepaidStatus(status), false)
        }
      </p>
    </div>
    ${manage}
  `;
}

export interface ManageView extends View {
  /** The choices the page offers (`renewal-options`). */
  options: readonly RenewalBehavior[];
  subscription: Subscription;
  /** The customer's pick; `undefined`: what the subscription does now. */
  choice: RenewalBehavior | undefined;
  /** The service confirmed the last change: it is said under the button. */
  confirmed: boolean;
  onChange(event: Event): void;
  onSubmit(event: SubmitEvent): void;
}

export function manageTemplate(view: ManageView, mode: FormMode): TemplateResult {
  const submitting = mode !== 'live';
  const { t, subscription } = view;
  const current = renewalBehaviorOf(subscription);
  const chosen = view.choice ?? current;
  // The button is enabled only for a change: saving what the subscription already does would change nothing. While a
  // change is sent it keeps its focus, so it is marked busy rather than disabled.
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
      ${view.confirmed && current ? html`<p class="confirmation" tabindex="-1">${t.renewalChanged(current)}</p>` : nothing}
    </form>
  `;
}
