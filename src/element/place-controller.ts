/**
 * The place the widget holds on the page: what a customer's first visit asks of a widget that stands among others on a
 * page (the work it does once a page is `first-work.ts`'s).
 *
 * While loading, the widget holds the height of the viewport (the host's `loading` state, from insertion on, and then
 * the `room` class), so that what follows it is out of view; as it settles, it keeps that room if it is in view and
 * something follows it on the page, so that nothing the customer sees moves, and otherwise takes its own size. A short
 * outcome in view (a cancelled subscription, say) leaves room below it rather than pulling the page up under the
 * customer's eyes. Where it is is learnt from an `IntersectionObserver` while it loads, whose callbacks come after
 * layout: asking the page at the moment it settles would lay the page out in the middle of that render.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

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
  #holdsRoom = true;
  #wasLoading = true;
  #observer: IntersectionObserver | undefined;
  /** Whether the room would be kept, as last seen by the observer; `undefined` before its first callback. */
  #seen: boolean | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement, loading: () => boolean) {
    (this.#host = host).addController(this);
    this.#loading = loading;
  }

  /** Whether the widget holds the viewport's height: while loading, and after it when it settled in view. */
  get holdsRoom(): boolean {
    return this.#holdsRoom;
  }

  hostConnected(): void {
    if (this.#wasLoading) this.#watch();
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
}
