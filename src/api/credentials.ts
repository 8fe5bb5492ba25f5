/**
 * Where the storefront token comes from, and keeping one at hand.
 *
 * Sources, first match wins: a `tokenProvider` function, a `token` attribute, an `auth-url` endpoint on the
 * merchant's server, the storefront's `og_auth` cookie together with `merchant-id`. The token goes verbatim into the
 * `authorization` header and nowhere else; this module never logs it and never puts it in an error message.
 */
import { ApiError, isAbortError } from './errors.js';
import {
  TOKEN_LIFETIME_SECONDS,
  looksLikeMilliseconds,
  parseStorefrontToken,
  serializeStorefrontToken,
  toStorefrontToken,
} from '../token.js';

/** Each kind is named as the console names the source of a token. */
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
 * The legacy `og_auth=<customer id>|<ts>|<sig>` cookie (or `<customer id>|<trust level>|<ts>|<sig>`) as the
 * header value it stands for.
 */
export function tokenFromCookie(cookies: string, merchantId: string): string | undefined {
  // The first cookie named og_auth; one without `=` has no value, nor has one of no parts.
  let value = /(?:^|;)\s*og_auth\s*(?:=([^;]*)|;|$)/.exec(cookies)?.[1] ?? '';
  // Some storefronts quote or URL-encode it even though the service does not; base64 never contains `%` or `"`, so
  // decoding leaves a plain value as it is.
  try {
    value = decodeURIComponent(value.trim().replace(/^"(.*)"$/, '$1'));
  } catch {
    return undefined;
  }
  // The ts is plain digits only: `Number` would read "" as 0 and "1.7e9" or "0x10" as other numbers than the ones
  // signed. The trust level comes before it when there is one. A value of another shape has no parts, so no token.
  const [, customerId, trustLevel, ts, sig] = /^([^|]*)\|(?:([^|]*)\|)?(\d+)\|([^|]*)$/.exec(value) ?? [];
  // The ts goes on as the text it is, which is what was signed (`Number` would turn "01726000000" into another text);
  // the service reads a string of digits as well as a number.
  const token = toStorefrontToken({ public_id: merchantId, ts, sig_field: customerId, sig, trust_level: trustLevel });
  return token && serializeStorefrontToken(token);
}

/**
 * The header value a token given as text stands for: a JSON token as compact JSON, whatever whitespace it came with (the
 * vendor's own integration prints it over several lines, and a header cannot hold a line break); any other text
 * trimmed. A configuration error names what keeps it from being a header value, never the token itself.
 */
export function headerValue(token: string, source: CredentialSource['kind']): string {
  let value = token.trim();
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed && typeof parsed === 'object') value = JSON.stringify(parsed);
  } catch {
    // Not JSON: sent as it is.
  }
  // A header value is Latin-1 text without control characters (a tab aside).
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

/** Passes an abort on as it is; any other failure means no value. */
const unlessAborted = (error: unknown): undefined => {
  if (isAbortError(error)) throw error;
};

/**
 * The store's token endpoint answered as it answers a visitor who is not signed in: the customer must sign in again,
 * as after a token the service refused (401). The address it led to is told without its query, which may carry more
 * than a page's name.
 */
const signedOut = (how: string): ApiError => new ApiError('http', `auth-url ${how}: the customer is signed out`, { status: 401 });

/** Seconds before the end of a token's window at which it is renewed rather than sent. */
export const RENEWAL_MARGIN_SECONDS = 60;

/** Whether a token's own `ts` says it is (nearly) out of its 2-hour window. Unknown shapes are left to the server. */
export function isTokenStale(token: string, nowSeconds: number): boolean {
  // A string of digits counts as the number it stands for; no `ts` at all, as NaN, is never past the window.
  return nowSeconds - (parseStorefrontToken(token)?.ts as number) > TOKEN_LIFETIME_SECONDS - RENEWAL_MARGIN_SECONDS;
}

