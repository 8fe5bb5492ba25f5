/**
 * This controller reads the subscription the widget is about, with a @lit/task task. When `subscription-id` is set,
 * the task reads that subscription and then its product. Without it, discovery finds the customer's subscriptions, and
 * the picker lets the customer choose among them. The element asks this controller what the read found
 * (`element/shown-state.ts` then decides what is shown). It never holds discovery's state itself.
 *
 * The task runs when the connection it reads through changes. Its abort signal reaches every request. So a new run
 * aborts the run it replaces, and a late answer never renders. A task knows nothing about the page, so this controller
 * adds what a widget needs around it. A read that is under way when the element leaves the page is aborted. It runs
 * again when the element comes back. A read is announced once it is rendered, unless a newer read started in the
 * meantime.
 *
 * The next order of the shown subscription is read beside it (`next-order-read.ts`).
 */
import { Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { Connection } from '../api/connection.js';
import { isAbortError } from '../api/errors.js';
import type { Subscription } from '../api/schemas.js';
import type { ReadyDetail } from '../events.js';
import { discoverSubscriptions, type Picker, type PickerHost } from '../discovery/loader.js';
import { Learned } from './learned.js';
import { loadSubscription } from './load-subscription.js';
import { NextOrderRead } from './next-order-read.js';
import type { Loaded } from '../shared/loaded.js';
import { formatMoney } from '../i18n/money.js';
import { beforeAnswerRenders } from '../shared/scheduling.js';
import type { WriteTarget } from '../changes/write.js';

export interface SubscriptionOptions {
  /**
   * The connection that reads go through. It is `undefined` while the attributes do not make one, or when they leave
   * no valid choice to offer.
   */
  connection(): Connection | undefined;
  /** Whether prepaid subscriptions are offered for management (`manage-renewal`). */
  manages(): boolean;
  /**
   * Settles once the texts in the page's language are in place. A read waits for them before it completes, so that no
   * English text flashes first.
   */
  textsArrived(): Promise<void>;
  warn(message: string): void;
  /**
   * Called when what is shown changed and has been rendered. This happens when a read completes, or when the customer
   * chose in the picker. In the second case `asked` is true.
   */
  shown(asked: boolean): void;
  /** Called when a read failed or was aborted. The element tells the two cases apart. */
  failed(error: unknown): void;
  /** The customer went back to the picker. */
  wentBack(): void;
}

type Args = [connection: Connection | undefined];

export class SubscriptionController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #options: SubscriptionOptions;
  /** The main read. It completes with the subscription named by id, or with the picker over what discovery found. */
  readonly task: Task<Args, Loaded | Picker>;
  /** True when a read was under way as the element left the page. That read runs again when the element comes back. */
  #abortedByDisconnect = false;
  /** The read of the shown subscription's next order. */
  readonly nextOrderRead: NextOrderRead;
  /**
   * What was learned about the shown subscriptions since they were read. The widget shows whichever is newer, this or
   * the read.
   */
  readonly #learned = new Learned();

  /**
   * The picker's way back into the element. The picker renders with the same Lit as the element, and it reports the
   * customer's moves through this.
   */
  readonly #pickerHost: PickerHost;

  constructor(host: ReactiveControllerHost, options: SubscriptionOptions) {
    (this.#host = host).addController(this);
    this.#options = options;
    this.task = new Task<Args, Loaded | Picker>(host, {
      args: () => [options.connection()],
      task: async ([connection], { signal }) => {
        if (!connection) return initialState;
        this.#learned.reading();
        const { client, subscriptionId } = connection;
        this.nextOrderRead.forgetBefore();
        // The subscription chosen in the picker before a reload stays chosen. It comes from the last run's value,
        // because this run is already pending.
        const chosenId = pickerOf(this.task.value)?.chosenId;
        const [shown] = await Promise.all([
          subscriptionId === undefined
            ? discoverSubscriptions(client, { signal, onWarning: options.warn }, this.#pickerHost, chosenId)
            : loadSubscription(client, subscriptionId, signal, options.warn, () => this.nextOrderRead.readBefore(subscriptionId)),
          options.textsArrived(),
        ]);
        // The answer renders in a task of its own. See shared/scheduling.ts.
        await beforeAnswerRenders();
        return shown;
      },
      onComplete: (shown) => void this.#announce(shown),
      onError: options.failed,
    });
    this.nextOrderRead = new NextOrderRead(
      host,
      () => options.connection()?.client,
      () => this.loaded?.subscription.public_id,
      options.warn,
    );
    this.#pickerHost = {
      lit: { html, nothing },
      formatMoney,
      requestUpdate: () => host.requestUpdate(),
      chose: () => void this.#announce(this.task.value, true),
      wentBack: options.wentBack,
    };
  }

  /**
   * What the read completed with, or `undefined` until it completes. While the read runs again, for example for a new
   * connection, the last value stays. That way a write in flight keeps showing its form.
   */
  get #value(): Loaded | Picker | undefined {
    const { status, value } = this.task;
    return status === TaskStatus.COMPLETE || status === TaskStatus.PENDING ? value : undefined;
  }

  /**
   * Without an id, this is the picker over what discovery found. It is `undefined` with an id, or until discovery is
   * done.
   */
  get picker(): Picker | undefined {
    return pickerOf(this.#value);
  }

  /**
   * The subscription that is shown. This is the one named by `subscription-id`, else the one chosen in the picker, or
   * the only one found. It is shown as read, or as learned since then, whichever is newer.
   */
  get loaded(): Loaded | undefined {
    const value = this.#value;
    const loaded = value && 'eligibility' in value ? value : value?.shown(this.#options.manages());
    return loaded && this.#learned.newest(loaded);
  }

  /**
   * Learns how `subscription` was at the time `at`. This may come from a write's answer, a confirming read, or news
   * from another widget. The subscription is shown this way from now on, unless something newer is known. Pass
   * `chosen` when the customer changed it here, so that the picker keeps it shown.
   */
  learn(subscription: Subscription, at: number, chosen = false): void {
    if (!this.#learned.learn(subscription, at)) return;
    this.picker?.replace(subscription, chosen);
    this.#host.requestUpdate();
  }

  /**
   * Where writes go. They go to the shown subscription, through the connection. This is `undefined` while either one is
   * missing.
   */
  get writeTarget(): WriteTarget | undefined {
    const connection = this.#options.connection();
    const subscriptionId = connection?.subscriptionId ?? this.loaded?.subscription.public_id;
    return connection && subscriptionId ? { client: connection.client, subscriptionId } : undefined;
  }

  /**
   * What `prepaid-upgrade-ready` tells about what is shown. Without an id, it also lists the upgradeable subscriptions
   * that were found.
   */
  get readyDetail(): ReadyDetail {
    const picker = this.picker;
    const subscription = this.loaded?.subscription;
    return picker ? { subscription: subscription ?? null, candidates: picker.candidates } : { subscription: subscription! };
  }

  /**
   * The state that the read leaves the widget in. It is `loading` until the read completes. A read that was aborted as
   * the element left the page also counts as loading, because it runs again when the element comes back. It is
   * `error` when the read failed. Otherwise it follows what the shown subscription allows. With no subscription shown,
   * it is `ready` for the picker, or `ineligible` when the picker has nothing to offer.
   */
  get state(): 'loading' | 'error' | 'ready' | 'ineligible' | 'prepaid' {
    const { status, error } = this.task;
    if (status !== TaskStatus.COMPLETE) return status === TaskStatus.ERROR && !isAbortError(error) ? 'error' : 'loading';
    const eligibility = this.loaded?.eligibility;
    if (!eligibility) return this.picker?.hasOffers(this.#options.manages()) ? 'ready' : 'ineligible';
    return eligibility.eligible ? 'ready' : eligibility.reason === 'already-prepaid' ? 'prepaid' : 'ineligible';
  }

  hostConnected(): void {
    if (this.#abortedByDisconnect) void this.task.run();
  }

  hostDisconnected(): void {
    this.#abortedByDisconnect = this.task.status === TaskStatus.PENDING;
    this.task.abort();
  }

  /**
   * Tells the element once `value` is rendered. It stays silent when a newer read started in the meantime, because
   * that read announces itself.
   */
  async #announce(value: unknown, asked = false): Promise<void> {
    await this.#host.updateComplete;
    if (this.#value === value) this.#options.shown(asked);
  }
}

/** Returns the picker when a read completed with one, rather than with the subscription named by id. */
const pickerOf = (value: Loaded | Picker | undefined): Picker | undefined => (value && !('eligibility' in value) ? value : undefined);
