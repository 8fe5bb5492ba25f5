/**
 * Every state passes axe, the whole upgrade and a renewal change work by keyboard alone (real key presses), state
 * changes are announced and focus goes where the customer's attention must go.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { CONFIRM_WAITS_MS } from '../../../src/api/writes.js';
import { en } from '../../../src/i18n/en.js';
import { until, withClock } from '../../helpers/controlled-clock.js';
import { mount, type Mounted } from '../../helpers/mount.js';
import { SANDBOX_DISCOVERY } from '../../../src/sandbox/index.js';
import { SANDBOX_MERCHANT_PREPAID_DISABLED, SANDBOX_SUBSCRIPTIONS, sandboxSession } from '../../helpers/sandbox-session.js';

const eligible = SANDBOX_SUBSCRIPTIONS.eligible.id;
const prepaid = SANDBOX_SUBSCRIPTIONS.prepaid.id;
const text = (node: Element | null) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Silences the element's expected console messages for failure states, so the run's output stays readable. */
function quietConsole() {
  const original = { warn: console.warn, error: console.error };
  beforeEach(() => {
    console.warn = () => {};
    console.error = () => {};
  });
  afterEach(() => Object.assign(console, original));
}

async function mountFor(id: string, attributes: Record<string, string> = {}, session?: Awaited<ReturnType<typeof sandboxSession>>) {
  const s = session ?? (await sandboxSession());
  const m = await mount({ 'subscription-id': id, 'api-base': s.apiBase, token: s.token, ...attributes });
  return { ...m, session: s };
}

