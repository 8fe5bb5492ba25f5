/**
 * What the widget shows, read from the service as a @lit/task task: the subscription named by `subscription-id` (then
 * its product), or without one the customer's subscriptions found by discovery, with the picker's choice among them.
 * The element asks this controller what is shown; it never holds discovery's state itself.
 *
 * The task runs when the connection it reads through changes, and its signal reaches every request, so that the run it
 * supersedes is aborted and a late answer never renders. A task knows nothing of the page, so this controller adds
 * what a widget needs around it: a read under way when the element leaves the page is aborted, and runs again when it
 * comes back; a read is announced once it is rendered, unless a newer one started meanwhile.
 *
 * A second task reads the shown subscription's next order from the listing: beside the product of the one named by id,
 * as soon as one chosen in the picker is shown, and again after an upgrade, when the service has repriced it. When the
 * listing leaves out amounts (as the service's documented listing does), a third reads them from the order itself,
 * after the listing and never before the form is shown. They only add to what is said: a read that fails is told to
 * the developer, and changes nothing else; the date stays when only the amounts could not be read.
 */
import { Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { ApiClient } from '../api/client.js';
import type { Connection } from '../api/connection.js';
import { isAbortError } from '../api/errors.js';
import { hasAllAmounts, readNextOrder, readOrderAmounts, type NextOrder } from '../api/orders.js';
import type { Subscription } from '../api/schemas.js';
import type { ReadyDetail } from '../events.js';
import { discoverSubscriptions, type Picker, type PickerHost } from '../discovery/loader.js';
import { Learned } from './learned.js';
import { loadSubscription, type Loaded } from './load-subscription.js';
import { formatMoney } from '../i18n/money.js';
import { beforeAnswerRenders } from '../element/scheduling.js';
import type { View } from '../i18n/view.js';
import type { WriteTarget } from '../changes/write.js';

export interface SubscriptionOptions {
  /** The connection reads go through; `undefined` while the attributes make none, or leave no valid choice to offer. */
  connection(): Connection | undefined;
  /** Whether prepaid subscriptions are offered for management (`manage-renewal`). */
  manages(): boolean;
  /** Settles once the texts of the page's language are in place: a read completes with them, so no English flashes. */
  textsArrived(): Promise<void>;
  warn(message: string): void;
  /** What is shown changed and is rendered: a read completed, or (`asked`) the customer chose in the picker. */
  shown(asked: boolean): void;
  /** A read failed (or was aborted: the element tells them apart). */
  failed(error: unknown): void;
  /** The customer went back to the picker. */
  wentBack(): void;
}

type Args = [connection: Connection | undefined];
type OrderArgs = [client: ApiClient | undefined, subscriptionId: string | undefined];
type AmountArgs = [client: ApiClient | undefined, listed: NextOrder | undefined];
/** The next order as read by id (`order`), and the listing's that it completes (`listed`). */
type ReadAmounts = { listed: NextOrder; order: NextOrder };

export class SubscriptionController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #options: SubscriptionOptions;
  /** The read: what it completed with is the subscription named by id, or the picker over what discovery found. */
  readonly task: Task<Args, Loaded | Picker>;
  /** A read was under way when the element left the page: it runs again when the element comes back. */
  #abortedByDisconnect = false;
  /** The read of the shown subscription's next order: `null` when it has none. */
  readonly #nextOrder: Task<OrderArgs, NextOrder | null>;
  /** The amounts of the next order the listing left out, read by id. */
  readonly #orderAmounts: Task<AmountArgs, ReadAmounts>;
  /** The subscription named by id, once read: its next order is read beside its product, before it is shown. */
  #orderOf: string | undefined;
  /** What was learned of the subscriptions shown since they were read: the newer of it and the read is shown. */
  readonly #learned = new Learned();

  /** The picker's way back into the element: it renders with the element's Lit, and tells of the customer's moves. */
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
        this.#orderOf = undefined;
        // The one chosen in the picker before a reload (the last run's value: this run is pending already) stays chosen.
        const chosenId = pickerOf(this.task.value)?.chosenId;
        const [shown] = await Promise.all([
          subscriptionId === undefined
            ? discoverSubscriptions(client, { signal, onWarning: options.warn }, this.#pickerHost, chosenId)
            : loadSubscription(client, subscriptionId, signal, options.warn, () => {
                this.#orderOf = subscriptionId;
                return this.#nextOrder.run();
              }),
          options.textsArrived(),
        ]);
        // What arrived renders in a task of its own (see element/scheduling.ts).
        await beforeAnswerRenders();
        return shown;
      },
      onComplete: (shown) => void this.#announce(shown),
      onError: options.failed,
    });
    this.#nextOrder = new Task<OrderArgs, NextOrder | null>(host, {
      args: () => [options.connection()?.client, this.loaded?.subscription.public_id ?? this.#orderOf],
      task: ([client, id], { signal }) => (client && id ? readNextOrder(client, id, { signal }) : initialState),
      // The error's own message: the hints of `describeFailure` are about the subscription's read.
      onError: (error) => options.warn(`no next-order date shown: ${(error as Error).message}`),
    });
    this.#orderAmounts = new Task<AmountArgs, ReadAmounts>(host, {
      args: () => {
        const { status, value } = this.#nextOrder;
        return [options.connection()?.client, status === TaskStatus.COMPLETE && value && !hasAllAmounts(value) ? value : undefined];
      },
      task: async ([client, listed], { signal }) =>
        client && listed ? { listed, order: await readOrderAmounts(client, listed, { signal }) } : initialState,
      onError: (error) => options.warn(`next order's amounts not read, the estimate is shown as one: ${(error as Error).message}`),
    });
    this.#pickerHost = {
      lit: { html, nothing },
      formatMoney,
      requestUpdate: () => host.requestUpdate(),
      chose: () => void this.#announce(this.task.value, true),
      wentBack: options.wentBack,
    };
  }

  /** The shown subscription's next order: `undefined` while it is read, `null` when it has none or cannot be read. */
  get nextOrder(): NextOrder | null | undefined {
    const { status, value } = this.#nextOrder;
    if (status !== TaskStatus.COMPLETE) return status === TaskStatus.ERROR ? null : undefined;
    const read = this.#orderAmounts.status === TaskStatus.COMPLETE ? this.#orderAmounts.value : undefined;
    // Amounts read for an earlier listing (before an upgrade repriced the order) are not this one's.
    return read && read.listed === value ? read.order : value;
  }

  /** Reads the shown subscription's next order again: the service reprices it on upgrade. */
  readNextOrder(): void {
    void this.#nextOrder.run();
  }

  /**
   * What the read completed with; `undefined` until it completes. While it runs again (a new connection, say) the
   * last value stays: a write in flight keeps showing its form.
   */
  get #value(): Loaded | Picker | undefined {
    const { status, value } = this.task;
    return status === TaskStatus.COMPLETE || status === TaskStatus.PENDING ? value : undefined;
  }

  /** Without an id, the picker over what discovery found; `undefined` with an id, or until discovery is done. */
  get picker(): Picker | undefined {
    return pickerOf(this.#value);
  }

  /**
   * The subscription shown: the one named by `subscription-id`, else the one chosen in the picker, or the only one
   * found; as read, or as learned since, whichever is newer.
   */
  get loaded(): Loaded | undefined {
    const value = this.#value;
    const loaded = value && 'eligibility' in value ? value : value?.shown(this.#options.manages());
    return loaded && this.#learned.newest(loaded);
  }

  /**
   * Learns how `subscription` was at the time `at` (a write's answer, a confirming read, news from another widget):
   * shown from now on, unless something newer is known; `chosen` when the customer changed it here, so that the picker
   * keeps it shown.
   */
  learn(subscription: Subscription, at: number, chosen = false): void {
    if (!this.#learned.learn(subscription, at)) return;
    this.picker?.replace(subscription, chosen);
    this.#host.requestUpdate();
  }

  /** Where writes go: the shown subscription, through the connection; `undefined` while there is none. */
  get writeTarget(): WriteTarget | undefined {
    const connection = this.#options.connection();
    const subscriptionId = connection?.subscriptionId ?? this.loaded?.subscription.public_id;
    return connection && subscriptionId ? { client: connection.client, subscriptionId } : undefined;
  }

  /** What `prepaid-upgrade-ready` tells of what is shown; without an id, with the upgradeable subscriptions found. */
  get readyDetail(): ReadyDetail {
    const picker = this.picker;
    const subscription = this.loaded?.subscription;
    return picker ? { subscription: subscription ?? null, candidates: picker.candidates } : { subscription: subscription! };
  }

  /**
   * Where the read leaves the widget: `loading` until it completes (a read aborted as the element left the page runs
   * again when it comes back), `error`, or what the subscription shown allows; without one shown, the picker, unless
   * it has nothing to offer.
   */
  get state(): 'loading' | 'error' | 'ready' | 'ineligible' | 'prepaid' {
    const { status, error } = this.task;
    if (status !== TaskStatus.COMPLETE) return status === TaskStatus.ERROR && !isAbortError(error) ? 'error' : 'loading';
    const eligibility = this.loaded?.eligibility;
    if (!eligibility) return this.picker?.hasOffers(this.#options.manages()) ? 'ready' : 'ineligible';
    return eligibility.eligible ? 'ready' : eligibility.reason === 'already-prepaid' ? 'prepaid' : 'ineligible';
  }

  /** The picker, or why nothing can be offered; `undefined` with an id. */
  pickerTemplate(view: View): TemplateResult | undefined {
    return this.picker?.template(view, this.#options.manages());
  }

  /** The way back to the picker, above a subscription chosen in it, when there is more than one to go back to. */
  backTemplate(view: View): TemplateResult | typeof nothing {
    const picker = this.picker;
    const manages = this.#options.manages();
    return picker && this.loaded && picker.canGoBack(manages) ? picker.backTemplate(view, manages) : nothing;
  }

  hostConnected(): void {
    if (this.#abortedByDisconnect) void this.task.run();
  }

  hostDisconnected(): void {
    this.#abortedByDisconnect = this.task.status === TaskStatus.PENDING;
    this.task.abort();
  }

  /** Tells the element once `value` is rendered, unless a newer read started meanwhile (it announces itself). */
  async #announce(value: unknown, asked = false): Promise<void> {
    await this.#host.updateComplete;
    if (this.#value === value) this.#options.shown(asked);
  }
}

/** The picker, when a read completed with one rather than with the subscription named by id. */
const pickerOf = (value: Loaded | Picker | undefined): Picker | undefined => (value && !('eligibility' in value) ? value : undefined);
