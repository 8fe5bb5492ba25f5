/** Dates as the service sends them: `YYYY-MM-DD`, or `YYYY-MM-DD HH:MM:SS`, a calendar date of the merchant's. */

const SERVICE_DATE = /^(\d{4}-\d{2}-\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/;

/**
 * The calendar day of a service date, as midnight UTC of that day: compared and formatted in UTC, it is the same day
 * in every time zone. The time of day is dropped: the service does not say in which zone it is. `undefined` for what
 * is no date, or a day the month does not have (`2026-02-30`).
 */
export function calendarDay(value: string | null | undefined): Date | undefined {
  const day = value && SERVICE_DATE.exec(value.trim())?.[1];
  if (!day) return undefined;
  // A date alone is read as midnight UTC. A day the month does not have is either refused or carried into the next
  // month, where it falls on another day of the month.
  const date = new Date(day);
  return date.getUTCDate() === Number(day.slice(8)) ? date : undefined;
}
