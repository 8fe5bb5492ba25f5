/**
 * What the requests a widget made before `prepaid-upgrade-ready` say: how many, what each read, and in how many round
 * trips. bench/in-page.ts logs each request the page makes to the sandbox; this file, free of the browser and of node,
 * reads those logs.
 *
 * A round trip is a step of waiting on an answer: the round trips before ready are the length of the longest chain
 * of requests in which each one started after the one before it had been answered. Requests in flight side by side are
 * one round trip; a request that waits on another's answer adds one.
 */

/**
 * How late the bench's sandbox answers the next order read by id (bench/sandbox-worker.ts): later than anything ready
 * waits for, as a slow service would. An answer that still came before ready would mean that ready waited for it.
 */
export const ORDER_BY_ID_DELAY_MS = 300;

/** One API request the page made to the sandbox, as bench/in-page.ts logs it. */
export interface LoggedRequest {
  method: string;
  /** Its path under the sandbox instance's base, with its query: `/subscriptions/sub_1/`, `/orders/?subscription=…`. */
  target: string;
  /** `performance.now()` when it started, less the mount's own start. */
  startMs: number;
  /** ...when its answer came back; `null` while it is under way. */
  endMs: number | null;
  /**
   * The same moments as places in one sequence of the page's events (starts, ends, ready), which never tie: whether a
   * request started after another ended does not depend on the timer's resolution.
   */
  startSeq: number;
  endSeq: number | null;
}

/** One mount of the bench: the requests it made and when (in the same sequence) it was ready. */
export interface MountLog {
  msToReady: number;
  readySeq: number;
  requests: LoggedRequest[];
}

/**
 * What a request reads or writes, in a word: `subscription`, `product`, `next order` (the listing), `order by id` (its
 * amounts, read when the listing leaves them out), `upgrade`, or its path.
 */
export function readOf({ target }: Pick<LoggedRequest, 'target'>): string {
  const url = new URL(target, 'http://sandbox');
  const path = url.pathname;
  if (/^\/subscriptions\/[^/]+\/upgrade_to_prepaid\/$/.test(path)) return 'upgrade';
  if (/^\/subscriptions\/[^/]+\/$/.test(path)) return 'subscription';
  if (/^\/products\/[^/]+\/$/.test(path)) return 'product';
  if (path === '/orders/' && url.searchParams.has('subscription') && url.searchParams.get('status') === '1') return 'next order';
  if (/^\/orders\/[^/]+\/$/.test(path)) return 'order by id';
  return target;
}

/**
 * Each request's round trip, for requests in the order they started: 1 when it waited on no answer, else one more than
 * the latest round trip among the requests answered before it started (which all started before it, so come first).
 */
function roundTripsOf(requests: readonly LoggedRequest[]): number[] {
  const depth: number[] = [];
  for (const request of requests) {
    let waitedOn = 0;
    for (const [j, other] of requests.entries()) {
      if (other.endSeq !== null && other.endSeq < request.startSeq) waitedOn = Math.max(waitedOn, depth[j]!);
    }
    depth.push(waitedOn + 1);
  }
  return depth;
}

export interface TimedRead {
  /** `GET subscription`, `GET product`, `GET next order`... */
  name: string;
  /** Which round trip it is in, from 1. */
  roundTrip: number;
  startMs: number;
  endMs: number | null;
}

export interface ReadyRequests {
  /**
   * The requests started before ready, in the order they started, with the round trip each is in; but the order read
   * by id, which ready never waits for (see `orderById`).
   */
  reads: TimedRead[];
  roundTrips: number;
  /** Whether the next order was read before ready at all. */
  nextOrderRead: boolean;
  /** Whether the next order's read waited for the product's answer (started only after it came back). */
  nextOrderAfterProduct: boolean;
  /** From the last answer before ready to ready, in ms. */
  msFromLastAnswerToReady: number;
  /**
   * The next order read by id: `read` whether the mount read it at all; `answeredBeforeReady` whether its answer came
   * before ready. The bench's sandbox answers it late on purpose (bench/sandbox-worker.ts), so an answer before ready
   * means that ready waited for it.
   */
  orderById: { read: boolean; answeredBeforeReady: boolean };
}

/** What the requests of one mount, up to ready, say. */
export function readyRequests(mount: MountLog): ReadyRequests {
  const byId = mount.requests.find((r) => r.method === 'GET' && readOf(r) === 'order by id');
  const before = mount.requests.filter((r) => r.startSeq < mount.readySeq && r !== byId).sort((a, b) => a.startSeq - b.startSeq);
  const depth = roundTripsOf(before);
  const reads = before.map((r, i) => ({ name: `${r.method} ${readOf(r)}`, roundTrip: depth[i]!, startMs: r.startMs, endMs: r.endMs }));
  const find = (name: string) => before.find((r) => r.method === 'GET' && readOf(r) === name);
  const order = find('next order');
  const product = find('product');
  const answers = before.flatMap((r) => (r.endSeq !== null && r.endSeq < mount.readySeq ? [r.endMs!] : []));
  return {
    reads,
    roundTrips: Math.max(0, ...depth),
    nextOrderRead: order !== undefined,
    nextOrderAfterProduct: !!order && !!product && product.endSeq !== null && product.endSeq < order.startSeq,
    msFromLastAnswerToReady: mount.msToReady - Math.max(0, ...answers),
    orderById: { read: byId !== undefined, answeredBeforeReady: byId?.endSeq != null && byId.endSeq < mount.readySeq },
  };
}

/** `GET subscription; then GET product ∥ GET next order`: the reads, round trip by round trip. */
export function describeReads(reads: readonly TimedRead[]): string {
  const trips: string[][] = [];
  for (const read of reads) (trips[read.roundTrip - 1] ??= []).push(read.name);
  return trips.map((names) => names.join(' ∥ ')).join('; then ');
}
