/**
 * `prepaid-upgrade/sandbox` is a local, in-memory emulator of the subscription service. It is one fetch handler,
 * `(Request) => Promise<Response>`, that a dev server, a test runner, a service worker or the bundled CLI can mount.
 *
 * It runs in browsers and in Node ≥ 20 alike, because it uses only WebCrypto and fetch-API globals.
 *
 * These are the routes, relative to `basePath`:
 * - The API of docs/service.md#endpoints (`/subscriptions/…`, `/products/{id}/`, `/customers`, `/orders/…`), with
 *   both authentication scopes. Its listings come in both shapes of docs/service.md#listings: the default one, or
 *   production's with `X-OG-API-VERSION: 2`.
 * - The `/__sandbox/…` control routes: faults, latency, the order listing's shape, the request log, reset, info, and
 *   the OpenAPI description of the API. They need no authentication. They answer only pages of the sandbox's own
 *   origin and of the `controlOrigins`, and programs on the sandbox's own machine.
 * - The same again under `/i/{instanceId}/…`. Each id has its own freshly seeded state, so that tests that run in
 *   parallel against one mounted sandbox do not see each other's changes.
 *
 * A server that mounts it passes what it knows of the client beside the request, `handle(request, { remoteAddress })`.
 */
import { controlOriginSet, controlRefusal, handleControl } from './control.js';
import { withCors, withCorsFor, noContent, problem, type ClientInfo } from './http.js';
import { SandboxInstance } from './instance.js';
import type { Environment } from './model.js';
import { FixedWindowRateLimiter } from './rate-limit.js';
import { LogBudget } from './request-log.js';
import type { OrderListingShape } from './schemas.js';

export type { Fault, QueuedFault } from './faults.js';
export type { SandboxInfo, SubscriptionKind } from './info.js';
export type { ClientInfo } from './http.js';
export type { SandboxInstance } from './instance.js';
export { redactCredential } from './redaction.js';
export type { RecordedRequest } from './request-log.js';
export type { Environment, Order, OrderCharges, PrepaidSubscriptionContext, RenewalBehavior, Subscription } from './model.js';
export type { OrderListingShape } from './schemas.js';
export {
  SANDBOX_CUSTOMERS,
  SANDBOX_DISCOVERY,
  SANDBOX_MERCHANT,
  SANDBOX_MERCHANT_PREPAID_DISABLED,
  SANDBOX_PAGING_CUSTOMER_ID,
  SANDBOX_SUBSCRIPTIONS,
} from './seed.js';

export interface SandboxOptions {
  /** The mount prefix, such as `/sandbox`. Default none. */
  basePath?: string;
  /**
   * The environment that this sandbox pretends to be. Only that environment's API keys are accepted. Default
   * production.
   */
  environment?: Environment;
  /**
   * The clock in ms. It is used for token windows, rate-limit windows and `updated`, and for the day from which the
   * seeded next orders are dated, on creation and on every reset. Default `Date.now`.
   */
  now?: () => number;
  /**
   * The requests allowed per credential (an API key, or a merchant and customer) in each window. Default 600 per
   * minute.
   */
  rateLimit?: { limit: number; windowMs: number };
  /**
   * How long a change of a subscription, such as an upgrade or a renewal change, holds its lock, in ms. Default 50. A
   * second change of the same subscription meanwhile gets a 423.
   */
  writeDurationMs?: number;
  /** @deprecated The former name of `writeDurationMs`, from when the upgrade was the only change. */
  upgradeDurationMs?: number;
  /**
   * How each instance lists orders to begin with, and again after a reset. It is `complete`, the default, or
   * `reference`, as the service's List reference documents the listing: no `sub_total`, and `total` as the text
   * "undefined". Each instance's `POST /__sandbox/order-listing` changes it for that instance.
   */
  orderListing?: OrderListingShape;
  /**
   * Origins besides the sandbox's own whose pages may call the control routes (`/__sandbox/…`), such as
   * `http://localhost:5173` for a dev page on another port. Default none. A browser request for a control route from
   * any other origin gets a 403. Control answers do not carry `access-control-allow-origin: *`, unlike the API's
   * answers.
   */
  controlOrigins?: readonly string[];
  /**
   * Whether the control routes and the isolated instances under `/i/{id}/`, which exist for the tests that drive their
   * own instance's control routes, are served. Default true. A sandbox that other people's browsers reach, such as one
   * mounted in a store on the open internet, serves neither: only the API, with its data as seeded.
   */
  controlRoutes?: boolean;
}

export interface Sandbox {
  /**
   * Answers a request. `client` is what the server knows of where it came from: without the client's address, a
   * control route answers only a browser page that proves its origin, and a refused token gets no diagnosis.
   */
  handle(request: Request, client?: ClientInfo): Promise<Response>;
  /** The default instance, or the isolated instance with this id, which is created on first use. */
  instance(id?: string): SandboxInstance;
}

