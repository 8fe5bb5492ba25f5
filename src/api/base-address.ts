import { ApiError } from './errors.js';

export type Environment = 'production' | 'staging';

export const ENVIRONMENT_BASE_ADDRESSES: Readonly<Record<Environment, string>> = {
  production: 'https://restapi.ordergroove.com/',
  staging: 'https://staging.restapi.ordergroove.com/',
};

/** The hosts on which plain http: stays on this machine, as `URL` writes them. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The one rule of secure addresses, read from the parsed address and never from its text (where
 * `http://localhost:@evil.example/` would pass for loopback): https:, or plain http: only on a loopback host, and no
 * user name or password.
 */
export const isSecureAddress = (url: URL): boolean =>
  (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname))) && !url.username && !url.password;

/** `address` parsed, or undefined when it is no absolute address. */
const parsed = (address: string): URL | undefined => {
  try {
    return new URL(address);
  } catch {
    return undefined;
  }
};

/**
 * Images come from server data: only secure addresses and inline pictures, which cannot run script, are rendered. A
 * relative address is not rendered either: it would load from the store's page, not from where the service meant.
 */
export const isSafeImageAddress = (address: unknown): address is string => {
  const url = typeof address === 'string' ? parsed(address) : undefined;
  return !!url && (isSecureAddress(url) || (url.protocol === 'data:' && /^image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(url.pathname)));
};

export const isEnvironment = (value: unknown): value is Environment => value === 'production' || value === 'staging';

/**
 * `address` (an attribute's value, perhaps relative) resolved against the page. Only https: is accepted, and plain
 * http: only on loopback hosts, so that a typo can never send a customer's token over the open internet in clear
 * text; `allowPageOrigin` also lets the page's own origin through, whatever its protocol.
 */
function resolveAddress(attribute: string, address: string, pageUrl: string, allowPageOrigin?: boolean): URL {
  let url: URL;
  try {
    url = new URL(address.trim(), pageUrl);
  } catch {
    throw new ApiError('config', `${attribute} ${JSON.stringify(address)} is not a valid address`);
  }
  if (url.username || url.password) throw new ApiError('config', `${attribute} must not carry a user name or password`);
  if (allowPageOrigin && url.origin === new URL(pageUrl).origin) return url;
  if (!isSecureAddress(url)) {
    throw new ApiError('config', `${attribute} must use https: (http: only on localhost, 127.0.0.1 or [::1]), not ${url.protocol}`);
  }
  return url;
}

/**
 * The absolute address of the merchant's token endpoint. It is fetched with the page's cookies and answers a
 * credential, so it must be the page's own origin (a relative path, typically), or https:, or loopback.
 */
export const resolveTokenEndpoint = (authUrl: string, pageUrl: string): string => resolveAddress('auth-url', authUrl, pageUrl, true).href;

/**
 * The base address every request path is resolved against, always ending in `/`. `api-base` wins over
 * `environment`; a relative `api-base` resolves against the page.
 */
export function resolveBaseAddress(options: { apiBase?: string | null; environment?: string | null; pageUrl: string }): URL {
  const { apiBase, environment, pageUrl } = options;
  if (!apiBase?.trim()) {
    const name = environment ?? 'production';
    if (!isEnvironment(name)) throw new ApiError('config', `environment must be "production" or "staging", not ${JSON.stringify(name)}`);
    return new URL(ENVIRONMENT_BASE_ADDRESSES[name]);
  }
  const url = resolveAddress('api-base', apiBase, pageUrl);
  url.search = url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}
