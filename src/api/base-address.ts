import { ApiError } from './errors.js';

export type Environment = 'production' | 'staging';

export const ENVIRONMENT_BASE_ADDRESSES: Readonly<Record<Environment, string>> = {
  production: 'https://restapi.ordergroove.com/',
  staging: 'https://staging.restapi.ordergroove.com/',
};

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export const isEnvironment = (value: unknown): value is Environment => value === 'production' || value === 'staging';

/**
 * The base address every request path is resolved against, always ending in `/`.
 *
 * `api-base` wins over `environment`; a relative `api-base` resolves against the page. Plain `http:` is allowed only
 * on loopback hosts, so that a typo can never send a customer's token over the open internet in clear text.
 */
function requireHttps(url: URL, attribute: string): void {
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    throw new ApiError(
      'config',
      `${attribute} must use https: (plain http: is allowed only on localhost, 127.0.0.1 and [::1]), got ${url.origin}`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ApiError('config', `${attribute} must be an https: address, got ${url.protocol}`);
  }
  if (url.username || url.password) throw new ApiError('config', `${attribute} must not carry a user name or password`);
}

/**
 * The absolute address of the merchant's token endpoint. It is fetched with the page's cookies and answers a
 * credential, so it must be the page's own origin (a relative path, typically), or https:, or loopback.
 */
export function resolveTokenEndpoint(authUrl: string, pageUrl: string): string {
  let url: URL;
  try {
    url = new URL(authUrl.trim(), pageUrl);
  } catch {
    throw new ApiError('config', `auth-url ${JSON.stringify(authUrl)} is not a valid address`);
  }
  if (url.origin !== new URL(pageUrl).origin) requireHttps(url, 'auth-url');
  return url.href;
}

export function resolveBaseAddress(options: { apiBase?: string | null; environment?: string | null; pageUrl: string }): URL {
  const { apiBase, environment, pageUrl } = options;
  if (apiBase === undefined || apiBase === null || apiBase.trim() === '') {
    const name = environment ?? 'production';
    if (!isEnvironment(name)) {
      throw new ApiError('config', `environment must be "production" or "staging", not ${JSON.stringify(name)}`);
    }
    return new URL(ENVIRONMENT_BASE_ADDRESSES[name]);
  }
  let url: URL;
  try {
    url = new URL(apiBase.trim(), pageUrl);
  } catch {
    throw new ApiError('config', `api-base ${JSON.stringify(apiBase)} is not a valid address`);
  }
  requireHttps(url, 'api-base');
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}
