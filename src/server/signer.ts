/**
 * The token signer of `prepaid-upgrade/server`. It issues and checks storefront tokens on the merchant's server.
 *
 * It runs wherever WebCrypto does: Node ≥ 20, Deno, Bun and edge runtimes. No Node-only module is imported. The hash
 * key stays on the server, and the browser only ever receives the signed header value.
 *
 * The options come from the merchant's code, so they are checked with zod. `zod/mini` keeps the check small in an edge
 * function's bundle. A mistake is a TypeError that names every wrong option, and never the hash key's value.
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
  /**
   * The merchant's public id (`public_id` in the token). Like every signed field, it may not contain `|` or a control
   * character.
   */
  merchantPublicId: string;
  /**
   * The signed-in customer's id (`sig_field` in the token). It may not contain `|`, which separates the signed fields,
   * or a control character (U+0000–U+001F, U+007F–U+009F).
   */
  customerId: string;
  /** The merchant's hash key. Never send it to a browser. */
  hashKey: string;
  /** The Unix time in seconds at which the signature is made. The token carries it as a number. Defaults to now. */
  ts?: number;
  /**
   * An optional trust level, signed into the message and added to the token. It may not contain `|` or a control
   * character either.
   */
  trustLevel?: string;
}

export interface VerifyStorefrontTokenOptions {
  /**
   * The merchant's hash key, or a function that looks it up from the token's `public_id`. The function returns
   * `undefined` for an unknown merchant.
   */
  hashKey: string | ((merchantPublicId: string) => string | undefined | Promise<string | undefined>);
  /**
   * The public id of the merchant that the token must be for. Give it, so that a token of another merchant is refused
   * as `other-merchant` before any key is looked up. Then a look-up that knows several merchants' keys never lets one
   * merchant's customer pass for another's. Without it, any merchant whose key `hashKey` gives is accepted, and the
   * caller must compare the result's `merchantPublicId` itself.
   */
  merchantPublicId?: string;
  /** The Unix time in seconds to check the window against. Defaults to now. */
  now?: number;
  /** How long a signature is valid, in seconds. Defaults to 2 hours. */
  maxAgeSeconds?: number;
  /** How far in the future a `ts` may be, in seconds, for clocks that disagree a little. Defaults to 5 minutes. */
  clockSkewSeconds?: number;
}

/**
 * Why a token was refused. `malformed` means that it is not a token of the documented shape, as with a `|` or a control
 * character in a signed field, or that its `sig` is not standard base64. `other-merchant` means a `public_id` other
 * than the `merchantPublicId` asked for. `ts-in-milliseconds` means a genuine signature over a 13-digit `ts`, which is
 * in milliseconds where Unix seconds are due. The service refuses such a token, so the merchant's server must sign
 * seconds.
 */
export type VerifyFailure =
  'malformed' | 'other-merchant' | 'unknown-merchant' | 'bad-signature' | 'ts-in-milliseconds' | 'expired' | 'not-yet-valid';

/**
 * A refusal: why, the token field it is about, and a sentence for a developer. The field `(root)` stands for the header
 * as a whole.
 */
export interface VerifyRefusal {
  valid: false;
  reason: VerifyFailure;
  field: StorefrontTokenField;
  message: string;
}

export type VerifyStorefrontTokenResult =
  { valid: true; token: StorefrontToken; merchantPublicId: string; customerId: string; trustLevel?: string } | VerifyRefusal;

/** What a wrong value is, for a message. Only its type is named, so that a misplaced secret is never repeated. */
const kindOf = (input: unknown) => (input === null ? 'null' : Array.isArray(input) ? 'an array' : typeof input);

/**
 * A non-empty string option. A missing or empty value is "required", and any other wrong value is named by its type.
 */
const requiredString = (name: string) =>
  z
    .string({ error: ({ input }) => (input === undefined ? `${name} is required` : `${name} must be a string, not ${kindOf(input)}`) })
    .check(z.minLength(1, `${name} is required`));

/** Checks an option that goes into the signed text for `|` and control characters, and names the character found. */
const signedField = (name: string) =>
  z.refine<string>((text) => signedFieldProblem(text) === undefined, {
    error: ({ input }) => `${name} ${signedFieldProblem(input as string)}`,
  });

