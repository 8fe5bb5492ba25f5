import { expect } from '@open-wc/testing';
import { SANDBOX_SUBSCRIPTIONS, createSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { asServer, call, expectError, tokenFor, type Answer, type CallOptions } from '../../helpers/sandbox-calls.js';

// PATCH /subscriptions/{id}/change_renewal_behavior/ (docs/service.md#renewal-behaviours): what happens when a prepaid
// subscription's prepaid orders run out, in both scopes, with the service's refusals.
const { eligible, prepaid, eligibleEur } = SANDBOX_SUBSCRIPTIONS;

const as = async (customerId: string): Promise<CallOptions> => ({ token: await tokenFor(customerId) });
const changeRenewal = (sandbox: Sandbox, id: string, json: unknown, auth: CallOptions, body?: string): Promise<Answer> =>
  call(sandbox, 'PATCH', `/subscriptions/${id}/change_renewal_behavior/`, { ...auth, ...(body === undefined ? { json } : { body }) });
const read = async (sandbox: Sandbox, id: string, auth: CallOptions) => (await call(sandbox, 'GET', `/subscriptions/${id}/`, auth)).body;

describe('sandbox: change what happens when the prepaid orders run out', () => {
  it('changes only the renewal behaviour of a prepaid subscription, for its customer, and keeps it', async () => {
    const now = Date.parse('2026-11-23T09:30:00Z');
    const sandbox = createSandbox({ now: () => now });
    const auth = { token: await tokenFor(prepaid.customerId, { ts: now / 1000 }) };
    const before = await read(sandbox, prepaid.id, auth);
    expect(before.prepaid_subscription_context.renewal_behavior).to.equal('autorenew');

    const answer = await changeRenewal(sandbox, prepaid.id, { renewal_behavior: 'downgrade' }, auth);

    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(answer.body.prepaid_subscription_context).to.deep.equal({
      ...before.prepaid_subscription_context,
      renewal_behavior: 'downgrade',
    });
    expect(answer.body.updated).to.equal('2026-11-23 09:30:00');
    const { prepaid_subscription_context: _context, updated: _updated, ...rest } = answer.body;
    const { prepaid_subscription_context: _before, updated: _beforeUpdated, ...restBefore } = before;
    expect(rest, 'nothing else changes').to.deep.equal(restBefore);
    expect(await read(sandbox, prepaid.id, auth)).to.deep.equal(answer.body);
  });

  it('takes the merchant’s own server too (application scope)', async () => {
    const sandbox = createSandbox();
    const answer = await changeRenewal(sandbox, prepaid.id, { renewal_behavior: 'cancel' }, asServer);
    expect(answer.status).to.equal(200);
    expect(answer.body.prepaid_subscription_context.renewal_behavior).to.equal('cancel');
  });

  it('changes a subscription prepaid a moment ago, back and forth', async () => {
    const sandbox = createSandbox();
    const auth = await as(eligible.customerId);
    const upgraded = await call(sandbox, 'PATCH', `/subscriptions/${eligible.id}/upgrade_to_prepaid/`, {
      ...auth,
      json: { orders_per_billing: 6, renewal_behavior: 'cancel' },
    });
    expect(upgraded.status).to.equal(200);
    for (const behavior of ['autorenew', 'downgrade', 'cancel']) {
      const answer = await changeRenewal(sandbox, eligible.id, { renewal_behavior: behavior }, auth);
      expect(answer.status).to.equal(200);
      expect(answer.body.prepaid_subscription_context).to.deep.equal({
        prepaid_orders_remaining: 0,
        prepaid_orders_per_billing: 6,
        renewal_behavior: behavior,
      });
    }
  });
});

describe('sandbox: renewal change refusals', () => {
  let sandbox: Sandbox;
  let auth: CallOptions;
  beforeEach(async () => {
    sandbox = createSandbox();
    auth = await as(prepaid.customerId);
  });

  /** Sends the change, expects a 400 with exactly `body`, and checks that the subscription did not change. */
  async function expectRefused(id: string, json: unknown, body: unknown, raw?: string): Promise<void> {
    const before = await read(sandbox, id, auth);
    const answer = await changeRenewal(sandbox, id, json, auth, raw);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(400);
    expect(answer.headers.get('content-type')).to.equal('application/json');
    expect(answer.body).to.deep.equal(body);
    expect(await read(sandbox, id, auth)).to.deep.equal(before);
  }

  it('refuses a subscription that is not prepaid with the service’s detail', async () => {
    await expectRefused(eligible.id, { renewal_behavior: 'cancel' }, { detail: 'This subscription is not prepaid' });
  });

  it('names the field when renewal_behavior is missing, null or not one of the three', async () => {
    await expectRefused(prepaid.id, {}, { renewal_behavior: ['This field is required.'] });
    await expectRefused(prepaid.id, { renewal_behavior: null }, { renewal_behavior: ['This field cannot be null.'] });
    await expectRefused(prepaid.id, { renewal_behavior: 'x' }, { renewal_behavior: ["Value 'x' is not a valid choice."] });
    await expectRefused(prepaid.id, { renewal_behavior: 3 }, { renewal_behavior: ["Value '3' is not a valid choice."] });
  });

  it('checks the body before the subscription: a bad value on a pay-as-you-go subscription is a field error', async () => {
    await expectRefused(eligible.id, { renewal_behavior: 'x' }, { renewal_behavior: ["Value 'x' is not a valid choice."] });
  });

  it('refuses a body that is not a JSON object, or not JSON', async () => {
    await expectRefused(prepaid.id, ['cancel'], { detail: 'The request body must be a JSON object.' });
    await expectRefused(prepaid.id, undefined, { detail: 'The request body is not valid JSON.' }, '{"renewal_behavior": ');
  });

  it('answers 404, as for a missing one, to another customer’s subscription', async () => {
    const grace = await as(eligibleEur.customerId);
    expectError(await changeRenewal(sandbox, prepaid.id, { renewal_behavior: 'cancel' }, grace), 404);
    expectError(await changeRenewal(sandbox, 'sub_missing', { renewal_behavior: 'cancel' }, auth), 404);
    expect((await read(sandbox, prepaid.id, auth)).prepaid_subscription_context.renewal_behavior).to.equal('autorenew');
  });

  it('allows only PATCH on the path', async () => {
    const answer = await call(sandbox, 'GET', `/subscriptions/${prepaid.id}/change_renewal_behavior/`, auth);
    expect(answer.status).to.equal(405);
    expect(answer.headers.get('allow')).to.equal('PATCH');
  });
});

describe('sandbox: concurrent changes of one subscription (423)', () => {
  it('answers 423 to a second change while the first holds the lock, and keeps the winner’s choice', async () => {
    const sandbox = createSandbox({ writeDurationMs: 200 });
    const auth = await as(prepaid.customerId);
    const answers = await Promise.all([
      changeRenewal(sandbox, prepaid.id, { renewal_behavior: 'cancel' }, auth),
      changeRenewal(sandbox, prepaid.id, { renewal_behavior: 'downgrade' }, auth),
    ]);
    // Which one takes the lock first is the engine's business; that one wins and the other is refused.
    const [winner, loser] = answers[0]!.status === 200 ? answers : [answers[1]!, answers[0]!];
    expect(winner!.status).to.equal(200);
    expectError(loser!, 423);
    expect(await read(sandbox, prepaid.id, auth)).to.deep.equal(winner!.body);
  });

  it('shares the lock with the upgrade: one change of a subscription at a time, whichever kind', async () => {
    const sandbox = createSandbox({ writeDurationMs: 500 });
    const auth = await as(eligible.customerId);
    const upgrade = call(sandbox, 'PATCH', `/subscriptions/${eligible.id}/upgrade_to_prepaid/`, {
      ...auth,
      json: { orders_per_billing: 3 },
    });
    // Sent again and again while the upgrade is under way, until one meets its lock: one that arrives before the upgrade
    // has taken it finds a subscription not yet prepaid (a 400, which changes nothing), and so would every one without
    // a shared lock.
    let upgraded = false;
    void upgrade.then(() => (upgraded = true));
    const statuses: number[] = [];
    while (!upgraded && statuses.at(-1) !== 423) {
      const answer = await changeRenewal(sandbox, eligible.id, { renewal_behavior: 'cancel' }, auth);
      statuses.push(answer.status);
      if (answer.status !== 423) expectError(answer, 400);
    }
    expect(statuses.at(-1), `answers to the renewal change: ${statuses.join(', ')}`).to.equal(423);
    expect((await upgrade).status).to.equal(200);
  });

  it('keeps the former option name upgradeDurationMs working', async () => {
    const sandbox = createSandbox({ upgradeDurationMs: 200 });
    const auth = await as(prepaid.customerId);
    const statuses = (
      await Promise.all([
        changeRenewal(sandbox, prepaid.id, { renewal_behavior: 'cancel' }, auth),
        changeRenewal(sandbox, prepaid.id, { renewal_behavior: 'downgrade' }, auth),
      ])
    ).map((answer) => answer.status);
    expect(statuses).to.have.members([200, 423]);
  });
});

describe('sandbox: faults reach the renewal change', () => {
  const addFault = (sandbox: Sandbox, fault: unknown) => call(sandbox, 'POST', '/__sandbox/faults', { json: fault });

  it('answers with the fault in place of the service, and changes nothing', async () => {
    const sandbox = createSandbox();
    const auth = await as(prepaid.customerId);
    expect((await addFault(sandbox, { status: 500, method: 'PATCH', path: 'change_renewal_behavior' })).status).to.equal(201);
    expectError(await changeRenewal(sandbox, prepaid.id, { renewal_behavior: 'cancel' }, auth), 500);
    expect((await read(sandbox, prepaid.id, auth)).prepaid_subscription_context.renewal_behavior).to.equal('autorenew');
  });

  it('with apply, makes the change and loses the answer', async () => {
    const sandbox = createSandbox();
    const auth = await as(prepaid.customerId);
    await addFault(sandbox, { status: 503, path: 'change_renewal_behavior', apply: true });
    expectError(await changeRenewal(sandbox, prepaid.id, { renewal_behavior: 'cancel' }, auth), 503);
    expect((await read(sandbox, prepaid.id, auth)).prepaid_subscription_context.renewal_behavior).to.equal('cancel');
  });
});
