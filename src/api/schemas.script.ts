/**
 * The script bundles' way to check the service's answers: the build puts this module in place of `schemas.ts`, whose
 * zod schemas stay the reference definition. The answers are a few objects of strings, integers and booleans, and
 * this small checker gives the same verdicts with the same messages in a few hundred bytes, where zod's core would
 * take about 3.5 KB of the bundles' 16 KB budget. `test/unit/schemas.test.ts` runs every case against both modules
 * and compares them on thousands of random answers, so the two cannot drift apart unnoticed.
 *
 * A checker looks at a value and, for each problem, adds `path: expected <type>` to a list. It never changes or
 * copies the value: what passes is the answer itself, unknown fields included.
 */
import type { PrepaidSubscriptionContext, Product, Subscription, Validation } from './schemas.js';

export * from './upgrade-request.js';

/** Checks `value` (found at `path`, the answer itself when empty), adding a message to `issues` per problem. */
type Checker<T> = (value: unknown, issues: string[], path?: string) => value is T;

/** Adds `path: expected <type>` to `issues` and returns false, for a checker to return. */
const refuse = (issues: string[], path: string | undefined, expected: string) => !issues.push(`${path || '(root)'}: expected ${expected}`);

/** A checker of one JavaScript type, reported as `expected <name>`. */
const type = <T>(name: string, test: (value: unknown) => boolean) =>
  ((value, issues, path) => test(value) || refuse(issues, path, name)) as Checker<T>;

const string = type<string>('string', (value) => typeof value === 'string');
const boolean = type<boolean>('boolean', (value) => typeof value === 'boolean');
const number = type<number>('number', (value) => typeof value === 'number' && Number.isFinite(value));

/** A safe integer: a string is refused as `expected number`, a fraction (or a number past 2⁵³) as `expected int`. */
const int = ((value, issues, path) =>
  number(value, issues, path) && (Number.isSafeInteger(value) || refuse(issues, path, 'int'))) as Checker<number>;

/** `null`, or what `checker` accepts. */
const nullable = <T>(checker: Checker<T>) => ((value, issues, path) => value === null || checker(value, issues, path)) as Checker<T | null>;
const nullableString = nullable(string);

/**
 * An object (not an array, not null) whose listed fields, when present and not `undefined`, pass their checkers.
 * Other fields are not looked at; problems are reported in the order the fields are listed.
 */
const looseObject = <T>(fields: Record<string, Checker<unknown>>) =>
  ((value, issues, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return refuse(issues, path, 'object');
    const before = issues.length;
    for (const key in fields) {
      const field = (value as Record<string, unknown>)[key];
      if (field !== undefined) fields[key]!(field, issues, path ? `${path}.${key}` : key);
    }
    return issues.length === before;
  }) as Checker<T>;

// The same fields as the reference schemas, in the same order (the order of the messages).

export const PrepaidSubscriptionContextSchema = looseObject<PrepaidSubscriptionContext>({
  prepaid_orders_remaining: int,
  prepaid_orders_per_billing: int,
  renewal_behavior: nullableString,
});

export const SubscriptionSchema = looseObject<Subscription>({
  public_id: string,
  product: string,
  offer: string,
  quantity: int,
  price: nullableString,
  cancelled: nullableString,
  live: boolean,
  prepaid_subscription_context: nullable(PrepaidSubscriptionContextSchema),
  currency_code: nullableString,
});

export const ProductSchema = looseObject<Product>({
  name: nullableString,
  price: nullableString,
  image_url: nullableString,
  prepaid_eligible: boolean,
  live: boolean,
});

/** Checks `value` against `schema`; never throws. Up to three problems are told, joined by `; `. */
export function validate<T>(schema: Checker<T>, value: unknown): Validation<T> {
  const issues: string[] = [];
  return schema(value, issues) ? { data: value } : { problem: issues.slice(0, 3).join('; ') };
}
