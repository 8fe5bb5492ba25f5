/**
 * The token signer of `prepaid-upgrade/server`: issues and checks storefront tokens on the merchant's server.
 *
 * Runs wherever WebCrypto does (Node ≥ 20, Deno, Bun, edge runtimes): no Node-only module is imported. The hash key
 * stays on the server; the browser only ever receives the signed header value.
 *
 * The options are the merchant's code's input, checked with zod (`zod/mini`, a few kilobytes in an edge function's
 * bundle): a mistake is a TypeError that names every wrong option, never the hash key's value.
 */
import * as z from 'zod/mini';
import {
  TOKEN_LIFETIME_SECONDS,
  looksLikeMilliseconds,
  serializeStorefrontToken,
  storefrontMessage,
  type StorefrontToken,
} from '../token.js';
import { checkStorefrontTokenText, describeTokenProblem, signedFieldProblem, type StorefrontTokenField } from './token-check.js';

export { TOKEN_LIFETIME_SECONDS, parseStorefrontToken, type StorefrontToken } from '../token.js';
export { checkStorefrontToken, checkStorefrontTokenText, type StorefrontTokenCheck, type StorefrontTokenField } from './token-check.js';

export interface SignStorefrontTokenOptions {
  /** The merchant's public id (`public_id` in the token). No `|` and no control character, as in every signed field. */
  merchantPublicId: string;
  /**
   * The signed-in customer's id (`sig_field` in the token). No `|`, which separates the signed fields, and no control
   * character (U+0000–U+001F, U+007F–U+009F).
   */
  customerId: string;
  /** The merchant's hash key. Never send it to a browser. */
  hashKey: string;
  /** Unix time in seconds the signature is made at (the token carries it as a number); defaults to now. */
  ts?: number;
  /** An optional trust level, signed into the message and added to the token; no `|` or control character either. */
  trustLevel?: string;
}

export interface VerifyStorefrontTokenOptions {
  /** The merchant's hash key, or a look-up from the token's `public_id` (`undefined`: unknown merchant). */
  hashKey: string | ((merchantPublicId: string) => string | undefined | Promise<string | undefined>);
  /**
   * The public id of the merchant the token must be for. Give it: a token of another merchant is then refused as
   * `other-merchant` before any key is looked up, so a look-up that knows several merchants' keys never lets one
   * merchant's customer pass for another's. Without it, any merchant whose key `hashKey` gives is accepted, and the
   * caller must compare the result's `merchantPublicId` itself.
   */
  merchantPublicId?: string;
  /** Unix time in seconds to check the window against; defaults to now. */
  now?: number;
  /** How long a signature is valid; defaults to 2 hours. */
  maxAgeSeconds?: number;
  /** How far in the future a `ts` may be, for clocks that disagree a little; defaults to 5 minutes. */
  clockSkewSeconds?: number;
}

/**
 * Why a token was refused. `malformed`: not a token of the documented shape (a `|` or a control character in a signed
 * field included), or a `sig` that is not standard base64. `other-merchant`: a `public_id` other than the
 * `merchantPublicId` asked for. `ts-in-milliseconds`: a genuine signature, but over a 13-digit `ts`, which is
 * milliseconds where Unix seconds are due (a token the service refuses: the merchant's server must sign seconds).
 */
export type VerifyFailure =
  'malformed' | 'other-merchant' | 'unknown-merchant' | 'bad-signature' | 'ts-in-milliseconds' | 'expired' | 'not-yet-valid';

/** A refusal: why, the token field it is about (`(root)`: the header as a whole), and a sentence for a developer. */
export interface VerifyRefusal {
  valid: false;
  reason: VerifyFailure;
  field: StorefrontTokenField;
  message: string;
}

export type VerifyStorefrontTokenResult =
  { valid: true; token: StorefrontToken; merchantPublicId: string; customerId: string; trustLevel?: string } | VerifyRefusal;

