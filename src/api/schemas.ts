/**
 * What the service sends and accepts, checked at run time. Built on `zod/mini` to keep the script bundle small.
 * Every Subscription field is optional (spec §2) and unknown fields pass through untouched, so the widget keeps
 * working when the service adds fields; a field of the wrong type is an error, never silently coerced.
 */
import * as z from 'zod/mini';

export const RENEWAL_BEHAVIORS = ['autorenew', 'cancel', 'downgrade'] as const;
export type RenewalBehavior = (typeof RENEWAL_BEHAVIORS)[number];
export const isRenewalBehavior = (value: unknown): value is RenewalBehavior => (RENEWAL_BEHAVIORS as readonly unknown[]).includes(value);

/** The smallest `orders_per_billing` the service accepts ("an integer greater than 2"). */
export const MIN_ORDERS_PER_BILLING = 3;

const optionalString = z.optional(z.string());
const nullableString = z.optional(z.nullable(z.string()));
const optionalInt = z.optional(z.int());
const nullableInt = z.optional(z.nullable(z.int()));

export const PrepaidSubscriptionContextSchema = z.looseObject({
  prepaid_orders_remaining: optionalInt,
  prepaid_orders_per_billing: optionalInt,
  renewal_behavior: z.optional(z.nullable(z.string())),
});
export type PrepaidSubscriptionContext = z.infer<typeof PrepaidSubscriptionContextSchema>;

export const SubscriptionSchema = z.looseObject({
  customer: optionalString,
  merchant: optionalString,
  product: optionalString,
  payment: optionalString,
  shipping_address: optionalString,
  offer: optionalString,
  subscription_type: optionalString,
  raw_subscription_type: optionalString,
  components: z.optional(z.array(z.unknown())),
  extra_data: z.optional(z.looseObject({ platform_contract_id: nullableString })),
  public_id: optionalString,
  quantity: optionalInt,
  price: nullableString,
  frequency_days: optionalInt,
  reminder_days: optionalInt,
  every: optionalInt,
  every_period: optionalInt,
  start_date: optionalString,
  cancelled: nullableString,
  cancel_reason: nullableString,
  iteration: z.optional(z.unknown()),
  sequence: z.optional(z.unknown()),
  session_id: optionalString,
  merchant_order_id: optionalString,
  created: optionalString,
  updated: optionalString,
  live: z.optional(z.boolean()),
  external_id: optionalString,
  product_attribute: z.optional(z.unknown()),
  cancel_reason_code: nullableInt,
  customer_rep: nullableInt,
  club: z.optional(z.unknown()),
  queued_actions: z.optional(z.array(z.unknown())),
  // null or {} on a pay-as-you-go subscription.
  prepaid_subscription_context: z.optional(z.nullable(PrepaidSubscriptionContextSchema)),
  // Not in the spec's table, but sent by the service; the money in the summary is shown in it when present.
  currency_code: nullableString,
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const ProductSchema = z.looseObject({
  product_id: optionalString,
  external_product_id: nullableString,
  name: nullableString,
  price: nullableString,
  image_url: nullableString,
  detail_url: nullableString,
  sku: nullableString,
  prepaid_eligible: z.optional(z.boolean()),
  live: z.optional(z.boolean()),
});
export type Product = z.infer<typeof ProductSchema>;

export interface UpgradeRequest {
  orders_per_billing: number;
  renewal_behavior: RenewalBehavior;
  offer: string;
}

export const UpgradeRequestSchema = z.object({
  orders_per_billing: z.int().check(z.gte(MIN_ORDERS_PER_BILLING)),
  renewal_behavior: z.enum(RENEWAL_BEHAVIORS),
  offer: z.string().check(z.regex(/^\S+$/)),
});

export const ErrorBodySchema = z.looseObject({ detail: z.string() });

/** A short, developer-facing account of why a payload does not match: `price: expected string, got number`. */
export function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const where = issue.path.length ? issue.path.map(String).join('.') : '(root)';
      const expected = 'expected' in issue ? `expected ${String(issue.expected)}` : issue.code;
      return `${where}: ${expected}`;
    })
    .join('; ');
}
