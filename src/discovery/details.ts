/**
 * What the picker says about a subscription besides its product: how often it ships and its price per order. This is
 * part of the discovery chunk.
 */
import type { Subscription } from '../api/schemas.js';
import { pricePerOrder } from '../api/subscription.js';
import type { formatMoney } from '../i18n/money.js';
import type { View } from '../i18n/view.js';
import type { Loaded } from '../shared/loaded.js';
import type { ShippingUnit, Strings } from '../i18n/strings.js';

/** The units of `every_period` (1, 2, 3), as the texts name them. */
const SHIPPING_UNITS: Record<number, ShippingUnit> = { 1: 'day', 2: 'week', 3: 'month' };

/**
 * What the customer knows a subscription by, besides its product, in one sentence of the texts, such as "Every 2
 * weeks, $15.00 per order". It is '' when neither is known.
 */
export function detailsOf(
  view: View & { t: Strings },
  { subscription, product }: Loaded,
  // The element's own `formatMoney` (see `PickerHost`).
  money: typeof formatMoney,
): string {
  const perOrder = pricePerOrder(subscription, product);
  const price = perOrder === undefined ? '' : money(perOrder, subscription.currency_code, view.locale);
  const every = shippingInterval(subscription);
  return every ? view.t.shipsEvery(...every, price || undefined) : price && view.t.pricePerOrder(price);
}

/**
 * How often a subscription ships, as a count and a unit, such as 2 weeks. It is read from `every` and `every_period`,
 * else from `frequency_days`, and is `undefined` when neither says. The answer's schema does not check these fields,
 * because a wrong one must not stop an upgrade. So they are read with care here.
 */
function shippingInterval({ every, every_period, frequency_days }: Subscription): [number, ShippingUnit] | undefined {
  const count = (value: unknown) => (Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : 0);
  const unit = SHIPPING_UNITS[count(every_period)];
  if (unit && count(every)) return [count(every), unit];
  return count(frequency_days) ? [count(frequency_days), 'day'] : undefined;
}
