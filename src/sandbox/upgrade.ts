/** The rules of `PATCH /subscriptions/{id}/upgrade_to_prepaid/` (spec §4.2, DESIGN.md §3). */
import { isPlainObject } from './http.js';
import { isLive, isPrepaid, type Merchant, type Product, type RenewalBehavior, type Subscription } from './model.js';

export interface UpgradeRequest {
  ordersPerBilling: number;
  renewalBehavior: RenewalBehavior;
  /** An offer public id, or `live`. */
  offer: string;
}

const RENEWAL_BEHAVIORS: readonly RenewalBehavior[] = ['autorenew', 'cancel', 'downgrade'];
/** "An integer greater than 2": the vendor's pages disagree, DESIGN.md follows the spec. */
const MIN_ORDERS_PER_BILLING = 3;

type Checked<T> = { ok: true; value: T } | { ok: false; detail: string };

/**
 * The body of a refused request, in the service's two shapes: `{"detail": "…"}`, or field errors, one list of
 * messages per field (`{"orders_per_billing": ["This field is required."]}`), as its validation sends them
 * (DESIGN.md §7).
 */
export type Refusal = { detail: string } | Record<string, string[]>;

const REQUIRED = 'This field is required.';
const NOT_NULL = 'This field cannot be null.';

/**
 * Checks the body on its own, before anything about the subscription is known. Each field is checked on its own
 * first, and every field in error is named, as the service's validation does; only then the rule across the
 * request: orders_per_billing greater than 2, refused with a `detail`.
 */
export function parseUpgradeRequest(body: unknown): { ok: true; value: UpgradeRequest } | { ok: false; refusal: Refusal } {
  if (!isPlainObject(body)) return { ok: false, refusal: { detail: 'The request body must be a JSON object.' } };
  const { orders_per_billing, renewal_behavior = 'autorenew', offer = 'live' } = body;
  const errors: Record<string, string[]> = {};
  if (orders_per_billing === undefined) errors.orders_per_billing = [REQUIRED];
  else if (orders_per_billing === null) errors.orders_per_billing = [NOT_NULL];
  else if (!Number.isSafeInteger(orders_per_billing)) errors.orders_per_billing = ['A valid integer is required.'];
  if (renewal_behavior === null) errors.renewal_behavior = [NOT_NULL];
  else if (!RENEWAL_BEHAVIORS.includes(renewal_behavior as RenewalBehavior)) {
    const given = typeof renewal_behavior === 'string' ? renewal_behavior : JSON.stringify(renewal_behavior);
    errors.renewal_behavior = [`Value '${given}' is not a valid choice.`];
  }
  if (offer === null) errors.offer = [NOT_NULL];
  else if (typeof offer !== 'string') errors.offer = ['Not a valid string.'];
  else if (offer === '') errors.offer = ['This field may not be blank.'];
  if (Object.keys(errors).length > 0) return { ok: false, refusal: errors };
  if ((orders_per_billing as number) < MIN_ORDERS_PER_BILLING) {
    return { ok: false, refusal: { detail: `orders_per_billing must be an integer greater than ${MIN_ORDERS_PER_BILLING - 1}.` } };
  }
  return {
    ok: true,
    value: {
      ordersPerBilling: orders_per_billing as number,
      renewalBehavior: renewal_behavior as RenewalBehavior,
      offer: offer as string,
    },
  };
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