describe('axe finds no violation', () => {
  quietConsole();

  it('while loading', async () => {
    const session = await sandboxSession();
    await session.fault({ latencyMs: 2000, method: 'GET' });
    const m = await mountFor(eligible, {}, session);
    expect(m.el.state).to.equal('loading');
    await expect(m.el).to.be.accessible();
  });

  it('when ready', async () => {
    const m = await mountFor(eligible);
    await m.waitForState('ready');
    await expect(m.el).to.be.accessible();
  });

  for (const [name, id] of [
    ['not live', SANDBOX_SUBSCRIPTIONS.cancelled.id],
    ['product not eligible', SANDBOX_SUBSCRIPTIONS.notEligible.id],
  ] as const) {
    it(`when ineligible: ${name}`, async () => {
      const m = await mountFor(id);
      await m.waitForState('ineligible');
      await expect(m.el).to.be.accessible();
    });
  }

  it('when prepaid, with the management form', async () => {
    const m = await mountFor(prepaid);
    await m.waitForState('prepaid');
    await expect(m.el).to.be.accessible();
  });

  it('when prepaid, without the management form (manage-renewal="false")', async () => {
    const m = await mountFor(prepaid, { 'manage-renewal': 'false' });
    await m.waitForState('prepaid');
    await expect(m.el).to.be.accessible();
  });

  it('while a renewal change is sent, and once it is confirmed', async () => {
    const m = await mountFor(prepaid);
    await m.waitForState('prepaid');
    await m.session.fault({ latencyMs: 500, method: 'PATCH' });
    m.$<HTMLInputElement>('[part~=manage] input[value=cancel]')!.click();
    await m.el.updateComplete;
    m.$<HTMLButtonElement>('[part~=manage-submit]')!.click();
    await m.waitForState('submitting');
    await expect(m.el).to.be.accessible();
    await m.waitForEvent('prepaid-upgrade-renewal-change');
    await expect(m.el).to.be.accessible();
  });

  it('after a failed renewal change (429 on every try)', async () => {
    const m = await mountFor(prepaid);
    await m.waitForState('prepaid');
    await m.session.fault({ status: 429, retryAfter: 0, count: 4, method: 'PATCH' });
    m.$<HTMLInputElement>('[part~=manage] input[value=downgrade]')!.click();
    await m.el.updateComplete;
    m.$<HTMLButtonElement>('[part~=manage-submit]')!.click();
    await m.waitForEvent('prepaid-upgrade-error');
    expect(m.el.state).to.equal('error');
    await expect(m.el).to.be.accessible();
  });

  it('while submitting', async () => {
    const m = await mountFor(eligible);
    await m.waitForState('ready');
    await m.session.fault({ latencyMs: 2000, method: 'PATCH' });
    void m.el.upgrade();
    await m.waitForState('submitting');
    await expect(m.el).to.be.accessible();
  });

  it('after success', async () => {
    const m = await mountFor(eligible);
    await m.waitForState('ready');
    await m.el.upgrade();
    await expect(m.el).to.be.accessible();
  });

  it('while checking whether a write whose answer got lost was made, and once that is not known', async () => {
    const m = await mountFor(eligible);
    await m.waitForState('ready');
    await m.session.faults([
      { status: 503, method: 'PATCH' },
      { status: 500, method: 'GET', path: `/subscriptions/${eligible}/`, count: CONFIRM_WAITS_MS.length + 1 },
    ]);
    void m.el.upgrade();
    await waitUntil(() => m.$('[part~=submit]')?.textContent?.trim() === en.checking('upgrade'), 'never checking');
    await expect(m.el).to.be.accessible();
    // The rest of the half minute of reads, on a clock that moves on to each wait at once.
    await withClock({ auto: true }, () => until(() => m.el.state === 'error', `never concluded (state ${m.el.state})`, 8000));
    expect(m.$('[part~=retry]')?.textContent?.trim()).to.equal(en.checkAgain);
    await expect(m.el).to.be.accessible();
  });

  it('when the upgrade finds the subscription prepaid already', async () => {
    const m = await mountFor(eligible);
    await m.waitForState('ready');
    await fetch(`${m.session.apiBase}/subscriptions/${eligible}/upgrade_to_prepaid/`, {
      method: 'PATCH',
      headers: { authorization: m.session.token, 'content-type': 'application/json' },
      body: JSON.stringify({ orders_per_billing: 12, renewal_behavior: 'cancel' }),
    });
    await m.el.upgrade();
    await m.waitForState('prepaid');
    await expect(m.el).to.be.accessible();
  });

  const errors: Array<[string, (m: Mounted & { session: Awaited<ReturnType<typeof sandboxSession>> }) => Promise<void>]> = [
    ['a refused upgrade (400)', async (m) => void (await m.el.upgrade())],
    [
      'a failed upgrade (429 on every try)',
      async (m) => (await m.session.fault({ status: 429, retryAfter: 0, count: 4, method: 'PATCH' }), void (await m.el.upgrade())),
    ],
  ];
  for (const [name, cause] of errors) {
    it(`after ${name}`, async () => {
      const session = name.includes('400')
        ? await sandboxSession({
            merchant: SANDBOX_MERCHANT_PREPAID_DISABLED,
            customerId: SANDBOX_SUBSCRIPTIONS.prepaidDisabled.customerId,
          })
        : await sandboxSession();
      const m = await mountFor(name.includes('400') ? SANDBOX_SUBSCRIPTIONS.prepaidDisabled.id : eligible, {}, session);
      await m.waitForState('ready');
      await cause(m);
      expect(m.el.state).to.equal('error');
      await expect(m.el).to.be.accessible();
    });
  }

  it('after a failed load (404)', async () => {
    const m = await mountFor('sub_nobody');
    await m.waitForState('error');
    await expect(m.el).to.be.accessible();
  });

  it('after a refused token (401)', async () => {
    const session = await sandboxSession({ ts: Math.floor(Date.now() / 1000) - 3 * 3600 });
    const m = await mountFor(eligible, {}, session);
    await m.waitForState('error');
    await expect(m.el).to.be.accessible();
  });

  it('with a configuration error', async () => {
    const m = await mountFor(eligible, { 'orders-options': 'none' });
    await m.waitForState('error');
    await expect(m.el).to.be.accessible();
  });
});

describe('axe finds no violation without subscription-id', () => {
  quietConsole();

  /** The element without an id, for `customerId` (Hedy by default: several subscriptions to choose from). */
  async function discoverFor(customerId: string = SANDBOX_DISCOVERY.customerId, attributes: Record<string, string> = {}) {
    const session = await sandboxSession({ customerId });
    const m = await mount({ 'api-base': session.apiBase, token: session.token, ...attributes });
    return { ...m, session };
  }

  it('while it looks for the subscriptions', async () => {
    const session = await sandboxSession({ customerId: SANDBOX_DISCOVERY.customerId });
    await session.fault({ latencyMs: 2000, method: 'GET' });
    const m = await mount({ 'api-base': session.apiBase, token: session.token });
    expect(m.el.state).to.equal('loading');
    await expect(m.el).to.be.accessible();
  });

  for (const manage of ['true', 'false']) {
    it(`in the picker, manage-renewal="${manage}"`, async () => {
      const m = await discoverFor(undefined, { 'manage-renewal': manage, 'prepaid-discounts': '3:5,6:10' });
      await m.waitForEvent('prepaid-upgrade-ready');
      expect(m.$('[part~=picker]')).to.not.equal(null);
      await expect(m.el).to.be.accessible();
    });
  }

  it('in the form of the one chosen, with its way back', async () => {
    const m = await discoverFor();
    await m.waitForEvent('prepaid-upgrade-ready');
    m.$<HTMLButtonElement>('[part~=picker] button')!.click();
    await m.waitForEvent('prepaid-upgrade-ready', 2);
    expect(m.$('button.back')).to.not.equal(null);
    await expect(m.el).to.be.accessible();
  });

  it('when none of the customer’s subscriptions can be prepaid', async () => {
    const m = await discoverFor('cus_katherine');
    await m.waitForState('ineligible');
    await expect(m.el).to.be.accessible();
  });
});

