import { ApiError } from './errors.js';

export type Environment = 'production' | 'staging';

export const ENVIRONMENT_BASE_ADDRESSES: Readonly<Record<Environment, string>> = {
  production: 'https://restapi.ordergroove.com/',
  staging: 'https://staging.restapi.ordergroove.com/',
};

/** The loopback hosts, spelled as `URL` writes them. Plain http: to these hosts never leaves the machine. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Whether an address is secure: https:, or plain http: on a loopback host only, and no user name or password. The rule
 * reads the parsed address and never its text. In the text, `http://localhost:@evil.example/` would pass for loopback.
 */
export const isSecureAddress = (url: URL): boolean =>
  (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname))) && !url.username && !url.password;

/** Parses `address`. Returns undefined when it is not an absolute address. */
const parsed = (address: string): URL | undefined => {
  try {
    return new URL(address);
  } catch {
    return undefined;
  }
};

/**
 * Image addresses come from server data, so only secure addresses and inline pictures are rendered. Inline pictures
 * cannot run script. A relative address is not rendered either, because it would load from the store's page and not
 * from where the service meant.
 */
export const isSafeImageAddress = (address: unknown): address is string => {
  const url = typeof address === 'string' ? parsed(address) : undefined;
  return !!url && (isSecureAddress(url) || (url.protocol === 'data:' && /^image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(url.pathname)));
};

export const isEnvironment = (value: unknown): value is Environment => value === 'production' || value === 'staging';

/**
 * Resolves `address`, an attribute's value that may be relative, against the page. Only https: is accepted, and plain
 * http: only on loopback hosts. This way a typo can never send a customer's token over the open internet in clear text.
 * With `allowPageOrigin`, the page's own origin is accepted too, whatever its protocol.
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
 * The absolute address of the merchant's token endpoint. The widget fetches it with the page's cookies, and it answers
 * with a credential. So it must be on the page's own origin (typically a relative path), use https:, or be on a
 * loopback host.
 */
export const resolveTokenEndpoint = (authUrl: string, pageUrl: string): string => resolveAddress('auth-url', authUrl, pageUrl, true).href;

/**
 * The base address that every request path is resolved against. It always ends in `/`. `api-base` wins over
 * `environment`. A relative `api-base` resolves against the page.
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
