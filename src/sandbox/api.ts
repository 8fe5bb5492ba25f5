/** The service endpoints the widget uses (DESIGN.md §3), answered from one instance's data. */
import type { Principal } from './auth.js';
import { delay, json, methodNotAllowed, parseJson, problem } from './http.js';
import { isLive, type Customer, type Product, type SandboxData, type Subscription } from './model.js';
import { paginate } from './paging.js';
import { checkUpgradable, parseUpgradeRequest, upgradedSubscription } from './upgrade.js';

export interface ApiContext {
  data: SandboxData;
  principal: Principal;
  /** The full request address, for building `paging.next`. */
  url: URL;
  bodyText: string;
  nowMs: () => number;
  /** Ids of the subscriptions an upgrade is changing right now. */
  locks: Set<string>;
  upgradeDurationMs: number;
}

type Handler = (context: ApiContext, params: string[]) => Response | Promise<Response>;

export type RouteMatch = { ok: true; handler: Handler; params: string[] } | { ok: false; response: Response };

const notFound = () => problem(404, 'Not found.');

/** A caller sees its merchant's subscriptions, and a storefront caller only the customer's own. */
const canSee = (principal: Principal, subscription: Subscription) =>
  subscription.merchant === principal.merchant.publicId &&
  (principal.scope === 'application' || subscription.customer === principal.customerId);

const visibleSubscriptions = ({ data, principal }: ApiContext) => [...data.subscriptions.values()].filter((s) => canSee(principal, s));

// Someone else's subscription is answered exactly like a missing one, so that its existence is not revealed.
function findSubscription({ data, principal }: ApiContext, id: string): Subscription | undefined {
  const subscription = data.subscriptions.get(id);
  return subscription && canSee(principal, subscription) ? subscription : undefined;
}

const publicProduct = ({ merchant: _merchant, offers: _offers, ...product }: Product) => product;
const publicCustomer = ({ merchant: _merchant, ...customer }: Customer) => customer;

function pageResponse<T>(items: readonly T[], url: URL): Response {
  const page = paginate(items, url);
  return page.ok ? json(200, page.body) : problem(400, page.detail);
}

function listCustomers(context: ApiContext): Response {
  const { data, principal, url } = context;
  if (principal.scope !== 'application') return problem(403, 'Listing customers needs the application scope (an x-api-key).');
  const customers = data.customers.filter((c) => c.merchant === principal.merchant.publicId).map(publicCustomer);
  return pageResponse(customers, url);
}

function listSubscriptions(context: ApiContext): Response {
  const live = context.url.searchParams.get('live');
  if (live !== null && live !== 'true' && live !== 'false') return problem(400, 'live must be true or false.');
  const subscriptions = visibleSubscriptions(context).filter((s) => live === null || isLive(s) === (live === 'true'));
  return pageResponse(subscriptions, context.url);
}

function getSubscription(context: ApiContext, [id]: string[]): Response {
  const subscription = findSubscription(context, id!);
  return subscription ? json(200, subscription) : notFound();
}

function getProduct({ data, principal }: ApiContext, [id]: string[]): Response {
  const product = data.products.get(id!);
  return product && product.merchant === principal.merchant.publicId ? json(200, publicProduct(product)) : notFound();
}

/**
 * The upgrade holds its subscription's lock for `upgradeDurationMs`, as the service's own work would, and a
 * concurrent change meanwhile gets 423. The checks and the change happen under the lock, so that of many concurrent
 * upgrades exactly one wins and the others see either the lock or the already upgraded subscription.
 */
async function upgradeToPrepaid(context: ApiContext, [id]: string[]): Promise<Response> {
  const { data, locks } = context;
  const subscription = findSubscription(context, id!);
  if (!subscription) return notFound();
  const body = parseJson(context.bodyText);
  if (!body.ok) return problem(400, 'The request body is not valid JSON.');
  const request = parseUpgradeRequest(body.value);
  if (!request.ok) return json(400, request.refusal);
  if (locks.has(subscription.public_id)) return problem(423, 'Another request is changing this subscription; retry shortly.');
  locks.add(subscription.public_id);
  try {
    const product = data.products.get(subscription.product)!;
    const merchant = data.merchants.get(subscription.merchant)!;
    const offer = checkUpgradable(subscription, product, merchant, request.value);
    if (!offer.ok) return problem(400, offer.detail);
    await delay(context.upgradeDurationMs);
    const upgraded = upgradedSubscription(subscription, request.value, offer.value, context.nowMs());
    data.subscriptions.set(upgraded.public_id, upgraded);
    return json(200, upgraded);
  } finally {
    locks.delete(subscription.public_id);
  }
}

const ROUTES: ReadonlyArray<{ pattern: RegExp; methods: Readonly<Record<string, Handler>> }> = [
  { pattern: /^\/customers\/?$/, methods: { GET: listCustomers } },
  { pattern: /^\/subscriptions\/$/, methods: { GET: listSubscriptions } },
  { pattern: /^\/subscriptions\/([^/]+)\/$/, methods: { GET: getSubscription } },
  { pattern: /^\/subscriptions\/([^/]+)\/upgrade_to_prepaid\/$/, methods: { PATCH: upgradeToPrepaid } },
  { pattern: /^\/products\/([^/]+)\/$/, methods: { GET: getProduct } },
];

function findRoute(path: string) {
  for (const route of ROUTES) {
    const match = route.pattern.exec(path);
    if (match) return { route, match };
  }
  return undefined;
}

/** Finds the handler for a request, or the 404 / 405 that answers it before any credential is looked at. */
export function matchApiRoute(method: string, path: string): RouteMatch {
  const found = findRoute(path);
  if (!found) {
    // The documented paths end with a slash; say so rather than leave a client guessing.
    const hint = !path.endsWith('/') && findRoute(`${path}/`) ? ` Did you mean "${path}/"? These paths end with a slash.` : '';
    return { ok: false, response: problem(404, `Not found.${hint}`) };
  }
  const handler = Object.hasOwn(found.route.methods, method) ? found.route.methods[method] : undefined;
  if (!handler) return { ok: false, response: methodNotAllowed(method, Object.keys(found.route.methods)) };
  try {
    return { ok: true, handler, params: found.match.slice(1).map((param) => decodeURIComponent(param)) };
  } catch {
    return { ok: false, response: notFound() };
  }
}
