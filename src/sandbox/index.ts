/**
 * `prepaid-upgrade/sandbox`: a local, in-memory emulator of the subscription service, as one fetch handler
 * `(Request) => Promise<Response>` that a dev server, a test runner, a service worker or the bundled CLI can mount.
 *
 * It runs in browsers and in Node ≥ 20 alike: only WebCrypto and fetch-API globals are used.
 *
 * Routes, relative to `basePath`:
 * - the API of docs/service.md#endpoints (`/subscriptions/…`, `/products/{id}/`, `/customers`, `/orders/…`), both
 *   authentication scopes, and the listings in both shapes of docs/service.md#listings (the default one, or
 *   production's with `X-OG-API-VERSION: 2`);
 * - `/__sandbox/…` control routes (faults, latency, the order listing's shape, request log, reset, info, the OpenAPI
 *   description of the API), without authentication, for the sandbox's own origin and the `controlOrigins` only;
 * - the same again under `/i/{instanceId}/…`, each id with its own freshly seeded state, so that tests running in
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
  /** Mount prefix, e.g. `/sandbox`; default none. */
  basePath?: string;
  /** The environment this sandbox pretends to be: only that environment's API keys are accepted. Default production. */
  environment?: Environment;
  /**
   * Clock in ms, for token windows, rate-limit windows, `updated`, and the day the seeded next orders are dated from
   * (on creation and on every reset); default `Date.now`.
   */
  now?: () => number;
  /** Requests allowed per credential (API key, or merchant + customer) in each window; default 600 per minute. */
  rateLimit?: { limit: number; windowMs: number };
  /**
   * How long a change of a subscription (an upgrade, a renewal change) holds its lock, in ms; default 50. A second
   * change of the same subscription meanwhile gets 423.
   */
  writeDurationMs?: number;
  /** @deprecated The former name of `writeDurationMs`, from when the upgrade was the only change. */
  upgradeDurationMs?: number;
  /**
   * How each instance lists orders to begin with, and again after a reset: `complete` (the default), or `reference`, as
   * the service's List reference documents the listing (no `sub_total`, `total` the text "undefined"). Each instance's
   * `POST /__sandbox/order-listing` changes it for that instance.
   */
  orderListing?: OrderListingShape;
  /**
   * Origins besides the sandbox's own whose pages may call the control routes (`/__sandbox/…`), such as
   * `http://localhost:5173` for a dev page on another port; default none. A browser request for a control route from
   * any other origin gets 403, and control answers carry no `access-control-allow-origin: *`, as the API's do.
   */
  controlOrigins?: readonly string[];
}

export interface Sandbox {
  handle(request: Request): Promise<Response>;
  /** The default instance, or the isolated instance with this id (created on first use). */
  instance(id?: string): SandboxInstance;
}

/** Isolated instances kept at most; the least recently used goes first. */
const MAX_INSTANCES = 500;
const INSTANCE_PATH = /^\/i\/([A-Za-z0-9_-]{1,64})(?=\/|$)/;
/** An instance's control routes, `/__sandbox/…`; the rest of the path names the route. */
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
  // A Map iterates in insertion order: re-inserting on every use keeps the least recently used first.
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
    // A preflight only asks for the CORS headers: it is not an API request, so it is not logged, faulted or limited.
    if (request.method === 'OPTIONS') return noContent();
    return (id === undefined ? defaultInstance : instance(id)).handle(request, local);
  }

  async function routeControl(request: Request, id: string | undefined, control: string): Promise<Response> {
    const refusal = foreignOrigin(request, controlOrigins);
    if (refusal) return problem(403, refusal);
    // A preflight from a named origin gets its CORS headers below; from anywhere else, none.
    if (request.method === 'OPTIONS') return noContent();
    return handleControl(id === undefined ? defaultInstance : instance(id), request, control);
  }

  return {
    instance,
    async handle(request) {
      const path = localPath(new URL(request.url).pathname);
      const to = path === undefined ? undefined : place(path);
      const origin = request.headers.get('origin');
      // Control answers are for the sandbox's own origin: only a named origin may read them across origins.
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
