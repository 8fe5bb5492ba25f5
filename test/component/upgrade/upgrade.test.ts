import { expect, waitUntil } from '@open-wc/testing';
import { en } from '../../../src/i18n/en.js';
import de from '../../../src/i18n/locales/de.js';
import { payAsYouGoSubscription, prepaidSubscription } from '../../fixtures/subscriptions.js';
import { captureConsole } from '../../helpers/console-capture.js';
import { mount } from '../../helpers/mount.js';
import {
  redactCredential,
  SANDBOX_MERCHANT_PREPAID_DISABLED,
  SANDBOX_SUBSCRIPTIONS,
  sandboxSession,
} from '../../helpers/sandbox-session.js';

const eligible = SANDBOX_SUBSCRIPTIONS.eligible.id;

async function mountEligible(extra: Record<string, string> = {}) {
  const session = await sandboxSession();
  const mounted = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, token: session.token, ...extra });
  return { session, ...mounted };
}

const radio = (m: { $: (s: string) => HTMLElement | null }, value: string) =>
  m.$(`input[type=radio][value="${value}"]`) as HTMLInputElement;
const text = (node: Element | null) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('<prepaid-upgrade> happy path', () => {
  it('loads the subscription and its product, then offers the choices', async () => {
    const m = await mountEligible();
    expect(m.el.state).to.equal('loading');
    const ready = await m.waitForEvent('prepaid-upgrade-ready');
    expect(m.el.state).to.equal('ready');
    expect(ready.detail.subscription.public_id).to.equal(eligible);
    expect(m.el.subscription?.public_id).to.equal(eligible);
    expect(m.$$<HTMLInputElement>('input[name=orders]').map((r) => r.value)).to.deep.equal(['3', '6', '12']);
    expect(m.$$<HTMLInputElement>('input[name=renewal]').map((r) => r.value)).to.deep.equal(['autorenew', 'cancel', 'downgrade']);
    expect(radio(m, '3').checked).to.be.true;
    expect(radio(m, 'autorenew').checked).to.be.true;
    expect(text(m.$('[part~=product]'))).to.contain('Morning Roast Coffee');
    expect(text(m.$('[part~=summary]'))).to.contain('3 orders billed together at your next order: $37.50 (3 × $12.50)');
    expect(text(m.$('[part~=submit]'))).to.equal('Prepay 3 orders');
  });

  it('upgrades with the chosen orders and renewal, and shows what was done', async () => {
    const m = await mountEligible();
    await m.waitForEvent('prepaid-upgrade-ready');
    radio(m, '6').click();
    radio(m, 'downgrade').click();
    expect(m.eventsOf('prepaid-upgrade-change').map((e) => e.detail)).to.deep.equal([
      { ordersPerBilling: 6, renewalBehavior: 'autorenew', discountPercent: null },
      { ordersPerBilling: 6, renewalBehavior: 'downgrade', discountPercent: null },
    ]);
    await m.el.updateComplete;
    expect(text(m.$('[part~=summary]'))).to.contain('$75.00');
    // The next order is read again after the upgrade: slowly enough here to see the estimate first.
    await m.session.fault({ method: 'GET', path: '/orders/', latencyMs: 400 });
    m.$('[part~=submit]')!.click();
    const submit = m.eventsOf('prepaid-upgrade-submit')[0]!;
    expect(submit.detail).to.deep.equal({
      action: 'upgrade',
      subscriptionId: eligible,
      request: { orders_per_billing: 6, renewal_behavior: 'downgrade', offer: 'live' },
    });
    expect(submit.cancelable).to.be.true;
    expect(m.el.state).to.equal('submitting');
    const success = await m.waitForEvent('prepaid-upgrade-success');
    expect(success.detail.subscription.prepaid_subscription_context).to.deep.include({
      prepaid_orders_per_billing: 6,
      prepaid_orders_remaining: 0,
      renewal_behavior: 'downgrade',
    });
    expect(m.el.state).to.equal('success');
    expect(m.el.matches(':state(success)')).to.be.true;
    const message = m.$('[part~=success]');
    expect(text(message)).to.contain('Your subscription is now prepaid');
    // Our estimate, as one, until the service's own figure is read back: its prepaid discount takes 10% off 6 orders.
    expect(text(message)).to.contain('Your next order bills 6 orders together, an estimated $75.00');
    expect(m.shadow.activeElement).to.equal(message);
    // The order is read again after 400 ms of latency: on a machine busy with three engines, that takes longer than the
    // second waitUntil waits by default.
    await waitUntil(() => text(message).includes('bills $67.50 for 6 orders'), 'the service’s figure', { timeout: 4000 });
    expect(m.el.nextOrder).to.include({ subTotal: '67.50', currencyCode: 'USD' });
  });

  it('sends exactly the requests the service expects, with the token verbatim and no api key', async () => {
    const m = await mountEligible({ 'orders-options': '4,8', 'renewal-behavior': 'cancel', offer: 'off_morning_roast_2w' });
    await m.waitForEvent('prepaid-upgrade-ready');
    m.$('[part~=submit]')!.click();
    await m.waitForEvent('prepaid-upgrade-success');
    await waitUntil(() => m.el.nextOrder, 'the next order read again');
    const asked = (await m.session.requests()).map((r) => `${r.method} ${r.path}${r.search}`);
    const orders = `GET /orders/?subscription=${eligible}&status=1`;
    // The subscription and its next order side by side, in either order, then the product; the next order again after
    // the upgrade.
    expect([[asked[0], asked[1]].sort(), ...asked.slice(2)]).to.deep.equal([
      [orders, `GET /subscriptions/${eligible}/`],
      'GET /products/prod_morning_roast/',
      `PATCH /subscriptions/${eligible}/upgrade_to_prepaid/`,
      orders,
    ]);
    const requests = await m.session.requests();
    for (const request of requests) {
      expect(request.headers.authorization).to.equal(await redactCredential(m.session.token));
      expect(request.headers).not.to.have.property('x-api-key');
      expect(request.headers).not.to.have.property('cookie');
    }
    const patch = requests.find((r) => r.method === 'PATCH')!;
    expect(patch.headers['content-type']).to.equal('application/json');
    expect(patch.body).to.deep.equal({ orders_per_billing: 4, renewal_behavior: 'cancel', offer: 'off_morning_roast_2w' });
  });

  it('never copies the token into its shadow DOM, attributes or events', async () => {
    const m = await mountEligible();
    await m.waitForEvent('prepaid-upgrade-ready');
    m.$('[part~=submit]')!.click();
    await m.waitForEvent('prepaid-upgrade-success');
    const sig = JSON.parse(m.session.token).sig as string;
    expect(m.shadow.innerHTML).not.to.contain(sig);
    expect(m.el.getAttributeNames().filter((name) => m.el.getAttribute(name)!.includes(sig))).to.deep.equal(['token']);
    for (const event of m.events) expect(JSON.stringify(event.detail ?? {})).not.to.contain(sig);
  });

  it('sends one upgrade however often it is asked', async () => {
    const m = await mountEligible();
    await m.waitForEvent('prepaid-upgrade-ready');
    const submit = m.$('[part~=submit]')!;
    submit.click();
    submit.click();
    const calls = [m.el.upgrade(), m.el.upgrade()];
    submit.click();
    expect(await Promise.all(calls)).to.deep.equal([true, true]);
    const patches = (await m.session.requests()).filter((r) => r.method === 'PATCH');
    expect(patches).to.have.length(1);
    expect(m.eventsOf('prepaid-upgrade-submit')).to.have.length(1);
    expect(m.eventsOf('prepaid-upgrade-success')).to.have.length(1);
  });

  it('sends nothing when a submit listener calls preventDefault()', async () => {
    const m = await mountEligible();
    await m.waitForEvent('prepaid-upgrade-ready');
    m.el.addEventListener('prepaid-upgrade-submit', (event) => event.preventDefault(), { once: true });
    expect(await m.el.upgrade()).to.be.false;
    expect(m.el.state).to.equal('ready');
    expect((await m.session.requests()).filter((r) => r.method === 'PATCH')).to.have.length(0);
  });

  it('fires every event bubbling and composed, with the typed classes', async () => {
    const m = await mountEligible();
    await m.waitForEvent('prepaid-upgrade-ready');
    radio(m, '12').click();
    m.$('[part~=submit]')!.click();
    await m.waitForEvent('prepaid-upgrade-success');
    expect(m.events.map((e) => e.type)).to.deep.equal([
      'prepaid-upgrade-ready',
      'prepaid-upgrade-change',
      'prepaid-upgrade-submit',
      'prepaid-upgrade-success',
    ]);
    for (const event of m.events) {
      expect(event.bubbles, event.type).to.be.true;
      expect(event.composed, event.type).to.be.true;
    }
  });
});

