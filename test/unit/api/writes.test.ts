/**
 * A change when its answer is lost: the subscription is read again, with backoff, for about half a minute; a change
 * that did happen is a success, never a failure that invites a second one, and "not made" is said only once the reads
 * show it. The upgrade and the renewal change go through the same `sendAndConfirm`.
 */
import { expect } from '@open-wc/testing';
import type { ApiClient } from '../../../src/api/client.js';
import { ApiError } from '../../../src/api/errors.js';
import type { Subscription, UpgradeRequest } from '../../../src/api/schemas.js';
import type { RenewalBehavior } from '../../../src/api/upgrade-request.js';
import {
  CONFIRM_WAITS_MS,
  hasRenewalBehavior,
  isPrepaidAsRequested,
  renewalChangeWrite,
  sendAndConfirm,
  upgradeWrite,
} from '../../../src/api/writes.js';
import { withClock } from '../../helpers/controlled-clock.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession, sessionClient, type SandboxSession } from '../../helpers/sandbox-session.js';
import { payAsYouGoSubscription, prepaidSubscription } from '../../fixtures/subscriptions.js';

const ELIGIBLE = SANDBOX_SUBSCRIPTIONS.eligible.id;
const PREPAID = SANDBOX_SUBSCRIPTIONS.prepaid.id;
const sixCancel: UpgradeRequest = { orders_per_billing: 6, renewal_behavior: 'cancel', offer: 'live' };
const upgradeAndConfirm = (client: ApiClient, id: string, request: UpgradeRequest) => sendAndConfirm(client, id, upgradeWrite(request));
const changeAndConfirm = (client: ApiClient, id: string, renewalBehavior: RenewalBehavior) =>
  sendAndConfirm(client, id, renewalChangeWrite(renewalBehavior));
/** What `promise` failed with; a success fails the test. */
const failureOf = (promise: Promise<unknown>): Promise<ApiError> =>
  promise.then(
    () => expect.fail('it succeeded'),
    (error: ApiError) => error,
  );
const renewalOf = (subscription: Subscription) => subscription.prepaid_subscription_context?.renewal_behavior;

describe('isPrepaidAsRequested', () => {
  it('holds for the same orders and renewal, with autorenew as the default', () => {
    const prepaid = (orders: number, renewal?: string | null) =>
      prepaidSubscription({
        prepaid_subscription_context: { prepaid_orders_remaining: 0, prepaid_orders_per_billing: orders, renewal_behavior: renewal },
      });
    expect(isPrepaidAsRequested(prepaid(6, 'cancel'), sixCancel)).to.be.true;
    expect(isPrepaidAsRequested(prepaid(6, 'downgrade'), sixCancel)).to.be.false;
    expect(isPrepaidAsRequested(prepaid(3, 'cancel'), sixCancel)).to.be.false;
    expect(isPrepaidAsRequested(prepaid(6, null), { ...sixCancel, renewal_behavior: 'autorenew' })).to.be.true;
    expect(isPrepaidAsRequested(payAsYouGoSubscription(), sixCancel)).to.be.false;
  });
});

describe('hasRenewalBehavior', () => {
  it('holds for a prepaid subscription ending as asked, with autorenew as the default, and never for pay-as-you-go', () => {
    const withRenewal = (renewal: string | null) =>
      prepaidSubscription({
        prepaid_subscription_context: { prepaid_orders_remaining: 2, prepaid_orders_per_billing: 6, renewal_behavior: renewal },
      });
    expect(hasRenewalBehavior(withRenewal('cancel'), 'cancel')).to.be.true;
    expect(hasRenewalBehavior(withRenewal('cancel'), 'downgrade')).to.be.false;
    expect(hasRenewalBehavior(withRenewal(null), 'autorenew')).to.be.true;
    expect(hasRenewalBehavior(payAsYouGoSubscription(), 'autorenew')).to.be.false;
  });
});

let session: SandboxSession;
let client: ApiClient;
const requests = async () => (await session.requests()).map((r) => `${r.method} ${r.status}`);

async function startSession(customer?: { customerId: string }): Promise<void> {
  session = await sandboxSession(customer);
  client = sessionClient(session, { timeoutMs: 500 });
}

