/**
 * What the page's first widget does once for the whole page, on a customer's first visit: each piece of work in a task
 * of its own, once its placeholder is drawn and its reads are sent, while their answers are awaited, rather than all in
 * the script's evaluation or in the first render, where together they would make a long task.
 *
 * - The schemas of the service's answers (zod): about 10 ms with the CPU slowed four times, as on a mid-range phone.
 *   They are needed first, by the first answer.
 * - The first `Intl` object of a page loads its locale data: 45–150 ms at 4×; each kind made first after it (a date
 *   format, plural rules) costs 5–35 ms more. `formatter` keeps what each made, so the form's render finds them. The
 *   currency is a stand-in: its locale data is what every currency's format shares.
 *
 * Whatever needs one of them before its turn makes it there: nothing waits for this work.
 */
import { answerSchemas } from '../api/schemas.js';
import { plural } from '../i18n/formatters.js';
import { formatServiceDate } from '../i18n/dates.js';
import { formatMoney, formatPercent } from '../i18n/money.js';
import { nextTask } from './next-task.js';

/**
 * The work, in the order it is needed. The first `NumberFormat` of a page loads locale data that a `Locale` and a
 * `Segmenter` load parts of: made first, each in a task of its own, they split one task of 20–45 ms at 1× (80–150 at
 * 4×) into three of at most about 15 (50). A `Segmenter` is not in every engine (Firefox before 125): there the
 * `NumberFormat` loads it all.
 */
const FIRST_WORK: ReadonlyArray<(locale: string) => unknown> = [
  () => answerSchemas(),
  (locale) => new Intl.Locale(locale).maximize(),
  // eslint-disable-next-line compat/compat, baseline-js/use-baseline -- only where it is: the test before it
  (locale) => 'Segmenter' in Intl && new Intl.Segmenter(locale),
  (locale) => formatMoney(1, 'USD', locale),
  (locale) => formatServiceDate('2026-01-01', locale, false),
  (locale) => plural(locale, 1, { other: '#' }),
  (locale) => formatPercent(5, locale),
];

/** Whether the work has started: once a page. */
let started = false;

/**
 * Starts the page's first work, unless a widget did before: after `drawn`, the widget's first update (its placeholder
 * and reads), one piece a task, for the language `locale` names by then.
 */
export async function startFirstWork(drawn: Promise<unknown>, locale: () => string): Promise<void> {
  if (started) return;
  started = true;
  await drawn;
  for (const work of FIRST_WORK) {
    await nextTask();
    try {
      work(locale());
    } catch {
      // A tag Intl refuses is the render's to meet (it falls back): nothing to make ahead of it.
    }
  }
}