describe('<prepaid-upgrade> ineligible subscriptions', () => {
  // An already prepaid subscription is not ineligible: it has a state of its own, tested in
  // test/component/prepaid/renewal.test.ts.
  const cases = [
    {
      name: 'cancelled',
      id: SANDBOX_SUBSCRIPTIONS.cancelled.id,
      says: 'This subscription is no longer active, so it cannot be prepaid.',
      next: 'To prepay its orders, subscribe again; a new subscription can be prepaid.',
    },
    {
      name: 'on a product that cannot be prepaid',
      id: SANDBOX_SUBSCRIPTIONS.notEligible.id,
      says: 'The store does not offer prepaying for Espresso Machine Descaler, 4-pack.',
      next: 'Your subscription goes on as it is: you pay for each order as it ships.',
    },
  ];
  for (const { name, id, says, next } of cases) {
    it(`explains a subscription ${name}, says what the customer can do, and neither offers nor sells a form`, async () => {
      const session = await sandboxSession();
      const m = await mount({ 'subscription-id': id, 'api-base': session.apiBase, token: session.token });
      const ready = await m.waitForEvent('prepaid-upgrade-ready');
      expect(ready.detail.subscription.public_id).to.equal(id);
      expect(m.el.state).to.equal('ineligible');
      expect(m.el.matches(':state(ineligible)')).to.be.true;
      expect(text(m.$('[part~=notice]')))
        .to.contain(says)
        .and.contain(next);
      expect(text(m.$('[part~=heading]'))).to.equal(en.stateHeading('ineligible'));
      expect(m.$('[part~=description]'), 'no promise of what cannot be bought').to.equal(null);
      expect(m.$('[part~=savings]')).to.equal(null);
      expect(m.$('[part~=form]')).to.equal(null);
      expect(m.$('[part~=submit]')).to.equal(null);
      expect(text(m.$('[part~=status]'))).to.equal(says);
    });
  }
});

