/** Dates as the service sends them (`YYYY-MM-DD`, or `YYYY-MM-DD HH:MM:SS`) and as the customer reads them. */

const SERVICE_DATE = /^(\d{4}-\d{2}-\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/;

/**
 * The calendar date of a service timestamp in the customer's language, e.g. "14 September 2026". The time of day
 * is left out: the service does not say in which time zone it is, so only the date is certain.
 */
export function formatServiceDate(value: string | null | undefined, locale: string): string | undefined {
  const day = value && SERVICE_DATE.exec(value.trim())?.[1];
  if (!day) return undefined;
  // A date alone is read as midnight UTC. A day the month does not have (`2026-02-30`) is either refused or carried
  // into the next month, where it falls on another day of the month.
  const date = new Date(day);
  if (date.getUTCDate() !== Number(day.slice(8))) return undefined;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
