/**
 * A host for one reactive controller on its own, as `@lit/task`'s tests give `Task` one: it keeps the controllers
 * added to it, counts the updates asked of it, and lets a test say when an update is complete. It is an event target,
 * as an element is, for what dispatches the widget's events on its host.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class ControllerHost extends EventTarget implements ReactiveControllerHost {
  readonly controllers = new Set<ReactiveController>();
  /** How many updates were asked. */
  updates = 0;
  /** What `updateComplete` resolves with; a test may put a promise of its own here. */
  updateComplete: Promise<boolean> = Promise.resolve(true);

  addController(controller: ReactiveController): void {
    this.controllers.add(controller);
  }

  removeController(controller: ReactiveController): void {
    this.controllers.delete(controller);
  }

  requestUpdate(): void {
    this.updates++;
  }
}

/**
 * A host element for controllers that watch the page around their element (what is in view, `lang`): an element in the
 * document that keeps its controllers, counts the updates asked of it, and calls `hostConnected` and
 * `hostDisconnected` as it is inserted and removed, as a Lit element would.
 */
export class ControllerElement extends HTMLElement implements ReactiveControllerHost {
  readonly controllers: ReactiveController[] = [];
  updates = 0;
  updateComplete: Promise<boolean> = Promise.resolve(true);

  addController(controller: ReactiveController): void {
    this.controllers.push(controller);
  }

  removeController(controller: ReactiveController): void {
    this.controllers.splice(this.controllers.indexOf(controller), 1);
  }

  requestUpdate(): void {
    this.updates++;
  }

  connectedCallback(): void {
    this.controllers.forEach((controller) => controller.hostConnected?.());
  }

  disconnectedCallback(): void {
    this.controllers.forEach((controller) => controller.hostDisconnected?.());
  }

  /** Runs what an update runs for the controllers once it rendered. */
  updated(): void {
    this.controllers.forEach((controller) => controller.hostUpdated?.());
  }
}
customElements.define('controller-element', ControllerElement);

/** A promise together with the functions that settle it, for holding an answer back until a test releases it. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
