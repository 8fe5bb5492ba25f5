/**
 * The sandbox's seeded data: two merchants, one with prepaid enabled and one without, their customers, products with a
 * couple of offers each, subscriptions that show every case the widget has to handle, and their orders. Ids are
 * readable and stable, so that demos, docs and tests can name them. Order dates follow the day the data is seeded.
 */
import {
  formatDateTime,
  isLive,
  type Customer,
  type Merchant,
  type Order,
  type OrderCharges,
  type Product,
  type SandboxData,
  type Subscription,
} from './model.js';
import { billedAmount, nextOrderSubTotal, orderAmounts } from './orders.js';
import { ORDER_STATUS } from './schemas.js';

/**
 * The merchant that the sandbox serves by default, with prepaid enabled. The keys are public demo values, not secrets.
 */
export const SANDBOX_MERCHANT = {
  publicId: 'mer_northwind',
  hashKey: 'sandbox-demo-hash-key-northwind',
  apiKeys: { production: 'sandbox_prod_key_northwind', staging: 'sandbox_staging_key_northwind' },
} as const;

/** A second merchant that has prepaid disabled, so that every upgrade of its subscriptions is refused. */
export const SANDBOX_MERCHANT_PREPAID_DISABLED = {
  publicId: 'mer_bluebell',
  hashKey: 'sandbox-demo-hash-key-bluebell',
  apiKeys: { production: 'sandbox_prod_key_bluebell', staging: 'sandbox_staging_key_bluebell' },
} as const;

interface CustomerSeed {
  customerId: string;
  firstName: string;
  lastName: string;
  email: string;
}

const FIRST_CUSTOMERS: CustomerSeed[] = [
  { customerId: 'cus_ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada.lovelace@example.com' },
  { customerId: 'cus_grace', firstName: 'Grace', lastName: 'Hopper', email: 'grace.hopper@example.com' },
  { customerId: 'cus_kenji', firstName: 'Kenji', lastName: 'Tanaka', email: 'kenji.tanaka@example.jp' },
  { customerId: 'cus_margaret', firstName: 'Margaret', lastName: 'Hamilton', email: 'margaret.hamilton@example.com' },
  { customerId: 'cus_alan', firstName: 'Alan', lastName: 'Turing', email: 'alan.turing@example.co.uk' },
  { customerId: 'cus_katherine', firstName: 'Katherine', lastName: 'Johnson', email: 'katherine.johnson@example.com' },
];

const PREPAID_DISABLED_CUSTOMER: CustomerSeed = {
  customerId: 'cus_rosalind',
  firstName: 'Rosalind',
  lastName: 'Franklin',
  email: 'rosalind.franklin@example.com',
};

const DISCOVERY_CUSTOMER: CustomerSeed = {
  customerId: 'cus_hedy',
  firstName: 'Hedy',
  lastName: 'Lamarr',
  email: 'hedy.lamarr@example.com',
};

/** The main merchant's customers, in listing order. The first is the demo's default. */
export const SANDBOX_CUSTOMERS: readonly CustomerSeed[] = [...FIRST_CUSTOMERS, DISCOVERY_CUSTOMER];

/** The seeded subscriptions that each show one case, with the customer who owns them. */
export const SANDBOX_SUBSCRIPTIONS = {
  /** Pay-as-you-go in USD, on a prepaid-eligible product. This is the demo's default. */
  eligible: { id: 'sub_coffee_ada', customerId: 'cus_ada' },
  /** Already prepaid, with 6 orders per billing and 4 left. */
  prepaid: { id: 'sub_tea_ada', customerId: 'cus_ada' },
  /** Cancelled, with `live` false and a `cancelled` date. */
  cancelled: { id: 'sub_decaf_ada', customerId: 'cus_ada' },
  /** On a product that is not prepaid-eligible. */
  notEligible: { id: 'sub_descaler_ada', customerId: 'cus_ada' },
  /** Pay-as-you-go in EUR. */
  eligibleEur: { id: 'sub_espresso_grace', customerId: 'cus_grace' },
  /** Pay-as-you-go in JPY, which has no minor unit. */
  eligibleJpy: { id: 'sub_matcha_kenji', customerId: 'cus_kenji' },
  /** Pay-as-you-go, but its merchant has prepaid disabled. */
  prepaidDisabled: { id: 'sub_chamomile_rosalind', customerId: PREPAID_DISABLED_CUSTOMER.customerId },
  /**
   * Pay-as-you-go in USD, 2 × 15.00. It is the one whose orders carry tax and shipping (`TAXED_CHARGES`). Each order's
   * `total` is its `sub_total` plus 8 % tax plus 4.99 shipping, before and after an upgrade.
   */
  taxed: { id: 'sub_cold_brew_alan', customerId: 'cus_alan' },
} as const;