describe('keyboard alone', () => {
  async function mountAfterButton() {
    const session = await sandboxSession();
    const before = document.createElement('button');
    before.textContent = 'Before the widget';
    document.body.prepend(before);
    const m = await mountFor(eligible, {}, session);
    await m.waitForState('ready');
    before.focus();
    return { ...m, cleanup: () => before.remove() };
  }
  const focused = (m: Mounted) => m.shadow.activeElement as HTMLElement | null;

  it('completes an upgrade with Tab, arrow keys and Enter', async () => {
    const m = await mountAfterButton();
    try {
      await sendKeys({ press: 'Tab' });
      expect(focused(m)?.getAttribute('value')).to.equal('3');
      await sendKeys({ press: 'ArrowDown' });
      expect(focused(m)?.getAttribute('value')).to.equal('6');
      await sendKeys({ press: 'Tab' });
      expect(focused(m)?.getAttribute('value')).to.equal('autorenew');
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'ArrowDown' });
      expect(focused(m)?.getAttribute('value')).to.equal('downgrade');
      await sendKeys({ press: 'Tab' });
      expect(focused(m)?.getAttribute('part')).to.equal('submit');
      await sendKeys({ press: 'Enter' });
      const success = await m.waitForEvent('prepaid-upgrade-success');
      expect(success.detail.subscription.prepaid_subscription_context).to.deep.include({
        prepaid_orders_per_billing: 6,
        renewal_behavior: 'downgrade',
      });
      await waitUntil(() => focused(m)?.getAttribute('part') === 'success', 'focus did not move to the success message');
    } finally {
      m.cleanup();
    }
  });

  it('completes an upgrade with Space on the confirm button, and Enter pressed again and again sends one request', async () => {
    const m = await mountAfterButton();
    try {
      await sendKeys({ press: 'Tab' });
      // Down twice, not up once: whether arrows wrap around a radio group is the engine's own habit (WebKit's do not).
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'ArrowDown' });
      expect(focused(m)?.getAttribute('value')).to.equal('12');
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: 'Tab' });
      // Enter again and again, as an impatient customer does (WebDriver, WebKit's driver, knows key presses only, not a
      // key held down: each press is a keydown that activates the button, as each repeat of a held key is).
      await sendKeys({ press: 'Enter' });
      await sendKeys({ press: 'Enter' });
      await sendKeys({ press: 'Enter' });
      // The key that types a space: every engine's driver knows it by its character, not all by the name 'Space'.
      await sendKeys({ press: ' ' });
      await m.waitForEvent('prepaid-upgrade-success');
      const patches = (await m.session.requests()).filter((r) => r.method === 'PATCH');
      expect(patches).to.have.length(1);
      expect(patches[0]!.body).to.deep.include({ orders_per_billing: 12 });
    } finally {
      m.cleanup();
    }
  });

  it('changes what happens when a prepaid subscription’s orders run out with Tab, arrow keys and Enter', async () => {
    const session = await sandboxSession();
    const before = document.createElement('button');
    before.textContent = 'Before the widget';
    document.body.prepend(before);
    try {
      const m = await mountFor(prepaid, {}, session);
      await m.waitForState('prepaid');
      before.focus();
      await sendKeys({ press: 'Tab' });
      expect(focused(m)?.getAttribute('value'), 'Tab lands on the current choice').to.equal('autorenew');
      expect(focused(m)?.closest('[part~=manage]')).to.not.equal(null);
      // An arrow key picks the next choice, which enables the button: Tab reaches it.
      await sendKeys({ press: 'ArrowDown' });
      expect(focused(m)?.getAttribute('value')).to.equal('cancel');
      await m.el.updateComplete;
      await sendKeys({ press: 'Tab' });
      expect(focused(m)?.getAttribute('part')).to.equal('manage-submit');
      await sendKeys({ press: 'Enter' });
      const changed = await m.waitForEvent('prepaid-upgrade-renewal-change');
      expect(changed.detail.subscription.prepaid_subscription_context).to.deep.include({ renewal_behavior: 'cancel' });
      await waitUntil(() => focused(m)?.part.contains('confirmation'), 'focus did not move to the confirmation');
      const patches = (await session.requests()).filter((r) => r.method === 'PATCH');
      expect(patches.map((r) => r.body)).to.deep.equal([{ renewal_behavior: 'cancel' }]);
    } finally {
      before.remove();
    }
  });

  it('after a failed upgrade, reaches the form’s button again and tries again with Enter', async () => {
    const m = await mountAfterButton();
    try {
      await m.session.fault({ status: 429, retryAfter: 0, count: 4, method: 'PATCH' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: 'Enter' });
      await m.waitForState('error');
      await waitUntil(() => focused(m)?.getAttribute('part') === 'error', 'focus did not move to the error message');
      // No second button after the message: the form above keeps the one way on, reached as before (WebKit's driver
      // presses no Shift+Tab, so the customer starts again from the page's button before the widget).
      expect(m.$('[part~=retry]')).to.equal(null);
      document.querySelector<HTMLButtonElement>('body > button')!.focus();
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: 'Tab' });
      expect(focused(m)?.getAttribute('part')).to.equal('submit');
      await sendKeys({ press: 'Enter' });
      await m.waitForState('success');
    } finally {
      m.cleanup();
    }
  });
});

