/** The service endpoints the widget uses (docs/service.md#endpoints), answered from one instance's data. */
import type { Principal } from './auth.js';
import { delay, json, methodNotAllowed, parseJson, problem } from './http.js';
import { isLive, type Customer, type Order, type Product, type SandboxData, type Subscription } from './model.js';
import { nextOrderOf } from './orders.js';
import { paginate } from './paging.js';
import type { Checked, ParsedBody } from './refusal.js';
import { parseRenewalChange, withRenewalBehavior } from './renewal.js';
import type { OrderListingShape } from './schemas.js';
import { checkUpgradable, parseUpgradeRequest, repricedNextOrder, upgradedSubscription } from './upgrade.js';

export interface ApiContext {
  data: SandboxData;
  principal: Principal;
  /** The full request address, for building the addresses of other pages. */
  url: URL;
  /** The request's headers. `X-OG-API-VERSION` chooses the listing's shape. */
  headers: Headers;
  bodyText: string;
  nowMs: () => number;
  /** The ids of the subscriptions on which a change, such as an upgrade or a renewal change, is under way. */
  locks: Set<string>;
  /** How long a change holds its subscription's lock. */
  writeDurationMs: number;
  /** How `GET /orders/` lists each order: complete, or as the service's List reference documents it. */
  orderListing: OrderListingShape;
}

type Handler = (context: ApiContext, params: string[]) => Response | Promise<Response>;

export type RouteMatch = { ok: true; handler: Handler; params: string[] } | { ok: false; response: Response };

const notFound = () => problem(404, 'Not found.');

/** A caller sees its merchant's subscriptions and orders. A storefront caller sees only the customer's own. */
const canSee = (principal: Principal, record: { merchant: string; customer: string }) =>
  record.merchant === principal.merchant.publicId && (principal.scope === 'application' || record.customer === principal.customerId);

const visibleSubscriptions = ({ data, principal }: ApiContext) => [...data.subscriptions.values()].filter((s) => canSee(principal, s));

// Someone else's subscription or order is answered exactly like a missing one, so that its existence is not revealed.
function findVisible<T extends { merchant: string; customer: string }>(records: Map<string, T>, { principal }: ApiContext, id: string) {
  const record = records.get(id);
  return record && canSee(principal, record) ? record : undefined;
}

const findSubscription = (context: ApiContext, id: string) => findVisible(context.data.subscriptions, context, id);

const publicProduct = ({ merchant: _merchant, offers: _offers, ...product }: Product) => product;
const publicCustomer = ({ merchant: _merchant, ...customer }: Customer) => customer;
const publicOrder = ({ merchant: _merchant, charges: _charges, ...order }: Order) => order;

/**
 * A listed order as the service's List reference documents the listing. It has no `sub_total`, and its `total` is the
 * text "undefined", as in the reference's own example. Tax and shipping stay. The order read by its id has every
 * amount.
 */
const asReferenceListed = ({ sub_total: _subTotal, ...order }: ReturnType<typeof publicOrder>) => ({ ...order, total: 'undefined' });

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

/** The caller's orders, filtered by `subscription` (a public id) and `status` (a whole number) when asked. */
function listOrders(context: ApiContext): Response {
  const { searchParams } = context.url;
  const subscription = searchParams.get('subscription');
  const status = searchParams.get('status');
  if (status !== null && !/^\d{1,9}$/.test(status)) return problem(400, 'status must be a whole number.');
  const orders = [...context.data.orders.values()].filter(
    (order) =>
      canSee(context.principal, order) &&
      (subscription === null || order.subscription === subscription) &&
      (status === null || order.status === Number(status)),
  );
  const listed = orders.map(publicOrder);
  return pageResponse(context.orderListing === 'reference' ? listed.map(asReferenceListed) : listed, context);
}

function getOrder(context: ApiContext, [id]: string[]): Response {
  const order = findVisible(context.data.orders, context, id!);
  return order ? json(200, publicOrder(order)) : notFound();
}

