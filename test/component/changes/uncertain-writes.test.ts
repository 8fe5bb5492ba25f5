/**
 * The truth about a write the network or the page left uncertain, against the real sandbox: a change the service makes
 * after the widget gave up on its answer, reads that never answer, a subscription prepaid meanwhile elsewhere, two
 * widgets of one subscription, a page that re-renders, moves or removes the element during the write, an answer that
 * is a redirect, and a page back in view after a while.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { Subscription } from '../../../src/api/schemas.js';
import { VIEW_AFTER_MS } from '../../../src/element/view-controller.js';
import { CONFIRM_WAITS_MS } from '../../../src/api/writes.js';
import { STALE_AFTER_MS } from '../../../src/element/agreement-controller.js';
import { en } from '../../../src/i18n/en.js';
import type { PrepaidUpgrade } from '../../../src/index.js';
import { installClock, until, withClock } from '../../helpers/controlled-clock.js';
import { mount, type Mounted } from '../../helpers/mount.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession, type SandboxSession } from '../../helpers/sandbox-session.js';

const ELIGIBLE = SANDBOX_SUBSCRIPTIONS.eligible.id;
const PREPAID = SANDBOX_SUBSCRIPTIONS.prepaid.id;
const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

type Session = Mounted & { session: SandboxSession };

async function mountFor(id: string, attributes: Record<string, string> = {}, properties: Partial<PrepaidUpgrade> = {}): Promise<Session> {
  const session = await sandboxSession();
  const withToken = properties.tokenProvider ? {} : { token: session.token };
  const m = await mount({ 'subscription-id': id, 'api-base': session.apiBase, ...withToken, ...attributes }, properties);
  await m.waitForEvent('prepaid-upgrade-ready');
  return { ...m, session };
}

/** A second widget of the same subscription, on the same page, as a store's order summary would show it. */
async function secondWidget(m: Session, id: string): Promise<PrepaidUpgrade> {
  const second = document.createElement('prepaid-upgrade');
  for (const [name, value] of Object.entries({ 'subscription-id': id, 'api-base': m.session.apiBase, token: m.session.token })) {
    second.setAttribute(name, value);
  }
  m.el.after(second);
  await waitUntil(() => second.state !== 'loading', 'the second widget never loaded', { timeout: 5000 });
  return second;
}

/** The requests the sandbox saw, oldest first, as `METHOD path status`. */
const log = async (session: SandboxSession) => (await session.requests()).map((r) => `${r.method} ${r.path} ${r.status}`);
/** The reads of subscription `id` the sandbox saw after its first PATCH. */
async function readsAfterWrite(session: SandboxSession, id: string): Promise<string[]> {
  const requests = await log(session);
  const patch = requests.findIndex((r) => r.startsWith('PATCH'));
  return requests.slice(patch + 1).filter((r) => r.startsWith(`GET /subscriptions/${id}/ `));
}
const patches = async (session: SandboxSession) => (await log(session)).filter((r) => r.startsWith('PATCH'));
const eventsFrom = (m: Mounted, name: Parameters<Mounted['eventsOf']>[0], target: Element) =>
  m.eventsOf(name).filter((event) => event.target === target);

/** Presses the upgrade form's button, as the customer does. */
const submit = (m: Mounted) => m.$<HTMLButtonElement>('[part~=submit]')!.click();

