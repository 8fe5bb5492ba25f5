/** The rules of `PATCH /subscriptions/{id}/upgrade_to_prepaid/` (spec §4.2, DESIGN.md §3). */
import type { z } from 'zod';
import { isLive, isPrepaid, type Merchant, type Product, type RenewalBehavior, type Subscription } from './model.js';
import { MIN_ORDERS_PER_BILLING, UpgradeBodySchema } from './schemas.js';

export interface UpgradeRequest {
  ordersPerBilling: number;
  renewalBehavior: RenewalBehavior;
  /** An offer public id, or `live`. */
  offer: string;
}

type Checked<T> = { ok: true; value: T } | { ok: false; detail: string };

/**
 * The body of a refused request, in the service's two shapes: `{"detail": "…"}`, or field errors, one list of
 * messages per field (`{"orders_per_billing": ["This field is required."]}`), as its validation sends them
 * (DESIGN.md §7).
 */
export type Refusal = { detail: string } | Record<string, string[]>;

/** The issue of the one rule the service checks after the fields: at least 3 orders per billing. */
const isOrdersRule = (issue: z.core.$ZodIssue) =>
  issue.code === 'too_small' && issue.path[0] === 'orders_per_billing' && issue.minimum === MIN_ORDERS_PER_BILLING;

/**
 * The service's answer to a body that `UpgradeBodySchema` refused, from zod's issues (whose messages are the
 * service's): each field is checked on its own first, and every field in error is named; only when every field is
 * valid is the rule across the request told, orders_per_billing greater than 2, as a `detail`. A body that is not an
 * object at all is a `detail` too.
 */
function refusalOf(issues: readonly z.core.$ZodIssue[]): Refusal {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (field !== undefined && !isOrdersRule(issue)) (fieldErrors[String(field)] ??= []).push(issue.message);
  }
  return Object.keys(fieldErrors).length > 0 ? fieldErrors : { detail: issues[0]!.message };
}

/** Checks the body on its own, before anything about the subscription is known. */
export function parseUpgradeRequest(body: unknown): { ok: true; value: UpgradeRequest } | { ok: false; refusal: Refusal } {
  const parsed = UpgradeBodySchema.safeParse(body);
  if (!parsed.success) return { ok: false, refusal: refusalOf(parsed.error.issues) };
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

/** `YYYY-MM-DD HH:MM:SS` in UTC, the shape of `created` and `updated`. */
const formatDateTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** The subscription after a successful upgrade: nothing is charged now; the next order bills N orders. */
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
