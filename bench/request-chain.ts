/**
 * What the requests of a visit over the network say, free of the browser and of node: what each request is
 * (`requestKind`), which round trip each is in and how long the page sat idle before it (`readChain`), and how many of
 * each kind a page sent (`countKinds`). bench/chain-visits.ts and bench/scale-visits.ts read their visits with it.
 *
 * A round trip is a step of waiting on an answer, as in bench/ready-requests.ts: the page's own request is the first;
 * a request that started after another's answer had come is one round trip after it; requests in flight side by side
 * are one round trip. A file the browser took from its cache is no round trip at all.
 */

/** What a request of a visit is, in a word. */
export type RequestKind =
  | 'page'
  | 'bundle'
  /** The merchant's token endpoint (`auth-url`), asked for a token that the widget waits for. */
  | 'token'
  /** The token endpoint asked while the widget's reads went on without waiting for it: a check of a kept token. */
  | 'token check'
  | 'subscription'
  | 'subscription listing'
  | 'product'
  /** The listing of one subscription's next order, `GET /orders/?subscription=…&status=1`. */
  | 'next order'
  /** A listing of orders that names no single subscription, such as the page's next orders at once. */
  | 'orders listing'
  | 'order by id'
  | 'upgrade'
  | 'other';

/** Where a page finds what it loads: the bundle's path, the token endpoint's, and the service's base path. */
export interface Addresses {
  bundlePath: string;
  tokenPath: string;
  apiBase: string;
}

/** What `url` (an address, or a path with its query) asks for, with the page's `addresses`. */
export function requestKind(url: string, { bundlePath, tokenPath, apiBase }: Addresses): RequestKind {
  const { pathname, searchParams } = new URL(url, 'http://page');
  if (pathname === bundlePath) return 'bundle';
  if (pathname === tokenPath) return 'token';
  if (!pathname.startsWith(`${apiBase}/`)) return 'other';
  // The path under the service's base, past an isolated sandbox instance's `/i/{id}` if there is one.
  const path = pathname.slice(apiBase.length).replace(/^\/i\/[^/]+(?=\/)/, '');
  if (path === '/subscriptions/') return 'subscription listing';
  if (/^\/subscriptions\/[^/]+\/$/.test(path)) return 'subscription';
  if (/^\/subscriptions\/[^/]+\/upgrade_to_prepaid\/$/.test(path)) return 'upgrade';
  if (/^\/products\/[^/]+\/$/.test(path)) return 'product';
  if (path === '/orders/') {
    const named = searchParams.getAll('subscription');
    return named.length === 1 && !named[0]!.includes(',') ? 'next order' : 'orders listing';
  }
  if (/^\/orders\/[^/]+\/$/.test(path)) return 'order by id';
  return 'other';
}

/** A request of a visit, in the page's time (ms from navigation). */
export interface TimedRequest {
  kind: RequestKind;
  /** Its path, with its query. */
  path: string;
  startMs: number;
  /** When its answer had fully come. */
  endMs: number;
  /** Whether the browser took it from its cache, sending nothing. */
  fromCache: boolean;
}

/** A resource of the page, as Resource Timing has it. */
export interface TimedResource {
  url: string;
  startMs: number;
  endMs: number;
  fromCache: boolean;
}

/**
 * A visit's requests: the page's own at `pagePath`, from navigation until its response ended at `pageEndMs`, then each
 * of `resources`, named by `addresses`.
 */
export function requestsOf(pagePath: string, pageEndMs: number, resources: readonly TimedResource[], addresses: Addresses): TimedRequest[] {
  const page: TimedRequest = { kind: 'page', path: pagePath, startMs: 0, endMs: pageEndMs, fromCache: false };
  return [
    page,
    ...resources.map(({ url, startMs, endMs, fromCache }) => {
      const { pathname, search } = new URL(url, 'http://page');
      return { kind: requestKind(url, addresses), path: pathname + search, startMs, endMs, fromCache };
    }),
  ];
}

const API_KINDS: ReadonlySet<RequestKind> = new Set(['subscription', 'subscription listing', 'product', 'next order', 'orders listing']);

/**
 * `requests` with each token request that the service's reads did not wait for named a `token check`: a read was in
 * flight beside it (started before its answer came, answered after it was sent), so the widget had a token already,
 * kept from an earlier visit. A page of one widget is read so: another widget's reads would be beside it too.
 */
export function withTokenChecks(requests: readonly TimedRequest[]): TimedRequest[] {
  return requests.map((request) =>
    request.kind === 'token' &&
    requests.some((read) => API_KINDS.has(read.kind) && read.startMs < request.endMs && read.endMs > request.startMs)
      ? { ...request, kind: 'token check' }
      : request,
  );
}

/**
 * Each request's round trip, for `requests` in any order: 0 for one taken from the cache; else one more than the
 * latest round trip among the requests over the network answered before it started (1 when none was).
 */
export function roundTripsOf(requests: readonly TimedRequest[]): number[] {
  const order = requests.map((_, i) => i).sort((a, b) => requests[a]!.startMs - requests[b]!.startMs);
  const depth: number[] = Array.from(requests, () => 0);
  for (const i of order) {
    const request = requests[i]!;
    if (request.fromCache) continue;
    let waitedOn = 0;
    // Whatever was answered before this started had started before it too, so its round trip is known by now.
    for (const [j, other] of requests.entries()) {
      if (j !== i && !other.fromCache && other.endMs < request.startMs) waitedOn = Math.max(waitedOn, depth[j]!);
    }
    depth[i] = waitedOn + 1;
  }
  return depth;
}