/** What a wrong value is, for a message: its type only, so that a misplaced secret is never repeated. */
const kindOf = (input: unknown) => (input === null ? 'null' : Array.isArray(input) ? 'an array' : typeof input);

/** A non-empty string option: missing or empty is "required", anything else names what it was. */
const requiredString = (name: string) =>
  z
    .string({ error: ({ input }) => (input === undefined ? `${name} is required` : `${name} must be a string, not ${kindOf(input)}`) })
    .check(z.minLength(1, `${name} is required`));

/** A check of an option that goes into the signed text: no `|` and no control character, the character named. */
const signedField = (name: string) =>
  z.refine<string>((text) => signedFieldProblem(text) === undefined, {
    error: ({ input }) => `${name} ${signedFieldProblem(input as string)}`,
  });

/** A number of seconds, 0 or more (a fraction is fine). */
const seconds = (name: string) => z.number(`${name} must be a number of seconds`).check(z.gte(0, `${name} must not be negative`));

const SignOptionsSchema = z.object(
  {
    merchantPublicId: requiredString('merchantPublicId').check(signedField('merchantPublicId')),
    customerId: requiredString('customerId').check(signedField('customerId')),
    hashKey: requiredString('hashKey'),
    // Date.now() signs a ts the service refuses (13 digits: milliseconds); 10¹¹ seconds is thirty centuries away.
    ts: z.optional(
      z
        .int('ts must be whole Unix seconds')
        .check(
          z.gte(0, 'ts must be whole Unix seconds'),
          z.lt(1e11, 'ts must be Unix seconds, not milliseconds (Date.now() / 1000, rounded down)'),
        ),
    ),
    trustLevel: z.optional(
      z.string('trustLevel must be a string').check(z.minLength(1, 'trustLevel must not be empty'), signedField('trustLevel')),
    ),
  },
  'the options must be an object',
);

type HashKeyLookUp = Exclude<VerifyStorefrontTokenOptions['hashKey'], string>;

const VerifyOptionsSchema = z.object(
  {
    hashKey: z.union([requiredString('hashKey'), z.custom<HashKeyLookUp>((value) => typeof value === 'function')], {
      error: ({ input }) =>
        input === undefined || input === ''
          ? 'hashKey is required'
          : `hashKey must be a string or a look-up function, not ${kindOf(input)}`,
    }),
    // An empty id would call every token another merchant's: a mistake of the caller's, named as such.
    merchantPublicId: z.optional(
      z
        .string({ error: ({ input }) => `merchantPublicId must be a string, not ${kindOf(input)}` })
        .check(z.minLength(1, 'merchantPublicId must not be empty')),
    ),
    // Milliseconds (Date.now()) would make every token look expired; 10¹¹ seconds is thirty centuries away.
    now: z.optional(seconds('now').check(z.lt(1e11, 'now must be Unix seconds, not milliseconds'))),
    maxAgeSeconds: z.optional(seconds('maxAgeSeconds')),
    clockSkewSeconds: z.optional(seconds('clockSkewSeconds')),
  },
  'the options must be an object',
);

/** The options as checked, or a TypeError `<function>: <problem>; <problem>`. */
function checkOptions<T>(fn: string, schema: z.ZodMiniType<T>, options: unknown): T {
  const result = schema.safeParse(options);
  if (result.success) return result.data;
  throw new TypeError(`${fn}: ${result.error.issues.map((issue) => issue.message).join('; ')}`);
}

const encoder = new TextEncoder();
const nowSeconds = () => Math.floor(Date.now() / 1000);

