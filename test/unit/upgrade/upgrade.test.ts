/**
 * The upgrade on its own (`Upgrade`), on a host of its own (an event target, as an element is), against the real sandbox: the choices
 * read from the attributes, the customer's picks told to the page, and the upgrade sent once to the target it is given,
 * announced first and stopped when the page cancels it.
 */
import { expect } from '@open-wc/testing';
import type { WriteTarget } from '../../../src/changes/write.js';
import type { PrepaidUpgradeChangeEvent, PrepaidUpgradeSubmitEvent } from '../../../src/events.js';
import { Upgrade } from '../../../src/upgrade/upgrade.js';
import { ControllerHost } from '../../helpers/controller-host.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession, sessionClient, type SandboxSession } from '../../helpers/sandbox-session.js';

function upgradeOn(attributes = {}) {
  const host = new ControllerHost();
  const upgrade = new Upgrade(host);
  const warnings: string[] = [];
  upgrade.readChoices(attributes, (warning) => warnings.push(warning));
  return { host, upgrade, warnings };
}

/** A radio's change event, as the form's radios send it. */
const radioChange = (value: string) => ({ target: { value } }) as unknown as Event;

async function targetIn(session: SandboxSession): Promise<WriteTarget> {
  const client = sessionClient(session);
  return { client, subscriptionId: SANDBOX_SUBSCRIPTIONS.eligible.id };
}

const view = { t: {} as never, locale: 'en', nextOrder: undefined };
const noSubmit = () => undefined;

describe('Upgrade', () => {
  it('reads the choices from the attributes, the first ones preselected, with a warning for each entry left out', () => {
    const { upgrade, warnings } = upgradeOn({ ordersOptions: '6, 12, two', prepaidDiscounts: '12:15' });
    expect(upgrade.error).to.equal(undefined);
    expect(upgrade.choices).to.deep.include({ ordersOptions: [6, 12], ordersPerBilling: 6, renewalBehavior: 'autorenew', offer: 'live' });
    expect(upgrade.choices!.discounts).to.deep.equal({ 12: 15 });
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('two');
  });

  it('offers no form, and says why, when the attributes leave no valid choice', () => {
    const { upgrade } = upgradeOn({ ordersOptions: '1, 2' });
    expect(upgrade.choices).to.equal(undefined);
    expect(upgrade.error).to.be.a('string').and.not.equal('');
    expect(upgrade.view(view, noSubmit)).to.equal(undefined);
  });

  it("keeps the customer's picks and tells the page of each", () => {
    const { host, upgrade } = upgradeOn({ prepaidDiscounts: '6:10' });
    const changes: PrepaidUpgradeChangeEvent[] = [];
    host.addEventListener('prepaid-upgrade-change', (event) => changes.push(event as PrepaidUpgradeChangeEvent));
    const form = upgrade.view(view, noSubmit)!;
    form.onOrdersChange(radioChange('6'));
    form.onRenewalChange(radioChange('cancel'));
    form.onRenewalChange(radioChange('not a behaviour'));
    expect(upgrade.choices).to.include({ ordersPerBilling: 6, renewalBehavior: 'cancel' });
    expect(changes.map((event) => event.detail)).to.deep.equal([
      { ordersPerBilling: 6, renewalBehavior: 'autorenew', discountPercent: 10 },
      { ordersPerBilling: 6, renewalBehavior: 'cancel', discountPercent: 10 },
      { ordersPerBilling: 6, renewalBehavior: 'cancel', discountPercent: 10 },
    ]);
    expect(host.updates).to.equal(3);
  });

  it('sends nothing without a target', async () => {
    const { host, upgrade } = upgradeOn();
    let submits = 0;
    host.addEventListener('prepaid-upgrade-submit', () => submits++);
    expect(await upgrade.upgrade(undefined)).to.deep.equal({ status: 'idle' });
    expect(submits).to.equal(0);
  });

  it('tells the page what it sends, sends it once however often asked, and ends with the subscription prepaid', async () => {
    const session = await sandboxSession();
    const { host, upgrade } = upgradeOn({ ordersPerBilling: 6, renewalBehavior: 'downgrade' });
    const submits: PrepaidUpgradeSubmitEvent[] = [];
    host.addEventListener('prepaid-upgrade-submit', (event) => submits.push(event as PrepaidUpgradeSubmitEvent));
    const target = await targetIn(session);
    const [outcome, again] = await Promise.all([upgrade.upgrade(target), upgrade.upgrade(target)]);
    expect(again).to.equal(outcome);
    expect(outcome.status).to.equal('success');
    expect(submits.map((event) => event.detail)).to.deep.equal([
      {
        action: 'upgrade',
        subscriptionId: target.subscriptionId,
        request: { orders_per_billing: 6, renewal_behavior: 'downgrade', offer: 'live' },
      },
    ]);
    const patches = (await session.requests()).filter((request) => request.method === 'PATCH');
    expect(patches).to.have.length(1);
  });

  it('sends nothing when the page cancels the submit event', async () => {
    const session = await sandboxSession();
    const { host, upgrade } = upgradeOn();
    host.addEventListener('prepaid-upgrade-submit', (event) => event.preventDefault());
    expect(await upgrade.upgrade(await targetIn(session))).to.deep.equal({ status: 'idle' });
    expect((await session.requests()).filter((request) => request.method === 'PATCH')).to.deep.equal([]);
  });
});
