/** Dates as the service sends them (`YYYY-MM-DD`, or `YYYY-MM-DD HH:MM:SS`) and as the customer reads them. */

const SERVICE_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/;

/**
 * The calendar date of a service timestamp in the customer's language, e.g. "14 September 2026". The time of day
 * is left out: the service does not say in which time zone it is, so only the date is certain.
 */
export function formatServiceDate(value: string | null | undefined, locale: string): string | undefined {
  const match = value ? SERVICE_DATE.exec(value.trim()) : null;
  if (!match) return undefined;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
