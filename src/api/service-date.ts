/**
 * Dates as the service sends them, as `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS`. Each is a calendar date of the merchant's.
 */

const SERVICE_DATE = /^(\d{4}-\d{2}-\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/;

/**
 * The calendar day of a service date, as midnight UTC of that day. Compared and formatted in UTC, it is the same day in
 * every time zone. The time of day is dropped, because the service does not say which time zone it is in. Returns
 * `undefined` for a value that is not a date, or for a day that the month does not have, such as `2026-02-30`.
 */
export function calendarDay(value: string | null | undefined): Date | undefined {
  const day = value && SERVICE_DATE.exec(value.trim())?.[1];
  if (!day) return undefined;
  // A date alone is read as midnight UTC. A day that the month does not have is either refused or carried into the next
  // month, where it falls on another day of the month.
  const date = new Date(day);
  return date.getUTCDate() === Number(day.slice(8)) ? date : undefined;
}
