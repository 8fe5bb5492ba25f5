/**
 * Reading what the element shows, as a controller: it runs whenever its arguments change (a new connection, say),
 * aborts the run it supersedes so that a late answer never renders, is aborted when the element leaves the page and
 * runs again when it comes back.
 */
import type { ReactiveController, ReactiveControllerHost } from '../reactive-controller.js';

export type LoadStatus = 'initial' | 'pending' | 'complete' | 'error';

export interface LoadConfig<A extends readonly unknown[], R> {
  args(): A;
  /** `undefined`: nothing to load with these arguments (the status goes back to `initial`). */
  task(args: A, signal: AbortSignal): Promise<R | undefined>;
  onComplete(value: R): void;
  onError(error: unknown): void;
}

export class LoadController<A extends readonly unknown[], R> implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #config: LoadConfig<A, R>;
  status: LoadStatus = 'initial';
  value: R | undefined;
  error: unknown;
  #args: A | undefined;
  #abort: AbortController | undefined;
  #abortedByDisconnect = false;

  constructor(host: ReactiveControllerHost, config: LoadConfig<A, R>) {
    (this.#host = host).addController(this);
    this.#config = config;
  }

  hostUpdate(): void {
    const args = this.#config.args();
    if (this.#args && args.every((arg, i) => arg === this.#args![i])) return;
    this.#args = args;
    void this.run();
  }

  hostConnected(): void {
    if (this.#abortedByDisconnect) void this.run();
  }

  hostDisconnected(): void {
    this.#abortedByDisconnect = this.status === 'pending';
    this.#abort?.abort();
  }

  /** Runs again with the current arguments: a retry. */
  async run(): Promise<void> {
    this.#abort?.abort();
    const controller = (this.#abort = new AbortController());
    this.#abortedByDisconnect = false;
    this.#set('pending');
    try {
      const value = await this.#config.task(this.#args!, controller.signal);
      if (controller.signal.aborted) return;
      this.value = value;
      this.#set(value === undefined ? 'initial' : 'complete');
      if (value !== undefined) this.#config.onComplete(value);
    } catch (error) {
      if (controller.signal.aborted) return;
      this.error = error;
      this.#set('error');
      this.#config.onError(error);
    }
  }

  #set(status: LoadStatus): void {
    this.status = status;
    this.#host.requestUpdate();
  }
}
