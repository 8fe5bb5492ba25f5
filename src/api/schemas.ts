/**
 * What the service sends, checked at run time with zod: the reference definition of a usable answer, and what the
 * ES module for bundlers runs (zod is one of its dependencies, which an app may already share).
 *
 * The script bundles run `schemas.script.ts` instead, put in place of this module by the build: the same checks with
 * the same messages in a few hundred bytes, where zod's core would take about 3.5 KB of their 16 KB budget.
 * `test/unit/schemas.test.ts` runs every case against both, and compares them on thousands of random answers.
 *
 * Built straight on zod's core, which the `zod/mini` and `zod` front ends wrap: the schemas here need only core's
 * checking. Object schemas are the plain, non-compiling kind, so nothing is ever evaluated from a string, whatever
 * the page's Content-Security-Policy.
 *
 * Every Subscription field is optional (spec §2) and unknown fields pass through untouched, so the widget keeps
 * working when the service adds fields; a field the widget reads is an error when of the wrong type, never coerced.
 */
import * as core from 'zod/v4/core';

// Each builder makes a new schema and nothing else, so the bundler may drop one that is never used.
/* @__NO_SIDE_EFFECTS__ */
const unknown = () => new core.$ZodUnknown({ type: 'unknown' });
/* @__NO_SIDE_EFFECTS__ */
const string = () => new core.$ZodString({ type: 'string' }) as core.$ZodString<string>;
/* @__NO_SIDE_EFFECTS__ */
const boolean = () => new core.$ZodBoolean({ type: 'boolean' });
/** Refuses a fraction (or a number past 2⁵³) as `expected int`, like zod's own int(), without its table of formats. */
const wholeNumber = /* @__PURE__ */ (() => {
  const check = new core.$ZodCheck({ check: 'custom' });
  check._zod.check = (payload) => {
    if (!Number.isSafeInteger(payload.value))
      payload.issues.push({ code: 'invalid_type', expected: 'int', input: payload.value, inst: check });
  };
  return check;
})();
/** A safe integer: a fraction is refused as `expected int`, a string as `expected number`. */
/* @__NO_SIDE_EFFECTS__ */
const int = () => new core.$ZodNumber({ type: 'number', checks: [wholeNumber] }) as core.$ZodNumber<number>;
/* @__NO_SIDE_EFFECTS__ */
const optional = <T extends core.$ZodType>(innerType: T) => new core.$ZodOptional({ type: 'optional', innerType }) as core.$ZodOptional<T>;
/* @__NO_SIDE_EFFECTS__ */
const nullable = <T extends core.$ZodType>(innerType: T) => new core.$ZodNullable({ type: 'nullable', innerType }) as core.$ZodNullable<T>;
/** An object whose listed fields are checked and whose other fields are kept as they are. */
/* @__NO_SIDE_EFFECTS__ */
const looseObject = <S extends core.$ZodShape>(shape: S) =>
  new core.$ZodObject({ type: 'object', shape, catchall: unknown() }) as core.$ZodObject<S, core.$loose>;

export * from './upgrade-request.js';

const optionalString = optional(string());
const nullableString = optional(nullable(string()));
const optionalInt = optional(int());

// Only the fields the widget reads are checked. The others pass through as the service sent them (typed `unknown`):
// a change to a field the widget never looks at must not stop a customer from upgrading, and every check is bytes
// in the script bundle.

export const PrepaidSubscriptionContextSchema = looseObject({
  prepaid_orders_remaining: optionalInt,
  prepaid_orders_per_billing: optionalInt,
  renewal_behavior: nullableString,
});
export type PrepaidSubscriptionContext = core.output<typeof PrepaidSubscriptionContextSchema>;

export const SubscriptionSchema = looseObject({
  public_id: optionalString,
  product: optionalString,
  offer: optionalString,
  quantity: optionalInt,
  price: nullableString,
  cancelled: nullableString,
  live: optional(boolean()),
  // null or {} on a pay-as-you-go subscription.
  prepaid_subscription_context: optional(nullable(PrepaidSubscriptionContextSchema)),
  // Not in the spec's table, but sent by the service; the money in the summary is shown in it when present.
  currency_code: nullableString,
});
export type Subscription = core.output<typeof SubscriptionSchema>;

export const ProductSchema = looseObject({
  name: nullableString,
  price: nullableString,
  image_url: nullableString,
  prepaid_eligible: optional(boolean()),
  live: optional(boolean()),
});
export type Product = core.output<typeof ProductSchema>;

/** A schema of an answer whose checked form is `T`. */
export type Schema<T> = core.$ZodType<T>;

/** What checking an answer found: the answer, or a short account of what is wrong with it for the developer. */
export type Validation<T> = { data: T } | { problem: string };

/** Checks `value` against `schema`; never throws. */
export function validate<T>(schema: Schema<T>, value: unknown): Validation<T> {
  const result = core.safeParse(schema, value);
  return result.success ? { data: result.data } : { problem: describeIssues(result.error) };
}

/** Up to three problems, each as `path: expected <type>` (`(root)` for the answer itself), joined by `; `. */
function describeIssues(error: core.$ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const where = issue.path.length ? issue.path.map(String).join('.') : '(root)';
      const expected = 'expected' in issue ? `expected ${String(issue.expected)}` : issue.code;
      return `${where}: ${expected}`;
    })
    .join('; ');
}
