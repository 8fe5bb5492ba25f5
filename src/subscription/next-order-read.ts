/**
 * The read of the shown subscription's next order: when it is placed and what it bills. A @lit/task task reads it from
 * the listing. For the subscription named by id, it runs beside the subscription read, before the subscription is shown.
 * For a subscription chosen in the picker, it runs as soon as that subscription is shown. It runs again after an
 * upgrade, because the service reprices the order then.
 *
 * The listing may leave out the amounts, and the service's documented listing does. A second task then reads them from
 * the order itself. It runs after the listing, and never before the form is shown. These reads only add to what the
 * widget says: a read that fails is told to the developer and changes nothing else, and when only the amounts could
 * not be read, the date still shows.
 */
import { Task, TaskStatus, initialState } from '@lit/task';
import type { ReactiveControllerHost } from 'lit';
import { hasAllAmounts, readOrderAmounts, type NextOrder } from '../api/orders.js';
import type { PageReads } from '../api/shared-reads.js';

type OrderArgs = [client: PageReads | undefined, subscriptionId: string | undefined];
type AmountArgs = [client: PageReads | undefined, listed: NextOrder | undefined];
/** The next order as read by id (`order`), and the listed next order that it completes (`listed`). */
type ReadAmounts = { listed: NextOrder; order: NextOrder };

export class NextOrderRead {
  /** Reads the next order from the listing. Its value is `null` when the subscription has none. */
  readonly #listed: Task<OrderArgs, NextOrder | null>;
  /** Reads by id the amounts of the next order that the listing left out. */
  readonly #amounts: Task<AmountArgs, ReadAmounts>;
  /** The subscription named by id, while it is read and not yet shown: its next order is read beside it. */
  #before: string | undefined;
  /**
   * The failure of the read made before its subscription is shown, held until it is (`null` while there is none yet),
   * or `undefined` when failures are told at once.
   */
  #unsaid: string | null | undefined;
  readonly #warn: (message: string) => void;

  /**
   * Reads through the client that `client` gives, the next order of the subscription that `shownId` says is shown.
   * `warn` tells the developer of a read that failed.
   */
  constructor(
    host: ReactiveControllerHost,
    client: () => PageReads | undefined,
    shownId: () => string | undefined,
    warn: (message: string) => void,
  ) {
    this.#warn = warn;
    this.#listed = new Task<OrderArgs, NextOrder | null>(host, {
      args: () => [client(), shownId() ?? this.#before],
      task: ([client, id], { signal }) => (client && id ? client.getNextOrder(id, { signal }) : initialState),
      // The error's own message: the hints from `describeFailure` are about reading the subscription, not its next order.
      // A read made before its subscription is shown is told of once the subscription is: when that read fails too,
      // its failure says all.
      onError: (error) => {
        const message = `no next-order date shown: ${(error as Error).message}`;
        if (this.#unsaid === undefined) warn(message);
        else this.#unsaid = message;
      },
    });
    this.#amounts = new Task<AmountArgs, ReadAmounts>(host, {
      args: () => {
        const { status, value } = this.#listed;
        return [client(), status === TaskStatus.COMPLETE && value && !hasAllAmounts(value) ? value : undefined];
      },
      task: async ([client, listed], { signal }) =>
        client && listed ? { listed, order: await readOrderAmounts(client, listed, { signal }) } : initialState,
      onError: (error) => warn(`next order's amounts not read, the estimate is shown as one: ${(error as Error).message}`),
    });
  }

  /**
   * The next order of the shown subscription. It is `undefined` while it is being read. It is `null` when there is
   * none, or when it cannot be read.
   */
  get value(): NextOrder | null | undefined {
    const { status, value } = this.#listed;
    if (status !== TaskStatus.COMPLETE) return status === TaskStatus.ERROR ? null : undefined;
    const read = this.#amounts.status === TaskStatus.COMPLETE ? this.#amounts.value : undefined;
    // Amounts read for an earlier listing do not belong to this one. An upgrade may have repriced the order since.
    return read && read.listed === value ? read.order : value;
  }

  /** Reads the next order of `subscriptionId` now, before it is shown, beside the subscription itself. Settles once it is in. */
  readBefore(subscriptionId: string): Promise<void> {
    this.#before = subscriptionId;
    this.#unsaid = null;
    return this.#listed.run();
  }

  /** Forgets the subscription read before it was shown, as a new read of what is shown starts. */
  forgetBefore(): void {
    this.#before = this.#unsaid = undefined;
  }

  /**
   * Called once the subscription read before it was shown is shown. The developer is told why its next order's read
   * failed, if it did.
   */
  shown(): void {
    if (this.#unsaid) this.#warn(this.#unsaid);
    this.#unsaid = undefined;
  }

  /** Reads the next order of the shown subscription again, because the service reprices it on an upgrade. */
  readAgain(): void {
    void this.#listed.run();
  }
}
