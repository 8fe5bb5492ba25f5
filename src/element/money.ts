/** Prices as the service sends them (decimal strings) and as the customer reads them (`Intl.NumberFormat`). */
import type { Product, Subscription } from '../api/schemas.js';

export function parsePrice(value: string | null | undefined): number | undefined {
  return value && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : undefined;
}

/**
 * The price of one order of this subscription: its own price when it has one, else the product's, times the
 * quantity. Unknown when neither is a readable price.
 */
export function pricePerOrder(subscription: Subscription, product: Product | undefined): number | undefined {
  const unit = parsePrice(subscription.price) ?? parsePrice(product?.price);
  if (unit === undefined) return undefined;
  const quantity = subscription.quantity ?? 0;
  return unit * (quantity > 0 ? quantity : 1);
}

/** In the subscription's currency when it is known; as a plain number otherwise, never in a guessed currency. */
export function formatMoney(amount: number, currency: string | null | undefined, locale: string): string {
  if (currency) {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
    } catch {
      // Intl refuses anything but three letters (in either case) and writes a code it does not know as the code
      // itself, so neither guesses. Refused: fall through to a plain number.
    }
  }
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
}
