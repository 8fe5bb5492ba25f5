/** Dates as the customer reads them: the service's calendar dates, in the customer's language. */
import { calendarDay } from '../api/service-date.js';
import { formatter } from './formatters.js';
import { isRightToLeft } from './languages.js';

/**
 * Formats the calendar date of a service timestamp in the customer's language, such as "September 14, 2026", or
 * "September 14" without `year`. It is formatted in UTC, where `calendarDay` put it, so that no time zone moves it to
 * another day.
 */
export function formatServiceDate(value: string | null | undefined, locale: string, year = true): string | undefined {
  const date = calendarDay(value);
  return (
    date &&
    unbroken(
      formatter(Intl.DateTimeFormat, locale, { year: year ? 'numeric' : undefined, month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
        date,
      ),
      locale,
    )
  );
}

/**
 * Keeps a formatted amount or date together as one piece of a sentence. Its spaces become no-break spaces, so that a
 * narrow screen never breaks "December 6" across two lines. In right-to-left text it is also isolated (U+2068 …
 * U+2069), so that its digits and Latin letters keep their order whatever surrounds them.
 */
export function unbroken(text: string, locale: string): string {
  const kept = text.replace(/ /g, '\u00a0');
  return isRightToLeft(locale) ? `\u2068${kept}\u2069` : kept;
}
