/** The rules of `PATCH /subscriptions/{id}/upgrade_to_prepaid/` (docs/service.md#upgrade-rules, #after-an-upgrade). */
import type { z } from 'zod';
import {
  formatDateTime,
  isLive,
  isPrepaid,
  type Merchant,
  type Order,
  type Product,
  type RenewalBehavior,
  type Subscription,
} from './model.js';
import { nextOrderSubTotal, orderAmounts } from './orders.js';
import { refusalOf, type Checked, type ParsedBody } from './refusal.js';
import { MIN_ORDERS_PER_BILLING, UpgradeBodySchema } from './schemas.js';

export interface UpgradeRequest {
  ordersPerBilling: number;
  renewalBehavior: RenewalBehavior;
  /** An offer public id, or `live`. */
  offer: string;
}

/** The issue of the one rule that the service checks after the fields: at least 3 orders per billing. */
const isOrdersRule = (issue: z.core.$ZodIssue) =>
  issue.code === 'too_small' && issue.path[0] === 'orders_per_billing' && issue.minimum === MIN_ORDERS_PER_BILLING;

/**
 * Checks the body on its own, before anything about the subscription is known. Each field is checked first, and every
 * field in error is named. Only when every field is valid is the rule across the request checked: orders_per_billing
 * greater than 2.
 */
export function parseUpgradeRequest(body: unknown): ParsedBody<UpgradeRequest> {
  const parsed = UpgradeBodySchema.safeParse(body);
  if (!parsed.success) return { ok: false, refusal: refusalOf(parsed.error.issues, isOrdersRule) };
  const { orders_per_billing, renewal_behavior, offer } = parsed.data;
  return { ok: true, value: { ordersPerBilling: orders_per_billing, renewalBehavior: renewal_behavior, offer } };
}

/**
 * Checks that this subscription may be upgraded as asked, and returns the offer it will be associated with.
 * `live` means the product's currently live offer.
 */
export function checkUpgradable(
  subscription: Subscription,
  product: Product,
  merchant: Merchant,
  request: UpgradeRequest,
): Checked<string> {
  if (!merchant.prepaidEnabled) return { ok: false, detail: 'Prepaid subscriptions are not enabled for this merchant.' };
  if (isPrepaid(subscription)) return { ok: false, detail: 'The subscription is already prepaid.' };
  if (!isLive(subscription)) return { ok: false, detail: 'The subscription is not live.' };
  if (!product.prepaid_eligible) return { ok: false, detail: 'The product is not eligible for prepaid subscriptions.' };
  if (request.offer === 'live') return { ok: true, value: product.offers[0]! };
  if (!product.offers.includes(request.offer)) return { ok: false, detail: `Unknown offer "${request.offer}" for this product.` };
  return { ok: true, value: request.offer };
}

/** The subscription after a successful upgrade. Nothing is charged now, and the next order bills N orders. */
export function upgradedSubscription(subscription: Subscription, request: UpgradeRequest, offer: string, nowMs: number): Subscription {
  return {
    ...subscription,
    offer,
    updated: formatDateTime(nowMs),
    prepaid_subscription_context: {
      prepaid_orders_remaining: 0,
      prepaid_orders_per_billing: request.ordersPerBilling,
      renewal_behavior: request.renewalBehavior,
    },
  };
}

/**
 * The subscription's next order once the upgrade is made. The service reprices it at once to the first prepaid cycle, N
 * orders less the merchant's own discount for N, and bills it when it is placed. Its date stays. Its tax follows the
 * new `sub_total`, its shipping stays that of one order, and its `total` is their sum.
 */
export function repricedNextOrder(order: Order, upgraded: Subscription, product: Product, merchant: Merchant, nowMs: number): Order {
  const subTotal = nextOrderSubTotal(upgraded, product, merchant);
  return { ...order, ...orderAmounts(subTotal, order.currency_code, order.charges), updated: formatDateTime(nowMs) };
}
