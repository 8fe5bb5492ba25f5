/**
 * Which fields of the service's answers the widget checks, and how: the table that the checker in `schemas.ts` reads,
 * so that a field is added or changed in one place.
 *
 * Only the fields the widget reads are listed. Each is optional (every field may be absent:
 * docs/service.md#subscriptions-and-products); the others pass through as the service sent them, typed `unknown`: a
 * change to a field the widget never looks at must not stop a customer from upgrading. A listed field of the wrong
 * type is an error, never coerced.
 */

/**
 * How one field is checked: a JSON type (`int` is a safe integer), `string?` for a string that may also be null, or
 * an object of listed fields that may also be null.
 */
export type FieldRule = 'string' | 'string?' | 'int' | 'boolean' | { nullableObject: Fields };
export type Fields = Readonly<Record<string, FieldRule>>;

/** The checked form of an object with `F`'s fields: each optional, every other field `unknown`. */
export type Checked<F extends Fields> = { -readonly [K in keyof F]?: FieldType<F[K]> } & { [field: string]: unknown };
type FieldType<R extends FieldRule> = R extends 'string'
  ? string
  : R extends 'string?'
    ? string | null
    : R extends 'int'
      ? number
      : R extends 'boolean'
        ? boolean
        : R extends { nullableObject: infer F extends Fields }
          ? Checked<F> | null
          : never;

// The order of the fields is the order in which problems are told.

export const PREPAID_CONTEXT_FIELDS = {
  prepaid_orders_remaining: 'int',
  prepaid_orders_per_billing: 'int',
  renewal_behavior: 'string?',
} as const satisfies Fields;

export const SUBSCRIPTION_FIELDS = {
  public_id: 'string',
  product: 'string',
  offer: 'string',
  quantity: 'int',
  price: 'string?',
  cancelled: 'string?',
  live: 'boolean',
  // null or {} on a pay-as-you-go subscription.
  prepaid_subscription_context: { nullableObject: PREPAID_CONTEXT_FIELDS },
  // Not among the subscription's usual fields, but added by the service; the money in the summary is shown in it when
  // present.
  currency_code: 'string?',
} as const satisfies Fields;

export const PRODUCT_FIELDS = {
  name: 'string?',
  price: 'string?',
  image_url: 'string?',
  prepaid_eligible: 'boolean',
  live: 'boolean',
} as const satisfies Fields;

/**
 * An order: the next one of a subscription is its unsent order (`status` 1), placed and billed on the calendar date
 * `place`. Its amounts (`sub_total`, `tax_total`, `shipping_total`, `total`) are not checked here: the listing the
 * service documents leaves out `sub_total` and its example writes `"total": "undefined"`, and an amount that is not
 * money leaves the order's date as good as it was (`orders.ts` reads them).
 */
export const ORDER_FIELDS = {
  public_id: 'string',
  subscription: 'string',
  place: 'string',
  status: 'int',
  currency_code: 'string?',
} as const satisfies Fields;

/**
 * A page of a listing, in either of the service's shapes: the default `{results, paging: {next}}`, or production's
 * `{next, previous, results}` (docs/service.md#listings). `results` is checked item by item, by the schema of what is
 * listed.
 */
export const PAGE_FIELDS = {
  next: 'string?',
  paging: { nullableObject: { next: 'string?' } },
} as const satisfies Fields;

export type PrepaidSubscriptionContext = Checked<typeof PREPAID_CONTEXT_FIELDS>;
export type Subscription = Checked<typeof SUBSCRIPTION_FIELDS>;
export type Product = Checked<typeof PRODUCT_FIELDS>;
export type Order = Checked<typeof ORDER_FIELDS>;
/** A page of a listing of `T`s. */
export type Page<T> = Checked<typeof PAGE_FIELDS> & { results: T[] };
export type SubscriptionPage = Page<Subscription>;