/**
 * What is wrong with a hash key that starts or ends with whitespace, or `undefined`. A key read from a `.env` file or a
 * secret store often keeps the line break after it, and a signature made with it is refused, although it looks right:
 * the service signs with the key as the merchant's account shows it, which has none. So the key as given is refused,
 * never trimmed: a key trimmed here would sign, and be refused elsewhere, where it is read again with its newline.
 */
export function hashKeyProblem(key: string): string | undefined {
  const space = /^[\t\n\v\f\r \uFEFF]/.exec(key)?.[0] ?? /[\t\n\v\f\r \uFEFF]$/.exec(key)?.[0];
  if (space === undefined) return undefined;
  const where = key.startsWith(space) ? 'start' : 'end';
  const code = space.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
  return `must not start or end with whitespace (U+${code} at its ${where}), which a key read from a file often keeps: the service's key has none`;
}

/** A number of seconds, 0 or more. A fraction is fine. */
const seconds = (name: string) => z.number(`${name} must be a number of seconds`).check(z.gte(0, `${name} must not be negative`));

const SignOptionsSchema = z.object(
  {
    merchantPublicId: requiredString('merchantPublicId').check(signedField('merchantPublicId')),
    customerId: requiredString('customerId').check(signedField('customerId')),
    hashKey: requiredString('hashKey').check(
      z.refine<string>((key) => hashKeyProblem(key) === undefined, { error: ({ input }) => `hashKey ${hashKeyProblem(input as string)}` }),
    ),
    // Date.now() would sign a ts that the service refuses, because its 13 digits are milliseconds. 10¹¹ seconds is
    // thirty centuries away.
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
    // An empty id would make every token another merchant's. That is the caller's mistake, and it is named as such.
    merchantPublicId: z.optional(
      z
        .string({ error: ({ input }) => `merchantPublicId must be a string, not ${kindOf(input)}` })
        .check(z.minLength(1, 'merchantPublicId must not be empty')),
    ),
    // Milliseconds, as from Date.now(), would make every token look expired. 10¹¹ seconds is thirty centuries away.
    now: z.optional(seconds('now').check(z.lt(1e11, 'now must be Unix seconds, not milliseconds'))),
    maxAgeSeconds: z.optional(seconds('maxAgeSeconds')),
    clockSkewSeconds: z.optional(seconds('clockSkewSeconds')),
  },
  'the options must be an object',
);

/** Returns the options as checked, or throws a TypeError `<function>: <problem>; <problem>`. */
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
  // Only the standard alphabet with padding is accepted. Anything else is not a signature that this module issued.
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
 * Checks a storefront `authorization` header value: its shape, its merchant, its signature and its 2-hour window. A
 * signed field may not contain `|` or a control character. The signature is compared in constant time by WebCrypto's
 * `verify`, and never with `===` on strings. Give it `merchantPublicId`, the merchant that the token must be for.
 * Without it, a token of any merchant whose key `hashKey` gives is valid. A refusal names the token field it is about,
 * and says why in `message`.
 */
export async function verifyStorefrontToken(
  headerValue: string,
  options: VerifyStorefrontTokenOptions,
): Promise<VerifyStorefrontTokenResult> {
  // The options are checked before the header, so that a server whose options are wrong hears of it at its first
  // request, whatever the request held.
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
  // This comes before any key is looked up, so that another merchant's token is refused whatever keys the look-up
  // knows.
  if (merchantPublicId !== undefined && token.public_id !== merchantPublicId) {
    return refused('other-merchant', 'public_id', 'public_id names another merchant than the one the token must be for');
  }
  const hashKey = typeof keyOrLookUp === 'function' ? await keyOrLookUp(token.public_id) : keyOrLookUp;
  if (!hashKey) return refused('unknown-merchant', 'public_id', 'public_id names a merchant whose hash key is not known');
  const signature = fromBase64(token.sig);
  if (!signature) return refused('malformed', 'sig', 'sig must be standard base64 with its = padding');
  const key = await hmacKey(hashKey, 'verify');
  // The message uses the ts as sent. A string is signed as its exact digits, `"0160…"` included, and a number as its
  // decimal text.
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
