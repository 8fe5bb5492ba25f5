/**
 * The first step of the offer's funnel. `prepaid-upgrade-view` fires once per element, when at least half of it has
 * been in view for one continuous second after it settled, on a page that the customer is looking at. This is how the
 * display-ad standard counts an impression. `ready` fires for a widget far below the fold too, so the two events
 * together tell "shown" from "seen".
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { PrepaidUpgradeViewEvent, type ViewDetail } from '../events.js';

/** How long half of the element must stay in view, in ms. */
export const VIEW_AFTER_MS = 1000;

export class ViewController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #detail: () => ViewDetail | undefined;
  #observer: IntersectionObserver | undefined;
  #halfInView = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #seen = false;

  /** `detail` gives what the element shows, as the event tells it, or undefined while the element has not settled. */
  constructor(host: ReactiveControllerHost & HTMLElement, detail: () => ViewDetail | undefined) {
    this.#host = host;
    this.#detail = detail;
    host.addController(this);
  }

  hostConnected(): void {
    if (this.#seen) return;
    // The observer is made on the page, not with the element, because a server that renders the page has no
    // IntersectionObserver.
    this.#observer ??= new IntersectionObserver(
      (entries) => {
        // Several entries may come at once after a quick scroll. The latest one tells where the element is now.
        const { isIntersecting, intersectionRatio, intersectionRect, boundingClientRect, rootBounds } = entries.at(-1)!;
        const screen = rootBounds?.height ?? innerHeight;
        // On a narrow screen, a widget can be more than twice as tall as the window, so half of it is never in view at
        // once. Such a widget counts as in view when it fills half the window.
        const tall = boundingClientRect.height / 2 > screen;
        this.#halfInView = isIntersecting && (intersectionRatio >= 0.5 || (tall && intersectionRect.height >= screen / 2));
        this.#count();
      },
      // A threshold at every twentieth. A tall widget fills half the window somewhere between half of it in view and
      // none of it, so a threshold at one half alone would miss that moment.
      { threshold: Array.from({ length: 21 }, (_, step) => step / 20) },
    );
    this.#observer.observe(this.#host);
    document.addEventListener('visibilitychange', this.#count);
  }

  hostDisconnected(): void {
    // A moved element starts counting anew where it lands. It is still the same element, so it is seen at most once.
    this.#observer?.disconnect();
    this.#halfInView = false;
    document.removeEventListener('visibilitychange', this.#count);
    this.#count();
  }

  hostUpdated(): void {
    this.#count();
  }

  /** Starts counting the second when every condition holds, and stops as soon as one does not. */
  readonly #count = (): void => {
    const counting = !this.#seen && this.#halfInView && document.visibilityState === 'visible' && this.#detail() !== undefined;
    if (!counting) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      return;
    }
    if (this.#timer !== undefined) return;
    // The event tells what the customer began to see. A customer who chooses and sends within the second saw the offer,
    // not its outcome.
    const seen = this.#detail()!;
    this.#timer = setTimeout(() => {
      this.#seen = true;
      this.hostDisconnected();
      this.#host.dispatchEvent(new PrepaidUpgradeViewEvent(seen));
    }, VIEW_AFTER_MS);
  };
}
