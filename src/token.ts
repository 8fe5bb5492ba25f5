/**
 * The storefront token: the JSON text that goes, verbatim, into the `authorization` header of a storefront request.
 *
 *   {"public_id":"<merchant public id>","ts":<unix seconds>,"sig_field":"<customer id>","sig":"<base64 signature>"}
 *
 * A `"trust_level"` is optional. `ts` may also be a string of digits (`"ts":"1605230097"`), as some commerce
 * platforms' connectors send it. The service accepts both (docs/service.md#storefront-token).
 *
 * The browser and the server side share this module. The browser only reads `ts`, to renew an old token in time and to
 * warn about one in milliseconds. The server side signs and verifies. Nothing here signs, because the hash key never
 * reaches a browser.
 */
export interface StorefrontToken {
  public_id: string;
  /**
   * Unix seconds, as a number or a string of ASCII digits. It is kept in the form it came in. The signature is over the
   * text `<customer id>|<ts>`, which the service rebuilds from the `ts` it receives, so only the exact text that the
   * merchant signed verifies. A string turned into a number could lose that text: `"01605230097"` would become
   * 1605230097. Keeping it as given can never break a signature that was right.
   */
  ts: number | string;
  sig_field: string;
  sig: string;
  trust_level?: string;
}

/** How long a signature is valid after its `ts`, in seconds. */
export const TOKEN_LIFETIME_SECONDS = 2 * 60 * 60;

/**
 * Whether a `ts` is most likely in milliseconds. It then has 13 digits, which in seconds would be tens of thousands of
 * years away. This is a common mistake of merchants' servers, which use `Date.now()` for seconds, and the service
 * refuses such a token.
 */
export const looksLikeMilliseconds = (ts: number | string | undefined): boolean => String(Number(ts)).length === 13;

/** The signed message: `<customer id>|<ts>`, or `<customer id>|<trust level>|<ts>` with a trust level. */
export function storefrontMessage(customerId: string, ts: number | string, trustLevel?: string): string {
  return trustLevel === undefined ? `${customerId}|${ts}` : `${customerId}|${trustLevel}|${ts}`;
}

const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * Whether a value is a non-empty string fit to be a signed field: a customer id, a trust level or a merchant public id.
 * A `|` separates the fields of the signed text, so a `|` inside a field gives that text two readings. For example,
 * `victim|gold` signed with no trust level reads as customer `victim` with trust level `gold`. A field may not hold
 * Unicode's control characters either (U+0000–U+001F, U+007F–U+009F). No id has them, and a line break or a NUL in a
 * field can forge or cut a line of a log.
 */
const isSignedField = (value: unknown): value is string => isNonEmptyString(value) && !/[|\p{Cc}]/u.test(value);

/** Reads a token's JSON text. Returns `undefined` when it is not a well-formed storefront token. */
export function parseStorefrontToken(text: string): StorefrontToken | undefined {
  try {
    return toStorefrontToken(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/**
 * Checks the shape of an already parsed token, such as an `auth-url` answer. It is a plain predicate, so that it stays
 * small in the widget's bundle. `checkStorefrontToken` of `prepaid-upgrade/server` applies the same rules and names the
 * wrong field.
 */
export function toStorefrontToken(value: unknown): StorefrontToken | undefined {
  // Anything but an object with these fields, such as null, a string or an array, has none of them, so it fails the
  // checks below.
  const { public_id, ts, sig_field, sig, trust_level } = (value ?? {}) as Record<string, unknown>;
  if (!isSignedField(public_id) || !isSignedField(sig_field) || !isNonEmptyString(sig)) return undefined;
  // Whole seconds, as a number or as a string of ASCII digits. Not -1, 1.5, "", "1.7e9", " 17" or "0x10", which are not
  // texts that anyone signs. A list is refused first, because its text would be the text of its items.
  if (typeof ts === 'object' || !/^\d+$/.test(ts as string)) return undefined;
  if (trust_level !== undefined && !isSignedField(trust_level)) return undefined;
  const token: StorefrontToken = { public_id, ts: ts as number | string, sig_field, sig };
  if (trust_level !== undefined) token.trust_level = trust_level;
  return token;
}

/** The header value for a token, with the fields in their documented order. */
export function serializeStorefrontToken(token: StorefrontToken): string {
  // The list both orders the fields and leaves out any others. An undefined `trust_level` is left out too.
  return JSON.stringify(token, ['public_id', 'ts', 'sig_field', 'sig', 'trust_level']);
}
