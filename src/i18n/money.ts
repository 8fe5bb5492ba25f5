/** Prices as the service sends them (decimal strings) and as the customer reads them (`Intl.NumberFormat`). */
import { discountedMinorUnits } from '../api/rounding.js';
import { formatter } from './formatters.js';
import { unbroken } from './dates.js';

/**
 * Formats an amount in the subscription's currency when it is known. Otherwise it is a plain number, never in a guessed
 * currency.
 */
export function formatMoney(amount: number, currency: string | null | undefined, locale: string): string {
  let text: string;
  try {
    text = formatter(Intl.NumberFormat, locale, { style: 'currency', currency }).format(amount);
  } catch {
    // Intl refuses a missing currency, and anything but three letters in either case. It writes a code that it does not
    // know as the code itself. So Intl never guesses a currency. When it refuses, the amount is a plain number.
    text = formatter(Intl.NumberFormat, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  }
  return unbroken(text, locale);
}

/**
 * The number of digits of a currency's minor unit: 2 for USD, 0 for JPY and 3 for KWD. It is 2 when the currency is
 * unknown.
 */
export function minorDigits(currency: string | null | undefined): number {
  try {
    return formatter(Intl.NumberFormat, 'en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits!;
  } catch {
    return 2;
  }
}

/**
 * `amount` less `percent` per cent, and the saving, in whole minor units of the currency, so never half a yen. The
 * discounted amount is rounded once, half up, as the service reprices the order. The saving is the difference, so that
 * the two add up to `amount` as shown, and the estimate is the bill.
 */
export function applyDiscount(
  amount: number,
  percent: number,
  currency: string | null | undefined,
): { discounted: number; saving: number } {
  const scale = 10 ** minorDigits(currency);
  const whole = Math.round(amount * scale);
  const discounted = discountedMinorUnits(whole, percent);
  return { discounted: discounted / scale, saving: (whole - discounted) / scale };
}

/** A percentage as the page's language writes it, such as 10%, 10 % or 12.5%. */
export const formatPercent = (percent: number, locale: string): string =>
  formatter(Intl.NumberFormat, locale, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
