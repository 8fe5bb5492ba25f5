/**
 * What the widget shows, derived in one place from what is known: the read (or what was learned since), the upgrade and
 * the renewal change. It is a pure function of these facts. So the state can be derived from every combination of them,
 * and tested that way without an element. The element renders what this says.
 */
import type { Subscription } from '../api/schemas.js';
import type { ErrorPhase, PrepaidUpgradeState } from '../events.js';
import { describeFailure, type Failure } from '../shared/failure.js';
import { IDLE, type WriteOutcome } from '../changes/write.js';
import type { FormMode } from '../upgrade/form-template.js';
import type { Loaded } from '../shared/loaded.js';
import type { ReadState } from '../subscription/subscription-read.js';

/** Which header a state shows: the upgrade form's, or that of a state without the form (see `Strings.stateHeading`). */
export type HeaderKind = 'form' | 'prepaid' | 'ineligible' | 'picker';

/** A write's outcome, and the subscription it is about. */
export interface WriteFacts {
  outcome: WriteOutcome<Subscription>;
  about: string | undefined;
}

export interface Facts {
  /** A problem with the element's own attributes. Nothing can be sent until it is fixed. */
  setupError: string | undefined;
  /** Where the read of what is shown leaves the widget (`SubscriptionRead.state`). */
  read: ReadState;
  /** Why the read failed, when its state is `error`. */
  readError: unknown;
  /**
   * The subscription shown, as read or as learned since (`Learned.loaded`). `undefined` while none is shown: while
   * loading, or while the picker asks.
   */
  loaded: Loaded | undefined;
  upgrade: WriteFacts;
  renewal: WriteFacts;
  /**
   * Whether a renewal change was confirmed since the upgrade. The success message then gives way to the subscription's
   * terms.
   */
  changeConfirmed: boolean;
  /** Whether a prepaid subscription's renewal may be changed here (`manage-renewal`). */
  manages: boolean;
  /** Whether the customer asked for the read shown, by a retry, so that its outcome takes focus. */
  readAsked: boolean;
  /** Whether the element looks for the customer's subscriptions itself: it has no `subscription-id`. */
  finding: boolean;
  /** The choices of orders per billing that the form offers. `undefined` while the attributes offer none. */
  ordersOptions: readonly number[] | undefined;
}

export interface Shown {
  state: PrepaidUpgradeState;
  /** The subscription shown, as its facts say. */
  loaded: Loaded | undefined;
  /** Which header: the upgrade form's, or that of a state without the form. */
  heading: HeaderKind;
  /**
   * Whether the header sells the upgrade, with its description and "Save up to 15%". It does so only where an upgrade
   * can be bought.
   */
  sells: boolean;
  /** Which request the failure shown is about: the read (`load`), a write, or the element's set-up (`config`). */
  phase: ErrorPhase;
  /**
   * The failure shown, in `error` or above a subscription that is already prepaid. `undefined` when there is none, or
   * for a set-up error.
   */
  failure: Failure | undefined;
  /** The failed write's error, as thrown. The error event reports it. */
  failedWrite: unknown;
  /** A write's answer got lost, and reads tell whether it was made. The form stays locked, and says so. */
  checking: boolean;
  /** A failed write's outcome is not known. Its form stays locked, and the button under the message reads again. */
  unknown: boolean;
  /** A renewal change is under way. When this is false in `submitting`, the upgrade is under way. */
  changing: boolean;
  /**
   * The subscription as the renewal change that the service confirmed left it, when that change is about the
   * subscription shown. The management form and the status region say what it now does.
   */
  changed: Subscription | undefined;
  /**
   * How the forms are locked: `live`; `submitting` while a write is under way; `checking` once its answer got lost and
   * reads tell whether it was made; `locked` after a write whose outcome is not known.
   */
  formMode: FormMode;
  /** Whether the element looks for the customer's subscriptions itself: it has no `subscription-id`. */
  finding: boolean;
  /** The choices of orders that the form offers while it is `ready`, as `prepaid-upgrade-view` tells them; else none. */
  offered: number[];
  /**
   * The outcome shown takes focus, because the customer asked for it: a write's, or a read asked for again. Focus reads
   * it out, so the status region and the error's alert stay silent about it, and it is heard once.
   */
  takesFocus: boolean;
  /** The upgrade succeeded, and no renewal change was confirmed since. The success message stays. */
  justUpgraded: boolean;
  /**
   * The upgrade was refused because the subscription was already prepaid. The subscription is shown as it is, and the
   * message says so.
   */
  alreadyPrepaid: boolean;
  /** The upgrade may be sent now, from its form, or again after it failed and was surely not made. */
  canUpgrade: boolean;
  /**
   * A renewal change may be sent now, from a prepaid subscription's form, or again after it failed and was not made.
   */
  canChange: boolean;
}

