/** Prices as the service sends them (decimal strings) and as the customer reads them (`Intl.NumberFormat`). */
import type { Product, Subscription } from './api/schemas.js';

const DECIMAL = /^\s*\d+(\.\d+)?\s*$/;

export function parsePrice(value: string | null | undefined): number | undefined {
  return typeof value === 'string' && DECIMAL.test(value) ? Number(value) : undefined;
}

/**
 * The price of one order of this subscription: its own price when it has one, else the product's, times the
 * quantity. Unknown when neither is a readable price.
 */
export function pricePerOrder(subscription: Subscription, product: Product | undefined): number | undefined {
  const unit = parsePrice(subscription.price) ?? parsePrice(product?.price);
  if (unit === undefined) return undefined;
  const quantity = subscription.quantity !== undefined && subscription.quantity > 0 ? subscription.quantity : 1;
  return unit * quantity;
}

const ISO_CURRENCY = /^[A-Z]{3}$/;

/** In the subscription's currency when it is known; as a plain number otherwise, never in a guessed currency. */
export function formatMoney(amount: number, currency: string | null | undefined, locale: string): string {
  const code = currency?.toUpperCase();
  if (code && ISO_CURRENCY.test(code)) {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency: code }).format(amount);
    } catch {
      // An ISO-shaped code this browser does not know: fall through to a plain number.
    }
  }
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
}
