/**
 * The place the widget holds on the page, and its first work there kept short: what a customer's first visit asks of
 * a widget that stands among others on a page.
 *
 * - While loading, the widget holds the height of the viewport (the host's `loading` state, from insertion on, and
 *   then the `room` class), so that what follows it is out of view; as it settles, it keeps that room if it is in view
 *   and something follows it on the page, so that nothing the customer sees moves, and otherwise takes its own size. A
 *   short outcome in view (a cancelled subscription, say) leaves room below it rather than pulling the page up under
 *   the customer's eyes. Where it is is learnt from an `IntersectionObserver` while it loads, whose callbacks come
 *   after layout: asking the page at the moment it settles would lay the page out in the middle of that render.
 * - The first `Intl` object of a page loads its locale data: 45–150 ms with the CPU slowed four times, as on a
 *   mid-range phone; each kind made first after it (a date format, plural rules) costs 5–35 ms more. Each is made in a
 *   task of its own (see `FIRST_FORMATS`), after the placeholder is drawn and the reads are sent, while their answers
 *   are awaited, rather than all in the form's first render; `formatter` keeps what it made, so the form's render finds
 *   them. The currency is a stand-in: its locale data is what every currency's format shares.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { plural } from '../i18n/strings.js';
import { formatServiceDate } from './dates.js';
import { formatMoney, formatPercent } from './money.js';
import { nextTask } from './next-task.js';

/**
 * The formats the form's first render makes, in the order their cost comes. The first `NumberFormat` of a page loads
 * locale data that a `Locale` and a `Segmenter` load parts of: made first, each in a task of its own, they split one
 * task of 20–45 ms at 1× (80–150 at 4×) into three of at most about 15 (50). A `Segmenter` is not in every engine
 * (Firefox before 125): there the `NumberFormat` loads it all.
 */
const FIRST_FORMATS: ReadonlyArray<(locale: string) => unknown> = [
  (locale) => new Intl.Locale(locale).maximize(),
  // eslint-disable-next-line compat/compat, baseline-js/use-baseline -- only where it is: the test before it
  (locale) => 'Segmenter' in Intl && new Intl.Segmenter(locale),
  (locale) => formatMoney(1, 'USD', locale),
  (locale) => formatServiceDate('2026-01-01', locale, false),
  (locale) => plural(locale, 1, { other: '#' }),
  (locale) => formatPercent(5, locale),
];

/** Whether formats are being made, or were: once a page. */
let formatsStarted = false;

/**
 * Whether anything the page lays out follows `element`: a sibling with a box after it, or after one of its ancestors
 * (through shadow roots). Only such content moves when the element's height changes.
 */
function isFollowed(element: Element): boolean {
  for (let node: Element | null = element; node && node !== document.body;) {
    for (let sibling = node.nextElementSibling; sibling; sibling = sibling.nextElementSibling) {
      if (sibling.getClientRects().length > 0) return true;
    }
    const parent: Node | null = node.parentNode;
    node = parent instanceof ShadowRoot ? parent.host : (parent as Element | null);
  }
  return false;
}

/** Whether `element` stands in the viewport with content after it: where keeping its room keeps the page still. */
function keepsRoom(element: Element): boolean {
  const { top, bottom } = element.getBoundingClientRect();
  return top < innerHeight && bottom > 0 && isFollowed(element);
}

export class PlaceController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #loading: () => boolean;
  readonly #locale: () => string;
  #holdsRoom = true;
  #wasLoading = true;
  #observer: IntersectionObserver | undefined;
  /** Whether the room would be kept, as last seen by the observer; `undefined` before its first callback. */
  #seen: boolean | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement, loading: () => boolean, locale: () => string) {
    (this.#host = host).addController(this);
    this.#loading = loading;
    this.#locale = locale;
  }

  /** Whether the widget holds the viewport's height: while loading, and after it when it settled in view. */
  get holdsRoom(): boolean {
    return this.#holdsRoom;
  }

  hostConnected(): void {
    if (this.#wasLoading) this.#watch();
    if (!formatsStarted) void this.#makeFormats();
  }

  hostDisconnected(): void {
    this.#unwatch();
  }

  hostUpdate(): void {
    const loading = this.#loading();
    if (!loading && this.#holdsRoom && this.#wasLoading) {
      this.#holdsRoom = this.#seen ?? keepsRoom(this.#host);
      this.#unwatch();
    }
    if (loading && !this.#wasLoading) this.#watch();
    this.#holdsRoom ||= loading;
    this.#wasLoading = loading;
  }

  #watch(): void {
    this.#seen = undefined;
    this.#observer ??= new IntersectionObserver(([entry]) => {
      this.#seen = entry!.isIntersecting && isFollowed(this.#host);
    });
    this.#observer.observe(this.#host);
  }

  #unwatch(): void {
    this.#observer?.disconnect();
  }

  /** The page's first formats, each in a task of its own, once the placeholder is drawn and the reads are sent. */
  async #makeFormats(): Promise<void> {
    formatsStarted = true;
    await this.#host.updateComplete;
    for (const make of FIRST_FORMATS) {
      await nextTask();
      try {
        make(this.#locale());
      } catch {
        // A tag Intl refuses is the render's to meet (it falls back): nothing to make ahead of it.
      }
    }
  }
}
