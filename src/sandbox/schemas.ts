/**
 * The sandbox's shapes on the wire, as zod schemas: what it answers (docs/service.md, from #endpoints on), and the two
 * bodies it accepts, the upgrade's and the renewal change's. They are one source with three uses. `model.ts` takes the
 * records' types from them. `upgrade.ts` and `renewal.ts` check the bodies, which are untrusted input, and refuse them
 * in the service's own words. `openapi.ts` turns them into the sandbox's description of its API
 * (`GET /__sandbox/openapi.json`).
 *
 * This module uses the classic zod API. The sandbox is not part of the widget's script bundles, so readable schemas
 * with descriptions are worth more here than bytes.
 */
import { z } from 'zod';

// The messages of the service's validation, which is Django REST framework's, field by field.
const REQUIRED = 'This field is required.';
const NOT_NULL = 'This field cannot be null.';

/**
 * An error map that tells a missing field and a null apart from a wrong value, as the service does. `wrong` words the
 * message for a wrong value.
 */
const fieldError =
  (wrong: (input: unknown) => string) =>
  ({ input }: { input?: unknown }): string =>
    input === undefined ? REQUIRED : input === null ? NOT_NULL : wrong(input);

export const RENEWAL_BEHAVIORS = ['autorenew', 'cancel', 'downgrade'] as const;

export const RenewalBehaviorSchema = z
  .enum(RENEWAL_BEHAVIORS, {
    error: fieldError((input) => `Value '${typeof input === 'string' ? input : JSON.stringify(input)}' is not a valid choice.`),
  })
  .describe(
    'When the prepaid orders run out: `autorenew` bills a new cycle with the next cycle’s first order, `cancel` ends the ' +
      'subscription, `downgrade` returns it to pay-as-you-go.',
  );

/**
 * The vendor's pages disagree about the smallest number of orders per billing. The project follows "an integer greater
 * than 2", the stricter rule (docs/service.md#upgrade-rules).
 */
export const MIN_ORDERS_PER_BILLING = 3;

/**
 * The body of `PATCH /subscriptions/{id}/upgrade_to_prepaid/`. Each field is refused with the service's field error.
 * `orders_per_billing` under 3 breaks a rule that the service reports as a `detail` once every field is valid (see
 * `upgrade.ts`). Fields that the service does not know are ignored.
 */
export const UpgradeBodySchema = z
  .object(
    {
      orders_per_billing: z
        .int({ error: fieldError(() => 'A valid integer is required.') })
        .min(MIN_ORDERS_PER_BILLING, { error: `orders_per_billing must be an integer greater than ${MIN_ORDERS_PER_BILLING - 1}.` })
        .describe('How many orders each prepaid billing covers.'),
      renewal_behavior: RenewalBehaviorSchema.default('autorenew'),
      offer: z
        .string({ error: fieldError(() => 'Not a valid string.') })
        .min(1, { error: 'This field may not be blank.' })
        .default('live')
        .describe('The offer to associate the subscription with: one of its product’s offer ids, or `live` for the live one.'),
    },
    { error: 'The request body must be a JSON object.' },
  )
  .describe('What the customer chose.');

/**
 * The body of `PATCH /subscriptions/{id}/change_renewal_behavior/`. `renewal_behavior` is required, with no default
 * here, unlike the upgrade's. It is refused with the service's field error when it is missing, null or not one of the
 * three.
 */
export const RenewalChangeBodySchema = z
  .object({ renewal_behavior: RenewalBehaviorSchema }, { error: 'The request body must be a JSON object.' })
  .describe('What the customer chose for when the prepaid orders run out.');

export const PrepaidSubscriptionContextSchema = z.object({
  prepaid_orders_remaining: z.int().describe('0 right after the upgrade.'),
  prepaid_orders_per_billing: z.int(),
  renewal_behavior: RenewalBehaviorSchema,
});

// The service's dates: `YYYY-MM-DD`, and timestamps `YYYY-MM-DD HH:MM:SS` in UTC.
const date = () => z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const dateTime = () => z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

/**
 * Every field of a subscription (docs/service.md#subscriptions-and-products), plus the `currency_code` that the service
 * adds.
 */
export const SubscriptionSchema = z
  .object({
    customer: z.string(),
    merchant: z.string(),
    product: z.string(),
    payment: z.string(),
    shipping_address: z.string(),
    offer: z.string(),
    subscription_type: z.string(),
    raw_subscription_type: z.string(),
    components: z.array(z.unknown()),
    extra_data: z.looseObject({ platform_contract_id: z.string().optional() }),
    public_id: z.string(),
    quantity: z.int(),
    price: z.string().nullable().describe('null: the product’s price applies.'),
    frequency_days: z.int(),
    reminder_days: z.int(),
    every: z.int(),
    every_period: z.int().describe('The unit of `every`: 1 days, 2 weeks, 3 months.'),
    start_date: date(),
    cancelled: dateTime().nullable(),
    cancel_reason: z.string().nullable(),
    iteration: z.unknown(),
    sequence: z.unknown(),
    session_id: z.string(),
    merchant_order_id: z.string(),
    created: dateTime(),
    updated: dateTime(),
    live: z.boolean(),
    external_id: z.string(),
    product_attribute: z.unknown(),
    cancel_reason_code: z.int().nullable(),
    customer_rep: z.int().nullable(),
    club: z.unknown(),
    queued_actions: z.array(z.unknown()),
    prepaid_subscription_context: PrepaidSubscriptionContextSchema.nullable().describe('null on a pay-as-you-go subscription.'),
    currency_code: z.string(),
  })
  .describe('A subscription; a storefront caller sees only the customer’s own.');

