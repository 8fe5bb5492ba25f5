/**
 * Where the storefront token comes from, and how one is kept at hand.
 *
 * These are the sources, and the first one that is set wins: a `tokenProvider` function, a `token` attribute, an
 * `auth-url` endpoint on the merchant's server, and the storefront's `og_auth` cookie together with `merchant-id`. The
 * token goes verbatim into the `authorization` header, and a token from `auth-url` into the tab's storage for its next
 * pages (see `StorefrontCredentials`), and nowhere else. This module never logs it and never puts it in
 * an error message.
 */
import { ApiError, isAbortError } from './errors.js';
import { keep, kept } from './tab-store.js';
import {
  TOKEN_LIFETIME_SECONDS,
  looksLikeMilliseconds,
  parseStorefrontToken,
  serializeStorefrontToken,
  toStorefrontToken,
} from '../token.js';

/** Each kind is named the way the console names the source of a token. */
export type CredentialSource =
  | { kind: 'tokenProvider'; provider: () => Promise<string> }
  | { kind: 'token'; token: string }
  | { kind: 'auth-url'; url: string }
  | { kind: 'og_auth cookie'; merchantId: string; readCookies: () => string };

export interface CredentialSettings {
  tokenProvider?: (() => Promise<string>) | null | undefined;
  token?: string | null | undefined;
  authUrl?: string | null | undefined;
  merchantId?: string | null | undefined;
  readCookies: () => string;
}

const present = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

export function chooseCredentialSource(settings: CredentialSettings): CredentialSource | undefined {
  const { tokenProvider, token, authUrl, merchantId, readCookies } = settings;
  if (typeof tokenProvider === 'function') return { kind: 'tokenProvider', provider: tokenProvider };
  if (present(token)) return { kind: 'token', token };
  if (present(authUrl)) return { kind: 'auth-url', url: authUrl.trim() };
  if (present(merchantId)) return { kind: 'og_auth cookie', merchantId: merchantId.trim(), readCookies };
  return undefined;
}

/**
 * Turns the legacy `og_auth=<customer id>|<ts>|<sig>` cookie, or `<customer id>|<trust level>|<ts>|<sig>`, into the
 * header value it stands for.
 */
export function tokenFromCookie(cookies: string, merchantId: string): string | undefined {
  // Only the first cookie named og_auth counts. A cookie without `=` has no value.
  let value = /(?:^|;)\s*og_auth\s*(?:=([^;]*)|;|$)/.exec(cookies)?.[1] ?? '';
  // Some storefronts quote or URL-encode the cookie, even though the service does not. Base64 never contains `%` or
  // `"`, so decoding leaves a plain value unchanged.
  try {
    value = decodeURIComponent(value.trim().replace(/^"(.*)"$/, '$1'));
  } catch {
    return undefined;
  }
  // The ts must be plain digits. `Number` would read "" as 0, and "1.7e9" or "0x10" as numbers other than the ones that
  // were signed. The trust level comes before the ts when there is one. A value of any other shape has no parts, so it
  // gives no token.
  const [, customerId, trustLevel, ts, sig] = /^([^|]*)\|(?:([^|]*)\|)?(\d+)\|([^|]*)$/.exec(value) ?? [];
  // The ts is passed on as text, because the text is what was signed. `Number` would turn "01726000000" into a
  // different text. The service reads a string of digits as well as it reads a number.
  const token = toStorefrontToken({ public_id: merchantId, ts, sig_field: customerId, sig, trust_level: trustLevel });
  return token && serializeStorefrontToken(token);
}

/**
 * Turns a token given as text into the header value it stands for. A JSON token becomes compact JSON, whatever
 * whitespace it came with. This matters because the vendor's own integration prints it over several lines, and a header
 * cannot hold a line break. Any other text is trimmed. A configuration error names what keeps the token from being a
 * header value, and never the token itself.
 */
