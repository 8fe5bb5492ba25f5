/**
 * A change of what happens when a prepaid subscription's orders run out (`RenewalChange`), on a host of its own, against
 * the real sandbox: the form's choice rendered at once, nothing sent for the choice the
 * subscription already has, the change announced and sent once, and the choice kept until the service confirms it.
 */
import { expect } from '@open-wc/testing';
import type { Subscription } from '../../../src/api/schemas.js';
import { renewalBehaviorOf } from '../../../src/api/subscription.js';
import type { PrepaidUpgradeSubmitEvent } from '../../../src/events.js';
import { RenewalChange, type RenewalTarget } from '../../../src/prepaid/renewal-change.js';
import { prepaidSubscription } from '../../fixtures/subscriptions.js';
import { ControllerHost } from '../../helpers/controller-host.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession, sessionClient, type SandboxSession } from '../../helpers/sandbox-session.js';

const PREPAID = SANDBOX_SUBSCRIPTIONS.prepaid.id;
const view = { t: {} as never, locale: 'en', nextOrder: undefined };
const radioChange = (value: string) => ({ target: { value } }) as unknown as Event;
const noSubmit = () => undefined;

function changeOn() {
  const host = new ControllerHost();
  let renders = 0;
  const change = new RenewalChange(host, () => renders++);
  const submits: PrepaidUpgradeSubmitEvent[] = [];
  host.addEventListener('prepaid-upgrade-submit', (event) => submits.push(event as PrepaidUpgradeSubmitEvent));
  return { host, change, submits, renders: () => renders };
}

async function targetIn(session: SandboxSession, subscription: Subscription): Promise<RenewalTarget> {
  const client = sessionClient(session);
  return { client, subscriptionId: PREPAID, subscription };
}

const renewsAutomatically = prepaidSubscription({ public_id: PREPAID });

describe('RenewalChange', () => {
  it("shows the subscription's own behaviour until the customer picks another, rendered at once", () => {
    const { change, renders } = changeOn();
    const form = () => change.view(view, ['autorenew', 'cancel'], renewsAutomatically, false, noSubmit);
    expect(form().choice).to.equal(undefined);
    form().onChange(radioChange('cancel'));
    expect(form().choice).to.equal('cancel');
    form().onChange(radioChange('not a behaviour'));
    expect(form().choice, 'a value that is no behaviour changes nothing').to.equal('cancel');
    expect(renders()).to.equal(2);
    expect(form().confirmed).to.equal(false);
    expect(change.view(view, ['autorenew'], renewsAutomatically, true, noSubmit).confirmed).to.equal(true);
  });

  it('sends nothing without a target, or for the behaviour the subscription already has', async () => {
    const session = await sandboxSession();
    const { change, submits } = changeOn();
    expect(await change.change(undefined)).to.deep.equal({ status: 'idle' });
    change.view(view, ['autorenew', 'cancel'], renewsAutomatically, false, noSubmit).onChange(radioChange('autorenew'));
    expect(await change.change(await targetIn(session, renewsAutomatically))).to.deep.equal({ status: 'idle' });
    expect(submits).to.deep.equal([]);
    expect((await session.requests()).filter((request) => request.method === 'PATCH')).to.deep.equal([]);
  });

  it('announces the change, sends it once however often asked, and forgets the choice once it is confirmed', async () => {
    const session = await sandboxSession();
    const { change, submits } = changeOn();
    change.view(view, ['autorenew', 'cancel'], renewsAutomatically, false, noSubmit).onChange(radioChange('cancel'));
    const target = await targetIn(session, renewsAutomatically);
    const [outcome, again] = await Promise.all([change.change(target), change.change(target)]);
    expect(again).to.equal(outcome);
    expect(outcome.status).to.equal('success');
    expect(renewalBehaviorOf((outcome as { value: Subscription }).value)).to.equal('cancel');
    expect(submits.map((event) => event.detail)).to.deep.equal([
      { action: 'change-renewal', subscriptionId: PREPAID, request: { renewal_behavior: 'cancel' } },
    ]);
    expect((await session.requests()).filter((request) => request.method === 'PATCH')).to.have.length(1);
    expect(change.confirmed).to.equal(true);
    expect(change.view(view, ['autorenew', 'cancel'], renewsAutomatically, true, noSubmit).choice).to.equal(undefined);
    change.reset();
    expect(change.confirmed).to.equal(false);
    expect(change.write.outcome).to.deep.equal({ status: 'idle' });
  });

  it('sends nothing when the page cancels the submit event, and keeps the choice', async () => {
    const session = await sandboxSession();
    const { host, change } = changeOn();
    host.addEventListener('prepaid-upgrade-submit', (event) => event.preventDefault());
    change.view(view, ['autorenew', 'cancel'], renewsAutomatically, false, noSubmit).onChange(radioChange('cancel'));
    expect(await change.change(await targetIn(session, renewsAutomatically))).to.deep.equal({ status: 'idle' });
    expect((await session.requests()).filter((request) => request.method === 'PATCH')).to.deep.equal([]);
    expect(change.view(view, ['autorenew', 'cancel'], renewsAutomatically, false, noSubmit).choice).to.equal('cancel');
  });
});