describe('sendAndConfirm: the upgrade', () => {
  beforeEach(() => startSession());

  it('is a plain upgrade when the answer arrives', async () => {
    const upgraded = await upgradeAndConfirm(client, ELIGIBLE, sixCancel);
    expect(upgraded.prepaid_subscription_context?.prepaid_orders_per_billing).to.equal(6);
    expect(await requests()).to.deep.equal(['PATCH 200']);
  });

  it('succeeds when the answer was lost but the upgrade had been applied', async () => {
    // Applied by a first try whose answer never arrived; the customer's retry is answered 503.
    await client.upgradeToPrepaid(ELIGIBLE, sixCancel);
    await session.fault({ status: 503, method: 'PATCH' });
    const confirmed = await upgradeAndConfirm(client, ELIGIBLE, sixCancel);
    expect(confirmed.prepaid_subscription_context).to.deep.include({ prepaid_orders_per_billing: 6, renewal_behavior: 'cancel' });
    expect(await requests()).to.deep.equal(['PATCH 200', 'PATCH 503', 'GET 200']);
  });

  it('calls a 400 "already prepaid" when the read finds it prepaid, even as asked: this call did not make it', async () => {
    await client.upgradeToPrepaid(ELIGIBLE, sixCancel);
    const error = await failureOf(upgradeAndConfirm(client, ELIGIBLE, sixCancel));
    expect(error).to.include({ kind: 'http', status: 400, applied: false });
    expect(error.current?.prepaid_subscription_context).to.deep.include({ prepaid_orders_per_billing: 6, renewal_behavior: 'cancel' });
    expect(await requests()).to.deep.equal(['PATCH 200', 'PATCH 400', 'GET 200']);
  });

  it('keeps the 400, with the subscription as found, when it is prepaid on other terms', async () => {
    await client.upgradeToPrepaid(ELIGIBLE, { ...sixCancel, orders_per_billing: 12 });
    const error = await failureOf(upgradeAndConfirm(client, ELIGIBLE, sixCancel));
    expect(error).to.include({ kind: 'http', status: 400, applied: false });
    expect(error.detail).to.match(/already prepaid/i);
    expect(error.current?.prepaid_subscription_context?.prepaid_orders_per_billing).to.equal(12);
  });

  it('keeps a plain 400 a refusal, with no subscription found prepaid', async () => {
    await session.fault({ status: 400, method: 'PATCH', detail: 'Prepaid is paused.' });
    const error = await failureOf(upgradeAndConfirm(client, ELIGIBLE, sixCancel));
    expect(error).to.include({ kind: 'http', status: 400, applied: false, current: undefined });
    expect(await requests()).to.deep.equal(['PATCH 400', 'GET 200']);
  });

  it('concludes "not made" only from a read once about half a minute has passed, reading with backoff till then', async () => {
    await session.fault({ status: 500, method: 'PATCH' });
    const checking: number[] = [];
    const { error, waits } = await withClock({ auto: true }, async (clock) => {
      const failed = await sendAndConfirm(client, ELIGIBLE, upgradeWrite(sixCancel), {
        onChecking: () => checking.push(clock.now()),
      }).catch((e: ApiError) => e);
      return { error: failed as ApiError, waits: [...clock.waits] };
    });
    expect(error).to.include({ kind: 'http', status: 500, applied: false });
    expect(checking, 'told once that it checks').to.have.length(1);
    expect(waits).to.deep.equal([...CONFIRM_WAITS_MS]);
    expect(CONFIRM_WAITS_MS.reduce((sum, wait) => sum + wait, 0)).to.equal(30_000);
    expect(await requests()).to.deep.equal(['PATCH 500', ...CONFIRM_WAITS_MS.map(() => 'GET 200'), 'GET 200']);
  });

  it('finds an upgrade that the service made after the answer was given up on', async () => {
    // Made 1.2 s after it arrived; the client gives up after 0.5 s. The read at once finds it not made yet, the one a
    // second later finds it made: the success it was, and nothing sent twice.
    await session.fault({ carriedOutAfterMs: 1200, method: 'PATCH' });
    const confirmed = await upgradeAndConfirm(client, ELIGIBLE, sixCancel);
    expect(confirmed.prepaid_subscription_context?.prepaid_orders_per_billing).to.equal(6);
    expect(await requests()).to.deep.equal(['PATCH 200', 'GET 200', 'GET 200']);
  });

  it('says the outcome is not known when no read answers, and a check later finds it made', async () => {
    await session.fault({ status: 503, method: 'PATCH', apply: true });
    await session.fault({ status: 500, method: 'GET', count: CONFIRM_WAITS_MS.length + 1 });
    const error = await withClock({ auto: true }, () => failureOf(upgradeAndConfirm(client, ELIGIBLE, sixCancel)));
    expect(error).to.include({ kind: 'unconfirmed', status: 503, applied: null });
    expect(error.message).to.include('no read confirmed the upgrade');
    // Checking again is one read, and never the upgrade again.
    const found = await sendAndConfirm(client, ELIGIBLE, upgradeWrite(sixCancel), { unknown: error });
    expect(found.prepaid_subscription_context?.prepaid_orders_per_billing).to.equal(6);
    expect((await requests()).filter((r) => r.startsWith('PATCH'))).to.deep.equal(['PATCH 503']);
  });

  it('checked again, a read that finds it not made says so with the write’s own failure', async () => {
    await session.fault({ status: 503, method: 'PATCH' });
    await session.fault({ status: 500, method: 'GET', count: CONFIRM_WAITS_MS.length + 1 });
    const unknown = await withClock({ auto: true }, () => failureOf(upgradeAndConfirm(client, ELIGIBLE, sixCancel)));
    const error = await failureOf(sendAndConfirm(client, ELIGIBLE, upgradeWrite(sixCancel), { unknown }));
    expect(error).to.include({ kind: 'http', status: 503, applied: false });
  });

  it('reports a credential refused while confirming, so that the customer signs in again, the outcome not known', async () => {
    await session.fault({ status: 503, method: 'PATCH' });
    await session.fault({ status: 401, method: 'GET' });
    const error = await failureOf(upgradeAndConfirm(client, ELIGIBLE, sixCancel));
    expect(error).to.include({ kind: 'http', status: 401, applied: null });
  });

  it('does not read again after a refusal that applied nothing', async () => {
    await session.fault({ status: 403, method: 'PATCH' });
    const error = await failureOf(upgradeAndConfirm(client, ELIGIBLE, sixCancel));
    expect(error).to.include({ kind: 'http', status: 403, applied: false });
    expect(await requests()).to.deep.equal(['PATCH 403']);
  });
});

