/**
 * A change when its answer is lost: the subscription is read again, and a change that did happen is a success, never
 * a failure that invites a second one. The upgrade and the renewal change go through the same `sendAndConfirm`.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { resolveBaseAddress } from '../../src/api/base-address.js';
import { createApiClient, type ApiClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import type { Subscription, UpgradeRequest } from '../../src/api/schemas.js';
import type { RenewalBehavior } from '../../src/api/upgrade-request.js';
import { hasRenewalBehavior, isPrepaidAsRequested, renewalChangeWrite, sendAndConfirm, upgradeWrite } from '../../src/api/writes.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession, type SandboxSession } from '../helpers/sandbox-session.js';
import { payAsYouGoSubscription, prepaidSubscription } from '../fixtures/subscriptions.js';

const ELIGIBLE = SANDBOX_SUBSCRIPTIONS.eligible.id;
const PREPAID = SANDBOX_SUBSCRIPTIONS.prepaid.id;
const sixCancel: UpgradeRequest = { orders_per_billing: 6, renewal_behavior: 'cancel', offer: 'live' };
const upgradeAndConfirm = (client: ApiClient, id: string, request: UpgradeRequest) => sendAndConfirm(client, id, upgradeWrite(request));
const changeAndConfirm = (client: ApiClient, id: string, renewalBehavior: RenewalBehavior) =>
  sendAndConfirm(client, id, renewalChangeWrite(renewalBehavior));
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
  client = createApiClient({
    baseAddress: resolveBaseAddress({ apiBase: session.apiBase, pageUrl: location.href }),
    credentials: { authorization: async () => session.token },
    timeoutMs: 500,
  });
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

  it('turns "already prepaid" into a success when it is prepaid exactly as asked', async () => {
    await client.upgradeToPrepaid(ELIGIBLE, sixCancel);
    const confirmed = await upgradeAndConfirm(client, ELIGIBLE, sixCancel);
    expect(confirmed.prepaid_subscription_context?.renewal_behavior).to.equal('cancel');
    expect(await requests()).to.deep.equal(['PATCH 200', 'PATCH 400', 'GET 200']);
  });

  it('keeps the 400 when the subscription is prepaid on other terms', async () => {
    await client.upgradeToPrepaid(ELIGIBLE, { ...sixCancel, orders_per_billing: 12 });
    const error = await upgradeAndConfirm(client, ELIGIBLE, sixCancel).catch((e: ApiError) => e);
    expect(error).to.include({ kind: 'http', status: 400 });
    expect(error.detail).to.match(/already prepaid/i);
  });

  it('keeps the failure when the upgrade was not applied', async () => {
    await session.fault({ status: 500, method: 'PATCH' });
    const error = await upgradeAndConfirm(client, ELIGIBLE, sixCancel).catch((e: ApiError) => e);
    expect(error).to.include({ kind: 'http', status: 500 });
    expect(await requests()).to.deep.equal(['PATCH 500', 'GET 200']);
  });

  it('confirms after a timeout too', async () => {
    await session.fault({ latencyMs: 1500, method: 'PATCH' });
    const error = await upgradeAndConfirm(client, ELIGIBLE, sixCancel).catch((e: ApiError) => e);
    // The slow PATCH is applied after the confirming read has looked: the customer is told to try again, and the
    // next try finds it prepaid as asked.
    expect(error).to.include({ kind: 'timeout' });
    expect(await requests(), 'the read looked before the upgrade was made').to.deep.equal(['PATCH null', 'GET 200']);
    await waitUntil(async () => (await requests())[0] === 'PATCH 200', 'the sandbox never made the slow upgrade', { timeout: 5000 });
    const confirmed = await upgradeAndConfirm(client, ELIGIBLE, sixCancel);
    expect(confirmed.prepaid_subscription_context?.prepaid_orders_per_billing).to.equal(6);
  });

  it('says it could not confirm when the confirming read fails too', async () => {
    await session.fault({ status: 503, method: 'PATCH' });
    await session.fault({ status: 500, method: 'GET' });
    const error = await upgradeAndConfirm(client, ELIGIBLE, sixCancel).catch((e: ApiError) => e);
    expect(error).to.include({ kind: 'unconfirmed', status: 503 });
  });

  it('reports a credential refused while confirming, so that the customer signs in again', async () => {
    await session.fault({ status: 503, method: 'PATCH' });
    await session.fault({ status: 401, method: 'GET' });
    const error = await upgradeAndConfirm(client, ELIGIBLE, sixCancel).catch((e: ApiError) => e);
    expect(error).to.include({ kind: 'http', status: 401 });
  });

  it('does not read again after a refusal that applied nothing', async () => {
    await session.fault({ status: 403, method: 'PATCH' });
    const error = await upgradeAndConfirm(client, ELIGIBLE, sixCancel).catch((e: ApiError) => e);
    expect(error).to.include({ kind: 'http', status: 403 });
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

  it('keeps the failure when the change was not applied', async () => {
    await session.fault({ status: 500, method: 'PATCH' });
    const error = await changeAndConfirm(client, PREPAID, 'cancel').catch((e: ApiError) => e);
    expect(error).to.include({ kind: 'http', status: 500 });
    expect(await requests()).to.deep.equal(['PATCH 500', 'GET 200']);
  });

  it('keeps the service’s refusal of a subscription that is not prepaid', async () => {
    await startSession(SANDBOX_SUBSCRIPTIONS.eligible);
    const error = await changeAndConfirm(client, ELIGIBLE, 'cancel').catch((e: ApiError) => e);
    expect(error).to.include({ kind: 'http', status: 400, detail: 'This subscription is not prepaid' });
  });

  it('keeps a field error with its field', async () => {
    const error = await changeAndConfirm(client, PREPAID, 'never' as RenewalBehavior).catch((e: ApiError) => e);
    expect(error).to.include({ kind: 'http', status: 400, field: 'renewal_behavior', detail: "Value 'never' is not a valid choice." });
  });

  it('says it could not confirm when the confirming read fails too, naming the change', async () => {
    await session.fault({ status: 503, method: 'PATCH' });
    await session.fault({ status: 500, method: 'GET' });
    const error = await changeAndConfirm(client, PREPAID, 'cancel').catch((e: ApiError) => e);
    expect(error).to.include({ kind: 'unconfirmed', status: 503 });
    expect(error.message).to.include('confirming the renewal change failed too');
  });
});