/**
 * A write's outcome, when it is about the subscription shown. The outcome of a write about another subscription, from
 * before `subscription-id` changed, is not shown.
 */
const outcomeOf = ({ outcome, about }: WriteFacts, shownId: string | undefined): WriteOutcome<Subscription> =>
  about !== undefined && about === shownId ? outcome : IDLE;

/** What the widget shows, from what is known. */
export function deriveShown(facts: Facts): Shown {
  const { read, loaded } = facts;
  const shownId = loaded?.subscription.public_id;
  const upgrade = outcomeOf(facts.upgrade, shownId);
  const change = outcomeOf(facts.renewal, shownId);
  const failedChange = change.status === 'error';
  const upgradeFailure = upgrade.status === 'error' ? describeFailure(upgrade.error) : undefined;
  const alreadyPrepaid = !failedChange && upgradeFailure?.kind === 'alreadyPrepaid';
  // A failed upgrade is shown until the subscription is found prepaid, by this widget's read or by another widget.
  const failedUpgrade = !!upgradeFailure && !alreadyPrepaid && read !== 'prepaid';
  const failedWrite = failedChange ? change.error : upgrade.status === 'error' ? upgrade.error : undefined;
  const failure = failedChange ? describeFailure(change.error) : failedUpgrade || alreadyPrepaid ? upgradeFailure : undefined;
  const writing = change.status === 'submitting' ? change : upgrade.status === 'submitting' ? upgrade : undefined;

  // A write that is under way or done outranks what it started from. A renewal change outranks the upgrade, and the
  // upgrade outranks the read.
  let state: PrepaidUpgradeState;
  if (facts.setupError !== undefined) state = 'error';
  else if (writing) state = 'submitting';
  else if (failedChange) state = 'error';
  else if (change.status === 'success' || alreadyPrepaid) state = 'prepaid';
  else if (failedUpgrade) state = 'error';
  else if (upgrade.status === 'success') state = 'success';
  else state = read;

  const phase: ErrorPhase =
    facts.setupError !== undefined
      ? 'config'
      : change.status === 'submitting' || failedChange
        ? 'renewal'
        : upgrade.status === 'submitting' || failedUpgrade || alreadyPrepaid
          ? 'upgrade'
          : 'load';
  const upgraded = upgrade.status === 'success';
  const changing = change.status === 'submitting';
  // The header of a prepaid subscription. It is shown for a prepaid subscription, after an upgrade, and while or after
  // its renewal is changed.
  const prepaid = state === 'prepaid' || state === 'success' || upgraded || changing || phase === 'renewal';
  const unknown = failure?.kind === 'unconfirmed';
  const heading: HeaderKind =
    state === 'ineligible' ? 'ineligible' : prepaid ? 'prepaid' : !shownId && state === 'ready' ? 'picker' : 'form';
  const checking = !!writing?.checking;
  return {
    state,
    loaded,
    heading,
    // "Save up to 15%" sells the upgrade where it can be bought: with the form or the picker. It is not shown where the
    // subscription is already prepaid or cannot be, nor over an error that shows no form.
    sells: (heading === 'form' || heading === 'picker') && (state !== 'error' || failedUpgrade),
    phase,
    // Only an error shows a failure, and so does a refusal of what was done already. Describing a failure may make an
    // error object, whose stack would cost every render.
    failure: failure ?? (state === 'error' && facts.setupError === undefined ? describeFailure(facts.readError) : undefined),
    failedWrite: failure && failedWrite,
    checking,
    unknown,
    changing,
    changed: change.status === 'success' ? change.value : undefined,
    formMode: checking ? 'checking' : state === 'submitting' ? 'submitting' : unknown ? 'locked' : 'live',
    finding: facts.finding,
    offered: state === 'ready' && shownId ? [...(facts.ordersOptions ?? [])] : [],
    takesFocus: facts.readAsked || upgraded || change.status === 'success' || !!failure,
    justUpgraded: upgraded && !facts.changeConfirmed,
    alreadyPrepaid,
    canUpgrade: !!shownId && (state === 'ready' || (failedUpgrade && state === 'error' && !unknown)),
    canChange: !!shownId && facts.manages && (state === 'prepaid' || state === 'success' || (failedChange && !unknown)),
  };
}