describe('sendAndConfirm: the renewal change', () => {
  beforeEach(() => startSession(SANDBOX_SUBSCRIPTIONS.prepaid));

  it('is a plain change when the answer arrives', async () => {
    const changed = await changeAndConfirm(client, PREPAID, 'downgrade');
    expect(renewalOf(changed)).to.equal('downgrade');
    expect(changed.prepaid_subscription_context?.prepaid_orders_per_billing, 'the rest of the prepaid terms stay').to.equal(6);
    expect(await requests()).to.deep.equal(['PATCH 200']);
  });

  it('succeeds when the answer was lost but the change had been applied', async () => {
    await session.fault({ status: 503, method: 'PATCH', apply: true });
    const confirmed = await changeAndConfirm(client, PREPAID, 'cancel');
    expect(renewalOf(confirmed)).to.equal('cancel');
    expect(await requests()).to.deep.equal(['PATCH 503', 'GET 200']);
  });

  it('keeps the failure when the reads show the change not made', async () => {
    await session.fault({ status: 500, method: 'PATCH' });
    const error = await withClock({ auto: true }, () => failureOf(changeAndConfirm(client, PREPAID, 'cancel')));
    expect(error).to.include({ kind: 'http', status: 500, applied: false });
    expect(await requests()).to.deep.equal(['PATCH 500', ...CONFIRM_WAITS_MS.map(() => 'GET 200'), 'GET 200']);
  });

  it('finds a change that the service made after the answer was given up on', async () => {
    await session.fault({ carriedOutAfterMs: 1200, method: 'PATCH' });
    const confirmed = await changeAndConfirm(client, PREPAID, 'cancel');
    expect(renewalOf(confirmed)).to.equal('cancel');
    expect(await requests()).to.deep.equal(['PATCH 200', 'GET 200', 'GET 200']);
  });

  it('keeps the service’s refusal of a subscription that is not prepaid', async () => {
    await startSession(SANDBOX_SUBSCRIPTIONS.eligible);
    const error = await failureOf(changeAndConfirm(client, ELIGIBLE, 'cancel'));
    expect(error).to.include({ kind: 'http', status: 400, detail: 'This subscription is not prepaid' });
  });

  it('keeps a field error with its field', async () => {
    const error = await failureOf(changeAndConfirm(client, PREPAID, 'never' as RenewalBehavior));
    expect(error).to.include({ kind: 'http', status: 400, field: 'renewal_behavior', detail: "Value 'never' is not a valid choice." });
  });

  it('says the outcome is not known when no read answers, naming the change', async () => {
    await session.fault({ status: 503, method: 'PATCH' });
    await session.fault({ status: 500, method: 'GET', count: CONFIRM_WAITS_MS.length + 1 });
    const error = await withClock({ auto: true }, () => failureOf(changeAndConfirm(client, PREPAID, 'cancel')));
    expect(error).to.include({ kind: 'unconfirmed', status: 503, applied: null });
    expect(error.message).to.include('no read confirmed the renewal change');
  });
});