/**
 * The merchant's tax rate and shipping for Alan's address, which only his orders carry. The other customers' orders
 * carry neither, so that their `total` is their `sub_total`. This way one customer shows an order that bills more than
 * its goods.
 */
const TAXED_CHARGES: OrderCharges = { taxPercent: 8, shipping: '4.99' };
const NO_CHARGES: OrderCharges = { taxPercent: 0, shipping: '0' };
const chargesFor = (customerId: string): OrderCharges => ({
  ...(customerId === SANDBOX_SUBSCRIPTIONS.taxed.customerId ? TAXED_CHARGES : NO_CHARGES),
});

/** The customer with enough subscriptions to need several pages. */
export const SANDBOX_PAGING_CUSTOMER_ID = 'cus_margaret';
const PAGING_SUBSCRIPTION_COUNT = 30;

/**
 * The customer made for discovery, which finds the upgradeable subscriptions without being given an id. She has 24 live
 * subscriptions, so that her live listing takes 2 pages at the default size of 20, or 3 at 10. She also has 1 cancelled
 * one. Exactly 3 can be upgraded: the 2nd, 14th and 23rd in her live listing, so that they are found only by following
 * every page. 2 are already prepaid: the 7th and 21st. The other 19 are on products that cannot be prepaid.
 */
export const SANDBOX_DISCOVERY = {
  customerId: DISCOVERY_CUSTOMER.customerId,
  /** Pay-as-you-go and live, on three different prepaid-eligible products, at different prices and frequencies. */
  upgradeable: ['sub_morning_roast_hedy', 'sub_cold_brew_hedy', 'sub_earl_grey_hedy'],
  /** Already prepaid, on prepaid-eligible products. */
  prepaid: ['sub_espresso_hedy', 'sub_decaf_hedy'],
  /** Cancelled, on a prepaid-eligible product. `live=true` leaves it out. */
  cancelled: 'sub_decaf_hedy_cancelled',
} as const;
const DISCOVERY_LIVE_COUNT = 24;

