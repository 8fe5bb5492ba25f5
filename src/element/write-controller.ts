/**
 * A change the customer asks the service to make (the upgrade, a renewal change), as one lifecycle: one in
 * flight at a time, aborted when the element leaves the page or its subscription changes, and an outcome the element
 * renders. What is sent, and how an ambiguous answer is confirmed, is the write's own (`sendAndConfirm` with an `upgradeWrite`, say).
 */
import type { ApiClient } from '../api/client.js';
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Where a write goes: the client it is sent through, and the subscription it changes. */
export interface WriteTarget {
  client: ApiClient;
  subscriptionId: string;
}

export type WriteOutcome<T> =
  { status: 'idle' } | { status: 'submitting' } | { status: 'success'; value: T } | { status: 'error'; error: unknown };

export interface Write<T> {
  send(signal: AbortSignal): Promise<T>;
  /** After the success is rendered. */
  succeeded(value: T): void;
  /** After the failure is rendered. */
  failed(error: unknown): void;
}

const IDLE = { status: 'idle' } as const;

export class WriteController<T> implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  outcome: WriteOutcome<T> = IDLE;
  #inFlight: Promise<boolean> | undefined;
  #abort: AbortController | undefined;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  /**
   * Starts a write, unless one is in flight: then its promise is shared, so a double click, a held key or a listener
   * calling again sends one request. `prepare` runs with the slot already claimed (it may dispatch a cancelable event
   * whose listener calls again) and returns the write, or nothing to cancel it. Resolves to whether it succeeded.
   */
  run(prepare: () => Write<T> | undefined): Promise<boolean> {
    if (this.#inFlight) return this.#inFlight;
    let settle!: (succeeded: boolean) => void;
    const inFlight = (this.#inFlight = new Promise<boolean>((resolve) => (settle = resolve)));
    const write = prepare();
    if (!write) {
      this.#inFlight = undefined;
      settle(false);
      return inFlight;
    }
    const controller = (this.#abort = new AbortController());
    const { signal } = controller;
    this.#set({ status: 'submitting' });
    const finish = async (outcome: WriteOutcome<T>) => {
      if (signal.aborted) return false;
      this.#set(outcome);
      await this.#host.updateComplete;
      if (outcome.status === 'success') write.succeeded(outcome.value);
      else if (outcome.status === 'error') write.failed(outcome.error);
      return outcome.status === 'success';
    };
    const release = (succeeded: boolean) => {
      // Free before the caller hears of it, so that a caller trying again at once starts a new write.
      if (this.#abort === controller) this.#abort = this.#inFlight = undefined;
      settle(succeeded);
    };
    write
      .send(signal)
      .then(
        (value) => finish({ status: 'success', value }),
        (error: unknown) => finish({ status: 'error', error }),
      )
      .then(release, () => release(false));
    return inFlight;
  }

  /** Aborts the write in flight, whose outcome is then never rendered, and forgets any outcome. */
  reset(): void {
    this.#abortInFlight();
    this.#set(IDLE);
  }

  hostDisconnected(): void {
    this.#abortInFlight();
    if (this.outcome.status === 'submitting') this.#set(IDLE);
  }

  #abortInFlight(): void {
    this.#abort?.abort();
    this.#abort = this.#inFlight = undefined;
  }

  #set(outcome: WriteOutcome<T>): void {
    this.outcome = outcome;
    this.#host.requestUpdate();
  }
}
