/**
 * What the widget shows, from what it knows (`deriveShown`), on its own: no element, no service. Every state from every
 * combination of the read and the two writes, as @lit/task tests its `Task` with plain values.
 */
import { expect } from '@open-wc/testing';
import { ApiError } from '../../../src/api/errors.js';
import type { Subscription } from '../../../src/api/schemas.js';
import { deriveShown, type Facts, type WriteFacts } from '../../../src/element/shown-state.js';
import type { ReadState } from '../../../src/subscription/subscription-read.js';
import type { Loaded } from '../../../src/shared/loaded.js';
import type { WriteOutcome } from '../../../src/changes/write.js';
import { payAsYouGoSubscription, prepaidSubscription, product } from '../../fixtures/subscriptions.js';
import { factsOf } from '../../helpers/shown-facts.js';

const ID = 'sub_coffee_ada';
const prepaid = prepaidSubscription({ public_id: ID });
const LOADED: Loaded = { subscription: payAsYouGoSubscription({ public_id: ID }), product: product(), eligibility: { eligible: true } };
const write = (outcome: WriteOutcome<Subscription>, about = ID): WriteFacts => ({ outcome, about });
const sending = write({ status: 'submitting' });
const checking = write({ status: 'submitting', checking: true });
const succeeded = write({ status: 'success', value: prepaid });
const failed = (error: ApiError) => write({ status: 'error', error });

const refused = new ApiError('http', 'PATCH answered 403', { status: 403, applied: false });
const notMade = new ApiError('http', 'PATCH answered 503', { status: 503, applied: false });
const unknown = new ApiError('unconfirmed', 'no read confirmed the upgrade', { status: 503, applied: null });
const already = new ApiError('http', 'PATCH answered 400: already prepaid', { status: 400, applied: false, current: prepaid });

/** The facts of a widget showing `LOADED`, with `overrides`. */
const facts = (overrides: Partial<Facts> = {}): Facts => factsOf({ loaded: LOADED, ...overrides });

