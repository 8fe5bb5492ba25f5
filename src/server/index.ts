/**
 * `prepaid-upgrade/server`: issues and checks storefront tokens on the merchant's server.
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
  parseStorefrontToken,
  serializeStorefrontToken,
  storefrontMessage,
  type StorefrontToken,
} from '../token.js';

export { TOKEN_LIFETIME_SECONDS, parseStorefrontToken, type StorefrontToken } from '../token.js';

export interface SignStorefrontTokenOptions {
  /** The merchant's public id (`public_id` in the token). */
  merchantPublicId: string;
  /** The signed-in customer's id (`sig_field` in the token). */
  customerId: string;
  /** The merchant's hash key. Never send it to a browser. */
  hashKey: string;
  /** Unix time in seconds the signature is made at (the token carries it as a number); defaults to now. */
  ts?: number;
  /** An optional trust level, signed into the message and added to the token. */
  trustLevel?: string;
}

export interface VerifyStorefrontTokenOptions {
  /** The merchant's hash key, or a look-up from the token's `public_id` (`undefined`: unknown merchant). */
  hashKey: string | ((merchantPublicId: string) => string | undefined | Promise<string | undefined>);
  /** Unix time in seconds to check the window against; defaults to now. */
  now?: number;
  /** How long a signature is valid; defaults to 2 hours. */
  maxAgeSeconds?: number;
  /** How far in the future a `ts` may be, for clocks that disagree a little; defaults to 5 minutes. */
  clockSkewSeconds?: number;
}

/**
 * Why a token was refused. `ts-in-milliseconds`: a genuine signature, but over a 13-digit `ts`, which is milliseconds
 * where Unix seconds are due (a token the service refuses: the merchant's server must sign seconds).
 */
export type VerifyFailure = 'malformed' | 'unknown-merchant' | 'bad-signature' | 'ts-in-milliseconds' | 'expired' | 'not-yet-valid';

export type VerifyStorefrontTokenResult =
  | { valid: true; token: StorefrontToken; merchantPublicId: string; customerId: string; trustLevel?: string }
  | { valid: false; reason: VerifyFailure };

/** What a wrong value is, for a message: its type only, so that a misplaced secret is never repeated. */
const kindOf = (input: unknown) => (input === null ? 'null' : Array.isArray(input) ? 'an array' : typeof input);

/** A non-empty string option: missing or empty is "required", anything else names what it was. */
const requiredString = (name: string) =>
  z
    .string({ error: ({ input }) => (input === undefined ? `${name} is required` : `${name} must be a string, not ${kindOf(input)}`) })
    .check(z.minLength(1, `${name} is required`));

/** A number of seconds, 0 or more (a fraction is fine). */
const seconds = (name: string) => z.number(`${name} must be a number of seconds`).check(z.gte(0, `${name} must not be negative`));

const SignOptionsSchema = z.object(
  {
    merchantPublicId: requiredString('merchantPublicId'),
    customerId: requiredString('customerId'),
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
    trustLevel: z.optional(z.string('trustLevel must be a string').check(z.minLength(1, 'trustLevel must not be empty'))),
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

/**
 * Checks a storefront `authorization` header value: its shape, its merchant, its signature (compared in constant
 * time by WebCrypto's `verify`, never with `===` on strings) and its 2-hour window.
 */
export async function verifyStorefrontToken(
  headerValue: string,
  options: VerifyStorefrontTokenOptions,
): Promise<VerifyStorefrontTokenResult> {
  // Checked before the header: a server whose options are wrong must hear of it at its first request, whatever came.
  const {
    hashKey: keyOrLookUp,
    now = nowSeconds(),
    maxAgeSeconds,
    clockSkewSeconds,
  } = checkOptions('verifyStorefrontToken', VerifyOptionsSchema, options);
  const token = parseStorefrontToken(headerValue);
  if (!token) return { valid: false, reason: 'malformed' };
  const hashKey = typeof keyOrLookUp === 'function' ? await keyOrLookUp(token.public_id) : keyOrLookUp;
  if (!hashKey) return { valid: false, reason: 'unknown-merchant' };
  const signature = fromBase64(token.sig);
  if (!signature) return { valid: false, reason: 'malformed' };
  const key = await hmacKey(hashKey, 'verify');
  // Over the ts as sent: a string is signed as its very digits (`"0160…"` too), a number as its decimal text.
  const message = encoder.encode(storefrontMessage(token.sig_field, token.ts, token.trust_level));
  // Verify the signature before looking at the clock, so that the answer to a forged token does not depend on its ts.
  if (!(await crypto.subtle.verify('HMAC', key, signature, message))) return { valid: false, reason: 'bad-signature' };
  const ts = Number(token.ts);
  if (looksLikeMilliseconds(ts)) return { valid: false, reason: 'ts-in-milliseconds' };
  if (now - ts > (maxAgeSeconds ?? TOKEN_LIFETIME_SECONDS)) return { valid: false, reason: 'expired' };
  if (ts - now > (clockSkewSeconds ?? 300)) return { valid: false, reason: 'not-yet-valid' };
  const result: VerifyStorefrontTokenResult = { valid: true, token, merchantPublicId: token.public_id, customerId: token.sig_field };
  if (token.trust_level !== undefined) result.trustLevel = token.trust_level;
  return result;
}