describe('<prepaid-upgrade> refused upgrade', () => {
  it("tells the customer in their words, and the developer in the service's own (400 detail)", async () => {
    const session = await sandboxSession({
      merchant: SANDBOX_MERCHANT_PREPAID_DISABLED,
      customerId: SANDBOX_SUBSCRIPTIONS.prepaidDisabled.customerId,
    });
    const m = await mount({
      'subscription-id': SANDBOX_SUBSCRIPTIONS.prepaidDisabled.id,
      'api-base': session.apiBase,
      token: session.token,
    });
    await m.waitForEvent('prepaid-upgrade-ready');
    m.$('[part~=submit]')!.click();
    const error = await m.waitForEvent('prepaid-upgrade-error');
    expect(error.detail).to.include({ phase: 'upgrade', status: 400, retryable: false });
    expect(error.detail.message).to.match(/answered 400: Prepaid subscriptions are not enabled for this merchant\./);
    expect(m.el.state).to.equal('error');
    const part = m.$('[part~=error]')!;
    // The customer asked: focus reads it out, with no alert besides.
    expect(m.shadow.activeElement).to.equal(part);
    expect(part.hasAttribute('role')).to.equal(false);
    expect(text(part)).to.equal(en.failure('badRequest', 'upgrade'));
    expect(text(part)).to.equal(
      'Your subscription was not prepaid, and nothing was charged. The store refused this request. Please contact the store.',
    );
    expect(m.shadow.activeElement).to.equal(part);
    // The customer's choices stay where they were, and the form's own button is the one way on: no second button.
    expect(m.$('[part~=form]')).not.to.equal(null);
    expect(m.$('[part~=retry]')).to.equal(null);
  });
});

