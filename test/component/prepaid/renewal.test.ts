/**
 * A prepaid subscription in the customer's hands: the `prepaid` state shows its terms and a form that changes what
 * happens when its prepaid orders run out (`PATCH …/change_renewal_behavior/`), against the real sandbox. The same
 * form follows a successful upgrade. How the change rides out each failure is in the fault matrix.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { Subscription } from '../../../src/api/schemas.js';
import { en } from '../../../src/i18n/en.js';
import { until, withClock } from '../../helpers/controlled-clock.js';
import { mount, type Mounted } from '../../helpers/mount.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession, type SandboxSession } from '../../helpers/sandbox-session.js';

const prepaid = SANDBOX_SUBSCRIPTIONS.prepaid.id;
const eligible = SANDBOX_SUBSCRIPTIONS.eligible.id;
const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

type Session = Mounted & { session: SandboxSession };

async function mountFor(id: string, attributes: Record<string, string> = {}): Promise<Session> {
  const session = await sandboxSession();
  const m = await mount({ 'subscription-id': id, 'api-base': session.apiBase, token: session.token, ...attributes });
  await m.waitForEvent('prepaid-upgrade-ready');
  return { ...m, session };
}

const manageRadio = (m: Mounted, value: string) => m.$<HTMLInputElement>(`[part~=manage] input[type=radio][value="${value}"]`)!;
const manageButton = (m: Mounted) => m.$<HTMLButtonElement>('[part~=manage-submit]')!;

/** Picks `behavior` in the management form and presses its button, as a customer does, one render apart. */
async function pickAndSave(m: Mounted, behavior: string): Promise<void> {
  manageRadio(m, behavior).click();
  await m.el.updateComplete;
  manageButton(m).click();
}

/** The subscription as the sandbox now stores it, read as the storefront reads it. */
async function stored(session: SandboxSession, id: string): Promise<Subscription> {
  const answer = await fetch(`${session.apiBase}/subscriptions/${id}/`, { headers: { authorization: session.token } });
  return answer.json();
}

