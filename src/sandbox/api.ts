/** The service endpoints the widget uses (DESIGN.md §3), answered from one instance's data. */
import type { Principal } from './auth.js';
import { delay, json, methodNotAllowed, parseJson, problem } from './http.js';
import { isLive, type Customer, type Product, type SandboxData, type Subscription } from './model.js';
import { paginate } from './paging.js';
import type { Checked, ParsedBody } from './refusal.js';
import { parseRenewalChange, withRenewalBehavior } from './renewal.js';
import { checkUpgradable, parseUpgradeRequest, upgradedSubscription } from './upgrade.js';

export interface ApiContext {
  data: SandboxData;
  principal: Principal;
  /** The full request address, for building the addresses of other pages. */
  url: URL;
  /** The request's headers: `X-OG-API-VERSION` chooses the listing's shape. */
  headers: Headers;
  bodyText: string;
  nowMs: () => number;
  /** Ids of the subscriptions a change (an upgrade, a renewal change) is under way on. */
  locks: Set<string>;
  /** How long a change holds its subscription's lock. */
  writeDurationMs: number;
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

function pageResponse<T>(items: readonly T[], { url, headers }: ApiContext): Response {
  const page = paginate(items, url, headers);
  return page.ok ? json(200, page.body) : problem(page.status, page.detail);
}

function listCustomers(context: ApiContext): Response {
  const { data, principal } = context;
  if (principal.scope !== 'application') return problem(403, 'Listing customers needs the application scope (an x-api-key).');
  const customers = data.customers.filter((c) => c.merchant === principal.merchant.publicId).map(publicCustomer);
  return pageResponse(customers, context);
}

function listSubscriptions(context: ApiContext): Response {
  const live = context.url.searchParams.get('live');
  if (live !== null && live !== 'true' && live !== 'false') return problem(400, 'live must be true or false.');
  const subscriptions = visibleSubscriptions(context).filter((s) => live === null || isLive(s) === (live === 'true'));
  return pageResponse(subscriptions, context);
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
 * One change of one subscription, as the service makes it: the body is checked on its own first (its 400s), then,
 * under the subscription's lock, the rules about the subscription (a 400 with a `detail`) and the change itself. The
 * lock is held for `writeDurationMs`, as the service's own work would hold it, and a concurrent change meanwhile gets
 * 423; since the rules are checked under the lock, of many concurrent changes exactly one wins and the others see
 * either the lock or the changed subscription.
 */
async function changeSubscription<T>(
  context: ApiContext,
  id: string,
  parse: (body: unknown) => ParsedBody<T>,
  change: (subscription: Subscription, request: T) => Checked<Subscription>,
): Promise<Response> {
  const { data, locks } = context;
  const subscription = findSubscription(context, id);
  if (!subscription) return notFound();
  const body = parseJson(context.bodyText);
  if (!body.ok) return problem(400, 'The request body is not valid JSON.');
  const request = parse(body.value);
  if (!request.ok) return json(400, request.refusal);
  if (locks.has(subscription.public_id)) return problem(423, 'Another request is changing this subscription; retry shortly.');
  locks.add(subscription.public_id);
  try {
    const changed = change(subscription, request.value);
    if (!changed.ok) return problem(400, changed.detail);
    await delay(context.writeDurationMs);
    data.subscriptions.set(changed.value.public_id, changed.value);
    return json(200, changed.value);
  } finally {
    locks.delete(subscription.public_id);
  }
}

const upgradeToPrepaid = (context: ApiContext, [id]: string[]) =>
  changeSubscription(context, id!, parseUpgradeRequest, (subscription, request) => {
    const product = context.data.products.get(subscription.product)!;
    const merchant = context.data.merchants.get(subscription.merchant)!;
    const offer = checkUpgradable(subscription, product, merchant, request);
    return offer.ok ? { ok: true, value: upgradedSubscription(subscription, request, offer.value, context.nowMs()) } : offer;
  });

const changeRenewalBehavior = (context: ApiContext, [id]: string[]) =>
  changeSubscription(context, id!, parseRenewalChange, (subscription, renewalBehavior) =>
    withRenewalBehavior(subscription, renewalBehavior, context.nowMs()),
  );

const ROUTES: ReadonlyArray<{ pattern: RegExp; methods: Readonly<Record<string, Handler>> }> = [
  { pattern: /^\/customers\/?$/, methods: { GET: listCustomers } },
  { pattern: /^\/subscriptions\/$/, methods: { GET: listSubscriptions } },
  { pattern: /^\/subscriptions\/([^/]+)\/$/, methods: { GET: getSubscription } },
  { pattern: /^\/subscriptions\/([^/]+)\/upgrade_to_prepaid\/$/, methods: { PATCH: upgradeToPrepaid } },
  { pattern: /^\/subscriptions\/([^/]+)\/change_renewal_behavior\/$/, methods: { PATCH: changeRenewalBehavior } },
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