describe('keyboard alone, without subscription-id', () => {
  const focused = (m: Mounted) => m.shadow.activeElement as HTMLElement | null;

  it('picks a subscription, goes back, picks another and upgrades it', async () => {
    const [, coldBrew, earlGrey] = SANDBOX_DISCOVERY.upgradeable;
    const session = await sandboxSession({ customerId: SANDBOX_DISCOVERY.customerId });
    const before = document.createElement('button');
    before.textContent = 'Before the widget';
    document.body.prepend(before);
    try {
      const m = await mount({ 'api-base': session.apiBase, token: session.token, 'manage-renewal': 'false' });
      await m.waitForEvent('prepaid-upgrade-ready');
      before.focus();
      await sendKeys({ press: 'Tab' });
      expect(focused(m)?.closest('[part~=picker]'), 'Tab lands in the picker').to.not.equal(null);
      await sendKeys({ press: 'ArrowDown' });
      expect((focused(m) as HTMLInputElement).value).to.equal(coldBrew);
      await sendKeys({ press: 'Tab' });
      expect(focused(m)?.textContent?.trim()).to.equal('Continue');
      await sendKeys({ press: 'Enter' });
      // The form of the one picked, focus on its first choice.
      await waitUntil(() => (focused(m) as HTMLInputElement | null)?.name === 'orders', 'focus did not move to the form');
      expect(m.el.subscription?.public_id).to.equal(coldBrew);

      // Back: the way back comes first in the widget.
      before.focus();
      await sendKeys({ press: 'Tab' });
      expect(focused(m)?.classList.contains('back'), 'Tab lands on the way back').to.be.true;
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => (focused(m) as HTMLInputElement | null)?.value === coldBrew, 'focus did not return to the one picked');

      await sendKeys({ press: 'ArrowDown' });
      expect((focused(m) as HTMLInputElement).value).to.equal(earlGrey);
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => (focused(m) as HTMLInputElement | null)?.name === 'orders', 'Enter in the picker did not continue');
      expect(m.el.subscription?.public_id).to.equal(earlGrey);
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: 'Tab' });
      expect(focused(m)?.getAttribute('part')).to.equal('submit');
      await sendKeys({ press: 'Enter' });
      await m.waitForEvent('prepaid-upgrade-success');
      const patches = (await session.requests()).filter((r) => r.method === 'PATCH');
      expect(patches.map((r) => r.path)).to.deep.equal([`/subscriptions/${earlGrey}/upgrade_to_prepaid/`]);
    } finally {
      before.remove();
    }
  });
});