export function headerValue(token: string, source: CredentialSource['kind']): string {
  let value = token.trim();
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed && typeof parsed === 'object') value = JSON.stringify(parsed);
  } catch {
    // Not JSON, so it is sent as it is.
  }
  // A header value is Latin-1 text without control characters, except the tab.
  const bad = /[^\t\x20-\x7e\x80-\xff]/u.exec(value)?.[0];
  if (!bad) return value;
  const code = `U+${bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  const what = /[\r\n]/.test(bad)
    ? 'a line break'
    : bad < ' ' || bad === '\x7f'
      ? `a control character (${code})`
      : `${code}, which is not Latin-1`;
  throw new ApiError('config', `the token from ${source} cannot be sent as a header: it holds ${what}`);
}

/** Passes an abort on as it is. Any other failure means that there is no value. */
const unlessAborted = (error: unknown): undefined => {
  if (isAbortError(error)) throw error;
};

/**
 * The store's token endpoint answered the way it answers a visitor who is not signed in. The customer must sign in
 * again, as after a token that the service refused with 401. The address that the endpoint led to is reported without
 * its query, which may carry more than a page's name.
 */
const signedOut = (how: string): ApiError => new ApiError('http', `auth-url ${how}: the customer is signed out`, { status: 401 });

/** How many seconds before the end of its window a token is renewed rather than sent. */
export const RENEWAL_MARGIN_SECONDS = 60;

/**
 * Whether a token's own `ts` says that it is out of its 2-hour window, or nearly. Tokens of unknown shapes are left to
 * the server.
 */
export function isTokenStale(token: string, nowSeconds: number): boolean {
  // A string of digits counts as the number it stands for. A token without a `ts` gives NaN, which is never past the
  // window.
  return nowSeconds - (parseStorefrontToken(token)?.ts as number) > TOKEN_LIFETIME_SECONDS - RENEWAL_MARGIN_SECONDS;
}

/**
 * The error for a `token` that the service refused with a 401 (`refusal`) right after its source issued it. The cause
 * is not an expired session but the store's set-up, which signing the customer in again cannot fix. The error keeps the
 * status 401 that the service answered, and no retry can help. The console names the likelier cause: a token that is
 * already out of its window when it is issued, or else its signature.
 */
export const refusedAfterRenewal = (refusal: ApiError, token: string): ApiError =>
  new ApiError(
    'config',
    `${refusal.message}, though its token was just renewed: ${
      isTokenStale(token, Date.now() / 1000)
        ? "the store's server issues tokens whose ts is over 2 hours old"
        : "the signature is refused (check the hash key, merchant public id and customer id the store's server signs with)"
    }`,
    { status: 401, cause: refusal },
  );

/** Whose a token is: the customer and the store it was signed for. */
const holderOf = (token: string): string | undefined => {
  const parsed = parseStorefrontToken(token);
  return parsed && `${parsed.public_id}|${parsed.sig_field}`;
};

/**
 * Holds the current token of one credential source, and renews it from sources that can issue a new one.
 *
 * A token from `auth-url` is kept for the tab's next pages while it lives (`tab-store.ts`), so that a return visit
 * reads at once instead of asking for a token first. The page's scripts can read it there, but they can ask `auth-url`
 * for one as well. It is dropped at a 401, and when `auth-url` says that the customer is signed out.
 */
export class StorefrontCredentials {
  readonly #source: CredentialSource;
  readonly #now: () => number;
  readonly #onWarning: ((message: string) => void) | undefined;
  #current: Promise<string> | undefined;
  /**
   * The token kept from an earlier page of the tab. What it reads is used once `auth-url` has confirmed that its
   * customer is the one signed in (`confirm`).
   */
  #kept: string | undefined;
  /** The last token that was renewed after the service refused it. */
  #renewedFrom: string | undefined;
  /** The confirmation of `#kept`, once it was asked for. */
  #check: Promise<string | undefined> | undefined;

  /**
   * `now` is the clock in milliseconds, which decides whether a token at hand is stale. `onWarning` receives warnings
   * for the developer about what is likely wrong with a token obtained, such as a `ts` in milliseconds. It never
   * receives the token or its signature. It hears once of each token obtained. A source that hands out the same token
   * again is reported again, so the listener drops repeats.
   */
  constructor(source: CredentialSource, now: () => number = Date.now, onWarning?: (message: string) => void) {
    this.#source = source;
    this.#now = now;
    this.#onWarning = onWarning;
    const token = source.kind === 'auth-url' ? kept(`token ${source.url}`) : undefined;
    if (token && !isTokenStale(token, now() / 1000)) this.#current = Promise.resolve((this.#kept = token));
  }

  /** Whether `renew()` can obtain a different token than the one already used. Every source but a fixed `token` can. */
  get renewable(): boolean {
    return this.#source.kind !== 'token';
  }

  /** The `authorization` header value to send now. It is fetched once and shared by concurrent callers. */
  async authorization(signal?: AbortSignal): Promise<string> {
    const held = this.#current;
    if (held) {
      const token = await held.catch(() => undefined);
      if (token !== undefined && !(this.renewable && isTokenStale(token, this.#now() / 1000))) return token;
      // A concurrent caller may have started obtaining the next token meanwhile. That token is shared, not replaced.
      if (this.#current === held) this.#current = undefined;
    }
    const pending = (this.#current ??= this.#obtain(signal).then((token) => {
      // Concurrent callers share this, so the warning comes once for each token obtained. It never holds the token or
      // its signature.
      if (looksLikeMilliseconds(parseStorefrontToken(token)?.ts)) {
        this.#onWarning?.(`the token from ${this.#source.kind} has a ts that looks like milliseconds: ts must be Unix seconds`);
      }
      return token;
    }));
    try {
      return await pending;
    } catch (error) {
      // A failed or aborted attempt must not be cached for the next caller.
      if (this.#current === pending) this.#current = undefined;
      throw error;
    }
  }

  /** Drops the token at hand, and the one kept for the tab, so that the next `authorization()` obtains a new one. */
  renew(): void {
    this.#current = undefined;
    if (this.#source.kind === 'auth-url') keep(`token ${this.#source.url}`);
  }

  /**
   * Whether an answer to a request sent with `sent` may be used. A token kept from an earlier page may no longer be the
   * signed-in customer's: on a shared computer, one customer signs out and the next signs in, in the same tab. So
   * `auth-url` is asked again beside the first reads, and what they read waits for its answer. This resolves to
   * `undefined` when `sent` is the signed-in customer's, or to the token of the customer signed in now, to send again
   * with. It rejects as `auth-url` does when nobody is signed in, and the kept token is dropped. `signal` limits the time
   * that `auth-url` is waited for.
   */
  confirm(sent: string, signal?: AbortSignal): Promise<string | undefined> {
    if (sent !== this.#kept) return Promise.resolve(undefined);
    return (this.#check ??= this.#obtain(signal).then(
      (fresh) => {
        this.#current = Promise.resolve(fresh);
        return holderOf(fresh) === holderOf(sent) ? undefined : fresh;
      },
      (error: unknown) => {
        // Asked again for the next answer: a failure to reach auth-url now need not be one later.
        this.#check = undefined;
        this.renew();
        throw error;
      },
    ));
  }

  /**
   * Called after the service refused the token `refused`. Returns the token that the source issues now, or `undefined`
   * when it cannot issue one: a fixed `token` cannot, and obtaining one may fail. The new token may be the refused one
   * again, as when a merchant's server signs twice in one second.
   */
  async renewAfterRefusal(refused: string, signal?: AbortSignal): Promise<string | undefined> {
    if (!this.renewable) return undefined;
    // Several requests that are refused at once renew only once. A token other than the refused one is already the new
    // one. So is a token that a concurrent caller started obtaining meanwhile.
    // A source may issue the refused token again: it is renewed once all the same.
    const held = this.#current;
    const atHand = held && (await held.catch(() => undefined));
    if (this.#current === held && (atHand === undefined || atHand === refused) && this.#renewedFrom !== refused) {
      this.#renewedFrom = refused;
      this.renew();
    }
    return this.authorization(signal).catch(unlessAborted);
  }

  async #obtain(signal?: AbortSignal): Promise<string> {
    const source = this.#source;
    switch (source.kind) {
      case 'token':
        return headerValue(source.token, source.kind);
      case 'tokenProvider': {
        let token: unknown;
        try {
          token = await source.provider();
        } catch (error) {
          throw new ApiError('config', 'tokenProvider threw or rejected', { cause: error });
        }
        if (!present(token)) throw new ApiError('config', 'tokenProvider must resolve to a non-empty string');
        return headerValue(token, source.kind);
      }
      case 'og_auth cookie': {
        const token = tokenFromCookie(source.readCookies(), source.merchantId);
        if (!token) throw new ApiError('config', 'merchant-id is set but there is no valid og_auth cookie');
        return token;
      }
      case 'auth-url': {
        const request = (redirect: RequestRedirect) =>
          fetch(source.url, { credentials: 'include', headers: { accept: 'application/json' }, cache: 'no-store', redirect, signal });
        const response = await request('follow').catch(async (error: unknown) => {
          if (isAbortError(error)) throw error;
          // A redirect to a sign-in page on another origin fails like a network error, because that page lets no other
          // origin read it. A second request that does not follow redirects tells the two apart, though where the
          // redirect led stays hidden. Any other answer to that second request is as good as the first would have been.
          const again = await request('manual').catch(unlessAborted);
          if (!again) throw new ApiError('network', 'auth-url could not be reached', { cause: error });
          if (again.type === 'opaqueredirect') throw signedOut('redirected to another origin');
          return again;
        });
        if (!response.ok) {
          // When the merchant's server refuses to issue a token, the customer is no longer signed in there. For the
          // customer, this is the same outcome as a token that the service refused, so both are reported as 401.
          throw new ApiError('http', `auth-url answered ${response.status}`, {
            status: response.status === 401 || response.status === 403 ? 401 : response.status,
          });
        }
        // An answer that is not JSON is not a token either.
        const token = toStorefrontToken(await response.json().catch(unlessAborted));
        // Session middleware either redirects a visitor who is not signed in to the sign-in page, or answers with that
        // page.
        if (!token && response.redirected) {
          const { origin, pathname } = new URL(response.url);
          throw signedOut(`led to ${origin}${pathname}, a page and not a token`);
        }
        if (!token && /html/i.test(response.headers.get('content-type') ?? '')) throw signedOut('answered with a page, not a token');
        if (!token) throw new ApiError('malformed', 'auth-url did not answer with a token of the form {public_id, ts, sig_field, sig}');
        const value = serializeStorefrontToken(token);
        // Kept until the end of its window by the clock of whichever was earlier, this browser's or the store's server's.
        keep(
          `token ${source.url}`,
          value,
          Math.min(Date.now(), +token.ts * 1000) + (TOKEN_LIFETIME_SECONDS - RENEWAL_MARGIN_SECONDS) * 1000,
        );
        return value;
      }
    }
  }
}
