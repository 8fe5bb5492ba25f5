/** Dates as the customer reads them: the service's calendar dates, in the customer's language. */
import { calendarDay } from '../api/service-date.js';
import { formatter } from '../i18n/strings.js';

/**
 * The calendar date of a service timestamp in the customer's language: "September 14, 2026", or without `year`
 * "September 14". Formatted in UTC, where `calendarDay` put it, so that no time zone moves it to another day.
 */
export function formatServiceDate(value: string | null | undefined, locale: string, year = true): string | undefined {
  const date = calendarDay(value);
  return (
    date &&
    formatter(Intl.DateTimeFormat, locale, { year: year ? 'numeric' : undefined, month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
      date,
    )
  );
}