/** The most isolated instances that are kept. The least recently used one goes first. */
const MAX_INSTANCES = 500;
/**
 * The refused tokens diagnosed by the token doctor in each window, across every instance. A diagnosis tries every way a
 * signature could have been made wrongly, some tenths of a second of work: enough for a developer fixing their token,
 * and a bound on what a flood of forged tokens can cost.
 */
const DIAGNOSES = { limit: 30, windowMs: 60_000 };
const INSTANCE_PATH = /^\/i\/([A-Za-z0-9_-]{1,64})(?=\/|$)/;
/** An instance's control routes, `/__sandbox/…`. The rest of the path names the route. */
const CONTROL_PATH = /^\/__sandbox(?=\/|$)/;

function normalizeBasePath(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, '');
  return trimmed === '' || trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const basePath = normalizeBasePath(options.basePath ?? '');
  const instanceOptions = {
    environment: options.environment ?? 'production',
    now: options.now ?? Date.now,
    rateLimit: options.rateLimit ?? { limit: 600, windowMs: 60_000 },
    writeDurationMs: options.writeDurationMs ?? options.upgradeDurationMs ?? 50,
    orderListing: options.orderListing ?? 'complete',
    logBudget: new LogBudget(),
    diagnoses: new FixedWindowRateLimiter(DIAGNOSES),
  };
  const controlOrigins = controlOriginSet(options.controlOrigins);
  const controlRoutes = options.controlRoutes ?? true;
  const defaultInstance = new SandboxInstance(instanceOptions);
  // A Map iterates in insertion order, so inserting again on every use keeps the least recently used first.
  const instances = new Map<string, SandboxInstance>();

  function instance(id?: string): SandboxInstance {
    if (id === undefined) return defaultInstance;
    let found = instances.get(id);
    if (found) {
      instances.delete(id);
    } else {
      found = new SandboxInstance(instanceOptions);
      if (instances.size >= MAX_INSTANCES) instances.delete(instances.keys().next().value!);
    }
    instances.set(id, found);
    return found;
  }

  /** The path below the mount point, or undefined when the request is not for this sandbox. */
  function localPath(pathname: string): string | undefined {
    if (basePath === '') return pathname;
    if (pathname === basePath) return '/';
    return pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : undefined;
  }

  /** Where a request goes: its instance, its path there, and for a control route what follows `/__sandbox`. */
  function place(path: string) {
    const isolated = controlRoutes ? INSTANCE_PATH.exec(path) : null;
    const local = isolated ? path.slice(isolated[0].length) || '/' : path;
    const control = CONTROL_PATH.exec(local);
    return { id: isolated?.[1], local, control: control ? local.slice(control[0].length) : undefined };
  }

  async function routeApi(request: Request, id: string | undefined, local: string, client: ClientInfo): Promise<Response> {
    // A preflight only asks for the CORS headers. It is not an API request, so it is not logged, faulted or limited.
    if (request.method === 'OPTIONS') return noContent();
    return (id === undefined ? defaultInstance : instance(id)).handle(request, local, client);
  }

  async function routeControl(request: Request, id: string | undefined, control: string, client: ClientInfo): Promise<Response> {
    if (!controlRoutes) return problem(404, 'Not found. This sandbox serves the API only: its control routes are off.');
    const refusal = controlRefusal(request, controlOrigins, client);
    if (refusal) return problem(403, refusal);
    // A preflight from a named origin gets its CORS headers below. A preflight from anywhere else gets none.
    if (request.method === 'OPTIONS') return noContent();
    return handleControl(id === undefined ? defaultInstance : instance(id), request, control);
  }

  return {
    instance,
    async handle(request, client = {}) {
      const path = localPath(new URL(request.url).pathname);
      const to = path === undefined ? undefined : place(path);
      const origin = request.headers.get('origin');
      // Control answers are for the sandbox's own origin. Only a named origin may read them across origins.
      const cors =
        to?.control === undefined
          ? withCors
          : (response: Response) => (origin !== null && controlOrigins.has(origin) ? withCorsFor(response, origin) : response);
      let response: Response;
      try {
        if (!to) response = problem(404, 'Not found.');
        else if (to.control === undefined) response = await routeApi(request, to.id, to.local, client);
        else response = await routeControl(request, to.id, to.control, client);
      } catch (error) {
        console.error('sandbox: unexpected error', error);
        response = problem(500, 'Internal sandbox error.');
      }
      // Every answer is data. A browser that is shown one must never take it for a page or a script.
      if (response.type !== 'error') response.headers.set('x-content-type-options', 'nosniff');
      return cors(response);
    },
  };
}