function getProduct({ data, principal }: ApiContext, [id]: string[]): Response {
  const product = data.products.get(id!);
  return product && product.merchant === principal.merchant.publicId ? json(200, publicProduct(product)) : notFound();
}

/** What one change writes: the changed subscription, and any of its orders that the change reprices. */
interface Changed {
  subscription: Subscription;
  orders?: Order[];
}

/**
 * Makes one change of one subscription, as the service makes it. The body is checked on its own first, which gives its
 * 400s. Then, under the subscription's lock, come the rules about the subscription, which give a 400 with a `detail`,
 * and the change itself.
 *
 * The lock is held for `writeDurationMs`, as the service's own work would hold it, and a concurrent change meanwhile
 * gets a 423. The rules are checked under the lock, so of many concurrent changes exactly one wins. The others see
 * either the lock or the changed subscription. Everything that a change writes is stored together, before the answer is
 * made, so that a fault that loses the answer loses nothing else.
 */
async function changeSubscription<T>(
  context: ApiContext,
  id: string,
  parse: (body: unknown) => ParsedBody<T>,
  change: (subscription: Subscription, request: T) => Checked<Changed>,
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
    const { subscription: stored, orders = [] } = changed.value;
    data.subscriptions.set(stored.public_id, stored);
    for (const order of orders) data.orders.set(order.public_id, order);
    return json(200, stored);
  } finally {
    locks.delete(subscription.public_id);
  }
}

/**
 * The upgrade reprices the subscription's next order at once (docs/service.md#when-the-customer-pays). Nothing is
 * charged now.
 */
const upgradeToPrepaid = (context: ApiContext, [id]: string[]) =>
  changeSubscription(context, id!, parseUpgradeRequest, (subscription, request): Checked<Changed> => {
    const { data } = context;
    const product = data.products.get(subscription.product)!;
    const merchant = data.merchants.get(subscription.merchant)!;
    const offer = checkUpgradable(subscription, product, merchant, request);
    if (!offer.ok) return offer;
    const nowMs = context.nowMs();
    const upgraded = upgradedSubscription(subscription, request, offer.value, nowMs);
    const next = nextOrderOf(data, subscription.public_id);
    const orders = next ? [repricedNextOrder(next, upgraded, product, merchant, nowMs)] : [];
    return { ok: true, value: { subscription: upgraded, orders } };
  });

const changeRenewalBehavior = (context: ApiContext, [id]: string[]) =>
  changeSubscription(context, id!, parseRenewalChange, (subscription, renewalBehavior): Checked<Changed> => {
    const changed = withRenewalBehavior(subscription, renewalBehavior, context.nowMs());
    return changed.ok ? { ok: true, value: { subscription: changed.value } } : changed;
  });

const ROUTES: ReadonlyArray<{ pattern: RegExp; methods: Readonly<Record<string, Handler>> }> = [
  { pattern: /^\/customers\/?$/, methods: { GET: listCustomers } },
  { pattern: /^\/subscriptions\/$/, methods: { GET: listSubscriptions } },
  { pattern: /^\/subscriptions\/([^/]+)\/$/, methods: { GET: getSubscription } },
  { pattern: /^\/subscriptions\/([^/]+)\/upgrade_to_prepaid\/$/, methods: { PATCH: upgradeToPrepaid } },
  { pattern: /^\/subscriptions\/([^/]+)\/change_renewal_behavior\/$/, methods: { PATCH: changeRenewalBehavior } },
  { pattern: /^\/products\/([^/]+)\/$/, methods: { GET: getProduct } },
  { pattern: /^\/orders\/$/, methods: { GET: listOrders } },
  { pattern: /^\/orders\/([^/]+)\/$/, methods: { GET: getOrder } },
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
    // The documented paths end with a slash. The answer says so, rather than leave a client guessing.
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
