/**
 * What the service sends, checked at run time with zod, in its tree-shakable form `zod/mini`: the same schemas in the
 * script bundles and in the ES module for bundlers, where zod is a dependency an app shares with the widget.
 *
 * Only the fields the widget reads are listed. Each is optional (every field may be absent:
 * docs/service.md#subscriptions-and-products); the others pass through as the service sent them, typed `unknown`
 * (loose objects): a change to a field the widget never looks at must not stop a customer from upgrading. A listed
 * field of the wrong type is an error, never coerced. The order of the fields is the order in which problems are told.
 */
import * as z from 'zod/mini';

export * from './upgrade-request.js';

/**
 * The schemas are made at their first use, not as the script is evaluated, where they would lengthen the script's task
 * on a first visit. The element makes them in a task of their own while its first reads are under way
 * (`element/scheduling.ts`). Whatever asks first makes them, once a page.
 */
function makeSchemas() {
  const string = z.optional(z.string());
  /** A string that the service may also send as null. */
  const nullableString = z.optional(z.nullable(z.string()));
  /** A safe integer: a fraction or a number past 2⁵³ is refused. */
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
    // null or {} on a pay-as-you-go subscription.
    prepaid_subscription_context: z.optional(z.nullable(PrepaidSubscriptionContextSchema)),
    // Not among the subscription's usual fields, but added by the service; the money in the summary is shown in it
    // when present.
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
   * An order: the next one of a subscription is its unsent order (`status` 1), placed and billed on the calendar date
   * `place`. Its amounts (`sub_total`, `tax_total`, `shipping_total`, `total`) are not checked here: the listing the
   * service documents leaves out `sub_total` and its example writes `"total": "undefined"`, and an amount that is not
   * money leaves the order's date as good as it was (`orders.ts` reads them).
   */
  const OrderSchema = z.looseObject({
    public_id: string,
    subscription: string,
    place: string,
    status: int,
    currency_code: nullableString,
  });

  /**
   * A page of a listing of `item`s, in either of the service's shapes: the default `{results, paging: {next}}`, or
   * production's `{next, previous, results}` (docs/service.md#listings).
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

/** What checking an answer found: the answer, or a short account of what is wrong with it for the developer. */
export type Validation<T> = { data: T } | { problem: string };

/**
 * One of zod's issues as `path: expected <type>`. `zod/mini` loads no locale, so its own messages only say "Invalid
 * input"; the issue's path and expected type are what a developer needs to find the field.
 */
function describe(issue: z.core.$ZodIssue): string {
  const what =
    issue.code === 'invalid_type' ? `expected ${issue.expected}` : `${issue.code}${'origin' in issue ? ` (${issue.origin})` : ''}`;
  return `${issue.path.join('.') || '(root)'}: ${what}`;
}

/** Checks `value` against `schema`; never throws. Up to three problems are told, joined by `; `. */
export function validate<T>(schema: Schema<T>, value: unknown): Validation<T> {
  const result = z.safeParse(schema, value);
  return result.success ? { data: result.data } : { problem: result.error.issues.slice(0, 3).map(describe).join('; ') };
}