export const ProductSchema = z.object({
  product_id: z.string(),
  external_product_id: z.string(),
  name: z.string(),
  price: z.string().describe('The unit price, as a decimal string in the subscription’s currency.'),
  image_url: z.string().nullable(),
  detail_url: z.string().nullable(),
  sku: z.string(),
  prepaid_eligible: z.boolean(),
  live: z.boolean(),
  autoship_enabled: z.boolean(),
});

/** The order statuses that the sandbox has: the next order, which is not sent yet, and an order that was placed. */
export const ORDER_STATUS = { unsent: 1, placed: 5 } as const;

const money = () => z.string().regex(/^\d+(\.\d+)?$/);

export const OrderSchema = z
  .object({
    public_id: z.string(),
    subscription: z.string().describe('The public id of the subscription it is an order of.'),
    customer: z.string(),
    place: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/)
      .describe(
        'When it is placed and billed: a calendar date of the merchant’s, `YYYY-MM-DD HH:MM:SS` (the sandbox sends the time ' +
          '00:00:00) or `YYYY-MM-DD`. Read the date alone; it is the same day in every time zone.',
      ),
    status: z.int().describe(`${ORDER_STATUS.unsent}: unsent, the next order; ${ORDER_STATUS.placed}: placed.`),
    currency_code: z.string(),
    sub_total: money().describe(
      'What the order bills after discounts, before tax and shipping, with the currency’s minor digits ("12.50"; "1800" in ' +
        'JPY). An upgrade reprices the unsent order at once to the first prepaid cycle; while prepaid orders remain, it bills ' +
        'nothing ("0.00").',
    ),
    tax_total: money().describe('The tax on `sub_total`, at the rate of the merchant’s for the customer; "0.00" untaxed.'),
    shipping_total: money().describe('What shipping this order costs, once per order; "0.00" when it ships free.'),
    total: money().describe('What the order bills in all: `sub_total` + `tax_total` + `shipping_total`.'),
    created: dateTime(),
    updated: dateTime(),
  })
  .describe('An order of a subscription; a storefront caller sees only the customer’s own.');

/**
 * How `GET /orders/` lists each order, chosen per sandbox instance (`/__sandbox/order-listing`). `complete` by default.
 */
export const ORDER_LISTING_SHAPES = ['complete', 'reference'] as const;
export type OrderListingShape = (typeof ORDER_LISTING_SHAPES)[number];

/**
 * An order as `GET /orders/` lists it: complete, or as the service's List reference documents it. That reference names
 * no `sub_total`, and its own example writes `"total": "undefined"`. A client reads the full order by its id.
 */
export const ListedOrderSchema = OrderSchema.extend({
  sub_total: money().optional().describe('Absent from a listing in the List reference’s shape; `GET /orders/{id}/` always has it.'),
  total: z
    .union([money(), z.literal('undefined')])
    .describe('`sub_total` + `tax_total` + `shipping_total`; in the List reference’s shape the text "undefined", as its example.'),
}).describe('An order as the listing gives it; a storefront caller sees only the customer’s own.');

export const CustomerSchema = z.object({
  customer_id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  external_id: z.string(),
});

/**
 * One page of a cursor-paged list. This is the default listing shape (docs/service.md#listings), unless the request
 * asks for production's.
 */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    results: z.array(item),
    paging: z.object({ next: z.url().nullable().describe('The address of the next page, with its `cursor`; null on the last.') }),
  });

/**
 * One page of a list paged by number. This is production's shape, the answer to a request with `X-OG-API-VERSION: 2`
 * (docs/service.md#listings).
 */
export const numberedPageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    next: z.url().nullable().describe('The address of the next page, with its `page`; null on the last.'),
    previous: z.url().nullable().describe('The address of the previous page; null on the first.'),
    results: z.array(item),
  });

/** The service's error body. */
export const ProblemSchema = z.object({ detail: z.string().describe('A human-readable reason: branch on the status, never on it.') });

/** The service's validation failure: one list of messages per field in error. */
export const FieldErrorsSchema = z
  .record(z.string(), z.array(z.string()))
  .describe('Field errors, e.g. `{"renewal_behavior": ["Value \'x\' is not a valid choice."]}`.');
