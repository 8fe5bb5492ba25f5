/**
 * A prepaid subscription's terms: orders per billing, the orders left, and what happens when they run out. Under them
 * is the form that changes what happens when they run out (`manage-template.ts`).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Subscription } from '../api/schemas.js';
import type { PrepaidStatus } from '../i18n/strings.js';
import { ordersPerBillingOf, renewalBehaviorOf } from '../api/subscription.js';
import { dated, type View } from '../i18n/view.js';

export function prepaidTemplate(view: View, subscription: Subscription, manage: TemplateResult | typeof nothing): TemplateResult {
  const { t } = view;
  const status: PrepaidStatus = {
    ordersPerBilling: ordersPerBillingOf(subscription),
    ordersRemaining: subscription.prepaid_subscription_context?.prepaid_orders_remaining ?? 0,
    renewalBehavior: renewalBehaviorOf(subscription),
  };
  // With none remaining, the cycle has not started, and the next order bills its orders. The terms say when, rather
  // than "0 left".
  return html`
    <div part="notice" tabindex="-1">
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
