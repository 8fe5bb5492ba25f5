/**
 * What the service sends, checked at run time with `zod/mini`, the tree-shakable form of zod. The script bundles and
 * the ES module for bundlers use the same schemas. In the ES module, zod is a dependency that an app shares with the
 * widget.
 *
 * Only the fields that the widget reads are listed. Each one is optional, because every field may be absent
 * (docs/service.md#subscriptions-and-products). The objects are loose: other fields pass through as the service sent
 * them, typed `unknown`. A change to a field that the widget never looks at must not stop a customer from upgrading. A
 * listed field of the wrong type is an error, and it is never coerced. Problems are reported in the order of the
 * fields.
 */
import * as z from 'zod/mini';

export * from './upgrade-request.js';

/**
 * Makes the schemas at their first use rather than when the script is evaluated. Made during evaluation, they would
 * lengthen the script's task on a first visit. The element makes them in a task of their own while its first reads are
 * under way (`shared/scheduling.ts`). Whichever code asks first makes them, once per page.
 */
function makeSchemas() {
  const string = z.optional(z.string());
  /** A string that the service may also send as null. */
  const nullableString = z.optional(z.nullable(z.string()));
  /** A safe integer. A fraction or a number past 2⁵³ is refused. */
  const int = z.optional(z.int());
  const boolean = z.optional(z.boolean());

  const PrepaidSubscriptionContextSchema = z.looseObject({
    prepaid_orders_remaining: int,
    prepaid_orders_per_billing: int,
    renewal_behavior: nullableString,
  });

  const SubscriptionSchema = z.looseObject({
    public_id: string,
    product: string,
    offer: string,
    quantity: int,
    price: nullableString,
    cancelled: nullableString,
    live: boolean,
    // It is null or {} on a pay-as-you-go subscription.
    prepaid_subscription_context: z.optional(z.nullable(PrepaidSubscriptionContextSchema)),
    // This is not among the subscription's usual fields, but the service adds it. When it is present, the money in the
    // summary is shown in this currency.
    currency_code: nullableString,
  });

  const ProductSchema = z.looseObject({
    name: nullableString,
    price: nullableString,
    image_url: nullableString,
    prepaid_eligible: boolean,
    live: boolean,
  });

  /**
   * An order. A subscription's next order is its unsent order (`status` 1), placed and billed on the calendar date
   * `place`. Its amounts (`sub_total`, `tax_total`, `shipping_total`, `total`) are not checked here, and `orders.ts`
   * reads them. The listing that the service documents leaves out `sub_total`, and its example writes
   * `"total": "undefined"`. An amount that is not money does not spoil the order's date, which is still good.
   */
  const OrderSchema = z.looseObject({
    public_id: string,
    subscription: string,
    place: string,
    status: int,
    currency_code: nullableString,
  });

  /**
   * A page of a listing of `item`s, in either of the service's shapes. The default shape is
   * `{results, paging: {next}}`, and production's is `{next, previous, results}` (docs/service.md#listings).
   */
  const pageOf = <T extends z.ZodMiniType>(item: T) =>
    z.looseObject({
      next: nullableString,
      paging: z.optional(z.nullable(z.looseObject({ next: nullableString }))),
      results: z.array(item),
    });

  return {
    SubscriptionSchema,
    ProductSchema,
    OrderSchema,
    SubscriptionPageSchema: pageOf(SubscriptionSchema),
    OrderPageSchema: pageOf(OrderSchema),
  };
}

type AnswerSchemas = ReturnType<typeof makeSchemas>;
let made: AnswerSchemas | undefined;

/** The schemas of the service's answers, made at the first call. */
export const answerSchemas = (): AnswerSchemas => (made ??= makeSchemas());

export type Subscription = z.infer<AnswerSchemas['SubscriptionSchema']>;
export type PrepaidSubscriptionContext = NonNullable<Subscription['prepaid_subscription_context']>;
export type Product = z.infer<AnswerSchemas['ProductSchema']>;
export type Order = z.infer<AnswerSchemas['OrderSchema']>;
export type SubscriptionPage = z.infer<AnswerSchemas['SubscriptionPageSchema']>;

/** A schema of an answer whose checked form is `T`. */
export type Schema<T> = z.ZodMiniType<T>;

/** What checking an answer found: the answer, or a short account for the developer of what is wrong with it. */
export type Validation<T> = { data: T } | { problem: string };

/**
 * Describes one of zod's issues as `path: expected <type>`. `zod/mini` loads no locale, so its own messages only say
 * "Invalid input". The issue's path and expected type are what a developer needs to find the field.
 */
function describe(issue: z.core.$ZodIssue): string {
  const what =
    issue.code === 'invalid_type' ? `expected ${issue.expected}` : `${issue.code}${'origin' in issue ? ` (${issue.origin})` : ''}`;
  return `${issue.path.join('.') || '(root)'}: ${what}`;
}

/** Checks `value` against `schema`, and never throws. It reports up to three problems, joined by `; `. */
export function validate<T>(schema: Schema<T>, value: unknown): Validation<T> {
  const result = z.safeParse(schema, value);
  return result.success ? { data: result.data } : { problem: result.error.issues.slice(0, 3).map(describe).join('; ') };
}