/**
 * The service refused (`refusal`, a 401) `token`, which its source had just issued: no expired session, but the
 * store's set-up, which signing the customer in again cannot fix. Status 401, as the service answered, and no retry
 * can help. The console names the likelier cause: a token already out of its window as it is issued, or else its
 * signature.
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

/** Holds the current token of one credential source; renews it from sources that can issue a new one. */
export class StorefrontCredentials {
  readonly #source: CredentialSource;
  readonly #now: () => number;
  readonly #onWarning: ((message: string) => void) | undefined;
  #current: Promise<string> | undefined;

  /**
   * `now` is the clock in milliseconds, by which a token at hand is judged stale. `onWarning` hears, for the
   * developer, what is likely wrong with a token obtained (never the token or its signature): a `ts` in milliseconds.
   * It hears of each token obtained once; a source that hands out the same token again is heard again, so the
   * listener drops repeats.
   */
  constructor(source: CredentialSource, now: () => number = Date.now, onWarning?: (message: string) => void) {
    this.#source = source;
    this.#now = now;
    this.#onWarning = onWarning;
  }

  /** Whether `renew()` can obtain a different token than the one already used: all but a fixed `token` can. */
  get renewable(): boolean {
    return this.#source.kind !== 'token';
  }

  /** The `authorization` header value to send now; fetched once and shared by concurrent callers. */
  async authorization(signal?: AbortSignal): Promise<string> {
    const held = this.#current;
    if (held) {
      const token = await held.catch(() => undefined);
      if (token !== undefined && !(this.renewable && isTokenStale(token, this.#now() / 1000))) return token;
      // A concurrent caller may have started obtaining the next one meanwhile: that one is shared, not replaced.
      if (this.#current === held) this.#current = undefined;
    }
    const pending = (this.#current ??= this.#obtain(signal).then((token) => {
      // Told once for each token obtained (concurrent callers share this), never with the token or its signature.
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

  /** Drops the token at hand, so that the next `authorization()` obtains a new one. */
  renew(): void {
    this.#current = undefined;
  }

  /**
   * After the service refused `refused`: the token the source issues now (which may be the refused one again, as a
   * merchant's server signing twice in one second would), or `undefined` when it cannot issue one (a fixed `token`, or
   * obtaining one failed).
   */
  async renewAfterRefusal(refused: string, signal?: AbortSignal): Promise<string | undefined> {
    if (!this.renewable) return undefined;
    // Several requests refused at once renew once: a token other than the refused one, or one that a concurrent
    // caller started obtaining meanwhile, is already the new one.
    const held = this.#current;
    const atHand = held && (await held.catch(() => undefined));
    if (this.#current === held && (atHand === undefined || atHand === refused)) this.renew();
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
          // A redirect to a sign-in page of another origin fails as the network would, as that page lets no other
          // origin read it. Asked again without following, the answer tells the two apart (where it led stays hidden);
          // any other answer to that second request is as good as the first would have been.
          const again = await request('manual').catch(unlessAborted);
          if (!again) throw new ApiError('network', 'auth-url could not be reached', { cause: error });
          if (again.type === 'opaqueredirect') throw signedOut('redirected to another origin');
          return again;
        });
        if (!response.ok) {
          // The merchant's server refusing to issue a token means the customer is not signed in there any more: the
          // same outcome for the customer as a token the service refused, so both are reported as 401.
          throw new ApiError('http', `auth-url answered ${response.status}`, {
            status: response.status === 401 || response.status === 403 ? 401 : response.status,
          });
        }
        // An answer that is not JSON is no token either.
        const token = toStorefrontToken(await response.json().catch(unlessAborted));
        // What session middleware does with a visitor who is not signed in: a redirect to the sign-in page, or that page.
        if (!token && response.redirected) {
          const { origin, pathname } = new URL(response.url);
          throw signedOut(`led to ${origin}${pathname}, a page and not a token`);
        }
        if (!token && /html/i.test(response.headers.get('content-type') ?? '')) throw signedOut('answered with a page, not a token');
        if (!token) throw new ApiError('malformed', 'auth-url did not answer with a token of the form {public_id, ts, sig_field, sig}');
        return serializeStorefrontToken(token);
      }
    }
  }
}
