/**
 * The reads that the widgets of a page share. An account page may hold a widget for each of a customer's
 * subscriptions, and each would read its subscription, its product and its next order: 150 requests for 50 widgets,
 * most of them for the same product, sent in one burst to a service that limits its rate. The widgets that read
 * through one connection (the same service, credential and time limit: `connection.ts`) share their reads instead:
 *
 * - The subscriptions asked for together: one is read by id, several from the customer's listing, and each one that
 *   the listing leaves out by id.
 * - Their next orders, in the same way, from one listing of the customer's unsent orders.
 * - Each product, read once, and kept for the tab's next pages for a short while, or as long as the service's
 *   `Cache-Control` says (`tab-store.ts`).
 *
 * Reads are asked for together when they are asked for before the token is at hand and the first updates of the
 * widgets connected with them have run (`connection.ts`): a page's widgets, whose first updates come one a task. A
 * subscription or an order is never taken from a read that was sent before it was asked for, because a change may
 * have been made meanwhile. A product is, as no change of the widget's
 * changes a product.
 */
import type { ApiClient, RequestOptions } from './client.js';
import { nextOrderIn, readNextOrder, UNSENT, type NextOrder } from './orders.js';
import { answerSchemas, validate, type Product } from './schemas.js';
import { keep, kept } from './tab-store.js';

export interface PageReads extends ApiClient {
  /** The next order of the subscription, or `null` when it has none (`orders.ts`). */
  getNextOrder(subscriptionId: string, options?: RequestOptions): Promise<NextOrder | null>;
}

/** How long a product is kept when the service does not say, in milliseconds. */
export const PRODUCT_KEPT_MS = 5 * 60 * 1000;
/** How many items one listing asks for. Anything that a page of them leaves out is read alone. */
const LISTED = 100;

/**
 * Settles as `answer` does, or rejects as soon as `signal` aborts. The read itself goes on: a widget that stops waiting
 * for it does not stop the others.
 */
const awaited = <T>(answer: Promise<T>, signal?: AbortSignal): Promise<T> =>
  signal
    ? Promise.race([
        answer,
        new Promise<never>((_, reject) => {
          signal.throwIfAborted();
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
      ])
    : answer;

/**
 * Reads by id what is asked for together, once `gathered` settles: one id alone (`alone`), several from one `listing`.
 * The listing gives what it holds for an id, or `undefined` when it leaves the id out, which is then read alone. A
 * listing refused for its query (400 or 404, say for a page size that the service does not take) leaves every id to be
 * read alone. Any other failure is each id's, as it would have been alone.
 */
function together<T>(
  gathered: () => Promise<unknown>,
  alone: (id: string) => Promise<T>,
  listing: () => Promise<(id: string) => T | undefined>,
): (id: string, signal?: AbortSignal) => Promise<T> {
  /** Each id asked for, with the signals of those who asked and its answer. */
  type Asked = Map<string, { signals: Array<AbortSignal | undefined>; answer: Promise<T> }>;
  let asked: { ids: Asked; listed: Promise<((id: string) => T | undefined) | void> } | undefined;
  return (id, signal) => {
    if (!asked) {
      const ids: Asked = new Map();
      asked = {
        ids,
        listed: gathered().then(() => {
          asked = undefined;
          // An id that every widget asking for it stopped waiting for, because it left the page say, is not read.
          for (const [id, { signals }] of ids) if (signals.every((signal) => signal?.aborted)) ids.delete(id);
          return ids.size > 1
            ? listing().catch((error: { status?: number }) => {
                if (error.status !== 400 && error.status !== 404) throw error;
              })
            : undefined;
        }),
      };
    }
    const { ids, listed } = asked;
    let one = ids.get(id);
    if (!one) {
      const answer = listed.then((found) => {
        const value = found?.(id);
        return value !== undefined || !ids.has(id) ? value! : alone(id);
      });
      // Whoever asked may have stopped waiting: a failure nobody awaits is still handled.
      answer.catch(() => {});
      ids.set(id, (one = { signals: [], answer }));
    }
    one.signals.push(signal);
    return awaited(one.answer, signal);
  };
}

/**
 * Until when a product may be kept, after an answer with the `Cache-Control` header `control`: 0 when the service says
 * not to keep it.
 */
function productKeptUntil(control: string | null): number {
  const seconds = /max-age=(\d+)/i.exec(control!)?.[1];
  return /no-store|no-cache/i.test(control!) ? 0 : Date.now() + (seconds ? Number(seconds) * 1000 : PRODUCT_KEPT_MS);
}

/**
 * The client that the widgets of one connection share. `gathered` settles once the reads asked for together are all
 * asked. `merchant` gives the public id of the merchant whose token the client sends.
 */
export function shareReads(client: ApiClient, gathered: () => Promise<unknown>, merchant: () => Promise<string | undefined>): PageReads {
  const subscriptions = together(
    gathered,
    (id) => client.getSubscription(id),
    async () => {
      const { results } = await client.readSubscriptionPage(`subscriptions/?limit=${LISTED}`);
      return (id) => results.find((subscription) => subscription.public_id === id);
    },
  );
  const nextOrders = together(
    gathered,
    (id) => readNextOrder(client, id),
    async () => {
      const { results, next, paging } = await client.read(`orders/?status=${UNSENT}&limit=${LISTED}`, answerSchemas().OrderPageSchema);
      // A subscription without an order in the listing has none, when the listing is whole. An order that does not say
      // whose it is could be any subscription's.
      const whole = !(paging?.next ?? next) && results.every((order) => order.subscription);
      return (id) => {
        const order = nextOrderIn(results, id);
        return order || whole ? order : undefined;
      };
    },
  );
  /** The product reads under way, by id. */
  const reading = new Map<string, Promise<Product>>();
  const product = async (id: string, signal?: AbortSignal): Promise<Product> => {
    // A product is one merchant's: two stores of one origin may read the same service, and one id in each.
    const key = `product ${await merchant()} ${client.baseAddress.href}${id}`;
    try {
      // What was kept is checked as an answer is: the page's scripts can write there too.
      const checked = validate(answerSchemas().ProductSchema, JSON.parse(kept(key)!));
      if ('data' in checked) return checked.data;
    } catch {
      // Nothing kept, or nothing good.
    }
    let read = reading.get(id);
    if (!read) {
      let until = 0;
      read = client.getProduct(id, { heard: (headers) => (until = productKeptUntil(headers.get('cache-control'))) });
      reading.set(id, read);
      read
        .then((answer) => until && keep(key, JSON.stringify(answer), until))
        .finally(() => reading.delete(id))
        .catch(() => {});
    }
    return awaited(read, signal);
  };
  return {
    ...client,
    getSubscription: (id, options) => subscriptions(id, options?.signal),
    getProduct: (id, options) => product(id, options?.signal),
    getNextOrder: (id, options) => nextOrders(id, options?.signal),
  };
}
