/**
 * Turns the element's attributes into a client that can talk to the service. The attributes say which subscription to
 * show (or none, to find the customer's), which base address, which credential and which time limit. Anything that
 * keeps a request from being sent is reported as a configuration error that says what is wrong, and nothing is sent.
 */
import { resolveBaseAddress, resolveTokenEndpoint } from './base-address.js';
import { DEFAULT_TIMEOUT_MS, createApiClient, isPathStep } from './client.js';
import { StorefrontCredentials, chooseCredentialSource, headerValue, type CredentialSource } from './credentials.js';
import { ApiError } from './errors.js';
import { shareReads, type PageReads } from './shared-reads.js';
import { parseStorefrontToken } from '../token.js';

export interface ConnectionSettings {
  subscriptionId?: string | undefined;
  token?: string | undefined;
  authUrl?: string | undefined;
  merchantId?: string | undefined;
  environment?: string | undefined;
  apiBase?: string | undefined;
  tokenProvider?: (() => Promise<string>) | undefined;
  timeout?: number | undefined;
}

/** The element's properties that a connection is made of. A change of any of them makes a new connection. */
export const CONNECTION_PROPERTIES = [
  'subscriptionId',
  'token',
  'authUrl',
  'merchantId',
  'environment',
  'apiBase',
  'tokenProvider',
  'timeout',
] as const satisfies ReadonlyArray<keyof ConnectionSettings>;

/** The page that the element is in. Relative addresses resolve against it, and its cookies may hold `og_auth`. */
export interface PageContext {
  pageUrl: string;
  readCookies: () => string;
  /** Receives warnings for the developer about what is likely wrong with the settings or a token. */
  onWarning: (message: string) => void;
  /**
   * Settles in a task after this one. The reads that the page's widgets ask for until then go out together
   * (`shared-reads.ts`): a page's widgets read from their first updates, one a task.
   */
  nextTask?: () => Promise<void>;
}

/**
 * The error that `connect` returns when no credential is given. A page's script may still set one later (see
 * `AttributeConnection`).
 */
export const NO_CREDENTIAL = 'no credential: set tokenProvider, token, auth-url, or merchant-id with an og_auth cookie';

export interface Connection {
  /**
   * `undefined` when no id was given. The element then finds the customer's subscriptions itself (docs/discovery.md).
   */
  subscriptionId: string | undefined;
  /** The client that the page's widgets of the same service, credential and time limit share, with their reads. */
  client: PageReads;
  credentials: StorefrontCredentials;
}

/**
 * The clients of the connections being made, by what they are made of: the widgets that connect together share one,
 * and with it one token and their reads (`shared-reads.ts`). A `tokenProvider` is the page's own function, and its
 * widgets do not share a client.
 */
const shared = new Map<string, Pick<Connection, 'client' | 'credentials'>>();

/** What makes connections the same, or `undefined` for a `tokenProvider`. */
const sharedAs = (source: CredentialSource, baseAddress: URL, timeout: number): string | undefined =>
  // A source is its kind and its token, address or merchant: JSON leaves out the function that reads the cookies.
  source.kind === 'tokenProvider' ? undefined : JSON.stringify([baseAddress, timeout, source]);

export function connect(
  settings: ConnectionSettings,
  { pageUrl, readCookies, onWarning, nextTask = async () => {} }: PageContext,
): Connection | { error: string } {
  const subscriptionId = settings.subscriptionId?.trim() || undefined;
  if (subscriptionId !== undefined && isPathStep(subscriptionId))
    return { error: `subscription-id ${JSON.stringify(subscriptionId)} is not a subscription id` };
  let baseAddress: URL;
  let source: ReturnType<typeof chooseCredentialSource>;
  try {
    baseAddress = resolveBaseAddress({ apiBase: settings.apiBase, environment: settings.environment, pageUrl });
    const { tokenProvider } = settings;
    source = chooseCredentialSource({
      // Calls the function that the settings hold at the time a token is asked for. A framework hands over a new
      // function on each render (see `AttributeConnection`), and the connection keeps working with it.
      tokenProvider: tokenProvider && (() => (settings.tokenProvider ?? tokenProvider)()),
      token: settings.token,
      authUrl: settings.authUrl?.trim() ? resolveTokenEndpoint(settings.authUrl, pageUrl) : undefined,
      merchantId: settings.merchantId,
      readCookies,
    });
    // A token attribute that no header can carry is a mistake in the attributes. It is reported before anything is
    // sent.
    if (source?.kind === 'token') headerValue(source.token, source.kind);
  } catch (error) {
    return { error: error instanceof ApiError ? error.message : String(error) };
  }
  if (!source) return { error: NO_CREDENTIAL };
  const { timeout } = settings;
  const timeoutValid = Number.isFinite(timeout) && timeout! > 0;
  if (timeout !== undefined && !timeoutValid) {
    onWarning(`timeout: ${JSON.stringify(String(timeout))} is not a number of milliseconds, using ${DEFAULT_TIMEOUT_MS}`);
  }
  const timeoutMs = timeoutValid ? timeout! : DEFAULT_TIMEOUT_MS;
  const key = sharedAs(source, baseAddress, timeoutMs);
  let made = key === undefined ? undefined : shared.get(key);
  if (!made) {
    const credentials = new StorefrontCredentials(source, undefined, onWarning);
    const client = createApiClient({ baseAddress, credentials, timeoutMs });
    // The reads asked for together are gathered until the token is at hand and the tasks of the widgets that connected
    // with this one have run: the page's widgets, when the bundle defines the element, read from their first updates,
    // one a task. The subscriptions' and the orders' reads wait for the same moment.
    // A token asked for here, before any request waits for it, keeps to the time limit as a request's would.
    // eslint-disable-next-line baseline-js/use-baseline -- every supported engine has it, Chrome < 124 in part
    const token = () => credentials.authorization(AbortSignal.timeout(timeoutMs));
    let gathering: Promise<unknown> | undefined;
    const gathered = () => (gathering ??= Promise.all([token().catch(() => {}), nextTask()]).finally(() => (gathering = undefined)));
    const merchant = () =>
      token().then(
        (held) => parseStorefrontToken(held)?.public_id,
        () => undefined,
      );
    made = { credentials, client: shareReads(client, gathered, merchant) };
    // The token is asked for now, as the widget connects, before its first render.
    const asked = gathered();
    if (key !== undefined) {
      const together = made;
      shared.set(key, together);
      // A widget that connects later makes a connection of its own. The token that this one holds may be a signed-out
      // customer's by then, and a new connection asks auth-url whether it still is (`StorefrontCredentials.confirm`).
      void asked.then(() => shared.get(key) === together && shared.delete(key));
    }
  }
  return { subscriptionId, ...made };
}
