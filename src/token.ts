/**
 * The storefront token: the JSON text that goes, verbatim, into the `authorization` header of a storefront request.
 *
 *   {"public_id":"<merchant public id>","ts":<unix seconds>,"sig_field":"<customer id>","sig":"<base64 signature>"}
 *
 * with an optional `"trust_level"`. `ts` may also be a string of digits (`"ts":"1605230097"`), as some commerce
 * platforms' connectors send it; the service accepts both (docs/service.md#storefront-token). Shared by the browser
 * (which only reads `ts`, to renew an old token in time and to warn of one in milliseconds) and the server side (which
 * signs and verifies). Nothing here signs: the hash key never reaches a browser.
 */
export interface StorefrontToken {
  public_id: string;
  /**
   * Unix seconds: a number, or a string of ASCII digits. Kept in the form it came in: the signature is over the text
   * `<customer id>|<ts>`, which the service rebuilds from the `ts` it receives, so only the very text the merchant
   * signed verifies. A string turned into a number could lose that text (`"01605230097"` would become 1605230097);
   * keeping it as given can never break a signature that was right.
   */
  ts: number | string;
  sig_field: string;
  sig: string;
  trust_level?: string;
}

/** How long a signature is valid after its `ts`, in seconds. */
export const TOKEN_LIFETIME_SECONDS = 2 * 60 * 60;

/**
 * Whether a `ts` is most likely in milliseconds: 13 digits, which in seconds would be tens of thousands of years away.
 * A common mistake of merchants' servers (`Date.now()` for seconds), which the service refuses.
 */
export const looksLikeMilliseconds = (ts: number | string | undefined): boolean => String(Number(ts)).length === 13;

/** The signed message: `<customer id>|<ts>`, or `<customer id>|<trust level>|<ts>` with a trust level. */
export function storefrontMessage(customerId: string, ts: number | string, trustLevel?: string): string {
  return trustLevel === undefined ? `${customerId}|${ts}` : `${customerId}|${trustLevel}|${ts}`;
}

const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * A non-empty string fit to be a signed field (customer id, trust level, merchant public id). A `|` separates the fields of the
 * signed text, so one inside a field gives that text two readings: `victim|gold` signed with no trust level reads as
 * customer `victim` with trust level `gold`. Nor may one hold Unicode's control characters (U+0000–U+001F,
 * U+007F–U+009F): no id has them, and a line break or a NUL in one can forge or cut a line of a log.
 */
const isSignedField = (value: unknown): value is string => isNonEmptyString(value) && !/[|\p{Cc}]/u.test(value);

/** Reads a token's JSON text; `undefined` when it is not a well-formed storefront token. */
export function parseStorefrontToken(text: string): StorefrontToken | undefined {
  try {
    return toStorefrontToken(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/**
 * Checks the shape of an already parsed token (an `auth-url` answer, say). A plain predicate, small in the widget's
 * bundle; `checkStorefrontToken` of `prepaid-upgrade/server` applies the same rules and names the wrong field.
 */
export function toStorefrontToken(value: unknown): StorefrontToken | undefined {
  // Anything but an object with these fields (null, a string, an array) has none of them, so it fails the checks below.
  const { public_id, ts, sig_field, sig, trust_level } = (value ?? {}) as Record<string, unknown>;
  if (!isSignedField(public_id) || !isSignedField(sig_field) || !isNonEmptyString(sig)) return undefined;
  // Whole seconds, as a number or as a string of ASCII digits: not -1, 1.5, "", "1.7e9", " 17" or "0x10", which are
  // no text anyone signs (a list is refused first: its text would be its items').
  if (typeof ts === 'object' || !/^\d+$/.test(ts as string)) return undefined;
  if (trust_level !== undefined && !isSignedField(trust_level)) return undefined;
  const token: StorefrontToken = { public_id, ts: ts as number | string, sig_field, sig };
  if (trust_level !== undefined) token.trust_level = trust_level;
  return token;
}

/** The header value for a token, with the fields in their documented order. */
export function serializeStorefrontToken(token: StorefrontToken): string {
  // The list both orders the fields and leaves out any other; an undefined `trust_level` is left out too.
  return JSON.stringify(token, ['public_id', 'ts', 'sig_field', 'sig', 'trust_level']);
}
