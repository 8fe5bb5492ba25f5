/**
 * A subscription's next order (DESIGN.md §9): the unsent order with the earliest `place`, the calendar date on which
 * it is placed and billed. The service reprices it right after an upgrade, so read again then it tells what the
 * customer will really be billed.
 */
import type { ApiClient, RequestOptions } from './client.js';
import { ApiError } from './errors.js';
import { OrderPageSchema } from './schemas.js';
import { calendarDay } from './service-date.js';

/** What the element tells of the next order: its `place`, `sub_total` and `currency_code` as the service sent them. */
export interface NextOrder {
  publicId: string;
  /** When it is placed and billed: `YYYY-MM-DD HH:MM:SS` or `YYYY-MM-DD`, a calendar date of the merchant's. */
  place: string;
  /** What it bills, a decimal string. */
  subTotal: string;
  /** `null` when the service does not say: the subscription's currency is then the one. */
  currencyCode: string | null;
}

/** The status of an order not sent yet: the next order. */
const UNSENT = 1;

/**
 * The next order of subscription `subscriptionId` (`GET /orders/?subscription={id}&status=1`, in either listing
 * shape), or `null` when it has none. Only the first page is read: the service creates a subscription's orders one at
 * a time (spec §1), so its unsent ones are never more than a page. Any unsent order of the subscription that lacks an
 * id, a date or an amount makes the answer malformed: it could be the next one.
 */
export async function readNextOrder(client: ApiClient, subscriptionId: string, options?: RequestOptions): Promise<NextOrder | null> {
  const { results } = await client.read(
    `orders/?subscription=${encodeURIComponent(subscriptionId)}&status=${UNSENT}`,
    OrderPageSchema,
    options,
  );
  let next: NextOrder | null = null;
  let nextDay = Infinity;
  for (const order of results) {
    // The filter is the service's; what it lets through is checked all the same.
    if (order.status !== UNSENT || (order.subscription ?? subscriptionId) !== subscriptionId) continue;
    const { public_id: publicId, place, sub_total: subTotal } = order;
    const day = calendarDay(place)?.getTime();
    if (!publicId || day === undefined || !/^\d+(\.\d+)?$/.test(subTotal ?? '')) {
      throw new ApiError(
        'malformed',
        `GET /orders/: unsent order ${publicId ?? '(no public_id)'} has no valid public_id, place or sub_total`,
      );
    }
    if (day < nextDay) {
      nextDay = day;
      next = { publicId, place: place!, subTotal: subTotal!, currencyCode: order.currency_code ?? null };
    }
  }
  return next;
}
