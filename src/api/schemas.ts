/**
 * What the service sends, checked at run time: the widget's one checker, in the script bundles and in the ES module
 * for bundlers alike. It reads the table of fields in `answer-fields.ts` and is a few hundred bytes, where a schema
 * library would take several kilobytes of the script bundles' 16 KB budget. (zod checks what the sandbox and the
 * server signer receive, where good messages for untrusted input matter more than bytes.)
 *
 * A checker looks at a value and, for each problem, adds `path: expected <type>` to a list. It never changes or
 * copies the value: what passes is the answer itself, unknown fields included.
 */
import {
  ORDER_FIELDS,
  PAGE_FIELDS,
  PRODUCT_FIELDS,
  SUBSCRIPTION_FIELDS,
  type FieldRule,
  type Fields,
  type Order,
  type Page,
  type PrepaidSubscriptionContext,
  type Product,
  type Subscription,
  type SubscriptionPage,
} from './answer-fields.js';

export * from './upgrade-request.js';
export type { Order, Page, PrepaidSubscriptionContext, Product, Subscription, SubscriptionPage };

/**
 * A schema of an answer whose checked form is `T`: checks `value` (found at `path`, the answer itself when empty),
 * adding a message to `issues` per problem.
 */
export type Schema<T> = (value: unknown, issues: string[], path?: string) => value is T;

/** What checking an answer found: the answer, or a short account of what is wrong with it for the developer. */
export type Validation<T> = { data: T } | { problem: string };

/** Adds `path: expected <type>` to `issues` and returns false, for a checker to return. */
const refuse = (issues: string[], path: string | undefined, expected: string) => !issues.push(`${path || '(root)'}: expected ${expected}`);

/** Whether `value` passes one field's rule (see `answer-fields.ts`). */
function checkField(rule: FieldRule, value: unknown, issues: string[], path: string): boolean {
  if (typeof rule === 'object') return value === null || checkObject(rule.nullableObject, value, issues, path);
  if (rule === 'string?') return value === null || checkField('string', value, issues, path);
  if (rule === 'int') {
    // A string is refused as `expected number`, a fraction (or a number past 2⁵³) as `expected int`.
    if (typeof value !== 'number' || !Number.isFinite(value)) return refuse(issues, path, 'number');
    return Number.isSafeInteger(value) || refuse(issues, path, 'int');
  }
  return typeof value === rule || refuse(issues, path, rule);
}

/**
 * An object (not an array, not null) whose listed fields, when present and not `undefined`, pass their rules. Other
 * fields are not looked at; problems are reported in the order the fields are listed.
 */
function checkObject(fields: Fields, value: unknown, issues: string[], path?: string): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return refuse(issues, path, 'object');
  const before = issues.length;
  for (const name in fields) {
    const field = (value as Record<string, unknown>)[name];
    if (field !== undefined) checkField(fields[name]!, field, issues, path ? `${path}.${name}` : name);
  }
  return issues.length === before;
}

const objectSchema =
  <T>(fields: Fields): Schema<T> =>
  (value, issues): value is T =>
    checkObject(fields, value, issues);

export const SubscriptionSchema = objectSchema<Subscription>(SUBSCRIPTION_FIELDS);
export const ProductSchema = objectSchema<Product>(PRODUCT_FIELDS);

/** A page of a listing in either shape: its `next` fields, and `results`, a list of objects with `fields`. */
const pageSchema =
  <T>(fields: Fields): Schema<Page<T>> =>
  (value, issues): value is Page<T> => {
    if (!checkObject(PAGE_FIELDS, value, issues)) return false;
    const { results } = value as { results?: unknown };
    if (!Array.isArray(results)) return refuse(issues, 'results', 'array');
    return results.every((item, i) => checkObject(fields, item, issues, `results.${i}`));
  };

export const SubscriptionPageSchema = pageSchema<Subscription>(SUBSCRIPTION_FIELDS);
export const OrderSchema = objectSchema<Order>(ORDER_FIELDS);
export const OrderPageSchema = pageSchema<Order>(ORDER_FIELDS);

/** Checks `value` against `schema`; never throws. Up to three problems are told, joined by `; `. */
export function validate<T>(schema: Schema<T>, value: unknown): Validation<T> {
  const issues: string[] = [];
  return schema(value, issues) ? { data: value } : { problem: issues.slice(0, 3).join('; ') };
}