describe('<prepaid-upgrade> a prepaid subscription', () => {
  it('enters the prepaid state: its terms, and a form with the current choice preselected', async () => {
    const m = await mountFor(prepaid);
    expect(m.el.state).to.equal('prepaid');
    expect(m.el.matches(':state(prepaid)')).to.be.true;
    expect(m.el.matches(':state(ineligible)')).to.be.false;
    const notice = m.$('[part~=notice]');
    expect(text(notice)).to.contain('This subscription is already prepaid.');
    expect(text(notice)).to.contain('6 orders per billing, 4 prepaid orders left. When they run out: it renews automatically.');
    expect(text(m.$('[part~=status]'))).to.equal('This subscription is already prepaid.');
    // No upgrade form, no "Save up to" on a subscription that is prepaid already.
    expect(m.$('[part~=form]')).to.equal(null);
    expect(m.$('[part~=submit]')).to.equal(null);
    const form = m.$('[part~=manage]')!;
    expect(form.tagName).to.equal('FORM');
    expect(text(form.querySelector('legend'))).to.equal(en.manageLegend);
    const radios = m.$$<HTMLInputElement>('[part~=manage] input[type=radio]');
    expect(radios.map((r) => r.value)).to.deep.equal(['autorenew', 'cancel', 'downgrade']);
    expect(radios.filter((r) => r.checked).map((r) => r.value)).to.deep.equal(['autorenew']);
    // Each choice says what it means, tied to its radio for screen readers.
    for (const radio of radios) {
      const hint = m.$(`#${radio.getAttribute('aria-describedby')}`);
      expect(text(hint)).to.equal(en.renewalHint(radio.value as 'autorenew', 6));
      expect(text(m.$(`label[for="${radio.id}"]`))).to.equal(en.renewalOption(radio.value as 'autorenew'));
    }
    expect(manageButton(m).disabled, 'nothing to save yet').to.be.true;
    expect(text(manageButton(m))).to.equal(en.manageSubmit);
  });

  it('enables the button only while the choice differs from the subscription’s', async () => {
    const m = await mountFor(prepaid);
    manageRadio(m, 'cancel').click();
    await m.el.updateComplete;
    expect(manageButton(m).disabled).to.be.false;
    manageRadio(m, 'autorenew').click();
    await m.el.updateComplete;
    expect(manageButton(m).disabled).to.be.true;
    // The upgrade's change event is about the upgrade's choices: the management form does not fire it.
    expect(m.eventsOf('prepaid-upgrade-change')).to.deep.equal([]);
  });

  it('changes what happens when the orders run out, confirms it, moves focus there and announces it', async () => {
    const m = await mountFor(prepaid);
    await pickAndSave(m, 'cancel');
    const submit = m.eventsOf('prepaid-upgrade-submit')[0]!;
    expect(submit.detail).to.deep.equal({ action: 'change-renewal', subscriptionId: prepaid, request: { renewal_behavior: 'cancel' } });
    expect(submit.cancelable).to.be.true;
    expect(m.el.state).to.equal('submitting');
    await m.el.updateComplete;
    expect(m.el.matches(':state(submitting)')).to.be.true;
    expect(text(m.$('[part~=status]'))).to.equal(en.savingChange);
    expect(text(manageButton(m))).to.equal(en.savingChange);
    expect(manageButton(m).getAttribute('aria-disabled')).to.equal('true');
    expect(m.$<HTMLFieldSetElement>('[part~=manage] fieldset')!.disabled).to.be.true;

    const changed = await m.waitForEvent('prepaid-upgrade-renewal-change');
    expect(changed.bubbles && changed.composed).to.be.true;
    expect(changed.detail.subscription.public_id).to.equal(prepaid);
    expect(changed.detail.subscription.prepaid_subscription_context).to.deep.include({ renewal_behavior: 'cancel' });
    expect(m.el.state).to.equal('prepaid');
    expect(m.el.subscription?.prepaid_subscription_context?.renewal_behavior).to.equal('cancel');
    expect(text(m.$('[part~=notice]'))).to.contain('When they run out: it ends.');
    const confirmation = m.$('[part~=manage] [part~=confirmation]')!;
    expect(text(confirmation)).to.equal(en.renewalChanged('cancel'));
    expect(m.shadow.activeElement).to.equal(confirmation);
    expect(text(m.$('[part~=status]')), 'focus reads it out, once').to.equal('');
    expect(manageRadio(m, 'cancel').checked).to.be.true;
    expect(manageButton(m).disabled).to.be.true;
    expect(m.eventsOf('prepaid-upgrade-success')).to.deep.equal([]);
    expect(m.eventsOf('prepaid-upgrade-error')).to.deep.equal([]);

    // The service stored it; nothing else about the subscription changed.
    const after = await stored(m.session, prepaid);
    expect(after.prepaid_subscription_context).to.deep.include({
      renewal_behavior: 'cancel',
      prepaid_orders_per_billing: 6,
      prepaid_orders_remaining: 4,
    });
    const patches = (await m.session.requests()).filter((r) => r.method === 'PATCH');
    expect(patches.map((r) => [r.path, r.body])).to.deep.equal([
      [`/subscriptions/${prepaid}/change_renewal_behavior/`, { renewal_behavior: 'cancel' }],
    ]);
  });

  it('changes it again after a first change', async () => {
    const m = await mountFor(prepaid);
    await pickAndSave(m, 'cancel');
    await m.waitForEvent('prepaid-upgrade-renewal-change');
    manageRadio(m, 'downgrade').click();
    await m.el.updateComplete;
    expect(manageButton(m).disabled).to.be.false;
    // While the second change is sent, the terms shown are those of the first.
    await m.session.fault({ method: 'PATCH', latencyMs: 300 });
    manageButton(m).click();
    await m.el.updateComplete;
    expect(m.el.state).to.equal('submitting');
    expect(m.el.subscription?.prepaid_subscription_context?.renewal_behavior).to.equal('cancel');
    expect(text(m.$('[part~=notice]'))).to.contain('When they run out: it ends.');
    await m.waitForEvent('prepaid-upgrade-renewal-change', 2);
    expect(text(m.$('[part~=manage] [part~=confirmation]'))).to.equal(en.renewalChanged('downgrade'));
    expect((await stored(m.session, prepaid)).prepaid_subscription_context?.renewal_behavior).to.equal('downgrade');
  });

  it('sends nothing when the page cancels the submit event', async () => {
    const m = await mountFor(prepaid);
    m.el.addEventListener('prepaid-upgrade-submit', (event) => event.preventDefault(), { once: true });
    await pickAndSave(m, 'downgrade');
    await m.el.updateComplete;
    expect(m.el.state).to.equal('prepaid');
    expect((await m.session.requests()).filter((r) => r.method === 'PATCH')).to.deep.equal([]);
    // The choice stays, and a second press sends it.
    expect(manageRadio(m, 'downgrade').checked).to.be.true;
    manageButton(m).click();
    await m.waitForEvent('prepaid-upgrade-renewal-change');
  });

  it('enables the button as soon as a choice is made, for a script that picks and presses in one go', async () => {
    const m = await mountFor(prepaid);
    manageRadio(m, 'downgrade').click();
    expect(manageButton(m).disabled).to.be.false;
    manageButton(m).click();
    const changed = await m.waitForEvent('prepaid-upgrade-renewal-change');
    expect(changed.detail.subscription.prepaid_subscription_context).to.deep.include({ renewal_behavior: 'downgrade' });
  });

  it('sends one change however often its button is pressed', async () => {
    const m = await mountFor(prepaid);
    await m.session.fault({ method: 'PATCH', latencyMs: 200 });
    manageRadio(m, 'cancel').click();
    await m.el.updateComplete;
    for (let i = 0; i < 4; i++) manageButton(m).click();
    m.$<HTMLFormElement>('[part~=manage]')!.requestSubmit();
    await m.waitForEvent('prepaid-upgrade-renewal-change');
    expect(m.eventsOf('prepaid-upgrade-submit')).to.have.length(1);
    expect((await m.session.requests()).filter((r) => r.method === 'PATCH')).to.have.length(1);
  });

  it('offers only the page’s renewal-options, and nothing preselected when the current one is not among them', async () => {
    const session = await sandboxSession();
    const ask = (renewal_behavior: string) =>
      fetch(`${session.apiBase}/subscriptions/${prepaid}/change_renewal_behavior/`, {
        method: 'PATCH',
        headers: { authorization: session.token, 'content-type': 'application/json' },
        body: JSON.stringify({ renewal_behavior }),
      });
    expect((await ask('downgrade')).status).to.equal(200);
    const m = await mount({
      'subscription-id': prepaid,
      'api-base': session.apiBase,
      token: session.token,
      'renewal-options': 'autorenew,cancel',
    });
    await m.waitForState('prepaid');
    const radios = m.$$<HTMLInputElement>('[part~=manage] input[type=radio]');
    expect(radios.map((r) => r.value)).to.deep.equal(['autorenew', 'cancel']);
    expect(radios.some((r) => r.checked)).to.be.false;
    expect(text(m.$('[part~=notice]'))).to.contain('When they run out: it goes back to paying per order.');
    expect(manageButton(m).disabled).to.be.true;
    manageRadio(m, 'autorenew').click();
    await m.el.updateComplete;
    expect(manageButton(m).disabled).to.be.false;
  });

  it('lets a change in flight finish while the element is off the page, and shows it once the element is back', async () => {
    const m = await mountFor(prepaid);
    await m.session.fault({ method: 'PATCH', latencyMs: 300 });
    const heard: string[] = [];
    m.el.addEventListener('prepaid-upgrade-renewal-change', (event) =>
      heard.push(event.detail.subscription.prepaid_subscription_context!.renewal_behavior!),
    );
    await pickAndSave(m, 'cancel');
    const parent = m.el.parentElement!;
    m.el.remove();
    await waitUntil(() => heard.length > 0, 'the change did not finish off the page', { timeout: 3000 });
    expect(heard).to.deep.equal(['cancel']);
    expect(m.eventsOf('prepaid-upgrade-error')).to.deep.equal([]);
    parent.append(m.el);
    await m.el.updateComplete;
    expect(m.el.state).to.equal('prepaid');
    expect(text(m.$('[part~=manage] [part~=confirmation]'))).to.equal(en.renewalChanged('cancel'));
    expect((await m.session.requests()).filter((r) => r.method === 'PATCH')).to.have.length(1);
  });

  it('says a refused change (404) in the customer’s words, the form kept and no button that cannot help', async () => {
    const m = await mountFor(prepaid);
    await m.session.fault({ method: 'PATCH', status: 404 });
    await pickAndSave(m, 'cancel');
    const error = await m.waitForEvent('prepaid-upgrade-error');
    expect(error.detail).to.include({ phase: 'renewal', status: 404, retryable: false });
    expect(m.el.state).to.equal('error');
    expect(m.shadow.activeElement).to.equal(m.$('[part~=error]'));
    expect(text(m.$('[part~=error]'))).to.equal(
      'Your change was not saved. We could not find this subscription any more. Please contact the store.',
    );
    expect(m.$('[part~=retry]')).to.equal(null);
    expect(manageRadio(m, 'cancel').checked, 'the choice is kept').to.be.true;
    expect(m.$('[part~=manage] [part~=confirmation]')).to.equal(null);
  });
});