function hmacKey(hashKey: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(hashKey), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

function toBase64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  // Standard alphabet with padding only: anything else is not a signature we issued.
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return undefined;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** `base64(HMAC-SHA256(hashKey, message))`, standard alphabet with `=` padding. */
export async function signMessage(hashKey: string, message: string): Promise<string> {
  const key = await hmacKey(hashKey, 'sign');
  return toBase64(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
}

/** Signs a storefront token for one customer and returns the `authorization` header value (JSON text). */
export async function signStorefrontToken(options: SignStorefrontTokenOptions): Promise<string> {
  const {
    merchantPublicId,
    customerId,
    hashKey,
    trustLevel,
    ts = nowSeconds(),
  } = checkOptions('signStorefrontToken', SignOptionsSchema, options);
  const sig = await signMessage(hashKey, storefrontMessage(customerId, ts, trustLevel));
  const token: StorefrontToken = { public_id: merchantPublicId, ts, sig_field: customerId, sig };
  if (trustLevel !== undefined) token.trust_level = trustLevel;
  return serializeStorefrontToken(token);
}

/** A refusal of `reason`, about `field`. */
const refused = (reason: VerifyFailure, field: StorefrontTokenField, message: string): VerifyRefusal => ({
  valid: false,
  reason,
  field,
  message,
});

/**
 * Checks a storefront `authorization` header value: its shape (no `|` and no control character in a signed field),
 * its merchant, its signature (compared in constant time by WebCrypto's `verify`, never with `===` on strings) and its
 * 2-hour window. Give it `merchantPublicId`, the merchant the token must be for: without it, a token of any merchant
 * whose key `hashKey` gives is valid. A refusal names the token field it is about and says why in `message`.
 */
export async function verifyStorefrontToken(
  headerValue: string,
  options: VerifyStorefrontTokenOptions,
): Promise<VerifyStorefrontTokenResult> {
  // Checked before the header: a server whose options are wrong must hear of it at its first request, whatever came.
  const {
    hashKey: keyOrLookUp,
    merchantPublicId,
    now = nowSeconds(),
    maxAgeSeconds = TOKEN_LIFETIME_SECONDS,
    clockSkewSeconds = 300,
  } = checkOptions('verifyStorefrontToken', VerifyOptionsSchema, options);
  const checked = checkStorefrontTokenText(headerValue);
  if (!('token' in checked)) return refused('malformed', checked.field, describeTokenProblem(checked));
  const { token } = checked;
  // Before any key is looked up: another merchant's token is refused whatever keys the look-up knows.
  if (merchantPublicId !== undefined && token.public_id !== merchantPublicId) {
    return refused('other-merchant', 'public_id', 'public_id names another merchant than the one the token must be for');
  }
  const hashKey = typeof keyOrLookUp === 'function' ? await keyOrLookUp(token.public_id) : keyOrLookUp;
  if (!hashKey) return refused('unknown-merchant', 'public_id', 'public_id names a merchant whose hash key is not known');
  const signature = fromBase64(token.sig);
  if (!signature) return refused('malformed', 'sig', 'sig must be standard base64 with its = padding');
  const key = await hmacKey(hashKey, 'verify');
  // Over the ts as sent: a string is signed as its very digits (`"0160…"` too), a number as its decimal text.
  const message = encoder.encode(storefrontMessage(token.sig_field, token.ts, token.trust_level));
  // Verify the signature before looking at the clock, so that the answer to a forged token does not depend on its ts.
  if (!(await crypto.subtle.verify('HMAC', key, signature, message))) {
    return refused(
      'bad-signature',
      'sig',
      "sig is not the signature of this token's sig_field, trust_level and ts with the merchant's hash key",
    );
  }
  const ts = Number(token.ts);
  if (looksLikeMilliseconds(ts))
    return refused('ts-in-milliseconds', 'ts', 'ts looks like milliseconds (13 digits): it must be Unix seconds');
  if (now - ts > maxAgeSeconds) return refused('expired', 'ts', `ts is more than ${maxAgeSeconds} seconds ago: the token has expired`);
  if (ts - now > clockSkewSeconds)
    return refused('not-yet-valid', 'ts', `ts is more than ${clockSkewSeconds} seconds ahead: the token is dated in the future`);
  const result: VerifyStorefrontTokenResult = { valid: true, token, merchantPublicId: token.public_id, customerId: token.sig_field };
  if (token.trust_level !== undefined) result.trustLevel = token.trust_level;
  return result;
}
