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
