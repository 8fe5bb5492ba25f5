/**
 * What the service sends, checked at run time with zod, from the table of fields in `answer-fields.ts`: the reference
 * checker, and what the ES module for bundlers runs (zod is one of its dependencies, which an app may already share).
 *
 * The script bundles run `schemas.script.ts` instead, put in place of this module by the build: the same table with
 * the same messages in a few hundred bytes, where zod's core would take about 3.5 KB of their 16 KB budget.
 * `test/unit/schemas.test.ts` runs every case against both, and compares them on thousands of random answers.
 *
 * Built straight on zod's core, which the `zod/mini` and `zod` front ends wrap: the schemas here need only core's
 * checking. Object schemas are the plain, non-compiling kind, so nothing is ever evaluated from a string, whatever
 * the page's Content-Security-Policy.
 */
import * as core from 'zod/v4/core';
import {
  PRODUCT_FIELDS,
  SUBSCRIPTION_FIELDS,
  type FieldRule,
  type Fields,
  type PrepaidSubscriptionContext,
  type Product,
  type Subscription,
} from './answer-fields.js';

export * from './upgrade-request.js';
export type { PrepaidSubscriptionContext, Product, Subscription };

const string = () => new core.$ZodString({ type: 'string' });
/** Refuses a fraction (or a number past 2⁵³) as `expected int`, like zod's own int(), without its table of formats. */
const wholeNumber = new core.$ZodCheck({ check: 'custom' });
wholeNumber._zod.check = (payload) => {
  if (!Number.isSafeInteger(payload.value))
    payload.issues.push({ code: 'invalid_type', expected: 'int', input: payload.value, inst: wholeNumber });
};
const nullable = (innerType: core.$ZodType) => new core.$ZodNullable({ type: 'nullable', innerType });

/** The zod schema of one field's rule (see `answer-fields.ts`). */
function fieldSchema(rule: FieldRule): core.$ZodType {
  if (typeof rule === 'object') return nullable(looseObject(rule.nullableObject));
  if (rule === 'string?') return nullable(string());
  // A string is refused as `expected number`, a fraction as `expected int`.
  if (rule === 'int') return new core.$ZodNumber({ type: 'number', checks: [wholeNumber] });
  return rule === 'boolean' ? new core.$ZodBoolean({ type: 'boolean' }) : string();
}

/** An object whose listed fields are optional and checked, and whose other fields are kept as they are. */
function looseObject(fields: Fields): core.$ZodObject {
  const shape = Object.fromEntries(
    Object.entries(fields).map(([name, rule]) => [name, new core.$ZodOptional({ type: 'optional', innerType: fieldSchema(rule) })]),
  );
  return new core.$ZodObject({ type: 'object', shape, catchall: new core.$ZodUnknown({ type: 'unknown' }) });
}

export const SubscriptionSchema = looseObject(SUBSCRIPTION_FIELDS) as Schema<Subscription>;
export const ProductSchema = looseObject(PRODUCT_FIELDS) as Schema<Product>;

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
