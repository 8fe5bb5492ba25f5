/** Prices as the service sends them (decimal strings) and as the customer reads them (`Intl.NumberFormat`). */
import { discountedMinorUnits } from '../api/rounding.js';
import { formatter } from './formatters.js';
import { unbroken } from './dates.js';

/** In the subscription's currency when it is known; as a plain number otherwise, never in a guessed currency. */
export function formatMoney(amount: number, currency: string | null | undefined, locale: string): string {
  let text: string;
  try {
    text = formatter(Intl.NumberFormat, locale, { style: 'currency', currency }).format(amount);
  } catch {
    // Intl refuses a missing currency and anything but three letters (in either case), and writes a code it does not
    // know as the code itself, so neither guesses. Refused: a plain number.
    text = formatter(Intl.NumberFormat, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  }
  return unbroken(text, locale);
}

/** Digits of a currency's minor unit: 2 for USD, 0 for JPY, 3 for KWD; 2 when the currency is unknown. */
export function minorDigits(currency: string | null | undefined): number {
  try {
    return formatter(Intl.NumberFormat, 'en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits!;
  } catch {
    return 2;
  }
}

/**
 * `amount` less `percent` per cent, and the saving, in whole minor units of the currency (no half yen): the discounted
 * amount rounded once, half up, as the service reprices the order, and the saving the difference, so that the two add
 * up to `amount` as shown and the estimate is the bill.
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

/** A percent as the page's language writes it: 10%, 10 %, 12.5%. */
export const formatPercent = (percent: number, locale: string): string =>
  formatter(Intl.NumberFormat, locale, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