describe('<prepaid-upgrade> a write whose answer got lost', () => {
  it('says it is checking, with the form locked, and shows the upgrade the service made after it gave up as the success it was', async () => {
    // The widget gives up on the answer after 1 s; the service makes the upgrade 1.6 s after it arrived. The read at
    // once finds it not made yet; the one a second later finds it made.
    const m = await mountFor(ELIGIBLE, { timeout: '1000' });
    await m.session.fault({ method: 'PATCH', path: 'upgrade_to_prepaid', carriedOutAfterMs: 1600 });
    submit(m);
    await until(() => text(m.$('[part~=status]')) === en.checking('upgrade'), 'never said it was checking', 4000);
    expect(m.el.state).to.equal('submitting');
    expect(m.el.matches(':state(submitting)')).to.be.true;
    expect(text(m.$('[part~=submit]'))).to.equal(en.checking('upgrade'));
    expect(m.$('[part~=submit]')!.getAttribute('aria-disabled')).to.equal('true');
    expect(
      m.$$<HTMLFieldSetElement>('[part~=form] fieldset').every((group) => group.disabled),
      'the choices are locked',
    ).to.be.true;
    expect(m.$('[part~=error]'), 'no conclusion yet').to.equal(null);

    const success = await m.waitForEvent('prepaid-upgrade-success');
    expect(success.detail.subscription.prepaid_subscription_context.prepaid_orders_per_billing).to.equal(3);
    expect(m.el.state).to.equal('success');
    expect(text(m.$('[part~=success]'))).to.contain(en.successHeading);
    expect(m.eventsOf('prepaid-upgrade-error')).to.deep.equal([]);
    expect(await patches(m.session)).to.have.length(1);
  });

  it('shows a renewal change the service made late as the change it was', async () => {
    const m = await mountFor(PREPAID, { timeout: '1000' });
    await m.session.fault({ method: 'PATCH', path: 'change_renewal_behavior', carriedOutAfterMs: 1600 });
    m.$<HTMLInputElement>('[part~=manage] input[value=cancel]')!.click();
    await m.el.updateComplete;
    m.$<HTMLButtonElement>('[part~=manage-submit]')!.click();
    await until(() => text(m.$('[part~=status]')) === en.checking('renewal'), 'never said it was checking', 4000);
    expect(text(m.$('[part~=manage-submit]'))).to.equal(en.checking('renewal'));
    const changed = await m.waitForEvent('prepaid-upgrade-renewal-change');
    expect(changed.detail.subscription.prepaid_subscription_context.renewal_behavior).to.equal('cancel');
    expect(m.el.state).to.equal('prepaid');
    expect(text(m.$('[part~=manage] [part~=confirmation]'))).to.equal(en.renewalChanged('cancel'));
    expect(m.eventsOf('prepaid-upgrade-error')).to.deep.equal([]);
    expect(await patches(m.session)).to.have.length(1);
  });

  it('says the outcome is not known yet when no read answers, and "Check again" reads and finds it made', async () => {
    const m = await mountFor(ELIGIBLE);
    await m.session.faults([
      { method: 'PATCH', status: 503, apply: true },
      { method: 'GET', path: `/subscriptions/${ELIGIBLE}/`, status: 500, count: CONFIRM_WAITS_MS.length + 1 },
    ]);
    await withClock({ auto: true }, async () => {
      submit(m);
      await until(() => m.el.state === 'error', `never concluded (state ${m.el.state})`);
    });
    const error = m.eventsOf('prepaid-upgrade-error')[0]!;
    expect(error.detail).to.include({ phase: 'upgrade', status: 503, retryable: true, applied: null });
    const button = m.$<HTMLButtonElement>('[part~=retry]')!;
    expect(text(m.$('[part~=error]'))).to.equal(`${en.failure('unconfirmed', 'upgrade')} ${en.checkAgain}`);
    expect(text(button)).to.equal(en.checkAgain);
    expect(m.$('[part~=submit]')!.getAttribute('aria-disabled'), 'the form stays locked').to.equal('true');
    expect(m.shadow.activeElement).to.equal(m.$('[part~=error]'));

    button.click();
    const success = await m.waitForEvent('prepaid-upgrade-success');
    expect(success.detail.subscription.prepaid_subscription_context.prepaid_orders_per_billing).to.equal(3);
    expect(m.el.state).to.equal('success');
    expect(await patches(m.session), 'checking again sends nothing').to.have.length(1);
    expect(await readsAfterWrite(m.session, ELIGIBLE)).to.have.length(CONFIRM_WAITS_MS.length + 2);
  });

  it('says nothing was prepaid and nothing was charged only once the reads show it, and lets the form send it again', async () => {
    const m = await mountFor(ELIGIBLE);
    await m.session.fault({ method: 'PATCH', status: 504 });
    await withClock({ auto: true }, async (clock) => {
      submit(m);
      await until(() => m.el.state === 'error', `never concluded (state ${m.el.state})`);
      const waits = clock.waits.filter((wait) => wait >= 1000);
      // The second a settled widget in view counts before it tells the page it was seen may fall here too: no read.
      if (waits.length > CONFIRM_WAITS_MS.length) waits.splice(waits.indexOf(VIEW_AFTER_MS), 1);
      expect(waits).to.deep.equal([...CONFIRM_WAITS_MS]);
    });
    expect(m.eventsOf('prepaid-upgrade-error')[0]!.detail).to.include({ phase: 'upgrade', status: 504, retryable: true, applied: false });
    expect(text(m.$('[part~=error]'))).to.equal(en.failure('server', 'upgrade'));
    expect(en.failure('server', 'upgrade')).to.match(/^Your subscription was not prepaid, and nothing was charged\./);
    expect(m.$('[part~=retry]')).to.equal(null);
    submit(m);
    await m.waitForEvent('prepaid-upgrade-success');
    expect(await patches(m.session)).to.have.length(2);
  });
});

