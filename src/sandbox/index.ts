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
 *   the OpenAPI description of the API. They need no authentication, and they answer only the sandbox's own origin
 *   and the `controlOrigins`.
 * - The same again under `/i/{instanceId}/…`. Each id has its own freshly seeded state, so that tests that run in
 *   parallel against one mounted sandbox do not see each other's changes.
 */
import { controlOriginSet, foreignOrigin, handleControl } from './control.js';
import { withCors, withCorsFor, noContent, problem } from './http.js';
import { SandboxInstance } from './instance.js';
import type { Environment } from './model.js';
import type { OrderListingShape } from './schemas.js';

export type { Fault, QueuedFault } from './faults.js';
export type { SandboxInfo, SubscriptionKind } from './info.js';
export type { RecordedRequest, SandboxInstance } from './instance.js';
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
}

export interface Sandbox {
  handle(request: Request): Promise<Response>;
  /** The default instance, or the isolated instance with this id, which is created on first use. */
  instance(id?: string): SandboxInstance;
}

/** The most isolated instances that are kept. The least recently used one goes first. */
const MAX_INSTANCES = 500;
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
  };
  const controlOrigins = controlOriginSet(options.controlOrigins);
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
    const isolated = INSTANCE_PATH.exec(path);
    const local = isolated ? path.slice(isolated[0].length) || '/' : path;
    const control = CONTROL_PATH.exec(local);
    return { id: isolated?.[1], local, control: control ? local.slice(control[0].length) : undefined };
  }

  async function routeApi(request: Request, id: string | undefined, local: string): Promise<Response> {
    // A preflight only asks for the CORS headers. It is not an API request, so it is not logged, faulted or limited.
    if (request.method === 'OPTIONS') return noContent();
    return (id === undefined ? defaultInstance : instance(id)).handle(request, local);
  }

  async function routeControl(request: Request, id: string | undefined, control: string): Promise<Response> {
    const refusal = foreignOrigin(request, controlOrigins);
    if (refusal) return problem(403, refusal);
    // A preflight from a named origin gets its CORS headers below. A preflight from anywhere else gets none.
    if (request.method === 'OPTIONS') return noContent();
    return handleControl(id === undefined ? defaultInstance : instance(id), request, control);
  }

  return {
    instance,
    async handle(request) {
      const path = localPath(new URL(request.url).pathname);
      const to = path === undefined ? undefined : place(path);
      const origin = request.headers.get('origin');
      // Control answers are for the sandbox's own origin. Only a named origin may read them across origins.
      const cors =
        to?.control === undefined
          ? withCors
          : (response: Response) => (origin !== null && controlOrigins.has(origin) ? withCorsFor(response, origin) : response);
      try {
        if (!to) return cors(problem(404, 'Not found.'));
        return cors(await (to.control === undefined ? routeApi(request, to.id, to.local) : routeControl(request, to.id, to.control)));
      } catch (error) {
        console.error('sandbox: unexpected error', error);
        return cors(problem(500, 'Internal sandbox error.'));
      }
    },
  };
}