describe('<prepaid-upgrade> refused upgrade with field errors', () => {
  // Bodies in the shape of the service's validation errors, sent by the sandbox in place of its own answer. A refusal
  // of one of the customer's choices is named by the heading of the form it was made in; the service's words go to
  // the developer only.
  const cases: Array<[what: string, body: unknown, reason: string, heading: string | undefined]> = [
    [
      'a renewal behaviour it does not accept',
      { renewal_behavior: ["Value 'x' is not a valid choice."] },
      "Value 'x' is not a valid choice.",
      en.renewalLegend,
    ],
    [
      'a missing number of orders, as a bare string',
      { orders_per_billing: 'This field is required.' },
      'This field is required.',
      en.ordersLegend,
    ],
    [
      'something about no field',
      { non_field_errors: ['Prepaid is paused for this store.'] },
      'Prepaid is paused for this store.',
      undefined,
    ],
    ['a field the customer did not choose', { offer: ['Invalid offer.'] }, 'Invalid offer.', undefined],
    ['a field named like a property of every object', { constructor: ['Not this way.'] }, 'Not this way.', undefined],
  ];
  for (const [what, body, reason, heading] of cases) {
    it(`names ${what} in the customer's words, and gives the developer the service's`, async () => {
      const m = await mountEligible();
      await m.waitForEvent('prepaid-upgrade-ready');
      await m.session.fault({ method: 'PATCH', status: 400, body: JSON.stringify(body) });
      m.$('[part~=submit]')!.click();
      const error = await m.waitForEvent('prepaid-upgrade-error');
      expect(error.detail).to.include({ phase: 'upgrade', status: 400, retryable: false });
      expect(error.detail.message).to.contain(`${Object.keys(body as object)[0]}: ${reason}`);
      const part = m.$('[part~=error]')!;
      expect(text(part)).to.equal(heading ? en.refusedChoice(heading) : en.failure('badRequest', 'upgrade'));
      expect(text(m.el.shadowRoot!.firstElementChild)).not.to.contain(reason);
    });
  }

  it('names the refused choice in the page’s language', async () => {
    const m = await mountEligible({ lang: 'de' });
    await m.waitForEvent('prepaid-upgrade-ready');
    await m.session.fault({ method: 'PATCH', status: 400, body: JSON.stringify({ orders_per_billing: ['A valid integer is required.'] }) });
    m.$('[part~=submit]')!.click();
    await m.waitForEvent('prepaid-upgrade-error');
    expect(text(m.$('[part~=error]'))).to.equal(de.refusedChoice(de.ordersLegend));
  });
});

describe('<prepaid-upgrade> passes the service’s answers through untouched', () => {
  const context = {
    prepaid_orders_remaining: 0,
    prepaid_orders_per_billing: 3,
    renewal_behavior: 'autorenew',
    last_renewal_revenue: 37.5,
    prepaid_origin_merchant_order_id: '#1042',
    next_renewal_hint: { in_orders: 3 },
  };

  it('keeps every field of the subscription, the prepaid context’s extra ones included, in the property and the events', async () => {
    const session = await sandboxSession();
    const loaded = prepaidSubscription({
      public_id: eligible,
      product: 'prod_morning_roast',
      prepaid_subscription_context: { ...context, prepaid_orders_remaining: 2 },
      subscription_type: 'replenishment',
      extra_data: { shopify_contract_id: 81273645 },
      loyalty_tier: 'gold',
    });
    await session.fault({ method: 'GET', path: `/subscriptions/${eligible}/`, status: 200, body: JSON.stringify(loaded) });
    const m = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, token: session.token });
    const ready = await m.waitForEvent('prepaid-upgrade-ready');
    expect(m.el.state).to.equal('prepaid');
    expect(ready.detail.subscription).to.deep.equal(loaded);
    expect(m.el.subscription).to.deep.equal(loaded);
  });

  it('keeps them in the upgraded subscription too', async () => {
    const m = await mountEligible();
    await m.waitForEvent('prepaid-upgrade-ready');
    const upgraded = {
      ...payAsYouGoSubscription({ public_id: eligible, product: 'prod_morning_roast' }),
      prepaid_subscription_context: context,
    };
    await m.session.fault({ method: 'PATCH', status: 200, body: JSON.stringify(upgraded) });
    m.$('[part~=submit]')!.click();
    const success = await m.waitForEvent('prepaid-upgrade-success');
    expect(success.detail.subscription).to.deep.equal(upgraded);
    expect(m.el.subscription).to.deep.equal(upgraded);
  });
});

