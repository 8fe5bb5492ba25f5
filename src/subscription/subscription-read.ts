/**
 * The read of the subscription the widget is about, a @lit/task task. When `subscription-id` is set, it reads that
 * subscription and then its product, with its next order beside them. Without it, discovery finds the customer's
 * subscriptions, and the read completes with the picker over them. This controller only reads: what was learned since
 * is `learned.ts`'s, and what is shown is `element/shown-state.ts`'s.
 *
 * The task runs when the connection it reads through changes. Its abort signal reaches every request. So a new run
 * aborts the run it replaces, and a late answer never renders. A task knows nothing about the page, so this controller
 * adds what a widget needs around it: a read that is under way when the element leaves the page is aborted, and runs
 * again when the element comes back.
 */
import { Task, TaskStatus, initialState } from '@lit/task';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Connection } from '../api/connection.js';
import { isAbortError } from '../api/errors.js';
import { discoverSubscriptions, type Picker, type PickerHost } from '../discovery/loader.js';
import { loadSubscription } from './load-subscription.js';
import { NextOrderRead } from './next-order-read.js';
import type { Loaded } from '../shared/loaded.js';
import { learnedAt } from '../shared/clock.js';
import { beforeAnswerRenders } from '../shared/scheduling.js';

/** Where the read leaves the widget, before any write. */
export type ReadState = 'loading' | 'error' | 'ready' | 'ineligible' | 'prepaid';

export interface ReadSource {
  /**
   * The connection that reads go through. It is `undefined` while the attributes do not make one, or when they leave
   * no valid choice to offer.
   */
  connection(): Connection | undefined;
  /**
   * Settles once the texts in the page's language are in place. A read waits for them before it completes, so that no
   * English text flashes first.
   */
  textsArrived(): Promise<void>;
  /** The id of the subscription shown, whose next order is read. */
  shownId(): string | undefined;
  warn(message: string): void;
}

type Args = [connection: Connection | undefined];

export class SubscriptionRead implements ReactiveController {
  /** The read. It completes with the subscription named by id, or with the picker over what discovery found. */
  readonly task: Task<Args, Loaded | Picker>;
  /**
   * When the read under way, or the last completed read, was sent (see `learnedAt`). Anything learned before then is no
   * newer than what the read finds.
   */
  sentAt = 0;
  /** How many reads have settled, by completing or failing. The element tells of each one once it is rendered. */
  settled = 0;
  /** The read of the shown subscription's next order. */
  readonly nextOrder: NextOrderRead;
  /** True when a read was under way as the element left the page. That read runs again when the element comes back. */
  #abortedByDisconnect = false;

  /**
   * Reads through what `source` gives. A picker made from what discovery found reports the customer's moves to
   * `pickerHost`.
   */
  constructor(host: ReactiveControllerHost, source: ReadSource, pickerHost: PickerHost) {
    host.addController(this);
    this.task = new Task<Args, Loaded | Picker>(host, {
      args: () => [source.connection()],
      task: async ([connection], { signal }) => {
        if (!connection) return initialState;
        this.sentAt = learnedAt();
        const { client, subscriptionId } = connection;
        this.nextOrder.forgetBefore();
        // The subscription chosen in the picker before a reload stays chosen. It comes from the last run's value,
        // because this run is already pending.
        const chosenId = pickerOf(this.task.value)?.chosenId;
        const [read] = await Promise.all([
          subscriptionId === undefined
            ? discoverSubscriptions(client, { signal, onWarning: source.warn }, pickerHost, chosenId)
            : loadSubscription(client, subscriptionId, signal, source.warn, () => this.nextOrder.readBefore(subscriptionId)),
          source.textsArrived(),
        ]);
        // The answer renders in a task of its own. See shared/scheduling.ts.
        await beforeAnswerRenders();
        return read;
      },
      onComplete: () => {
        this.settled++;
        this.nextOrder.shown();
      },
      onError: () => this.settled++,
    });
    // Created after the read's task, so that a read that starts in an update forgets the subscription read before it
    // was shown (`forgetBefore`) before the next order's task looks at it in the same update.
    this.nextOrder = new NextOrderRead(host, () => source.connection()?.client, source.shownId, source.warn);
  }

  /**
   * What the read completed with, or `undefined` until it completes. While the read runs again, for example for a new
   * connection, the last value stays. That way a write in flight keeps showing its form.
   */
  get value(): Loaded | Picker | undefined {
    const { status, value } = this.task;
    return status === TaskStatus.COMPLETE || status === TaskStatus.PENDING ? value : undefined;
  }

  /**
   * Without an id, this is the picker over what discovery found. It is `undefined` with an id, or until discovery is
   * done.
   */
  get picker(): Picker | undefined {
    return pickerOf(this.value);
  }

  /**
   * The state that the read leaves the widget in, with `loaded` shown. It is `loading` until the read completes. A read
   * that was aborted as the element left the page also counts as loading, because it runs again when the element comes
   * back. It is `error` when the read failed. Otherwise it follows what the shown subscription allows. With no
   * subscription shown, it is `ready` for the picker, or `ineligible` when the picker has nothing to offer.
   */
  state(loaded: Loaded | undefined, manages: boolean): ReadState {
    const { status, error } = this.task;
    if (status !== TaskStatus.COMPLETE) return status === TaskStatus.ERROR && !isAbortError(error) ? 'error' : 'loading';
    const eligibility = loaded?.eligibility;
    if (!eligibility) return this.picker?.hasOffers(manages) ? 'ready' : 'ineligible';
    return eligibility.eligible ? 'ready' : eligibility.reason === 'already-prepaid' ? 'prepaid' : 'ineligible';
  }

  hostConnected(): void {
    if (this.#abortedByDisconnect) void this.task.run();
  }

  hostDisconnected(): void {
    this.#abortedByDisconnect = this.task.status === TaskStatus.PENDING;
    this.task.abort();
  }
}

/** Returns the picker when a read completed with one, rather than with the subscription named by id. */
const pickerOf = (value: Loaded | Picker | undefined): Picker | undefined => (value && !('eligibility' in value) ? value : undefined);