/** One line of a visit's chain: a request, or the moment the offer was shown. */
export interface ChainStep {
  /** `page`, `bundle`, `token`, `GET subscription`..., or `offer shown`. */
  name: string;
  startMs: number;
  /** `null` for a moment, which has no end. */
  endMs: number | null;
  fromCache: boolean;
  /** Its round trip (0: from the cache, or a moment). */
  roundTrip: number;
  /**
   * The answer it waited for, the last one to have come before it started, and its start less that answer's end;
   * `null` for the page, which waited for none.
   */
  idle: { after: string; ms: number } | null;
  /** Whether it came after the offer was shown: nothing the offer waited for. */
  afterOffer: boolean;
}

export interface Chain {
  steps: ChainStep[];
  /**
   * Round trips until the offer was shown: the most among the requests answered before it, but the order read by id,
   * which only fills in amounts and which the offer never waits for (the mounts' budget checks that: bench/budgets.ts).
   * Answered 150 ms after the next order's listing, it may come before a slow render of the offer all the same.
   */
  roundTrips: number;
  /** Those requests, round trip by round trip: `page → bundle → token → subscription → product ∥ next order`. */
  described: string;
  /** Requests sent over the network in the whole visit (the cache's aside). */
  requests: number;
}

/** A request's name in the chain: its kind, a read of the service with its method. */
const stepName = (request: TimedRequest): string =>
  API_KINDS.has(request.kind) || request.kind === 'order by id'
    ? `GET ${request.kind}`
    : request.kind === 'other'
      ? request.path
      : request.kind;

/** The name of a request in the chain's one-line description: its kind alone. */
const shortName = (request: TimedRequest): string => (request.kind === 'other' ? request.path : request.kind);

/**
 * What a visit's `requests` say up to `offerMs`, when the offer was shown (`prepaid-upgrade-ready`): each request's
 * round trip and the idle time before it, then the offer's own line, and the round trips it took (the order read by
 * id aside).
 */
export function readChain(requests: readonly TimedRequest[], offerMs: number): Chain {
  const named = withTokenChecks(requests);
  const depth = roundTripsOf(named);
  /** The answer that came last before `startMs`, from the cache or the network: what a step started after waited for. */
  const waitedFor = (startMs: number, self?: TimedRequest) => {
    const before = named.filter((other) => other !== self && other.endMs < startMs);
    if (!before.length) return null;
    const last = before.reduce((a, b) => (b.endMs > a.endMs ? b : a));
    return { after: shortName(last), ms: startMs - last.endMs };
  };
  const steps: ChainStep[] = named
    .map((request, i): ChainStep => ({
      name: stepName(request),
      startMs: request.startMs,
      endMs: request.endMs,
      fromCache: request.fromCache,
      roundTrip: depth[i]!,
      idle: request.kind === 'page' ? null : waitedFor(request.startMs, request),
      afterOffer: request.endMs > offerMs,
    }))
    .concat({
      name: 'offer shown',
      startMs: offerMs,
      endMs: null,
      fromCache: false,
      roundTrip: 0,
      idle: waitedFor(offerMs),
      afterOffer: false,
    })
    .sort((a, b) => a.startMs - b.startMs);
  const answered = named
    .map((request, i) => ({ request, trip: depth[i]! }))
    .filter(({ request, trip }) => trip > 0 && request.endMs <= offerMs && request.kind !== 'order by id');
  const trips: string[][] = [];
  for (const { request, trip } of answered.sort((a, b) => a.request.startMs - b.request.startMs))
    (trips[trip - 1] ??= []).push(shortName(request));
  return {
    steps,
    roundTrips: Math.max(0, ...answered.map(({ trip }) => trip)),
    described: trips.map((names) => names.join(' ∥ ')).join(' → '),
    requests: named.filter((request) => !request.fromCache).length,
  };
}

/** How many requests of each kind `kinds` holds, every kind named (0 for none). */
export function countKinds(kinds: readonly RequestKind[]): Record<RequestKind, number> {
  const counts = Object.fromEntries(REQUEST_KINDS.map((kind) => [kind, 0])) as Record<RequestKind, number>;
  for (const kind of kinds) counts[kind]++;
  return counts;
}

/** Every kind, in the order a first visit meets them. */
export const REQUEST_KINDS: readonly RequestKind[] = [
  'page',
  'bundle',
  'token',
  'token check',
  'subscription listing',
  'subscription',
  'product',
  'orders listing',
  'next order',
  'order by id',
  'upgrade',
  'other',
];

/**
 * The page's `ids` that none of the listings' answers held (`listed`: the ids each listing answered with): each is
 * read alone. Without a listing there is nothing to have missed, and every id read alone counts against the page.
 */
export function missedByListings(ids: readonly string[], listed: readonly (readonly string[])[]): string[] {
  if (!listed.length) return [];
  const seen = new Set(listed.flat());
  return ids.filter((id) => !seen.has(id));
}
