/**
 * The public events of `<prepaid-upgrade>`. Each is an `Event` subclass with a `readonly detail`, so that
 * `instanceof` works and `event.detail` reads as it would on a `CustomEvent`. All bubble and cross shadow roots.
 * None carries the storefront token.
 */
import type { Subscription, UpgradeRequest, RenewalBehavior } from './api/schemas.js';

/** Where a failure happened: reading the subscription, the upgrade itself, or the element's own set-up. */
export type ErrorPhase = 'load' | 'upgrade' | 'config';

export interface ReadyDetail {
  subscription: Subscription;
}
export interface ChangeDetail {
  ordersPerBilling: number;
  renewalBehavior: RenewalBehavior;
}
export interface SubmitDetail {
  subscriptionId: string;
  request: UpgradeRequest;
}
export interface SuccessDetail {
  subscription: Subscription;
}
export interface ErrorDetail {
  phase: ErrorPhase;
  /** The HTTP status, or 0 when there was no answer (network, timeout, configuration). */
  status: number;
  /** What went wrong, for the developer; never contains the token. */
  message: string;
  /** Whether trying the same thing again may succeed. */
  retryable: boolean;
}

const publicEvent = { bubbles: true, composed: true } as const;

export class PrepaidUpgradeReadyEvent extends Event {
  static readonly eventName = 'prepaid-upgrade-ready';
  readonly detail: ReadyDetail;
  constructor(detail: ReadyDetail) {
    super(PrepaidUpgradeReadyEvent.eventName, publicEvent);
    this.detail = detail;
  }
}

export class PrepaidUpgradeChangeEvent extends Event {
  static readonly eventName = 'prepaid-upgrade-change';
  readonly detail: ChangeDetail;
  constructor(detail: ChangeDetail) {
    super(PrepaidUpgradeChangeEvent.eventName, publicEvent);
    this.detail = detail;
  }
}

/** Fired before the upgrade request is sent; `preventDefault()` stops it. */
export class PrepaidUpgradeSubmitEvent extends Event {
  static readonly eventName = 'prepaid-upgrade-submit';
  readonly detail: SubmitDetail;
  constructor(detail: SubmitDetail) {
    super(PrepaidUpgradeSubmitEvent.eventName, { ...publicEvent, cancelable: true });
    this.detail = detail;
  }
}

export class PrepaidUpgradeSuccessEvent extends Event {
  static readonly eventName = 'prepaid-upgrade-success';
  readonly detail: SuccessDetail;
  constructor(detail: SuccessDetail) {
    super(PrepaidUpgradeSuccessEvent.eventName, publicEvent);
    this.detail = detail;
  }
}

export class PrepaidUpgradeErrorEvent extends Event {
  static readonly eventName = 'prepaid-upgrade-error';
  readonly detail: ErrorDetail;
  constructor(detail: ErrorDetail) {
    super(PrepaidUpgradeErrorEvent.eventName, publicEvent);
    this.detail = detail;
  }
}

/** The credential was refused and no new one could be obtained: the page should sign the customer in again. */
export class PrepaidUpgradeTokenExpiredEvent extends Event {
  static readonly eventName = 'prepaid-upgrade-token-expired';
  readonly detail: Record<string, never> = {};
  constructor() {
    super(PrepaidUpgradeTokenExpiredEvent.eventName, publicEvent);
  }
}

/**
 * Every public event, once, by the name of its React prop: the element fires these classes, the event map below, the
 * React wrapper's `on…` props and the tests all read this table.
 */
export const PREPAID_UPGRADE_EVENTS = {
  onReady: PrepaidUpgradeReadyEvent,
  onChange: PrepaidUpgradeChangeEvent,
  onSubmit: PrepaidUpgradeSubmitEvent,
  onSuccess: PrepaidUpgradeSuccessEvent,
  onError: PrepaidUpgradeErrorEvent,
  onTokenExpired: PrepaidUpgradeTokenExpiredEvent,
} as const;

type EventClass = (typeof PREPAID_UPGRADE_EVENTS)[keyof typeof PREPAID_UPGRADE_EVENTS];

/** Each event's name, and the class of the event fired by that name. */
export type PrepaidUpgradeEventMap = { [C in EventClass as C['eventName']]: InstanceType<C> };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the map above, merged into the DOM's
  interface GlobalEventHandlersEventMap extends PrepaidUpgradeEventMap {}
}
