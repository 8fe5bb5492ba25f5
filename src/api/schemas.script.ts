/**
 * The script bundles' way to check the service's answers: the build puts this module in place of `schemas.ts`. It
 * reads the same table of fields (`answer-fields.ts`) as the zod schemas there, and gives the same verdicts with the
 * same messages in a few hundred bytes, where zod's core would take about 3.5 KB of the bundles' 16 KB budget.
 * `test/unit/schemas.test.ts` runs every case against both modules and compares them on thousands of random
 * answers, so the two cannot drift apart unnoticed.
 *
 * A checker looks at a value and, for each problem, adds `path: expected <type>` to a list. It never changes or
 * copies the value: what passes is the answer itself, unknown fields included.
 */
import { PRODUCT_FIELDS, SUBSCRIPTION_FIELDS, type FieldRule, type Fields, type Product, type Subscription } from './answer-fields.js';
import type { Validation } from './schemas.js';

export * from './upgrade-request.js';

/** Checks `value` (found at `path`, the answer itself when empty), adding a message to `issues` per problem. */
type Checker<T> = (value: unknown, issues: string[], path?: string) => value is T;

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

const objectChecker =
  <T>(fields: Fields): Checker<T> =>
  (value, issues): value is T =>
    checkObject(fields, value, issues);

export const SubscriptionSchema = objectChecker<Subscription>(SUBSCRIPTION_FIELDS);
export const ProductSchema = objectChecker<Product>(PRODUCT_FIELDS);

/** Checks `value` against `schema`; never throws. Up to three problems are told, joined by `; `. */
export function validate<T>(schema: Checker<T>, value: unknown): Validation<T> {
  const issues: string[] = [];
  return schema(value, issues) ? { data: value } : { problem: issues.slice(0, 3).join('; ') };
}