describe('<prepaid-upgrade> manage-renewal', () => {
  for (const value of ['false', 'FALSE', ' false ']) {
    it(`manage-renewal="${value}" shows the terms without the form`, async () => {
      const m = await mountFor(prepaid, { 'manage-renewal': value });
      expect(m.el.state).to.equal('prepaid');
      expect(m.el.manageRenewal).to.equal(false);
      expect(text(m.$('[part~=notice]'))).to.contain('6 orders per billing, 4 prepaid orders left.');
      expect(m.$('[part~=manage]')).to.equal(null);
    });
  }

  it('is on by default, for any other value, and follows the attribute and the property live', async () => {
    const m = await mountFor(prepaid, { 'manage-renewal': '' });
    expect(m.el.manageRenewal).to.equal(true);
    expect(m.$('[part~=manage]')).to.not.equal(null);
    m.el.setAttribute('manage-renewal', 'false');
    await m.el.updateComplete;
    expect(m.$('[part~=manage]')).to.equal(null);
    m.el.removeAttribute('manage-renewal');
    await m.el.updateComplete;
    expect(m.$('[part~=manage]')).to.not.equal(null);
    m.el.manageRenewal = false;
    await m.el.updateComplete;
    expect(m.$('[part~=manage]')).to.equal(null);
    // No request is sent for a change the page does not offer.
    expect(m.el.state).to.equal('prepaid');
  });

  it('shows the success of an upgrade without the form when off', async () => {
    const m = await mountFor(eligible, { 'manage-renewal': 'false' });
    await m.el.upgrade();
    expect(m.el.state).to.equal('success');
    expect(m.$('[part~=success]')).to.not.equal(null);
    expect(m.$('[part~=manage]')).to.equal(null);
  });
});