describe('<prepaid-upgrade> a subscription prepaid elsewhere', () => {
  it('is shown as it is, with the service’s terms, when the upgrade is refused as already prepaid: no success', async () => {
    const m = await mountFor(ELIGIBLE);
    // Another tab prepaid it meanwhile: 12 orders, ending when they run out.
    const elsewhere = await fetch(`${m.session.apiBase}/subscriptions/${ELIGIBLE}/upgrade_to_prepaid/`, {
      method: 'PATCH',
      headers: { authorization: m.session.token, 'content-type': 'application/json' },
      body: JSON.stringify({ orders_per_billing: 12, renewal_behavior: 'cancel' }),
    });
    expect(elsewhere.status).to.equal(200);
    submit(m);
    const error = await m.waitForEvent('prepaid-upgrade-error');
    expect(error.detail).to.include({ phase: 'upgrade', status: 400, retryable: false, applied: false });
    expect(error.detail.message).to.match(/already prepaid/);
    await m.el.updateComplete;
    expect(m.el.state).to.equal('prepaid');
    const [notice, terms] = m.$$('[part~=notice]');
    expect(text(notice)).to.equal(en.failure('alreadyPrepaid', 'upgrade'));
    expect(m.shadow.activeElement).to.equal(notice);
    expect(text(terms)).to.match(/12 prepaid orders, billed with your next order on .+\. When they run out: it ends\./);
    expect(text(m.$('[part~=status]')), 'focus reads it out, once').to.equal('');
    expect(m.$('[part~=form]'), 'no upgrade form').to.equal(null);
    expect(m.$<HTMLInputElement>('[part~=manage] input[value=cancel]')!.checked).to.be.true;
    expect(m.el.subscription?.prepaid_subscription_context?.prepaid_orders_per_billing).to.equal(12);
    expect(m.eventsOf('prepaid-upgrade-success')).to.deep.equal([]);
  });
});

