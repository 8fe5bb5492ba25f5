/**
 * When the customer pays (docs/when-the-customer-pays.md), as a customer sees it: the next order's date beside every
 * amount, the service's own figure read back after the upgrade, the date in a prepaid subscription's terms; and a next
 * order that is missing or cannot be read blocking nothing. Dates are calendar dates: the browser suite runs each
 * engine in a time zone of its own, west and east of UTC (test/engines.ts), and December 5 stays December 5 in all of
 * them.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { unsentOrder } from '../../fixtures/subscriptions.js';
import { captureConsole } from '../../helpers/console-capture.js';
import { mount, type Mounted } from '../../helpers/mount.js';
import { mountSubscription } from '../../helpers/mount-subscription.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession, type SandboxSession } from '../../helpers/sandbox-session.js';

const { eligible, prepaid } = SANDBOX_SUBSCRIPTIONS;
const norm = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
/** What a sighted customer reads: hidden texts (visually hidden, or a stand-in date) left out. */
function visibleText(node: Element | null): string {
  const copy = node!.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('.visually-hidden, .pending')) hidden.remove();
  return norm(copy.textContent);
}
const ORDERS = '/orders/';

/** The next order the sandbox answers with, as a subscription's only unsent order: placed on December 5, 2026. */
const serveOrder = (session: SandboxSession, subscription: string, order: Record<string, unknown> = {}, latencyMs?: number) =>
  session.fault({
    method: 'GET',
    path: ORDERS,
    status: 200,
    body: JSON.stringify({ results: [unsentOrder({ subscription, ...order })], paging: { next: null } }),
    ...(latencyMs === undefined ? {} : { latencyMs }),
  });

const hint = (m: Mounted, orders: number) => visibleText(m.$(`#orders-${orders}-hint`));
const summary = (m: Mounted) => m.$$('[part~=summary] p').map((p) => visibleText(p));