describe('<prepaid-upgrade> after an upgrade', () => {
  it('offers to change what happens when the orders run out under the success message', async () => {
    const m = await mountFor(eligible);
    m.$<HTMLInputElement>('input[name=orders][value="6"]')!.click();
    m.$<HTMLInputElement>('input[name=renewal][value="cancel"]')!.click();
    m.$<HTMLButtonElement>('[part~=submit]')!.click();
    await m.waitForEvent('prepaid-upgrade-success');
    expect(m.el.state).to.equal('success');
    expect(m.shadow.activeElement).to.equal(m.$('[part~=success]'));
    const form = m.$('[part~=manage]')!;
    expect(text(form.querySelector('legend'))).to.equal('Change what happens when they run out');
    expect(manageRadio(m, 'cancel').checked, 'the choice just made').to.be.true;
    expect(manageButton(m).disabled).to.be.true;
    // The consequences speak of the orders just prepaid.
    expect(text(m.$('#manage-autorenew-hint'))).to.equal(en.renewalHint('autorenew', 6));

    await pickAndSave(m, 'autorenew');
    expect(m.el.state).to.equal('submitting');
    const changed = await m.waitForEvent('prepaid-upgrade-renewal-change');
    expect(changed.detail.subscription.prepaid_subscription_context).to.deep.include({
      prepaid_orders_per_billing: 6,
      renewal_behavior: 'autorenew',
    });
    expect(m.el.state).to.equal('prepaid');
    expect(m.shadow.activeElement).to.equal(m.$('[part~=manage] [part~=confirmation]'));
    // None of the six has been placed yet: the next order bills them, never "0 prepaid orders left".
    expect(text(m.$('[part~=notice]'))).to.match(
      /6 prepaid orders, billed with your next order on \w+ \d+\. When they run out: it renews automatically\./,
    );
    expect(m.eventsOf('prepaid-upgrade-submit').map((e) => e.detail.action)).to.deep.equal(['upgrade', 'change-renewal']);
    expect(m.eventsOf('prepaid-upgrade-success')).to.have.length(1);
  });

  it('keeps the success message above a failed change, and the form’s button sends the change again', async () => {
    const m = await mountFor(eligible);
    await m.el.upgrade();
    await m.session.fault({ method: 'PATCH', path: 'change_renewal_behavior', status: 503 });
    // A 503 may hide a change made all the same: the reads that tell it was not made wait about half a minute, on a
    // clock that moves on to each wait at once.
    const error = await withClock({ auto: true }, async () => {
      await pickAndSave(m, 'downgrade');
      await until(() => m.eventsOf('prepaid-upgrade-error').length > 0, 'prepaid-upgrade-error was not fired');
      return m.eventsOf('prepaid-upgrade-error')[0]!;
    });
    expect(error.detail).to.include({ phase: 'renewal', status: 503, retryable: true, applied: false });
    expect(m.el.state).to.equal('error');
    expect(m.$('[part~=success]'), 'the upgrade still shows as done').to.not.equal(null);
    expect(manageRadio(m, 'downgrade').checked).to.be.true;
    // One way on: the form's own button sends the change again; no second button beside it.
    expect(m.$('[part~=retry]')).to.equal(null);
    m.$<HTMLButtonElement>('[part~=manage-submit]')!.click();
    await m.waitForEvent('prepaid-upgrade-renewal-change');
    expect(m.el.state).to.equal('prepaid');
    await waitUntil(() => m.shadow.activeElement === m.$('[part~=manage] [part~=confirmation]'), 'focus did not move to the confirmation');
    expect(m.eventsOf('prepaid-upgrade-success')).to.have.length(1);
  });
});
