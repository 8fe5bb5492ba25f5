/**
 * A subscription's next order. It is the unsent order with the earliest `place`, which is the calendar date on which
 * the order is placed and billed. The service reprices the order right after an upgrade. Read again then, it tells what
 * the customer will really be billed.
 *
 * Its date comes from the listing. Its amounts come from the listing when they are all money. But the listing that the
 * service documents has no `sub_total`, and its example has a `total` of `"undefined"`. Otherwise the amounts come from
 * the order read by id, whose documentation has them all.
 */
import { isPathStep, type ApiClient, type RequestOptions } from './client.js';
import { ApiError } from './errors.js';
import { answerSchemas, type Order } from './schemas.js';
import { calendarDay } from './service-date.js';

/**
 * What the element tells about the next order, as the service sent it. Amounts are decimal strings, or `null` where the
 * service does not say or says something that is not money.
 */
export interface NextOrder {
  publicId: string;
  /**
   * When the order is placed and billed, as `YYYY-MM-DD HH:MM:SS` or `YYYY-MM-DD`. It is a calendar date of the
   * merchant's.
   */
  place: string;
  /** The amount billed after discounts, before tax and shipping. */
  subTotal: string | null;
  /** The amount billed in all, which the card is charged: `subTotal` + `taxTotal` + `shippingTotal`. */
  total: string | null;
  taxTotal: string | null;
  shippingTotal: string | null;
  /** `null` when the service does not say. The subscription's currency then applies. */
  currencyCode: string | null;
}

/** The status of an order that is not sent yet, such as the next order. */
export const UNSENT = 1;

/** The amounts of an order, each named as the element names it and as the service does. */
const AMOUNTS = { subTotal: 'sub_total', total: 'total', taxTotal: 'tax_total', shippingTotal: 'shipping_total' } as const;
type Amounts = Pick<NextOrder, keyof typeof AMOUNTS>;

/**
 * The amounts of `order`. Each is kept when it is a decimal string of money, as the service writes amounts. Otherwise
 * it is `null`, as for `"undefined"` or a number. Where `listed` knows an amount, that one is used.
 */
function amountsOf(order: Order, listed?: Amounts): Amounts {
  const amounts = {} as Amounts;
  for (const [name, field] of Object.entries(AMOUNTS) as Array<[keyof Amounts, string]>) {
    const value = order[field];
    amounts[name] = listed?.[name] ?? (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) ? value : null);
  }
  return amounts;
}

/** Whether all of the order's amounts are known, so that nothing more needs to be read. */
export const hasAllAmounts = (order: NextOrder): boolean => Object.keys(AMOUNTS).every((name) => order[name as keyof Amounts] !== null);

/**
 * The next order of subscription `subscriptionId` among the `results` of a listing of unsent orders, or `null` when
 * there it has none. A listing that is `filtered` by the subscription holds only its orders, so an order that does not
 * say whose it is counts as the subscription's there, and nowhere else. Any unsent order of the subscription that
 * lacks an id or a date makes the answer malformed, because it could be the next one.
 */
export function nextOrderIn(results: Order[], subscriptionId: string, filtered?: boolean): NextOrder | null {
  let next: NextOrder | null = null;
  let nextDay = Infinity;
  for (const order of results) {
    // The service filters the orders, but what it lets through is checked all the same.
    if (order.status !== UNSENT || (order.subscription ?? (filtered && subscriptionId)) !== subscriptionId) continue;
    const { public_id: publicId, place } = order;
    const day = calendarDay(place)?.getTime();
    if (!publicId || day === undefined) {
      throw new ApiError('malformed', `GET /orders/: unsent order ${publicId ?? '(no public_id)'} has no valid public_id or place`);
    }
    if (day < nextDay) {
      nextDay = day;
      next = { publicId, place: place!, ...amountsOf(order), currencyCode: order.currency_code ?? null };
    }
  }
  return next;
}

/**
 * Reads the next order of subscription `subscriptionId` from `GET /orders/?subscription={id}&status=1`, in either
 * listing shape. The order comes with the amounts that the listing gives. The result is `null` when the subscription
 * has no unsent order.
 *
 * Only the first page is read. The service creates a subscription's orders one at a time (docs/service.md#orders), so
 * its unsent orders never fill more than a page.
 */
export async function readNextOrder(client: ApiClient, subscriptionId: string, options?: RequestOptions): Promise<NextOrder | null> {
  const { results } = await client.read(
    `orders/?subscription=${encodeURIComponent(subscriptionId)}&status=${UNSENT}`,
    answerSchemas().OrderPageSchema,
    options,
  );
  return nextOrderIn(results, subscriptionId, true);
}

/**
 * Completes `order`, from the listing, with the amounts it lacks. They are read from the order itself,
 * `GET /orders/{public_id}/`.
 */
export async function readOrderAmounts(client: ApiClient, order: NextOrder, options?: RequestOptions): Promise<NextOrder> {
  const { publicId } = order;
  if (isPathStep(publicId)) throw new ApiError('malformed', `${JSON.stringify(publicId)} is not an order id`);
  const answer = await client.read(`orders/${encodeURIComponent(publicId)}/`, answerSchemas().OrderSchema, options);
  if (answer.public_id !== publicId) {
    throw new ApiError('malformed', `asked for order ${publicId}, the answer is about ${answer.public_id ?? '(no public_id)'}`);
  }
  return { ...order, ...amountsOf(answer, order) };
}
