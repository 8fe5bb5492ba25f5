/**
 * The public events of `<prepaid-upgrade>`. Each is an `Event` subclass with a `readonly detail`, so that
 * `instanceof` works and `event.detail` reads as it would on a `CustomEvent`. All bubble and cross shadow roots.
 * None carries the storefront token.
 */
import type { NextOrder } from './api/orders.js';
import type { Subscription, UpgradeRequest, RenewalBehavior } from './api/schemas.js';
import type { RenewalChangeRequest } from './api/upgrade-request.js';

/**
 * Where a failure happened: reading the subscription, the upgrade, a change of what happens when the prepaid
 * orders run out, or the element's own set-up.
 */
export type ErrorPhase = 'load' | 'upgrade' | 'renewal' | 'config';

/** Where the widget is: its `state` property, and the custom state of the same name. */
export type PrepaidUpgradeState = 'loading' | 'ready' | 'ineligible' | 'prepaid' | 'submitting' | 'success' | 'error';

/**
 * What is shown: the subscription, and without `subscription-id` the upgradeable subscriptions found. `subscription` is
 * `null` while the picker asks which of several candidates (docs/discovery.md). `nextOrder` is the element's
 * `nextOrder` as it is then (docs/api.md#properties-only): `undefined` while it is still read.
 */
export type ReadyDetail = (
  { subscription: Subscription; candidates?: Subscription[] } | { subscription: null; candidates: Subscription[] }
) & {
  nextOrder?: NextOrder | null | undefined;
};
export interface ChangeDetail {
  ordersPerBilling: number;
  renewalBehavior: RenewalBehavior;
  /** The store's prepaid discount of the chosen term, in percent (`prepaid-discounts`); `null` without one. */
  discountPercent: number | null;
}
/** What is about to be sent: the upgrade, or a change of what happens when the prepaid orders run out. */
export type SubmitDetail =
  | { action: 'upgrade'; subscriptionId: string; request: UpgradeRequest }
  | { action: 'change-renewal'; subscriptionId: string; request: RenewalChangeRequest };
export interface SuccessDetail {
  subscription: Subscription;
}
export interface RenewalChangeDetail {
  subscription: Subscription;
}
/**
 * What was seen, as the element showed it when its second in view began: the state, the subscription shown (`null` while the picker asks which, or when none loaded), and
 * the orders options the form offered (`[]` where no form was shown).
 */
export interface ViewDetail {
  state: PrepaidUpgradeState;
  subscriptionId: string | null;
  offered: number[];
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

/**
 * The class of one public event, named `eventName`, with its `detail` as on a `CustomEvent`: it bubbles and crosses
 * shadow roots. (`publicEvent<Detail>()(name)`: the detail's type is given, the name's literal type is inferred.)
 */
const publicEvent =
  <D>() =>
  <N extends string>(eventName: N, cancelable = false) =>
    class extends Event {
      static readonly eventName = eventName;
      readonly detail: D;
      constructor(detail: D) {
        super(eventName, { bubbles: true, composed: true, cancelable });
        this.detail = detail;
      }
    };

/** At least half of the element was in view for a second after it settled: once per element (the offer's funnel). */
export class PrepaidUpgradeViewEvent extends publicEvent<ViewDetail>()('prepaid-upgrade-view') {}
export class PrepaidUpgradeReadyEvent extends publicEvent<ReadyDetail>()('prepaid-upgrade-ready') {}
export class PrepaidUpgradeChangeEvent extends publicEvent<ChangeDetail>()('prepaid-upgrade-change') {}
/** Fired before the upgrade or a renewal change is sent (`detail.action` says which); `preventDefault()` stops it. */
export class PrepaidUpgradeSubmitEvent extends publicEvent<SubmitDetail>()('prepaid-upgrade-submit', true) {}
export class PrepaidUpgradeSuccessEvent extends publicEvent<SuccessDetail>()('prepaid-upgrade-success') {}
/** The service confirmed a change of what happens when the prepaid orders run out. */
export class PrepaidUpgradeRenewalChangeEvent extends publicEvent<RenewalChangeDetail>()('prepaid-upgrade-renewal-change') {}
export class PrepaidUpgradeErrorEvent extends publicEvent<ErrorDetail>()('prepaid-upgrade-error') {}
/** The credential was refused and no new one could be obtained: the page should sign the customer in again. */
export class PrepaidUpgradeTokenExpiredEvent extends publicEvent<Record<string, never>>()('prepaid-upgrade-token-expired') {
  constructor() {
    super({});
  }
}

/**
 * Every public event, once, by the name of its React prop: the element fires these classes, the event map below, the
 * React wrapper's `on…` props and the tests all read this table.
 */
export const PREPAID_UPGRADE_EVENTS = {
  onReady: PrepaidUpgradeReadyEvent,
  onView: PrepaidUpgradeViewEvent,
  onChange: PrepaidUpgradeChangeEvent,
  onSubmit: PrepaidUpgradeSubmitEvent,
  onSuccess: PrepaidUpgradeSuccessEvent,
  onRenewalChange: PrepaidUpgradeRenewalChangeEvent,
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
