/**
 * The sandbox's seed with one customer more, for the pages of many widgets (bench/scale-visits.ts): Mary, whose 50
 * subscriptions are spread over three products, most of them pay-as-you-go, five prepaid and three cancelled. The
 * sandbox's own customers have a few subscriptions each (30 at most), and it offers no way to add any: its options and
 * control routes set faults, latency and the listing's shape, not data. So the bench builds its own copy of the
 * sandbox with this module in place of src/sandbox/seed.ts (bench/scale-sandbox.ts); all else of the sandbox, and
 * every seeded record, is as published. This module is built into that copy: it imports the sandbox's modules only.
 *
 * Mary's subscriptions are copies of seeded pay-as-you-go ones of the same products, renamed for her, so that they
 * have every field the service answers with; each live one has its next order, priced as the seed prices one.
 */
import { SANDBOX_MERCHANT, seedData as seededData } from '../src/sandbox/seed.js';
import { formatDateTime, isLive, isPrepaid, type Order, type SandboxData, type Subscription } from '../src/sandbox/model.js';
import { nextOrderOf, nextOrderSubTotal, orderAmounts } from '../src/sandbox/orders.js';

export * from '../src/sandbox/seed.js';

/** How one of Mary's widgets settles. */
export type ScaleOutcome = 'ready' | 'prepaid' | 'ineligible';

export interface ScaleSubscription {
  id: string;
  /** Its product's id. */
  product: string;
  outcome: ScaleOutcome;
}

const PRODUCTS = ['prod_morning_roast', 'prod_earl_grey', 'prod_cold_brew'] as const;
const COUNT = 50;

/** Mary's subscriptions in listing order: the products in turn, every tenth from the 4th prepaid, the 9th, 29th and 49th cancelled. */
const subscriptions: ScaleSubscription[] = Array.from({ length: COUNT }, (_, i) => {
  const n = i + 1;
  const product = PRODUCTS[i % PRODUCTS.length]!;
  const outcome: ScaleOutcome = n % 20 === 9 ? 'ineligible' : n % 10 === 4 ? 'prepaid' : 'ready';
  return { id: `sub_${product.replace('prod_', '')}_mary_${String(n).padStart(2, '0')}`, product, outcome };
});

/** The customer of the pages of many widgets, and her subscriptions. */
export const SCALE_CUSTOMER = {
  customerId: 'cus_mary',
  firstName: 'Mary',
  lastName: 'Somerville',
  subscriptions,
} as const;

const DAY_MS = 86_400_000;

/** Mary, her subscriptions and their next orders, added to `data` (seeded from `nowMs`). */
function addScaleCustomer(data: SandboxData, nowMs: number): void {
  const { customerId } = SCALE_CUSTOMER;
  data.customers.push({
    customer_id: customerId,
    email: 'mary.somerville@example.com',
    first_name: SCALE_CUSTOMER.firstName,
    last_name: SCALE_CUSTOMER.lastName,
    external_id: 'shop-customer-1100',
    merchant: SANDBOX_MERCHANT.publicId,
  });
  const merchant = data.merchants.get(SANDBOX_MERCHANT.publicId)!;
  const seeded = [...data.subscriptions.values()];
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  SCALE_CUSTOMER.subscriptions.forEach(({ id, product: productId, outcome }, i) => {
    // A seeded pay-as-you-go subscription of the same product, of one unit in dollars, to copy.
    const template = seeded.find(
      (s) => s.product === productId && isLive(s) && !isPrepaid(s) && s.currency_code === 'USD' && s.quantity === 1,
    )!;
    const cancelled = outcome === 'ineligible' ? `2026-09-${String(1 + (i % 28)).padStart(2, '0')} 09:30:00` : null;
    const subscription: Subscription = {
      ...template,
      public_id: id,
      customer: customerId,
      payment: 'pay_mary_card',
      shipping_address: 'addr_mary_home',
      session_id: `sess_${id}`,
      merchant_order_id: `#${3001 + i}`,
      external_id: `shop-subscription-${3001 + i}`,
      extra_data: { platform_contract_id: `pc_${3001 + i}` },
      cancelled,
      cancel_reason: cancelled ? 'I have too much at home' : null,
      cancel_reason_code: cancelled ? 3 : null,
      live: cancelled === null,
      prepaid_subscription_context:
        outcome === 'prepaid' ? { prepaid_orders_remaining: 3, prepaid_orders_per_billing: 6, renewal_behavior: 'autorenew' } : null,
    };
    data.subscriptions.set(id, subscription);
    if (cancelled) return;
    const next = nextOrderOf(data, template.public_id)!;
    const subTotal = nextOrderSubTotal(subscription, data.products.get(productId)!, merchant);
    const order: Order = {
      ...next,
      public_id: `${id.replace(/^sub_/, 'ord_')}_next`,
      subscription: id,
      customer: customerId,
      // 3 to 30 days from today, varied as the seed varies them.
      place: formatDateTime(today + (3 + ((i * 11 + 9) % 28)) * DAY_MS),
      ...orderAmounts(subTotal, subscription.currency_code, next.charges),
    };
    data.orders.set(order.public_id, order);
  });
}

/** The seeded data set, and Mary's: what each instance of the bench's copy of the sandbox starts from. */
export function seedData(nowMs = Date.now()): SandboxData {
  const data = seededData(nowMs);
  addScaleCustomer(data, nowMs);
  return data;
}
