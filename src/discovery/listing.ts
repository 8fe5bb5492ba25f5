/**
 * Finds the signed-in customer's subscriptions without an id (docs/discovery.md). It reads every page of their live
 * subscriptions, then each distinct product once, a few at a time. The element decides what can be prepaid, and this
 * module reads what that decision needs.
 */
import type { ApiClient, RequestOptions } from '../api/client.js';
import type { ApiError } from '../api/errors.js';
import type { Product, Subscription } from '../api/schemas.js';
import { anySignal } from '../api/signals.js';

export interface ListOptions extends RequestOptions {
  /**
   * Receives what the developer should know, such as why the listing stopped early, or a product that could not be
   * read.
   */
  onWarning?: (message: string) => void;
}

/**
 * The most pages of a listing that are followed. A customer with more subscriptions than this is an anomaly, not a
 * reason to loop.
 */
export const MAX_PAGES = 10;

/**
 * The most product reads in flight at once. This is quick for a customer with a few products, and gentle on the rate
 * limit for one with many.
 */
export const PRODUCT_READS_AT_ONCE = 4;

export interface Found {
  subscription: Subscription;
  /** The subscription's product. `undefined` when it names none, or when the read failed (`unchecked`). */
  product: Product | undefined;
  /**
   * The product could not be read, so it cannot be told whether the subscription can be prepaid. Other subscriptions
   * are not affected.
   */
  unchecked?: true;
}

/**
 * Reads the signed-in customer's live subscriptions (`GET /subscriptions/?live=true`), page after page, in either
 * listing shape (docs/service.md#listings). It reads at most `MAX_PAGES` pages. A `next` address outside the listing's
 * own origin and path is not followed, because the token must not travel there.
 */
export async function listSubscriptions(client: ApiClient, { signal, onWarning }: ListOptions = {}): Promise<Subscription[]> {
  const listing = new URL('subscriptions/', client.baseAddress);
  const found: Subscription[] = [];
  let address: string | null | undefined = `${listing.href}?live=true`;
  for (let pages = 0; address; pages++) {
    const next: URL = new URL(address, listing);
    if (next.origin !== listing.origin || next.pathname !== listing.pathname) {
      onWarning?.(`the listing's next page is at ${next.origin}${next.pathname}, not ${listing.href}: not followed`);
      break;
    }
    if (pages === MAX_PAGES) {
      onWarning?.(`the listing has more than ${MAX_PAGES} pages: only the subscriptions of the first ${MAX_PAGES} are used`);
      break;
    }
    const page = await client.readSubscriptionPage(next.href, signal && { signal });
    found.push(...page.results);
    address = page.paging?.next ?? page.next;
  }
  return found;
}

/**
 * The customer's live subscriptions, each once, with its product. A product read that fails marks only the
 * subscriptions of that product. A refused credential, or the caller's abort, fails the whole search.
 */
export async function findSubscriptions(client: ApiClient, { signal, onWarning }: ListOptions = {}): Promise<Found[]> {
  const listed = await listSubscriptions(client, { ...(signal && { signal }), ...(onWarning && { onWarning }) });
  // A subscription that moved between pages while they were read is listed twice. It is kept once.
  const byId = new Map(listed.map((subscription) => [subscription.public_id, subscription]));
  const subscriptions = [...byId.values()];
  const productIds = [...new Set(subscriptions.map((subscription) => subscription.product).filter((id) => !!id))] as string[];

  const products = new Map<string, Product>();
  // Ends the other reads at once when one fails for good.
  const stop = new AbortController();
  const readSignal = signal ? anySignal([signal, stop.signal]) : stop.signal;
  let nextIndex = 0;
  const reader = async () => {
    while (nextIndex < productIds.length) {
      const id = productIds[nextIndex++]!;
      try {
        products.set(id, await client.getProduct(id, { signal: readSignal }));
      } catch (error) {
        // This checks the status, not `instanceof ApiError`. In the script bundles, this runs in the discovery chunk,
        // whose copy of the class is not the client's.
        if (readSignal.aborted || (error as Partial<ApiError> | null)?.status === 401) {
          stop.abort(error);
          throw error;
        }
        onWarning?.(`product ${id} could not be read, so its subscriptions cannot be checked: ${(error as Error).message}`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(PRODUCT_READS_AT_ONCE, productIds.length) }, reader));
  } catch (error) {
    // The caller's abort is reported as the caller's. Otherwise the failure that stopped the reads is reported.
    signal?.throwIfAborted();
    throw stop.signal.reason ?? error;
  }
  return subscriptions.map((subscription) => {
    const product = subscription.product ? products.get(subscription.product) : undefined;
    return subscription.product && !product ? { subscription, product, unchecked: true } : { subscription, product };
  });
}
