/**
 * Finding the signed-in customer's subscriptions without an id (docs/discovery.md): every page of their live
 * subscriptions, then each distinct product once, a few at a time. What can be prepaid is the element's to decide;
 * this reads what deciding takes.
 */
import type { ApiClient, RequestOptions } from '../api/client.js';
import type { ApiError } from '../api/errors.js';
import type { Product, Subscription } from '../api/schemas.js';
import { anySignal } from '../api/signals.js';

export interface ListOptions extends RequestOptions {
  /** Hears what the developer should know: why the listing stopped early, a product that could not be read. */
  onWarning?: (message: string) => void;
}

/** Pages of a listing followed at most: a customer with more subscriptions than this is an anomaly, not a reason to loop. */
export const MAX_PAGES = 10;

/** Product reads in flight at most: quick for a customer with a few products, gentle on the rate limit with many. */
export const PRODUCT_READS_AT_ONCE = 4;

export interface Found {
  subscription: Subscription;
  /** Its product; `undefined` when it names none, or when the read failed (`unchecked`). */
  product: Product | undefined;
  /** Its product could not be read, so whether it can be prepaid cannot be told. Other subscriptions are not affected. */
  unchecked?: true;
}

/**
 * The signed-in customer's live subscriptions (`GET /subscriptions/?live=true`), page after page, in either listing
 * shape (docs/service.md#listings), at most `MAX_PAGES` pages. A `next` address elsewhere than the listing's own origin
 * and path is not followed: the token must not travel there.
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
 * subscriptions of that product; a refused credential, or the caller's abort, fails the whole.
 */
export async function findSubscriptions(client: ApiClient, { signal, onWarning }: ListOptions = {}): Promise<Found[]> {
  const listed = await listSubscriptions(client, { ...(signal && { signal }), ...(onWarning && { onWarning }) });
  // A subscription that moved between pages while they were read is listed twice: once is enough.
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
        // A status, not `instanceof ApiError`: in the script bundles this runs in the discovery chunk, whose copy of the
        // class is not the client's.
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
    // The caller's abort is told as the caller's; otherwise, the failure that stopped the reads.
    signal?.throwIfAborted();
    throw stop.signal.reason ?? error;
  }
  return subscriptions.map((subscription) => {
    const product = subscription.product ? products.get(subscription.product) : undefined;
    return subscription.product && !product ? { subscription, product, unchecked: true } : { subscription, product };
  });
}