describe('<prepaid-upgrade> one subscription, one truth', () => {
  it('shows the other widget of the subscription on the page prepaid, with no request and no success of its own', async () => {
    const m = await mountFor(ELIGIBLE);
    const second = await secondWidget(m, ELIGIBLE);
    expect(second.state).to.equal('ready');
    submit(m);
    await m.waitForEvent('prepaid-upgrade-success');
    await waitUntil(() => second.state === 'prepaid', `the second widget still shows ${second.state}`, { timeout: 2000 });
    expect(second.subscription?.prepaid_subscription_context?.prepaid_orders_per_billing).to.equal(3);
    expect(second.shadowRoot!.querySelector('[part~=form]'), 'it no longer offers the upgrade').to.equal(null);
    expect(eventsFrom(m, 'prepaid-upgrade-success', second)).to.deep.equal([]);
    expect(await readsAfterWrite(m.session, ELIGIBLE), 'no read of its own').to.deep.equal([]);

    // A renewal change in the second reaches the first, which keeps its success message with the new terms.
    second.shadowRoot!.querySelector<HTMLInputElement>('[part~=manage] input[value=downgrade]')!.click();
    await second.updateComplete;
    second.shadowRoot!.querySelector<HTMLButtonElement>('[part~=manage-submit]')!.click();
    await waitUntil(() => m.el.subscription?.prepaid_subscription_context?.renewal_behavior === 'downgrade', 'the first never heard');
    expect(m.el.state).to.equal('success');
    expect(text(m.$('[part~=success]'))).to.contain(en.renewalHint('downgrade', 3));
    expect(eventsFrom(m, 'prepaid-upgrade-renewal-change', m.el)).to.deep.equal([]);
    expect(await readsAfterWrite(m.session, ELIGIBLE)).to.deep.equal([]);
  });

  it('reads again when the page comes back into view after more than a minute, and not after less', async () => {
    const m = await mountFor(ELIGIBLE);
    const clock = installClock();
    const visibility = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    try {
      visibility('hidden');
      clock.advance(STALE_AFTER_MS - 1000);
      visibility('visible');
      const before = (await log(m.session)).length;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      expect((await log(m.session)).length, 'no read after less than a minute').to.equal(before);

      // Prepaid at the store meanwhile, where no widget heard of it.
      visibility('hidden');
      await fetch(`${m.session.apiBase}/subscriptions/${ELIGIBLE}/upgrade_to_prepaid/`, {
        method: 'PATCH',
        headers: { authorization: m.session.token, 'content-type': 'application/json' },
        body: JSON.stringify({ orders_per_billing: 6, renewal_behavior: 'autorenew' }),
      });
      clock.advance(STALE_AFTER_MS + 1000);
      visibility('visible');
      await until(() => m.el.state === 'prepaid', `still ${m.el.state} after coming back into view`);
      expect(m.$('[part~=form]')).to.equal(null);
      expect(m.$('.placeholder'), 'read quietly, no placeholder').to.equal(null);
    } finally {
      clock.uninstall();
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
  });
});

describe('<prepaid-upgrade> a write no re-render drops', () => {
  it('finishes and is shown when the page hands a new tokenProvider during the upgrade, with no read again', async () => {
    const session = await sandboxSession();
    const tokenProvider = async () => session.token;
    const m = await mount({ 'subscription-id': ELIGIBLE, 'api-base': session.apiBase }, { tokenProvider });
    await m.waitForEvent('prepaid-upgrade-ready');
    await session.fault({ method: 'PATCH', latencyMs: 200 });
    submit(m);
    // What a React parent with an inline arrow does on every render.
    m.el.tokenProvider = async () => session.token;
    await m.el.updateComplete;
    m.el.tokenProvider = async () => session.token;
    const success = await m.waitForEvent('prepaid-upgrade-success');
    expect(success.detail.subscription.prepaid_subscription_context.prepaid_orders_per_billing).to.equal(3);
    expect(m.el.state).to.equal('success');
    expect(m.eventsOf('prepaid-upgrade-ready'), 'nothing read again').to.have.length(1);
    expect((await log(session)).filter((r) => r.startsWith(`GET /subscriptions/${ELIGIBLE}/`))).to.have.length(1);
  });

  it('finishes and is shown when a property that makes a new connection changes during the upgrade', async () => {
    const m = await mountFor(ELIGIBLE);
    await m.session.fault({ method: 'PATCH', latencyMs: 200 });
    submit(m);
    m.el.timeout = 8000;
    const success = await m.waitForEvent('prepaid-upgrade-success');
    expect(success.detail.subscription.prepaid_subscription_context.prepaid_orders_per_billing).to.equal(3);
    await waitUntil(() => m.el.state === 'success', `state ${m.el.state}`);
    expect(m.eventsOf('prepaid-upgrade-error')).to.deep.equal([]);
    expect(await patches(m.session)).to.have.length(1);
  });

  it('shows the outcome where a moved element lands', async () => {
    const m = await mountFor(ELIGIBLE);
    await m.session.fault({ method: 'PATCH', latencyMs: 200 });
    submit(m);
    const elsewhere = document.createElement('section');
    m.el.parentElement!.after(elsewhere);
    elsewhere.append(m.el);
    await m.waitForEvent('prepaid-upgrade-success');
    await m.el.updateComplete;
    expect(m.el.state).to.equal('success');
    expect(text(m.$('[part~=success]'))).to.contain(en.successHeading);
    expect(await patches(m.session)).to.have.length(1);
    elsewhere.remove();
  });

  it('lets the write of an element removed for good finish, and tells the other widgets of its subscription', async () => {
    const m = await mountFor(ELIGIBLE);
    const second = await secondWidget(m, ELIGIBLE);
    await m.session.fault({ method: 'PATCH', latencyMs: 200 });
    const heard: Subscription[] = [];
    m.el.addEventListener('prepaid-upgrade-success', (event) => heard.push(event.detail.subscription));
    submit(m);
    m.el.remove();
    await waitUntil(() => second.state === 'prepaid', `the other widget still shows ${second.state}`, { timeout: 3000 });
    expect(heard, 'the removed element told of its own success').to.have.length(1);
    expect(await readsAfterWrite(m.session, ELIGIBLE)).to.deep.equal([]);
  });
});

describe('<prepaid-upgrade> only the service answers', () => {
  it('follows no redirect: an answer that sends the read elsewhere is an error, never data', async () => {
    const session = await sandboxSession();
    // To another subscription of the same service: a redirect to another origin is refused the same way, unread (the
    // sandbox sends none, as anyone who can queue a fault could send the store's customers there).
    const elsewhere = `${session.apiBase}/subscriptions/${SANDBOX_SUBSCRIPTIONS.prepaid.id}/`;
    await session.fault({ method: 'GET', path: `/subscriptions/${ELIGIBLE}/`, status: 302, location: elsewhere });
    const m = await mount({ 'subscription-id': ELIGIBLE, 'api-base': session.apiBase, token: session.token });
    const error = await m.waitForEvent('prepaid-upgrade-error');
    expect(error.detail).to.include({ phase: 'load', status: 0 });
    expect(error.detail.message).to.match(/redirect, which is not followed/);
    expect(m.el.state).to.equal('error');
    expect(text(m.$('[part~=error]'))).to.contain(en.failure('malformed', 'load'));
    expect(m.el.subscription).to.equal(undefined);
    expect(
      (await log(session)).filter((r) => r.startsWith('GET /subscriptions/')),
      'the redirect was not followed',
    ).to.have.length(1);
  });
});
