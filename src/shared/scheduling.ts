/**
 * When the widget's work runs, where it is not when Lit would run it.
 *
 * A Lit element renders in a microtask after a change, and that suits a change the customer makes. A first visit is
 * different. A page inserts its widgets together, their answers arrive together, and a slow phone does each piece of
 * work several times slower. Work done in one task then adds up to a long task, which delays whatever the customer
 * does meanwhile. So three pieces of work each get a task of their own:
 *
 * - The widget's first update (`beforeFirstUpdate`). Inserting a widget only gives it its `loading` state. Its
 *   placeholder, the reading of its attributes and the sending of its reads come a task later, one widget a task.
 * - The page's first work (`startFirstWork`): the answers' schemas and the first `Intl` formats, which load locale
 *   data. They are made once the reads are sent, while the answers are awaited, one a task.
 * - The first render after an answer (`beforeAnswerRenders`): it is a widget's longest piece of work, and the task of
 *   the answer may hold other widgets' answers too.
 *
 * docs/performance.md ("Where a first visit's work goes") measures each of them, and the bench keeps measuring them.
 */
import { answerSchemas } from '../api/schemas.js';
import { plural } from '../i18n/formatters.js';
import { formatServiceDate } from '../i18n/dates.js';
import { formatMoney, formatPercent } from '../i18n/money.js';

interface YieldingScheduler {
  yield(): Promise<void>;
}

/** The continuations waiting for a message to `port`, in the order they asked: `nextTask` without the platform's. */
const waiting: Array<() => void> = [];
let port: MessagePort | undefined;

/**
 * Settles in a task of its own, so that what awaits it runs there, after the tasks that asked before it.
 *
 * The platform's `scheduler.yield()` does this where it exists. Its continuation comes soon, ahead of the tasks queued
 * meanwhile. Elsewhere, a message to itself does it: unlike a timer, it is not slowed down in a background tab, and a
 * page's timers do not hold it back. Chromium may run several such messages in one task, which is why
 * `scheduler.yield()` comes first. The messages go through one channel, because an engine need not keep the order of
 * messages across channels: a page's widgets read together once each one's first update has run (api/connection.ts).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  if (!port) {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()!();
    port = channel.port2;
  }
  return new Promise((resolve) => {
    waiting.push(resolve);
    port!.postMessage(undefined);
  });
}

/**
 * Awaited by the element's `scheduleUpdate` before its first update. Attributes a framework sets right after it
 * inserts the element are read by that update too.
 */
export const beforeFirstUpdate = nextTask;

/** Awaited by the subscription's read before it returns what arrived, which the element then renders. */
export const beforeAnswerRenders = nextTask;

/**
 * The page's first work, in the order it is needed. The answers' schemas are needed by the first answer. The first
 * `Intl.NumberFormat` of a page loads locale data, a part of which an `Intl.Locale` and an `Intl.Segmenter` load too:
 * made first, each in a task of its own, they split that load into three shorter tasks. (Firefox before 125 has no
 * `Segmenter`; there, the `NumberFormat` loads it all.) The money format stands for every currency's, as they share
 * their locale data. The formats the form uses next are kept by `i18n/formatters.ts`, so its render finds them made.
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

/** Whether the page's first work has started. It runs once per page, for the first widget. */
let started = false;

/**
 * Starts the page's first work, unless another widget did. It waits for `drawn`, the widget's first update, then does
 * one piece of work a task, for the language that `locale` names by then. Nothing waits for it: whatever needs a piece
 * before its turn makes it then.
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
      // A tag that Intl refuses is the render's to meet, and it falls back: there is nothing to make ahead of it.
    }
  }
}
