/**
 * The place the widget holds on the page, and its first work there kept short: what a customer's first visit asks of
 * a widget that stands among others on a page.
 *
 * - While loading, the widget holds the height of the viewport (the `room` class), so that what follows it is out of
 *   view; as it settles, it keeps that room if it is in view and something follows it on the page, so that nothing
 *   the customer sees moves, and otherwise takes its own size. A short outcome in view (a cancelled subscription, say)
 *   leaves room below it rather than pulling the page up under the customer's eyes.
 * - The first `Intl` object of a page loads its locale data: 45–105 ms with the CPU slowed four times, as on a
 *   mid-range phone. It is made as the widget is inserted, in a task of its own, rather than in the form's first
 *   render; later ones cost little (`formatter` keeps what it made). The currency is a stand-in: its locale data is
 *   what every currency's format shares.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { formatMoney } from './money.js';
import { inNextTask } from './next-task.js';

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

export class PlaceController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #loading: () => boolean;
  readonly #locale: () => string;
  #holdsRoom = true;
  #wasLoading = true;

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
    inNextTask(() => formatMoney(1, 'USD', this.#locale()));
  }

  hostUpdate(): void {
    const loading = this.#loading();
    if (!loading && this.#holdsRoom && this.#wasLoading) {
      const { top, bottom } = this.#host.getBoundingClientRect();
      this.#holdsRoom = top < innerHeight && bottom > 0 && isFollowed(this.#host);
    }
    this.#holdsRoom ||= loading;
    this.#wasLoading = loading;
  }
}
