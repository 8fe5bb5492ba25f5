/**
 * The place the widget takes on the page while the page's widgets load. When its work runs is `scheduling.ts`'s
 * concern.
 *
 * While a widget loads, it holds the height of the viewport, so that what follows it is out of view. Its `loading`
 * state does that from insertion on, and the page's rule for `prepaid-upgrade:not(:defined)` does it before the script
 * arrives. Once settled, the widget is as tall as its content, whatever it shows, and what followed it comes up from
 * below.
 *
 * Chromium's layout-shift tracker counts an element that moves into view from below as a shift, though no one saw it
 * where it was. So while any widget of the page loads, a widget out of view is hidden, by `visibility` and the private
 * custom state `_away`. When a widget above settles and this one comes into view, it shows where it now is, and
 * nothing the customer saw has moved. Once every widget has settled, all of them show and none is watched any more.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { toggleCustomState } from './custom-state.js';

export class PlaceController implements ReactiveController {
  /** The page's widgets that are loading: while there is one, the others may still move. */
  static readonly #loading = new Set<PlaceController>();
  /** The page's widgets. */
  static readonly #connected = new Set<PlaceController>();

  /** Watches each widget of the page while one of them loads, and lets all of them be once none does. */
  static #follow(): void {
    const settling = PlaceController.#loading.size > 0;
    for (const place of PlaceController.#connected) place.#watch(settling);
  }

  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #internals: ElementInternals;
  readonly #isLoading: () => boolean;
  #observer: IntersectionObserver | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement, internals: ElementInternals, isLoading: () => boolean) {
    (this.#host = host).addController(this);
    this.#internals = internals;
    this.#isLoading = isLoading;
  }

  /** Whether the widget holds the viewport's height: while it loads. */
  get holdsRoom(): boolean {
    return this.#isLoading();
  }

  hostConnected(): void {
    PlaceController.#connected.add(this);
    // It stays hidden until the observer first says where it is. A widget above may settle before that, and move it.
    this.#hide(true);
    this.hostUpdated();
    this.#watch(PlaceController.#loading.size > 0);
  }

  hostDisconnected(): void {
    PlaceController.#connected.delete(this);
    this.#watch(false);
    if (PlaceController.#loading.delete(this)) PlaceController.#follow();
  }

  // After the update, which derives whether the widget is loading.
  hostUpdated(): void {
    const loading = PlaceController.#loading;
    // A widget that was taken off the page may still update, when its read is aborted. It no longer holds the others
    // back.
    const isLoading = this.#host.isConnected && this.#isLoading();
    const changed = isLoading ? !loading.has(this) && !!loading.add(this) : loading.delete(this);
    if (changed) PlaceController.#follow();
  }

  /** While the page settles, hidden whenever out of view; otherwise shown, and not watched. */
  #watch(settling: boolean): void {
    if (settling) {
      // An observer's answer queued before the page settled may come after it. It then shows the widget all the same.
      this.#observer ??= new IntersectionObserver((entries) =>
        this.#hide(PlaceController.#loading.size > 0 && !entries[entries.length - 1]!.isIntersecting),
      );
      this.#observer.observe(this.#host);
    } else {
      this.#observer?.disconnect();
      this.#hide(false);
    }
  }

  #hide(away: boolean): void {
    toggleCustomState(this.#internals, '_away', away);
  }
}