describe('announcements', () => {
  quietConsole();

  it('says politely what is happening: loading, submitting; focus reads out the success, and a live line what it bills', async () => {
    const session = await sandboxSession();
    await session.fault({ latencyMs: 300, method: 'GET', count: 1 });
    const m = await mountFor(eligible, {}, session);
    const status = m.$('[part~=status]')!;
    expect(status.getAttribute('role')).to.equal('status');
    expect(text(status)).to.equal('Loading your subscription…');
    await m.waitForState('ready');
    expect(text(status)).to.equal('');
    await session.fault({ latencyMs: 300, method: 'PATCH' });
    void m.el.upgrade();
    await m.el.updateComplete;
    expect(text(m.$('[part~=status]'))).to.equal('Upgrading your subscription…');
    await m.waitForEvent('prepaid-upgrade-success');
    expect(m.shadow.activeElement, 'focus reads the success out').to.equal(m.$('[part~=success]'));
    expect(text(m.$('[part~=status]')), 'and the status region does not say it again').to.equal('');
    // Then what the service now bills, once it is read back: it replaces the estimate in a live line of the message,
    // which says the news once, and the status region still says nothing.
    await waitUntil(() => m.el.nextOrder, 'the next order read again');
    await m.el.updateComplete;
    const live = m.$$('[part~=success] [aria-live]');
    expect(live.map((line) => line.getAttribute('aria-live'))).to.deep.equal(['polite']);
    expect(text(live[0]!)).to.match(/^Your next order, on .+, bills \$35\.63 for 3 orders\. Nothing was charged today\.$/);
    expect(text(m.$('[part~=status]'))).to.equal('');
  });

  it('says news from another widget politely after a read the customer retried, and moves no focus', async () => {
    const session = await sandboxSession();
    await session.fault({ status: 500, method: 'GET', path: `/subscriptions/${eligible}/`, count: 1 });
    const m = await mountFor(eligible, {}, session);
    await m.waitForState('error');
    m.$<HTMLButtonElement>('[part~=retry]')!.click();
    await m.waitForState('ready');
    expect(m.shadow.activeElement, 'the retried read takes focus').to.equal(m.$('[part~=form] input:checked'));
    expect(text(m.$('[part~=status]'))).to.equal('');
    // Another widget of the subscription prepays it: news this widget did not ask for. (Focus moves to the other
    // widget's success message.)
    const other = await mountFor(eligible, {}, session);
    await other.waitForState('ready');
    await other.el.upgrade();
    await m.waitForState('prepaid');
    expect(text(m.$('[part~=status]'))).to.equal(en.ineligible('already-prepaid', undefined));
    // Compared as booleans: a failing comparison of elements would have the assertion print the whole document.
    expect(m.shadow.activeElement === null, 'nothing in this widget takes focus').to.be.true;
    expect(other.shadow.activeElement === other.$('[part~=success]'), 'the other widget keeps its own').to.be.true;
  });

  it('says politely that a renewal change is being saved, then that it is saved', async () => {
    const m = await mountFor(prepaid);
    await m.waitForState('prepaid');
    expect(text(m.$('[part~=status]'))).to.equal('This subscription is already prepaid.');
    await m.session.fault({ latencyMs: 300, method: 'PATCH' });
    m.$<HTMLInputElement>('[part~=manage] input[value=downgrade]')!.click();
    await m.el.updateComplete;
    m.$<HTMLButtonElement>('[part~=manage-submit]')!.click();
    await m.el.updateComplete;
    expect(text(m.$('[part~=status]'))).to.equal('Saving your change…');
    await m.waitForEvent('prepaid-upgrade-renewal-change');
    expect(text(m.shadow.activeElement), 'focus reads it out').to.equal(
      'Saved. When your prepaid orders run out, you go back to paying per order.',
    );
    expect(text(m.$('[part~=status]')), 'and the status region does not say it again').to.equal('');
  });

  it('says an error once: focus reads out the failure of what the customer asked for, without an alert', async () => {
    const m = await mountFor(eligible);
    await m.waitForState('ready');
    await m.session.fault({ status: 429, retryAfter: 0, count: 4, method: 'PATCH' });
    await m.el.upgrade();
    expect(m.shadow.activeElement).to.equal(m.$('[part~=error]'));
    expect(m.$$('[role=alert]')).to.have.length(0);
    expect(text(m.$('[part~=status]'))).to.equal('');
  });

  it('says an error once: on a page that has just loaded, as an alert, without taking focus', async () => {
    const session = await sandboxSession();
    await session.fault({ status: 404, method: 'GET', path: `/subscriptions/${eligible}/` });
    const m = await mountFor(eligible, {}, session);
    await m.waitForState('error');
    const alerts = m.$$('[role=alert]');
    expect(alerts).to.have.length(1);
    expect(alerts[0]!.getAttribute('part')).to.equal('error');
    expect(m.shadow.activeElement).to.equal(null);
    expect(text(m.$('[part~=status]'))).to.equal('');
  });

  it('keeps focus where it is on a page that just loaded', async () => {
    const m = await mountFor(eligible);
    await m.waitForState('ready');
    expect(m.shadow.activeElement).to.equal(null);
  });
});
