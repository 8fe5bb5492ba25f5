/**
 * What the widget shows, derived in one place from what is known: the read (or what was learned since), the upgrade
 * and the renewal change. A pure function of its facts, so that every state can be told from every combination of
 * them, and tested so, without an element. The element renders what this says.
 */
import type { Subscription } from '../api/schemas.js';
import type { ErrorPhase, PrepaidUpgradeState } from '../events.js';
import { describeFailure, type Failure } from './failure.js';
import { IDLE, type WriteOutcome } from '../changes/write.js';

/** Which header a state shows: the upgrade form's, or that of a state that is none (see `Strings.stateHeading`). */
export type HeaderKind = 'form' | 'prepaid' | 'ineligible' | 'picker';

/** Where the read of what is shown leaves the widget (`SubscriptionController.state`). */
export type ReadState = 'loading' | 'error' | 'ready' | 'ineligible' | 'prepaid';

/** A write's outcome, and the subscription it is about. */
export interface WriteFacts {
  outcome: WriteOutcome<Subscription>;
  about: string | undefined;
}

export interface Facts {
  /** A problem of the element's own attributes: nothing can be sent until it is fixed. */
  setupError: string | undefined;
  read: ReadState;
  /** Why the read failed, in its `error`. */
  readError: unknown;
  /** The id of the subscription shown; `undefined` while none is (loading, or the picker asks). */
  shownId: string | undefined;
  upgrade: WriteFacts;
  renewal: WriteFacts;
  /** A renewal change was confirmed since the upgrade: the success message gives way to the subscription's terms. */
  changeConfirmed: boolean;
  /** Whether a prepaid subscription's renewal may be changed here (`manage-renewal`). */
  manages: boolean;
}

export interface Shown {
  state: PrepaidUpgradeState;
  /** Which header: the upgrade form's, or that of a state that is none. */
  heading: HeaderKind;
  /** The header sells the upgrade (its description, "Save up to 15%"): where one can be bought. */
  sells: boolean;
  /** Which request the failure shown is about: the read (`load`), a write, or the element's set-up (`config`). */
  phase: ErrorPhase;
  /** The failure shown (in `error`, or above a subscription prepaid already); `undefined` for none or the set-up's. */
  failure: Failure | undefined;
  /** The failed write, as thrown: what the error event reports. */
  failedWrite: unknown;
  /** A write's answer got lost, and reads tell whether it was made: the form stays locked, and says so. */
  checking: boolean;
  /** A failed write's outcome is not known: its form stays locked, and the button under the message reads again. */
  unknown: boolean;
  /** A renewal change is under way (in `submitting`; otherwise the upgrade is). */
  changing: boolean;
  /** The upgrade succeeded and no renewal change was confirmed since: the success message stays. */
  justUpgraded: boolean;
  /** The upgrade was refused as the subscription was prepaid already: it is shown as it is, and the message says so. */
  alreadyPrepaid: boolean;
  /** The upgrade may be sent now: from its form, or again after it failed and was surely not made. */
  canUpgrade: boolean;
  /** A renewal change may be sent now: from a prepaid subscription's form, or again after it failed and was not made. */
  canChange: boolean;
}

/** A write's outcome when it is about the subscription shown; another's (before `subscription-id` changed) is not shown. */
const outcomeOf = ({ outcome, about }: WriteFacts, shownId: string | undefined): WriteOutcome<Subscription> =>
  about !== undefined && about === shownId ? outcome : IDLE;

/** What the widget shows, from what is known. */
export function deriveShown(facts: Facts): Shown {
  const { read, shownId } = facts;
  const upgrade = outcomeOf(facts.upgrade, shownId);
  const change = outcomeOf(facts.renewal, shownId);
  const failedChange = change.status === 'error';
  const upgradeFailure = upgrade.status === 'error' ? describeFailure(upgrade.error) : undefined;
  const alreadyPrepaid = !failedChange && upgradeFailure?.kind === 'alreadyPrepaid';
  // A failed upgrade is shown until the subscription is found prepaid: by this widget's read, or by another widget.
  const failedUpgrade = !!upgradeFailure && !alreadyPrepaid && read !== 'prepaid';
  const failedWrite = failedChange ? change.error : upgrade.status === 'error' ? upgrade.error : undefined;
  const failure = failedChange ? describeFailure(change.error) : failedUpgrade || alreadyPrepaid ? upgradeFailure : undefined;
  const writing = change.status === 'submitting' ? change : upgrade.status === 'submitting' ? upgrade : undefined;

  // A write under way or done outranks what it started from: a renewal change the upgrade, the upgrade the read.
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
  // A prepaid subscription's header: shown as such, after an upgrade, and while (or after) its renewal is changed.
  const prepaid = state === 'prepaid' || state === 'success' || upgraded || changing || phase === 'renewal';
  const unknown = failure?.kind === 'unconfirmed';
  const heading: HeaderKind =
    state === 'ineligible' ? 'ineligible' : prepaid ? 'prepaid' : !shownId && state === 'ready' ? 'picker' : 'form';
  return {
    state,
    heading,
    // "Save up to 15%" sells the upgrade where it can be bought: with the form (or the picker), not where the
    // subscription is prepaid already or cannot be, nor over an error that shows no form.
    sells: (heading === 'form' || heading === 'picker') && (state !== 'error' || failedUpgrade),
    phase,
    // Only an error shows a failure (and a refusal of what was done already): describing one makes an error object,
    // whose stack costs every render.
    failure: failure ?? (state === 'error' && facts.setupError === undefined ? describeFailure(facts.readError) : undefined),
    failedWrite: failure && failedWrite,
    checking: !!writing?.checking,
    unknown,
    changing,
    justUpgraded: upgraded && !facts.changeConfirmed,
    alreadyPrepaid,
    canUpgrade: !!shownId && (state === 'ready' || (failedUpgrade && state === 'error' && !unknown)),
    canChange: !!shownId && facts.manages && (state === 'prepaid' || state === 'success' || (failedChange && !unknown)),
  };
}