describe('deriveShown', () => {
  it('shows where the read leaves it while no write was made', () => {
    const reads: ReadState[] = ['loading', 'error', 'ready', 'ineligible', 'prepaid'];
    for (const read of reads) {
      const readError = read === 'error' ? new ApiError('network', 'GET failed') : undefined;
      expect(deriveShown(facts({ read, readError })).state, read).to.equal(read);
    }
  });

  it('is an error, with no failure to describe, while the attributes leave nothing to send', () => {
    const shown = deriveShown(facts({ setupError: 'orders-options: nothing valid', upgrade: sending }));
    expect(shown).to.include({ state: 'error', phase: 'config', failure: undefined, canUpgrade: false, canChange: false });
  });

  it('sells the upgrade with the form and the picker, and nowhere else', () => {
    expect(deriveShown(facts())).to.include({ heading: 'form', sells: true, canUpgrade: true });
    expect(deriveShown(facts({ loaded: undefined }))).to.include({ heading: 'picker', sells: true, canUpgrade: false });
    expect(deriveShown(facts({ read: 'prepaid' }))).to.include({ heading: 'prepaid', sells: false, canUpgrade: false, canChange: true });
    expect(deriveShown(facts({ read: 'ineligible' }))).to.include({ heading: 'ineligible', sells: false });
    const loadFailed = deriveShown(facts({ read: 'error', readError: new ApiError('http', 'GET answered 500', { status: 500 }) }));
    expect(loadFailed).to.include({ state: 'error', phase: 'load', sells: false });
    expect(loadFailed.failure?.kind).to.equal('server');
  });

  it('is submitting while the upgrade is sent, then checking once its answer got lost, the form locked throughout', () => {
    expect(deriveShown(facts({ upgrade: sending }))).to.include({
      state: 'submitting',
      phase: 'upgrade',
      checking: false,
      canUpgrade: false,
    });
    expect(deriveShown(facts({ upgrade: checking }))).to.include({
      state: 'submitting',
      phase: 'upgrade',
      checking: true,
      canUpgrade: false,
    });
  });

  it('shows the success of the upgrade until a renewal change is confirmed', () => {
    expect(deriveShown(facts({ read: 'prepaid', upgrade: succeeded }))).to.include({
      state: 'success',
      heading: 'prepaid',
      justUpgraded: true,
      canChange: true,
    });
    const changed = write({ status: 'success', value: prepaid });
    expect(deriveShown(facts({ read: 'prepaid', upgrade: succeeded, renewal: changed, changeConfirmed: true }))).to.include({
      state: 'prepaid',
      justUpgraded: false,
    });
  });

  it('tells a refused upgrade, one surely not made, and one whose outcome is not known apart', () => {
    const refusedShown = deriveShown(facts({ upgrade: failed(refused) }));
    expect(refusedShown).to.include({ state: 'error', phase: 'upgrade', unknown: false, canUpgrade: true, sells: true });
    expect(refusedShown.failure?.kind).to.equal('forbidden');
    expect(deriveShown(facts({ upgrade: failed(notMade) }))).to.include({ state: 'error', unknown: false, canUpgrade: true });
    const unknownShown = deriveShown(facts({ upgrade: failed(unknown) }));
    expect(unknownShown).to.include({ state: 'error', phase: 'upgrade', unknown: true, canUpgrade: false, failedWrite: unknown });
  });

  it('shows a subscription prepaid already as it is, with why, and no success', () => {
    const shown = deriveShown(facts({ read: 'prepaid', upgrade: failed(already) }));
    expect(shown).to.include({
      state: 'prepaid',
      heading: 'prepaid',
      alreadyPrepaid: true,
      justUpgraded: false,
      sells: false,
      canChange: true,
    });
    expect(shown.failure?.kind).to.equal('alreadyPrepaid');
    expect(shown.failure?.retryable).to.equal(false);
  });

  it('lets a subscription found prepaid elsewhere outrank an upgrade that failed here', () => {
    // Another widget's news, or a read, shows it prepaid: the failure here is no longer what is true.
    for (const error of [notMade, unknown]) {
      const shown = deriveShown(facts({ read: 'prepaid', upgrade: failed(error) }));
      expect(shown).to.include({ state: 'prepaid', failure: undefined, unknown: false });
    }
  });

  it('puts a renewal change under way or failed above the upgrade it followed', () => {
    const base = { read: 'prepaid', upgrade: succeeded } as const;
    expect(deriveShown(facts({ ...base, renewal: sending }))).to.include({ state: 'submitting', phase: 'renewal', changing: true });
    expect(deriveShown(facts({ ...base, renewal: checking }))).to.include({ state: 'submitting', checking: true, changing: true });
    const notSaved = deriveShown(facts({ ...base, renewal: failed(notMade) }));
    expect(notSaved).to.include({ state: 'error', phase: 'renewal', heading: 'prepaid', canChange: true, justUpgraded: true });
    expect(deriveShown(facts({ ...base, renewal: failed(unknown) }))).to.include({ state: 'error', unknown: true, canChange: false });
  });

  it('shows no write about another subscription than the one shown', () => {
    // `subscription-id` changed while a write of the one before was in flight: its outcome is not this one's.
    const other = 'sub_other';
    expect(deriveShown(facts({ upgrade: write({ status: 'submitting' }, other) })).state).to.equal('ready');
    expect(deriveShown(facts({ upgrade: write({ status: 'success', value: prepaid }, other) })).state).to.equal('ready');
    expect(deriveShown(facts({ read: 'loading', loaded: undefined, upgrade: sending })).state).to.equal('loading');
  });

  it('offers no renewal change where the page hides the form', () => {
    expect(deriveShown(facts({ read: 'prepaid', manages: false })).canChange).to.equal(false);
  });

  it('offers the upgrade only where the read shows a subscription that can be prepaid', () => {
    expect(deriveShown(facts({ read: 'loading' })).canUpgrade).to.equal(false);
    expect(deriveShown(facts({ read: 'ineligible' })).canUpgrade).to.equal(false);
  });

  it('locks the forms while a write is under way, checked, or of an outcome not known', () => {
    expect(deriveShown(facts()).formMode).to.equal('live');
    expect(deriveShown(facts({ upgrade: sending })).formMode).to.equal('submitting');
    expect(deriveShown(facts({ upgrade: checking })).formMode).to.equal('checking');
    expect(deriveShown(facts({ upgrade: failed(unknown) })).formMode).to.equal('locked');
    expect(deriveShown(facts({ upgrade: failed(notMade) })).formMode).to.equal('live');
    expect(deriveShown(facts({ read: 'prepaid', renewal: checking })).formMode).to.equal('checking');
  });

  it('tells of a confirmed renewal change only about the subscription shown', () => {
    const changed = prepaidSubscription({
      public_id: ID,
      prepaid_subscription_context: { prepaid_orders_remaining: 0, prepaid_orders_per_billing: 6, renewal_behavior: 'cancel' },
    });
    const confirmed = (about: string) => write({ status: 'success', value: changed }, about);
    expect(deriveShown(facts({ read: 'prepaid', renewal: confirmed(ID) })).changed).to.equal(changed);
    expect(deriveShown(facts({ read: 'prepaid', renewal: confirmed('sub_other') })).changed).to.equal(undefined);
    expect(deriveShown(facts({ read: 'prepaid', renewal: sending })).changed).to.equal(undefined);
  });

  it('offers the choices of orders only while the form is ready for a subscription shown', () => {
    expect(deriveShown(facts()).offered).to.deep.equal([3, 6, 12]);
    expect(deriveShown(facts({ ordersOptions: undefined })).offered).to.deep.equal([]);
    expect(deriveShown(facts({ loaded: undefined })).offered, 'the picker').to.deep.equal([]);
    expect(deriveShown(facts({ upgrade: sending })).offered).to.deep.equal([]);
    expect(deriveShown(facts({ read: 'prepaid' })).offered).to.deep.equal([]);
  });

  it('says whether the element looks for the subscriptions itself', () => {
    expect(deriveShown(facts({ read: 'loading', loaded: undefined, finding: true })).finding).to.equal(true);
    expect(deriveShown(facts()).finding).to.equal(false);
  });
});
