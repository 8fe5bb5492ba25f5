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
 *
 * Content of the page's own between widgets, such as a heading above each, is neither hidden nor held, and moves into
 * view as a short widget above it settles. So each widget remembers the height it settles at, in the tab's session
 * storage, and on a return visit in that tab holds that height while it loads, instead of the viewport's: it settles
 * where it stood, and nothing moves. What is held is only the height it settled at: once settled, a widget is as tall
 * as what it shows, whatever was remembered. Storage that throws (disabled, full, a sandboxed frame), or that holds
 * anything but a height, leaves the viewport's.
 *
 * The height is remembered for the subscription and the page's width, `innerWidth`. The widget's own width is what its
 * height follows, but on a given page that follows from the page's, which stays the same while the widget's may not:
 * the page gains or loses its scroll bar as its widgets settle. A widget without `subscription-id` remembers nothing:
 * what discovery finds changes with the customer's subscriptions.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { toggleCustomState } from './custom-state.js';
import { TAB_KEY, inTabStorage } from '../api/tab-store.js';

/** The widget, whose subscription names the height it remembers. */
type Host = ReactiveControllerHost & HTMLElement & { subscriptionId?: string | undefined };

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

  readonly #host: Host;
  readonly #internals: ElementInternals;
  readonly #isLoading: () => boolean;
  #observer: IntersectionObserver | undefined;

  constructor(host: Host, internals: ElementInternals, isLoading: () => boolean) {
    (this.#host = host).addController(this);
    this.#internals = internals;
    this.#isLoading = isLoading;
  }

  /** Whether the widget holds its room, the viewport's height or the height it settled at before: while it loads. */
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
    if (changed) {
      this.#room(isLoading);
      PlaceController.#follow();
    }
  }

  /**
   * As it starts to load, the widget holds the height it last settled at, if any (the styles' `--_room`); as it
   * settles, it remembers the height it settles at: its border box, measured by a resize observer after the browser's
   * layout. The first read of the tab's storage waits on the browser, and reading the page's width forces a layout of
   * the page: neither is done in the task that inserts the page's widgets. The height is found in an animation frame's
   * callback, before the browser lays the frame out and draws it, where a subscription set as a property right after
   * insertion, as React's wrapper sets it, is set too; the width is read there only for a subscription that has a
   * height remembered at some width.
   */
  #room(loading: boolean): void {
    const host = this.#host;
    const key = (id: string) => `${TAB_KEY}${innerWidth} ${id}`;
    if (loading)
      // The subscription as it is in the frame: React's wrapper sets it right after insertion.
      requestAnimationFrame(() =>
        // Where storage is refused, the widget holds the viewport's height.
        inTabStorage((storage) => {
          const id = host.subscriptionId;
          // Only a height it could have settled at: the page's scripts may have written anything there.
          const height = id && Object.keys(storage).some((name) => name.endsWith(` ${id}`)) ? +storage[key(id)] : 0;
          host.style.setProperty('--_room', height > 0 && height < 1e4 ? `${height}px` : '');
        }),
      );
    else {
      // The subscription it settled for, whatever the widget shows by the time it is measured.
      const id = host.subscriptionId;
      if (id)
        new ResizeObserver(([entry], sized) => {
          sized.disconnect();
          inTabStorage((storage) => (storage[key(id)] = entry!.borderBoxSize[0]!.blockSize));
        }).observe(host);
    }
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
