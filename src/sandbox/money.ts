/**
 * Money as the service writes it: decimal strings with exactly the currency's minor digits, such as "12.50", or "1800"
 * for JPY, which has none. Sums are worked out in whole minor units, so that no amount that the sandbox answers carries
 * a binary fraction's error.
 */

/**
 * Each currency's number of minor digits, once it has been asked. A number format made for every amount took more of
 * the sandbox's time than anything else it does, as it prices every order it seeds. Only codes of ISO 4217's form are
 * kept, so that no caller can make the map grow past 26³ entries.
 */
const MINOR_DIGITS = new Map<string, number>();

/** The number of the currency's minor digits by ISO 4217, as `Intl` knows them: 2 for USD and EUR, and 0 for JPY. */
function minorDigits(currencyCode: string): number {
  let digits = MINOR_DIGITS.get(currencyCode);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode }).resolvedOptions().maximumFractionDigits ?? 2;
    if (/^[A-Z]{3}$/.test(currencyCode)) MINOR_DIGITS.set(currencyCode, digits);
  }
  return digits;
}

/** Turns a decimal string of the currency into whole minor units: "12.50" USD is 1250. */
export const toMinorUnits = (amount: string, currencyCode: string): number => Math.round(Number(amount) * 10 ** minorDigits(currencyCode));

/** Whole minor units as the service writes them: 1250 USD is "12.50", 1800 JPY is "1800". */
export function formatMinorUnits(minor: number, currencyCode: string): string {
  const digits = minorDigits(currencyCode);
  if (digits === 0) return String(minor);
  const text = String(minor).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
