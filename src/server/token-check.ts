/**
 * Checks the storefront token's shape field by field. The rules are those of `toStorefrontToken` (`src/token.ts`), and
 * the first wrong field is named. This is for the server side only. The widget's bundle keeps the plain predicate,
 * which costs it far fewer bytes than this module would.
 */
import type { StorefrontToken } from '../token.js';

/** Where a token is wrong: one of its fields, or `(root)` for a value that is not a JSON object at all. */
export type StorefrontTokenField = 'public_id' | 'ts' | 'sig_field' | 'sig' | 'trust_level' | '(root)';

/**
 * A token as checked: the token, or its first wrong field and what is wrong with it. The problem is a phrase that
 * follows the field's name.
 */
export type StorefrontTokenCheck = { token: StorefrontToken } | { field: StorefrontTokenField; problem: string };

/**
 * What keeps text from being a signed field (a customer id, a trust level or a merchant public id), or `undefined`. A
 * `|` separates the fields of the signed text, so a `|` inside a field would give that text two readings. Unicode's
 * control characters (U+0000–U+001F, U+007F–U+009F) are in no id, and a line break or a NUL in a field can forge or cut
 * a log line.
 */
export function signedFieldProblem(text: string): string | undefined {
  const bad = /[|\p{Cc}]/u.exec(text)?.[0];
  if (bad === undefined) return undefined;
  return bad === '|'
    ? 'must not contain "|", which separates the signed fields'
    : `must not contain a control character (U+${bad.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})`;
}

/**
 * What is wrong with a field that must be a non-empty string, or `undefined`. `signed` says that it is a field of the
 * signed text.
 */
function stringProblem(value: unknown, signed: boolean): string | undefined {
  if (value === undefined) return 'is missing';
  if (typeof value !== 'string' || value === '') return 'must be a non-empty string';
  return signed ? signedFieldProblem(value) : undefined;
}

/** What is wrong with a `ts`, or `undefined`. */
function tsProblem(ts: unknown): string | undefined {
  if (ts === undefined) return 'is missing';
  // Whole seconds, as a number or as a string of ASCII digits. Not -1, 1.5, "", "1.7e9", " 17" or "0x10", which are not
  // texts that anyone signs, and not a list, whose text would be the text of its items.
  if ((typeof ts !== 'number' && typeof ts !== 'string') || !/^\d+$/.test(String(ts)))
    return 'must be whole Unix seconds: a number or a string of digits';
  return undefined;
}

/** Checks an already parsed token, naming its first wrong field in the order the fields are written. */
export function checkStorefrontToken(value: unknown): StorefrontTokenCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { field: '(root)', problem: 'is not a JSON object' };
  const { public_id, ts, sig_field, sig, trust_level } = value as Record<string, unknown>;
  const problems: Array<[StorefrontTokenField, string | undefined]> = [
    ['public_id', stringProblem(public_id, true)],
    ['ts', tsProblem(ts)],
    ['sig_field', stringProblem(sig_field, true)],
    ['sig', stringProblem(sig, false)],
    ['trust_level', trust_level === undefined ? undefined : stringProblem(trust_level, true)],
  ];
  for (const [field, problem] of problems) if (problem) return { field, problem };
  // Every field was checked above. Keys other than the token's are left out.
  const token = { public_id, ts, sig_field, sig } as StorefrontToken;
  if (trust_level !== undefined) token.trust_level = trust_level as string;
  return { token };
}

/** Checks a token's JSON text. Text that is not JSON is wrong at `(root)`. */
export function checkStorefrontTokenText(text: string): StorefrontTokenCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { field: '(root)', problem: 'is not JSON' };
  }
  return checkStorefrontToken(value);
}

/** A refusal as one sentence for a developer: `sig_field must not contain "|", …`, or `the token is not JSON`. */
export const describeTokenProblem = ({ field, problem }: { field: StorefrontTokenField; problem: string }): string =>
  `${field === '(root)' ? 'the token' : field} ${problem}`;
