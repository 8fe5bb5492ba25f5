/**
 * The changes that the widget makes to a subscription, and how their outcome is known.
 *
 * When an answer got lost (a 5xx, a timeout, a dropped connection or an unreadable 2xx), it is unknown whether the
 * service made the change. The service may also make it seconds later, so one read right after proves nothing. So the
 * subscription is read again, with backoff, for about half a minute. A read that shows the change means that the change
 * succeeded. Only a read after that time has passed can show that the change was not made. When no read answers, the
 * outcome is not known, and the widget says so because that is the truth.
 *
 * A 400 may mean that the subscription is already prepaid, by another tab, another widget or a person elsewhere. One
 * read tells.
 */
import type { ApiClient, RequestOptions } from './client.js';
import { ApiError } from './errors.js';
import { sleep } from './retry.js';
import type { Subscription, UpgradeRequest } from './schemas.js';
import type { RenewalBehavior } from './upgrade-request.js';
import { ordersPerBillingOf } from './subscription.js';

/** One change: how it is sent, and how a later read of the subscription shows it. */
export interface SubscriptionWrite {
  /** The name that console messages give the change. */
  name: string;
  send(client: ApiClient, subscriptionId: string, options: RequestOptions): Promise<Subscription>;
  /** Whether `subscription` carries this change, exactly as asked. */
  isApplied(subscription: Subscription): boolean;
  /**
   * Whether `subscription` shows that the change cannot be made, because a different change was made elsewhere. For the
   * upgrade, this means that the subscription is already prepaid. A 400 then means "already done", and never a success
   * of this write.
   */
  madeElsewhere?(subscription: Subscription): boolean;
}

/** Whether a subscription carries exactly the prepaid terms that were asked for. */
export function isPrepaidAsRequested(subscription: Subscription, request: UpgradeRequest): boolean {
  return ordersPerBillingOf(subscription) === request.orders_per_billing && hasRenewalBehavior(subscription, request.renewal_behavior);
}

/**
 * Whether a prepaid subscription ends its prepaid orders as `renewalBehavior` says. The service's default is to renew.
 */
export function hasRenewalBehavior(subscription: Subscription, renewalBehavior: RenewalBehavior): boolean {
  return (
    ordersPerBillingOf(subscription) > 0 && (subscription.prepaid_subscription_context!.renewal_behavior ?? 'autorenew') === renewalBehavior
  );
}

export const upgradeWrite = (request: UpgradeRequest): SubscriptionWrite => ({
  name: 'the upgrade',
  send: (client, subscriptionId, options) => client.upgradeToPrepaid(subscriptionId, request, options),
  isApplied: (subscription) => isPrepaidAsRequested(subscription, request),
  madeElsewhere: (subscription) => ordersPerBillingOf(subscription) > 0,
});

export const renewalChangeWrite = (renewalBehavior: RenewalBehavior): SubscriptionWrite => ({
  name: 'the renewal change',
  send: (client, subscriptionId, options) => client.changeRenewalBehavior(subscriptionId, renewalBehavior, options),
  isApplied: (subscription) => hasRenewalBehavior(subscription, renewalBehavior),
});

/**
 * The waits between the reads that confirm a change whose answer was lost. The first read is made at once and the last
 * one about 30 s later. By then, a change that the service was still making has surely been made.
 */
export const CONFIRM_WAITS_MS = [1000, 2000, 4000, 8000, 15000] as const;

export interface WriteOptions extends RequestOptions {
  /** Called when the answer was lost and the reads that confirm the change begin. */
  onChecking?: () => void;
  /**
   * The `unconfirmed` failure of an earlier try of this write, whose outcome is not known. Nothing is sent again, and
   * one read tells whether the change was made. This is what "Check again" does.
   */
  unknown?: ApiError | undefined;
}

/** Whether the change may have been made despite the failure, or may still be made later. */
const mayBeMade = (error: ApiError): boolean =>
  error.kind === 'http' ? error.status >= 500 : ['network', 'timeout', 'malformed'].includes(error.kind);

/** `error` with what is known about the change that failed: `applied`, and the subscription as it was found. */
const concluded = (error: ApiError, applied: false | null, current?: Subscription): ApiError =>
  new ApiError(error.kind, error.message, { ...error, cause: error.cause, applied, current });

/**
 * Sends `write`. A refusal is final (`applied: false`), except for a 400. After a 400, one read tells whether the
 * change was made elsewhere (`current`), or whether a change that was asked for again is already in place. When the
 * answer got lost, reads confirm the change (`confirmWrite`, after `onChecking`). With `unknown`, nothing is sent, and
 * one read confirms that earlier try.
 */
export async function sendAndConfirm(
  client: ApiClient,
  subscriptionId: string,
  write: SubscriptionWrite,
  options: WriteOptions = {},
): Promise<Subscription> {
  if (options.unknown) {
    options.onChecking?.();
    return confirmWrite(client, subscriptionId, write, options.unknown, options, []);
  }
  let error: ApiError;
  try {
    return await write.send(client, subscriptionId, options);
  } catch (caught) {
    if (options.signal?.aborted || !(caught instanceof ApiError)) throw caught;
    error = caught;
  }
  if (error.status === 400) {
    let current: Subscription | undefined;
    try {
      current = await client.getSubscription(subscriptionId, options);
    } catch {
      // The refusal's own reason says more than a failed read.
    }
    if (current && write.madeElsewhere?.(current)) throw concluded(error, false, current);
    if (current && write.isApplied(current)) return current;
    throw concluded(error, false);
  }
  if (!mayBeMade(error)) throw concluded(error, false);
  options.onChecking?.();
  return confirmWrite(client, subscriptionId, write, error, options);
}

/**
 * Reads the subscription until a read shows `write` made, which is its success. Before each next read, it waits for the
 * next time in `waits`. After the last read, `failed` is thrown again with what is known. When the last read shows the
 * change not made, the error says `applied: false`. Otherwise the outcome is not known (`unconfirmed`,
 * `applied: null`).
 *
 * A read that finds the subscription prepaid in another way ends the reads at once (`current`). So does a refused
 * credential, because the customer must act on it. Its outcome is not known.
 */
async function confirmWrite(
  client: ApiClient,
  subscriptionId: string,
  write: SubscriptionWrite,
  failed: ApiError,
  options: RequestOptions = {},
  waits: readonly number[] = CONFIRM_WAITS_MS,
): Promise<Subscription> {
  // This checks again after an outcome that was not known. The failure to report is the write's own failure, which the
  // `unconfirmed` error holds as its cause.
  if (failed.kind === 'unconfirmed' && failed.cause instanceof ApiError) failed = failed.cause;
  for (let reads = 0; ; reads++) {
    let readError: unknown;
    try {
      const current = await client.getSubscription(subscriptionId, options);
      if (write.isApplied(current)) return current;
      if (write.madeElsewhere?.(current)) throw concluded(failed, false, current);
    } catch (caught) {
      if (options.signal?.aborted || (caught instanceof ApiError && caught.applied === false)) throw caught;
      if (caught instanceof ApiError && caught.status === 401) throw concluded(caught, null);
      readError = caught;
    }
    if (reads === waits.length) {
      if (!readError) throw concluded(failed, false);
      throw new ApiError('unconfirmed', `${failed.message}; no read confirmed ${write.name}: ${(readError as Error).message}`, {
        status: failed.status,
        cause: failed,
        applied: null,
      });
    }
    await sleep(waits[reads]!, options.signal);
  }
}