describe('<prepaid-upgrade> bad attributes', () => {
  const { warnings, errors } = captureConsole();

  async function expectConfigError(attributes: Record<string, string>, cause: RegExp) {
    const session = await sandboxSession();
    const m = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, token: session.token, ...attributes });
    const error = await m.waitForEvent('prepaid-upgrade-error');
    expect(error.detail).to.deep.equal({ phase: 'config', status: 0, message: error.detail.message, retryable: false });
    expect(error.detail.message).to.match(cause);
    expect(errors.join('\n')).to.match(cause);
    expect(m.el.state).to.equal('error');
    expect(text(m.$('[part~=error]'))).to.contain('This form is not set up correctly');
    expect(m.$('[part~=retry]')).to.equal(null);
    expect(await session.requests()).to.deep.equal([]);
    return m;
  }

  it('drops invalid orders-options with a warning naming the attribute', async () => {
    const m = await mountEligible({ 'orders-options': '2,abc,6,-1,6,9' });
    await m.waitForEvent('prepaid-upgrade-ready');
    expect(m.$$<HTMLInputElement>('input[name=orders]').map((r) => r.value)).to.deep.equal(['6', '9']);
    expect(warnings.filter((w) => w.includes('orders-options'))).to.have.length(4);
  });

  it('refuses orders-options with no valid choice, and sends nothing', async () => {
    await expectConfigError({ 'orders-options': '2,abc,-1' }, /orders-options/);
  });

  it('refuses renewal-options with no valid choice', async () => {
    await expectConfigError({ 'renewal-options': 'forever' }, /renewal-options/);
    expect(warnings.join('\n')).to.match(/renewal-options: dropped "forever"/);
  });

  it('refuses an offer with spaces rather than changing it', async () => {
    await expectConfigError({ offer: 'spring sale' }, /offer/);
  });

  it('refuses a subscription-id that is a path step', async () => {
    await expectConfigError({ 'subscription-id': '..' }, /subscription-id "\.\." is not a subscription id/);
  });

  it('refuses a plain http: api-base that is not loopback', async () => {
    await expectConfigError({ 'api-base': 'http://shop.example.com/api' }, /https/);
  });

  it('falls back to the first option for an orders-per-billing that is not offered', async () => {
    const m = await mountEligible({ 'orders-per-billing': '5', 'renewal-behavior': 'sometimes' });
    await m.waitForEvent('prepaid-upgrade-ready');
    expect(radio(m, '3').checked).to.be.true;
    expect(radio(m, 'autorenew').checked).to.be.true;
    expect(warnings.join('\n'))
      .to.match(/orders-per-billing/)
      .and.to.match(/renewal-behavior/);
  });
});

describe('<prepaid-upgrade> changing subscription', () => {
  it('loads the new subscription and never renders a late answer for the old one', async () => {
    const session = await sandboxSession();
    await session.fault({ latencyMs: 400, path: SANDBOX_SUBSCRIPTIONS.cancelled.id, count: 1 });
    const m = await mount({ 'subscription-id': SANDBOX_SUBSCRIPTIONS.cancelled.id, 'api-base': session.apiBase, token: session.token });
    m.el.subscriptionId = eligible;
    await m.waitForEvent('prepaid-upgrade-ready');
    expect(m.el.subscription?.public_id).to.equal(eligible);
    // Give the slow, superseded answer time to arrive: it must change nothing. (Whether the aborted request reached the
    // sandbox at all is the engine's business: Chromium sends it at once, Firefox may drop it before it leaves.)
    await waitUntil(
      async () =>
        (await session.requests()).filter((r) => r.path.includes(SANDBOX_SUBSCRIPTIONS.cancelled.id)).every((r) => r.status !== null),
      'the superseded request was never answered',
      { timeout: 5000 },
    );
    await m.el.updateComplete;
    expect(m.el.state).to.equal('ready');
    expect(m.eventsOf('prepaid-upgrade-ready')).to.have.length(1);
  });
});