/** A small inline picture, because the sandbox must not point at any external host. */
function productImage(background: string, label: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="12" fill="${background}"/>` +
    `<text x="48" y="58" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#fff">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

interface ProductSeed {
  key: string;
  merchant: string;
  name: string;
  price: string;
  color: string;
  label: string;
  prepaidEligible: boolean;
  /** The cadence names of the offers. The first is the live offer. */
  offers: [string, ...string[]];
}

const PRODUCTS: ProductSeed[] = [
  {
    key: 'morning_roast',
    merchant: SANDBOX_MERCHANT.publicId,
    name: 'Morning Roast Coffee, 12 oz',
    price: '12.50',
    color: '#6b4226',
    label: 'MR',
    prepaidEligible: true,
    offers: ['4w', '2w'],
  },
  {
    key: 'earl_grey',
    merchant: SANDBOX_MERCHANT.publicId,
    name: 'Earl Grey Loose Leaf Tea, 100 g',
    price: '9.75',
    color: '#4a6fa5',
    label: 'EG',
    prepaidEligible: true,
    offers: ['4w', '8w'],
  },
  {
    key: 'decaf',
    merchant: SANDBOX_MERCHANT.publicId,
    name: 'Swiss Water Decaf, 12 oz',
    price: '13.25',
    color: '#8c6d4f',
    label: 'DC',
    prepaidEligible: true,
    offers: ['4w', '6w'],
  },
  {
    key: 'descaler',
    merchant: SANDBOX_MERCHANT.publicId,
    name: 'Espresso Machine Descaler, 4-pack',
    price: '8.00',
    color: '#5f7f6f',
    label: 'DS',
    prepaidEligible: false,
    offers: ['12w', '24w'],
  },
  {
    key: 'espresso',
    merchant: SANDBOX_MERCHANT.publicId,
    name: 'Espresso Blend, 500 g',
    price: '11.90',
    color: '#3b2a20',
    label: 'ES',
    prepaidEligible: true,
    offers: ['4w', '2w'],
  },
  {
    key: 'matcha',
    merchant: SANDBOX_MERCHANT.publicId,
    name: 'Ceremonial Matcha, 30 g',
    price: '1800',
    color: '#5a8f3c',
    label: 'MT',
    prepaidEligible: true,
    offers: ['4w', '8w'],
  },
  {
    key: 'cold_brew',
    merchant: SANDBOX_MERCHANT.publicId,
    name: 'Cold Brew Concentrate, 1 L',
    price: '15.00',
    color: '#2f3e46',
    label: 'CB',
    prepaidEligible: true,
    offers: ['2w', '4w'],
  },
  {
    key: 'chamomile',
    merchant: SANDBOX_MERCHANT_PREPAID_DISABLED.publicId,
    name: 'Chamomile Blossom Tea, 50 g',
    price: '7.50',
    color: '#c9a227',
    label: 'CH',
    prepaidEligible: true,
    offers: ['4w', '8w'],
  },
  {
    key: 'paper_filters',
    merchant: SANDBOX_MERCHANT.publicId,
    name: 'Paper Coffee Filters, 100-pack',
    price: '4.50',
    color: '#9c7a4d',
    label: 'PF',
    prepaidEligible: false,
    offers: ['8w', '4w'],
  },
  {
    key: 'water_filter',
    merchant: SANDBOX_MERCHANT.publicId,
    name: 'Replacement Water Filter',
    price: '18.00',
    color: '#3f6e9a',
    label: 'WF',
    prepaidEligible: false,
    offers: ['12w', '8w'],
  },
];

const productId = (key: string) => `prod_${key}`;
const offerId = (key: string, cadence: string) => `off_${key}_${cadence}`;
const weeksOf = (cadence: string) => Number.parseInt(cadence, 10);

interface SubscriptionSeed {
  id: string;
  customer: string;
  product: string;
  currency: string;
  /** The index of the product's offer. Defaults to the live one. */
  offerIndex?: number;
  quantity?: number;
  started: string;
  /** `YYYY-MM-DD HH:MM:SS` of the cancellation, for the cancelled case. */
  cancelled?: string;
  prepaid?: { remaining: number; perBilling: number };
}

function pagingSubscriptions(): SubscriptionSeed[] {
  const rotation = ['morning_roast', 'earl_grey', 'cold_brew', 'decaf', 'espresso'];
  return Array.from({ length: PAGING_SUBSCRIPTION_COUNT }, (_, i) => {
    const n = i + 1;
    const seed: SubscriptionSeed = {
      id: `sub_sampler_margaret_${String(n).padStart(2, '0')}`,
      customer: SANDBOX_PAGING_CUSTOMER_ID,
      product: rotation[i % rotation.length]!,
      currency: 'USD',
      started: `2026-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`,
    };
    // Every tenth one is cancelled, so that `live=true` filters something out.
    if (n % 10 === 0) seed.cancelled = `2026-10-${String(n / 10 + 10)} 09:15:00`;
    return seed;
  });
}

/** Hedy's subscriptions in listing order (see `SANDBOX_DISCOVERY`). */
function discoverySubscriptions(): SubscriptionSeed[] {
  const customer = SANDBOX_DISCOVERY.customerId;
  const [roast, coldBrew, earlGrey] = SANDBOX_DISCOVERY.upgradeable;
  const [espresso, decaf] = SANDBOX_DISCOVERY.prepaid;
  // Her subscriptions that matter, by their place in her live listing. They have three frequencies: 4, 2 and 8 weeks.
  const placed = new Map<number, Pick<SubscriptionSeed, 'id' | 'product' | 'offerIndex' | 'prepaid'>>([
    [2, { id: roast, product: 'morning_roast' }],
    [7, { id: espresso, product: 'espresso', prepaid: { remaining: 2, perBilling: 3 } }],
    [14, { id: coldBrew, product: 'cold_brew' }],
    [21, { id: decaf, product: 'decaf', prepaid: { remaining: 5, perBilling: 6 } }],
    [23, { id: earlGrey, product: 'earl_grey', offerIndex: 1 }],
  ]);
  const supplies = ['paper_filters', 'water_filter', 'descaler'];
  const live = Array.from({ length: DISCOVERY_LIVE_COUNT }, (_, i): SubscriptionSeed => {
    const place = i + 1;
    const started = `2026-0${1 + (i % 9)}-${String(2 + ((i * 5) % 27)).padStart(2, '0')}`;
    const special = placed.get(place);
    if (special) return { customer, currency: 'USD', started, ...special };
    const product = supplies[i % supplies.length]!;
    return { id: `sub_${product}_hedy_${String(place).padStart(2, '0')}`, customer, product, currency: 'USD', started, offerIndex: i % 2 };
  });
  const cancelled: SubscriptionSeed = {
    id: SANDBOX_DISCOVERY.cancelled,
    customer,
    product: 'decaf',
    currency: 'USD',
    started: '2025-12-01',
    cancelled: '2026-08-30 16:40:00',
  };
  // The cancelled one comes between her 11th and 12th live ones, so that the live listing and the whole listing place
  // the others differently.
  return [...live.slice(0, 11), cancelled, ...live.slice(11)];
}

const SUBSCRIPTIONS: SubscriptionSeed[] = [
  { id: SANDBOX_SUBSCRIPTIONS.eligible.id, customer: 'cus_ada', product: 'morning_roast', currency: 'USD', started: '2026-03-02' },
  {
    id: SANDBOX_SUBSCRIPTIONS.prepaid.id,
    customer: 'cus_ada',
    product: 'earl_grey',
    currency: 'USD',
    started: '2026-01-19',
    prepaid: { remaining: 4, perBilling: 6 },
  },
  {
    id: SANDBOX_SUBSCRIPTIONS.cancelled.id,
    customer: 'cus_ada',
    product: 'decaf',
    currency: 'USD',
    started: '2025-11-07',
    cancelled: '2026-09-14 10:22:05',
  },
  { id: SANDBOX_SUBSCRIPTIONS.notEligible.id, customer: 'cus_ada', product: 'descaler', currency: 'USD', started: '2026-05-11' },
  {
    id: SANDBOX_SUBSCRIPTIONS.eligibleEur.id,
    customer: 'cus_grace',
    product: 'espresso',
    currency: 'EUR',
    offerIndex: 1,
    started: '2026-04-20',
  },
  { id: SANDBOX_SUBSCRIPTIONS.eligibleJpy.id, customer: 'cus_kenji', product: 'matcha', currency: 'JPY', started: '2026-06-01' },
  {
    id: SANDBOX_SUBSCRIPTIONS.taxed.id,
    customer: SANDBOX_SUBSCRIPTIONS.taxed.customerId,
    product: 'cold_brew',
    currency: 'USD',
    quantity: 2,
    started: '2026-07-15',
  },
  ...pagingSubscriptions(),
  {
    id: SANDBOX_SUBSCRIPTIONS.prepaidDisabled.id,
    customer: PREPAID_DISABLED_CUSTOMER.customerId,
    product: 'chamomile',
    currency: 'USD',
    started: '2026-02-09',
  },
  // Hers come last, so that every subscription seeded before them keeps its order number and times.
  ...discoverySubscriptions(),
];

function seedMerchants(): Map<string, Merchant> {
  return new Map<string, Merchant>([
    [
      SANDBOX_MERCHANT.publicId,
      {
        ...SANDBOX_MERCHANT,
        apiKeys: { ...SANDBOX_MERCHANT.apiKeys },
        name: 'Northwind Roasters',
        prepaidEnabled: true,
        // The same as the demo store's `prepaid-discounts`, so that the widget's estimates agree with what is billed.
        prepaidDiscounts: { 3: 5, 6: 10, 12: 15 },
      },
    ],
    [
      SANDBOX_MERCHANT_PREPAID_DISABLED.publicId,
      {
        ...SANDBOX_MERCHANT_PREPAID_DISABLED,
        apiKeys: { ...SANDBOX_MERCHANT_PREPAID_DISABLED.apiKeys },
        name: 'Bluebell Tea Co.',
        prepaidEnabled: false,
        prepaidDiscounts: {},
      },
    ],
  ]);
}

function seedCustomers(): Customer[] {
  // In the order they joined, so that each keeps its external id. A merchant's listing keeps its own customers' order.
  const entries = [
    ...FIRST_CUSTOMERS.map((customer) => ({ customer, merchant: SANDBOX_MERCHANT.publicId })),
    { customer: PREPAID_DISABLED_CUSTOMER, merchant: SANDBOX_MERCHANT_PREPAID_DISABLED.publicId },
    { customer: DISCOVERY_CUSTOMER, merchant: SANDBOX_MERCHANT.publicId },
  ];
  return entries.map(({ customer, merchant }, i) => ({
    customer_id: customer.customerId,
    email: customer.email,
    first_name: customer.firstName,
    last_name: customer.lastName,
    external_id: `shop-customer-${1001 + i}`,
    merchant,
  }));
}

function seedProducts(): Map<string, Product> {
  return new Map(
    PRODUCTS.map((seed, i): [string, Product] => [
      productId(seed.key),
      {
        product_id: productId(seed.key),
        external_product_id: `shop-product-${2001 + i}`,
        name: seed.name,
        price: seed.price,
        image_url: productImage(seed.color, seed.label),
        detail_url: `https://${seed.merchant.replace('mer_', '')}.example/products/${seed.key.replaceAll('_', '-')}`,
        sku: `${seed.label}-${String(100 + i)}`,
        prepaid_eligible: seed.prepaidEligible,
        live: true,
        autoship_enabled: true,
        merchant: seed.merchant,
        offers: seed.offers.map((cadence) => offerId(seed.key, cadence)),
      },
    ]),
  );
}

function seedSubscription(seed: SubscriptionSeed, index: number, products: Map<string, Product>): Subscription {
  const product = products.get(productId(seed.product))!;
  const productSeed = PRODUCTS.find((p) => p.key === seed.product)!;
  const cadence = productSeed.offers[seed.offerIndex ?? 0]!;
  const weeks = weeksOf(cadence);
  const orderNumber = 1042 + index;
  const created = `${seed.started} 0${index % 10}:${String(10 + (index % 50)).padStart(2, '0')}:00`;
  return {
    customer: seed.customer,
    merchant: product.merchant,
    product: product.product_id,
    payment: `pay_${seed.customer.replace('cus_', '')}_card`,
    shipping_address: `addr_${seed.customer.replace('cus_', '')}_home`,
    offer: offerId(seed.product, cadence),
    subscription_type: 'regular',
    raw_subscription_type: 'regular',
    components: [],
    extra_data: { platform_contract_id: `pc_${orderNumber}` },
    public_id: seed.id,
    quantity: seed.quantity ?? 1,
    price: product.price,
    frequency_days: weeks * 7,
    reminder_days: 3,
    every: weeks,
    // The service's period codes: 1 = days, 2 = weeks, 3 = months.
    every_period: 2,
    start_date: seed.started,
    cancelled: seed.cancelled ?? null,
    cancel_reason: seed.cancelled ? 'I have too much at home' : null,
    iteration: 1 + (index % 7),
    sequence: null,
    session_id: `sess_${seed.id}`,
    merchant_order_id: `#${orderNumber}`,
    created,
    updated: seed.cancelled ?? created,
    live: seed.cancelled === undefined,
    external_id: `shop-subscription-${orderNumber}`,
    product_attribute: null,
    cancel_reason_code: seed.cancelled ? 3 : null,
    customer_rep: null,
    club: null,
    queued_actions: [],
    prepaid_subscription_context: seed.prepaid
      ? {
          prepaid_orders_remaining: seed.prepaid.remaining,
          prepaid_orders_per_billing: seed.prepaid.perBilling,
          renewal_behavior: 'autorenew',
        }
      : null,
    currency_code: seed.currency,
  };
}

const DAY_MS = 86_400_000;

/** Midnight UTC of the day that `ms` falls on. The sandbox's merchants keep their calendars in UTC. */
const dayOf = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/**
 * How many days after the day of seeding the `index`th subscription's next order is placed. It is 3 to 30 days, varied
 * from one subscription to the next and the same on every run, so that the demo never shows a date in the past and a
 * test can work the date out.
 */
const nextOrderInDays = (index: number) => 3 + ((index * 11 + 9) % 28);

interface OrderDates {
  placeMs: number;
  createdMs: number;
  updatedMs: number;
}

/**
 * One subscription's orders, in listing order: one or two placed ones, then a live subscription's unsent next order.
 *
 * The placed ones come at the subscription's frequency before the next one, yet always before today. A cancelled
 * subscription's placed orders come up to the day it was cancelled. The placed orders give the `status` filter
 * something to leave out. They are priced as one pay-as-you-go order each, as history that nothing but a listing reads.
 * Every order carries its customer's tax and shipping. Each order is created when the one before it is placed.
 */
function seedOrdersOf(subscription: Subscription, index: number, data: Omit<SandboxData, 'orders'>, todayMs: number): Order[] {
  const product = data.products.get(subscription.product)!;
  const { public_id: subscriptionId, currency_code: currency, cancelled } = subscription;
  const every = subscription.frequency_days * DAY_MS;
  const nextPlace = todayMs + nextOrderInDays(index) * DAY_MS;
  const lastPlaced = cancelled ? dayOf(Date.parse(`${cancelled.replace(' ', 'T')}Z`)) : Math.min(nextPlace - every, todayMs - DAY_MS);
  const charges = chargesFor(subscription.customer);
  const order = (suffix: string, status: number, subTotal: string, { placeMs, createdMs, updatedMs }: OrderDates): Order => ({
    public_id: `${subscriptionId.replace(/^sub_/, 'ord_')}_${suffix}`,
    subscription: subscriptionId,
    customer: subscription.customer,
    merchant: subscription.merchant,
    place: formatDateTime(placeMs),
    status,
    currency_code: currency,
    ...orderAmounts(subTotal, currency, charges),
    created: formatDateTime(createdMs),
    updated: formatDateTime(updatedMs),
    charges,
  });
  const placedCount = 1 + (index % 2);
  const onePrice = billedAmount(subscription.price ?? product.price, subscription.quantity, 1, currency, 0);
  const orders = Array.from({ length: placedCount }, (_, i) => {
    const placeMs = lastPlaced - (placedCount - 1 - i) * every;
    return order(`placed_${i + 1}`, ORDER_STATUS.placed, onePrice, { placeMs, createdMs: placeMs - every, updatedMs: placeMs });
  });
  if (isLive(subscription)) {
    const subTotal = nextOrderSubTotal(subscription, product, data.merchants.get(subscription.merchant)!);
    orders.push(order('next', ORDER_STATUS.unsent, subTotal, { placeMs: nextPlace, createdMs: lastPlaced, updatedMs: lastPlaced }));
  }
  return orders;
}

/**
 * A fresh copy of the whole data set. Each instance, and each reset, gets its own. Next orders are dated from the day
 * of `nowMs`, the instance's clock.
 */
export function seedData(nowMs = Date.now()): SandboxData {
  const products = seedProducts();
  const subscriptions = new Map(SUBSCRIPTIONS.map((seed, i) => [seed.id, seedSubscription(seed, i, products)]));
  const data = { merchants: seedMerchants(), customers: seedCustomers(), products, subscriptions };
  const orders = [...subscriptions.values()].flatMap((subscription, i) => seedOrdersOf(subscription, i, data, dayOf(nowMs)));
  return { ...data, orders: new Map(orders.map((order) => [order.public_id, order])) };
}
