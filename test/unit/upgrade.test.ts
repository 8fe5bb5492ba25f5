/**
 * The upgrade when its answer is lost: the subscription is read again, and an upgrade that did happen is a success,
 * never a failure that invites a second one.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { resolveBaseAddress } from '../../src/api/base-address.js';
import { createApiClient, type ApiClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import type { UpgradeRequest } from '../../src/api/schemas.js';
import { isPrepaidAsRequested, upgradeAndConfirm } from '../../src/api/upgrade.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession, type SandboxSession } from '../helpers/sandbox-session.js';
import { payAsYouGoSubscription, prepaidSubscription } from '../fixtures/subscriptions.js';

const ELIGIBLE = SANDBOX_SUBSCRIPTIONS.eligible.id;
const sixCancel: UpgradeRequest = { orders_per_billing: 6, renewal_behavior: 'cancel', offer: 'live' };

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

describe('upgradeAndConfirm', () => {
  let session: SandboxSession;
  let client: ApiClient;
  beforeEach(async () => {
    session = await sandboxSession();
    client = createApiClient({
      baseAddress: resolveBaseAddress({ apiBase: session.apiBase, pageUrl: location.href }),
      credentials: { authorization: async () => session.token },
      timeoutMs: 500,
    });
  });
  const requests = async () => (await session.requests()).map((r) => `${r.method} ${r.status}`);

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