describe('the next order', () => {
  const seen = captureConsole();

  it('dates every amount and the summary with the next order’s calendar day, in every time zone', async () => {
    const m = await mountSubscription(eligible, (session) => serveOrder(session, eligible.id, { place: '2026-12-05 00:00:00' }));
    await m.waitForEvent('prepaid-upgrade-ready');
    expect(hint(m, 3)).to.equal('$37.50 on December 5.');
    expect(hint(m, 12)).to.equal('$150.00 on December 5.');
    expect(summary(m)).to.deep.equal([
      '3 orders billed together at your next order: $37.50 (3 × $12.50).',
      'Billed on December 5, 2026, when your next order is placed.',
      'Nothing is charged today.',
    ]);
    expect(seen.warnings).to.deep.equal([]);
  });

  it('reads a date without a time the same way', async () => {
    const m = await mountSubscription(eligible, (session) => serveOrder(session, eligible.id, { place: '2027-01-01' }));
    await m.waitForState('ready');
    expect(summary(m)[1]).to.equal('Billed on January 1, 2027, when your next order is placed.');
  });

  it('tells the page the next order in the property and in the ready event', async () => {
    const m = await mountSubscription(eligible, (session) => serveOrder(session, eligible.id));
    const ready = await m.waitForEvent('prepaid-upgrade-ready');
    const expected = {
      publicId: 'ord_7d1e0c94',
      place: '2026-12-05 00:00:00',
      subTotal: '37.50',
      total: '37.50',
      taxTotal: '0.00',
      shippingTotal: '0.00',
      currencyCode: 'USD',
    };
    expect(ready.detail.nextOrder).to.deep.equal(expected);
    expect(m.el.nextOrder).to.deep.equal(expected);
  });

  it('reads the sandbox’s own next order beside the product', async () => {
    const m = await mountSubscription(eligible);
    const ready = await m.waitForEvent('prepaid-upgrade-ready');
    expect(ready.detail.nextOrder).to.include({ publicId: 'ord_coffee_ada_next', subTotal: '12.50', currencyCode: 'USD' });
    const asked = (await m.session.requests()).map((r) => `${r.path}${r.search}`);
    expect(asked).to.have.length(3);
    expect(asked).to.include(`/orders/?subscription=${eligible.id}&status=1`);
  });

  it('shows the form without waiting for a slow order, then fills the dates in without moving anything', async () => {
    const m = await mountSubscription(eligible, (session) => serveOrder(session, eligible.id, {}, 1500));
    const ready = await m.waitForEvent('prepaid-upgrade-ready');
    expect(ready.detail.nextOrder).to.equal(undefined);
    expect(m.el.nextOrder).to.equal(undefined);
    // The date's place is held, unseen, until the date arrives.
    expect(hint(m, 3)).to.equal('$37.50 on .');
    const placed = () =>
      ['[part~=submit]', '[part~=renewal]', '#orders-12-hint'].map((selector) => m.$(selector)!.getBoundingClientRect().top);
    const before = placed();
    await waitUntil(() => m.el.nextOrder, 'the next order arrives', { timeout: 5000 });
    await m.el.updateComplete;
    expect(hint(m, 3)).to.equal('$37.50 on December 5.');
    expect(placed()).to.deep.equal(before);
    expect(m.eventsOf('prepaid-upgrade-ready')).to.have.length(1);
  });

  it('after the upgrade, reads the order again and shows what the service now bills, not our estimate', async () => {
    // No prepaid-discounts here: the store's own rule (10% off 6 orders) is one the widget does not know.
    const m = await mountSubscription(eligible, async () => {}, { 'orders-per-billing': '6' });
    await m.waitForState('ready');
    const day = m.el.nextOrder!.place;
    await m.session.fault({ method: 'GET', path: ORDERS, latencyMs: 400 });
    m.$('[part~=submit]')!.click();
    await m.waitForEvent('prepaid-upgrade-success');
    const message = m.$('[part~=success]')!;
    expect(visibleText(message)).to.contain('Your next order bills 6 orders together, an estimated $75.00.');
    expect(m.el.nextOrder).to.equal(undefined);
    await waitUntil(() => m.el.nextOrder, 'the next order read again', { timeout: 5000 });
    await m.el.updateComplete;
    expect(m.el.nextOrder).to.include({ subTotal: '67.50', place: day });
    expect(visibleText(message)).to.match(/Your next order, on \w+ \d+, \d{4}, bills \$67\.50 for 6 orders\. Nothing was charged today\./);
    expect(visibleText(message)).not.to.contain('estimated');
    await expect(m.el).to.be.accessible();
  });

  it('keeps the estimate, as one, when the order cannot be read after the upgrade, and says why once', async () => {
    const m = await mountSubscription(eligible);
    await m.waitForState('ready');
    await m.session.fault({ method: 'GET', path: ORDERS, status: 404 });
    m.$('[part~=submit]')!.click();
    await m.waitForEvent('prepaid-upgrade-success');
    await waitUntil(() => m.el.nextOrder === null, 'the read failed');
    await m.el.updateComplete;
    expect(visibleText(m.$('[part~=success]'))).to.contain('Your next order bills 3 orders together, an estimated $37.50.');
    expect(m.el.state).to.equal('success');
    expect(m.eventsOf('prepaid-upgrade-error')).to.deep.equal([]);
    expect(seen.warnings).to.have.length(1);
    expect(seen.warnings[0]).to.match(
      /^<prepaid-upgrade subscription-id="sub_coffee_ada">: no next-order date shown: GET \S+\/orders\/ answered 404/,
    );
  });

  it('adds the next order’s date to a prepaid subscription’s terms', async () => {
    const m = await mountSubscription(prepaid, (session) =>
      serveOrder(session, prepaid.id, { place: '2027-01-14 00:00:00', sub_total: '0.00' }),
    );
    await m.waitForState('prepaid');
    await waitUntil(() => m.el.nextOrder, 'the next order');
    await m.el.updateComplete;
    expect(visibleText(m.$('[part~=notice]'))).to.contain(
      '4 prepaid orders left. When they run out: it renews automatically. Next order on January 14, 2027.',
    );
    await expect(m.el).to.be.accessible();
  });

  for (const [what, fault, warned] of [
    ['a 404', { status: 404 }, /answered 404/],
    [
      'a malformed answer',
      { status: 200, body: JSON.stringify({ results: [unsentOrder({ subscription: eligible.id, place: 'soon' })] }) },
      /unsent order ord_7d1e0c94 has no valid public_id or place/,
    ],
    ['an answer that is not JSON', { status: 200, body: '<html>' }, /not valid JSON/],
    ['a failure after every retry', { status: 503, count: 4 }, /answered 503/],
    ['a network failure', { status: 0, count: 4 }, /could not be reached/],
  ] as const) {
    it(`blocks nothing after ${what}: today’s wording, no error, one warning that names the cause`, async () => {
      const m = await mountSubscription(eligible, (session) => session.fault({ method: 'GET', path: ORDERS, ...fault }));
      // Retries may outlast the form's wait: the form is shown meanwhile, and the wording settles once they are spent.
      await m.waitForEvent('prepaid-upgrade-ready');
      await waitUntil(() => m.el.nextOrder === null, 'the read failed for good', { timeout: 8000 });
      await m.el.updateComplete;
      expect(m.el.state).to.equal('ready');
      expect(hint(m, 3)).to.equal('$37.50 at your next order.');
      expect(summary(m)).to.deep.equal(['3 orders billed together at your next order: $37.50 (3 × $12.50).', 'Nothing is charged today.']);
      expect(m.eventsOf('prepaid-upgrade-error')).to.deep.equal([]);
      expect(seen.warnings).to.have.length(1);
      expect(seen.warnings[0]).to.match(warned);
      m.$('[part~=submit]')!.click();
      await m.waitForEvent('prepaid-upgrade-success');
    });
  }

  it('says today’s wording, without a warning, when there is no unsent order', async () => {
    const m = await mountSubscription(eligible, (session) =>
      session.fault({ method: 'GET', path: ORDERS, status: 200, body: JSON.stringify({ next: null, previous: null, results: [] }) }),
    );
    await m.waitForState('ready');
    expect(m.el.nextOrder).to.equal(null);
    expect(hint(m, 6)).to.equal('$75.00 at your next order.');
    expect(seen.warnings).to.deep.equal([]);
  });

  it('is accessible with the dates in, and while one is still read', async () => {
    const m = await mountSubscription(eligible, (session) => serveOrder(session, eligible.id, {}, 1500), {
      'prepaid-discounts': '3:5,6:10,12:15',
    });
    await m.waitForState('ready');
    await expect(m.el).to.be.accessible();
    await waitUntil(() => m.el.nextOrder, 'the next order arrives', { timeout: 5000 });
    await m.el.updateComplete;
    await expect(m.el).to.be.accessible();
  });

  it('reads the next order of a subscription chosen in the picker', async () => {
    const session = await sandboxSession({ customerId: 'cus_hedy' });
    const m = await mount({ 'api-base': session.apiBase, token: session.token });
    await m.waitForEvent('prepaid-upgrade-ready');
    m.$<HTMLInputElement>('[part~=picker] input')!.click();
    m.$<HTMLButtonElement>('[part~=picker] button[type=submit]')!.click();
    await waitUntil(() => m.el.nextOrder, 'the chosen subscription’s next order');
    expect(m.el.nextOrder!.publicId).to.equal(`ord_${m.el.subscription!.public_id!.replace('sub_', '')}_next`);
    await m.el.updateComplete;
    expect(summary(m).some((line) => /^Billed on \w+ \d+, \d{4}, when your next order is placed\.$/.test(line))).to.be.true;
  });
});
