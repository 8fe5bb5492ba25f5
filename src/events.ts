/**
 * The public events of `<prepaid-upgrade>`. Each one is an `Event` subclass with a `readonly detail`. That way
 * `instanceof` works, and `event.detail` reads as it would on a `CustomEvent`. All of them bubble and cross shadow
 * roots. None of them carries the storefront token.
 */
import type { NextOrder } from './api/orders.js';
import type { Subscription, UpgradeRequest, RenewalBehavior } from './api/schemas.js';
import type { RenewalChangeRequest } from './api/upgrade-request.js';

/**
 * Where a failure happened. It may be the read of the subscription, the upgrade, or a change of what happens when the
 * prepaid orders run out. It may also be the element's own set-up.
 */
export type ErrorPhase = 'load' | 'upgrade' | 'renewal' | 'config';

/** The stage the widget is in. It is the `state` property, and also the custom state of the same name. */
export type PrepaidUpgradeState = 'loading' | 'ready' | 'ineligible' | 'prepaid' | 'submitting' | 'success' | 'error';

/**
 * What is shown. This is the subscription, and without `subscription-id` also the upgradeable subscriptions that were
 * found. `subscription` is `null` while the picker asks which of several candidates to use (see docs/discovery.md).
 * `nextOrder` is the element's `nextOrder` at that moment (see docs/api.md#properties-only). It is `undefined` while
 * it is still being read.
 */
export type ReadyDetail = (
  { subscription: Subscription; candidates?: Subscription[] } | { subscription: null; candidates: Subscription[] }
) & {
  nextOrder?: NextOrder | null | undefined;
};
export interface ChangeDetail {
  ordersPerBilling: number;
  renewalBehavior: RenewalBehavior;
  /**
   * The store's prepaid discount for the chosen term, in percent (`prepaid-discounts`). It is `null` when there is no
   * discount.
   */
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
 * What the customer saw, as the element showed it when its second in view began. It holds the state and the shown
 * subscription. The subscription is `null` while the picker asks which one, or when none loaded. It also holds the
 * orders options that the form offered. These are `[]` when no form was shown.
 */
export interface ViewDetail {
  state: PrepaidUpgradeState;
  subscriptionId: string | null;
  offered: number[];
}
export interface ErrorDetail {
  phase: ErrorPhase;
  /** The HTTP status. It is 0 when there was no answer, as with a network error, a timeout or a configuration error. */
  status: number;
  /** What went wrong, written for the developer. It never contains the token. */
  message: string;
  /** Whether trying the same thing again may succeed. */
  retryable: boolean;
}

/**
 * Makes the class of one public event, named `eventName`, with its `detail` as on a `CustomEvent`. The event bubbles
 * and crosses shadow roots. The call is `publicEvent<Detail>()(name)`, in two steps, so that the detail's type can be
 * given while the name's literal type is inferred.
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

/**
 * Fired when at least half of the element was in view for a second after it settled. It fires once per element, for
 * the offer's funnel.
 */
export class PrepaidUpgradeViewEvent extends publicEvent<ViewDetail>()('prepaid-upgrade-view') {}
export class PrepaidUpgradeReadyEvent extends publicEvent<ReadyDetail>()('prepaid-upgrade-ready') {}
export class PrepaidUpgradeChangeEvent extends publicEvent<ChangeDetail>()('prepaid-upgrade-change') {}
/**
 * Fired before the upgrade or a renewal change is sent. `detail.action` says which one. Calling `preventDefault()`
 * stops the send.
 */
export class PrepaidUpgradeSubmitEvent extends publicEvent<SubmitDetail>()('prepaid-upgrade-submit', true) {}
export class PrepaidUpgradeSuccessEvent extends publicEvent<SuccessDetail>()('prepaid-upgrade-success') {}
/** Fired when the service confirmed a change of what happens when the prepaid orders run out. */
export class PrepaidUpgradeRenewalChangeEvent extends publicEvent<RenewalChangeDetail>()('prepaid-upgrade-renewal-change') {}
export class PrepaidUpgradeErrorEvent extends publicEvent<ErrorDetail>()('prepaid-upgrade-error') {}
/**
 * Fired when the credential was refused and no new one could be obtained. The page should sign the customer in
 * again.
 */
export class PrepaidUpgradeTokenExpiredEvent extends publicEvent<Record<string, never>>()('prepaid-upgrade-token-expired') {
  constructor() {
    super({});
  }
}

/**
 * Every public event, listed once under the name of its React prop. This is the single source: the element fires
 * these classes, and the event map below, the React wrapper's `on…` props and the tests all read this table.
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

/** Maps each event's name to the class of the event fired under that name. */
export type PrepaidUpgradeEventMap = { [C in EventClass as C['eventName']]: InstanceType<C> };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the map above, merged into the DOM's
  interface GlobalEventHandlersEventMap extends PrepaidUpgradeEventMap {}
}
