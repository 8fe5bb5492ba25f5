/**
 * Where the storefront token comes from, and keeping one at hand.
 *
 * Sources, first match wins: a `tokenProvider` function, a `token` attribute, an `auth-url` endpoint on the
 * merchant's server, the storefront's `og_auth` cookie together with `merchant-id`. The token goes verbatim into the
 * `authorization` header and nowhere else; this module never logs it and never puts it in an error message.
 */
import { ApiError, isAbortError } from './errors.js';
import { TOKEN_LIFETIME_SECONDS, parseStorefrontToken, serializeStorefrontToken, toStorefrontToken } from '../token.js';

export type CredentialSource =
  | { kind: 'provider'; provider: () => Promise<string> }
  | { kind: 'token'; token: string }
  | { kind: 'auth-url'; url: string }
  | { kind: 'cookie'; merchantId: string; readCookies: () => string };

export interface CredentialSettings {
  tokenProvider?: (() => Promise<string>) | null | undefined;
  token?: string | null | undefined;
  authUrl?: string | null | undefined;
  merchantId?: string | null | undefined;
  readCookies: () => string;
}

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

export function chooseCredentialSource(settings: CredentialSettings): CredentialSource | undefined {
  if (typeof settings.tokenProvider === 'function') return { kind: 'provider', provider: settings.tokenProvider };
  if (present(settings.token)) return { kind: 'token', token: settings.token };
  if (present(settings.authUrl)) return { kind: 'auth-url', url: settings.authUrl.trim() };
  if (present(settings.merchantId)) return { kind: 'cookie', merchantId: settings.merchantId.trim(), readCookies: settings.readCookies };
  return undefined;
}

/**
 * The legacy `og_auth=<customer id>|<ts>|<sig>` cookie (or `<customer id>|<trust level>|<ts>|<sig>`) as the
 * header value it stands for.
 */
export function tokenFromCookie(cookies: string, merchantId: string): string | undefined {
  for (const pair of cookies.split(';')) {
    const [name, ...rest] = pair.split('=');
    if (name?.trim() !== 'og_auth') continue;
    let value = rest.join('=').trim();
    // Some storefronts quote or URL-encode it even though the service does not; base64 never contains `%` or `"`.
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (value.includes('%')) {
      try {
        value = decodeURIComponent(value);
      } catch {
        return undefined;
      }
    }
    const parts = value.split('|');
    const [customerId, trustLevel, ts, sig] = parts.length === 4 ? parts : [parts[0], undefined, parts[1], parts[2]];
    if (parts.length !== 3 && parts.length !== 4) return undefined;
    // Only plain digits: `Number` would read "" as 0 and "1.7e9" or "0x10" as other numbers than the ones signed.
    if (!/^\d+$/.test(ts ?? '')) return undefined;
    const token = toStorefrontToken({ public_id: merchantId, ts: Number(ts), sig_field: customerId, sig, trust_level: trustLevel });
    return token && serializeStorefrontToken(token);
  }
  return undefined;
}

/** Seconds before the end of a token's window at which it is renewed rather than sent. */
export const RENEWAL_MARGIN_SECONDS = 60;

/** Whether a token's own `ts` says it is (nearly) out of its 2-hour window. Unknown shapes are left to the server. */
export function isTokenStale(token: string, nowSeconds: number): boolean {
  const parsed = parseStorefrontToken(token);
  return parsed !== undefined && nowSeconds - parsed.ts > TOKEN_LIFETIME_SECONDS - RENEWAL_MARGIN_SECONDS;
}

export interface StorefrontCredentialsOptions {
  fetch?: typeof fetch;
  now?: () => number;
}

/** Holds the current token of one credential source; renews it from sources that can issue a new one. */
export class StorefrontCredentials {
  readonly source: CredentialSource;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private current: Promise<string> | undefined;

  constructor(source: CredentialSource, options: StorefrontCredentialsOptions = {}) {
    this.source = source;
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.now = options.now ?? Date.now;
  }

  /** Whether `renew()` can obtain a different token than the one already used. */
  get renewable(): boolean {
    return this.source.kind === 'provider' || this.source.kind === 'auth-url' || this.source.kind === 'cookie';
  }

  /** The `authorization` header value to send now; fetched once and shared by concurrent callers. */
  async authorization(signal?: AbortSignal): Promise<string> {
    if (this.current) {
      const token = await this.current.catch(() => undefined);
      if (token !== undefined && !(this.renewable && isTokenStale(token, this.now() / 1000))) return token;
      this.current = undefined;
    }
    this.current ??= this.obtain(signal);
    const pending = this.current;
    try {
      return await pending;
    } catch (error) {
      // A failed or aborted attempt must not be cached for the next caller.
      if (this.current === pending) this.current = undefined;
      throw error;
    }
  }

  /** Drops the token at hand, so that the next `authorization()` obtains a new one. */
  renew(): void {
    this.current = undefined;
  }

  /**
   * After the service refused `refused`: a different token to try once more, or `undefined` when this source
   * cannot issue one (a fixed `token`, or a source that hands out the same refused token again).
   */
  async renewAfterRefusal(refused: string, signal?: AbortSignal): Promise<string | undefined> {
    if (!this.renewable) return undefined;
    // Several requests refused at once renew once: a token other than the refused one is already the new one.
    const atHand = this.current && (await this.current.catch(() => undefined));
    if (atHand === undefined || atHand === refused) this.renew();
    let fresh: string;
    try {
      fresh = await this.authorization(signal);
    } catch (error) {
      if (isAbortError(error)) throw error;
      return undefined;
    }
    return fresh === refused ? undefined : fresh;
  }

  private async obtain(signal?: AbortSignal): Promise<string> {
    const source = this.source;
    switch (source.kind) {
      case 'token':
        return source.token.trim();
      case 'provider': {
        let token: unknown;
        try {
          token = await source.provider();
        } catch (error) {
          throw new ApiError('config', 'tokenProvider threw or rejected', { cause: error });
        }
        if (typeof token !== 'string' || token.trim() === '') {
          throw new ApiError('config', 'tokenProvider must resolve to a non-empty string');
        }
        return token.trim();
      }
      case 'cookie': {
        const token = tokenFromCookie(source.readCookies(), source.merchantId);
        if (!token) throw new ApiError('config', 'merchant-id is set but there is no valid og_auth cookie');
        return token;
      }
      case 'auth-url':
        return this.fetchFromAuthUrl(source.url, signal);
    }
  }

  private async fetchFromAuthUrl(url: string, signal?: AbortSignal): Promise<string> {
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        credentials: 'include',
        headers: { accept: 'application/json' },
        cache: 'no-store',
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new ApiError('network', 'auth-url could not be reached', { cause: error });
    }
    if (!response.ok) {
      // The merchant's server refusing to issue a token means the customer is not signed in there any more: the same
      // outcome for the customer as a token the service refused, so both are reported as 401.
      throw new ApiError('http', `auth-url answered ${response.status}`, {
        status: response.status === 401 || response.status === 403 ? 401 : response.status,
      });
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new ApiError('malformed', 'auth-url did not answer with JSON');
    }
    const token = toStorefrontToken(body);
    if (!token) throw new ApiError('malformed', 'auth-url did not answer with a token of the form {public_id, ts, sig_field, sig}');
    return serializeStorefrontToken(token);
  }
}
