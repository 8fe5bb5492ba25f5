/**
 * What the customer reads about money, as the service really sends it: the next order's date from the listing as the
 * service documents it (no `sub_total`, a `total` of "undefined"), its amounts read by id without holding the form, the
 * total with tax and shipping after the upgrade, estimates before tax and shipping said to be so, one rounding for the
 * estimate and the bill, and prepaid terms that never say "0 prepaid orders left". In English and in Arabic, whose
 * plurals, digits and direction differ.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { formatServiceDate } from '../../../src/i18n/dates.js';
import { formatMoney } from '../../../src/i18n/money.js';
import type { Strings } from '../../../src/i18n/strings.js';
import { unsentOrder } from '../../fixtures/subscriptions.js';
import { captureConsole } from '../../helpers/console-capture.js';
import { mount, type Mounted } from '../../helpers/mount.js';
import { mountSubscription } from '../../helpers/mount-subscription.js';
import { SANDBOX_SUBSCRIPTIONS, type SandboxSession } from '../../helpers/sandbox-session.js';

const { eligible, taxed } = SANDBOX_SUBSCRIPTIONS;
const DISCOUNTS = { 'prepaid-discounts': '3:5,6:10,12:15' };
const norm = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
/** A date as the customer reads it: its no-break spaces are spaces to the eye. */
const shownDate = (...args: Parameters<typeof formatServiceDate>) => norm(formatServiceDate(...args));
/** What a sighted customer reads: hidden texts (visually hidden, or a stand-in date) left out. */
function visibleText(node: Element | null): string {
  const copy = node!.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('.visually-hidden, .pending, s')) hidden.remove();
  return norm(copy.textContent);
}
const ORDERS = '/orders/';
/** The listing as the orders List reference documents it: no sub_total, and its example's total. */
const AS_DOCUMENTED = { sub_total: undefined, total: 'undefined' };

/** Serves the sandbox's orders listing as the List reference documents it, for this session's instance. */
async function documentedListing(session: SandboxSession): Promise<void> {
  const body = JSON.stringify({ shape: 'reference' });
  const response = await session.control('/order-listing', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  if (!response.ok) throw new Error(`the sandbox refused the listing shape: ${await response.text()}`);
}

const hint = (m: Mounted, orders: number) => visibleText(m.$(`#orders-${orders}-hint`));
const summary = (m: Mounted) => m.$$('[part~=summary] p').map((p) => visibleText(p));
const success = (m: Mounted) => visibleText(m.$('[part~=success]'));
const readsOf = async (m: { session: SandboxSession }, path: string) => (await m.session.requests()).filter((r) => r.path === path);

/** Upgrades with what is chosen and waits until the repriced next order, amounts and all, is read again. */
async function upgradeAndReadBack(m: Mounted, until: () => boolean = () => m.el.nextOrder?.total != null): Promise<void> {
  m.$('[part~=submit]')!.click();
  await m.waitForEvent('prepaid-upgrade-success');
  await waitUntil(until, 'the repriced next order is read', { timeout: 8000 });
  await m.el.updateComplete;
}

describe('what the customer reads about money', () => {
  const seen = captureConsole();

  describe('the orders listing as the service documents it', () => {
    it('dates every option and the summary from the listing, and reads the amounts by id without holding the form', async () => {
      const m = await mountSubscription(eligible, (session) =>
        session.faults([
          {
            method: 'GET',
            path: ORDERS,
            status: 200,
            body: JSON.stringify({
              results: [unsentOrder({ public_id: 'ord_coffee_ada_next', subscription: eligible.id, ...AS_DOCUMENTED })],
            }),
          },
          // The order read by id is slow: the form must not wait for it.
          { method: 'GET', path: '/orders/ord_coffee_ada_next/', latencyMs: 1500 },
        ]),
      );
      const ready = await m.waitForEvent('prepaid-upgrade-ready');
      expect(ready.detail.nextOrder).to.include({ place: '2026-12-05 00:00:00', subTotal: null, total: null });
      expect(hint(m, 3)).to.equal('$37.50 on December 5.');
      expect(summary(m)).to.include('Billed on December 5, 2026, when your next order is placed.');
      // The order is asked for by id once the form is shown, and its answer is held: the form did not wait for it.
      await waitUntil(async () => (await readsOf(m, '/orders/ord_coffee_ada_next/')).length === 1, 'the order is read by id', {
        timeout: 1000,
      });
      expect(m.el.nextOrder?.subTotal).to.equal(null);
      await waitUntil(() => m.el.nextOrder?.subTotal, 'the amounts read by id', { timeout: 5000 });
      expect(m.el.nextOrder).to.deep.equal({
        publicId: 'ord_coffee_ada_next',
        place: '2026-12-05 00:00:00',
        subTotal: '12.50',
        total: '12.50',
        taxTotal: '0.00',
        shippingTotal: '0.00',
        currencyCode: 'USD',
      });
      expect(seen.warnings).to.deep.equal([]);
    });

    it('after the upgrade, tells the total read by id from the sandbox serving the listing as documented', async () => {
      const m = await mountSubscription(taxed, documentedListing, DISCOUNTS);
      await m.waitForState('ready');
      const day = shownDate(m.el.nextOrder!.place, 'en')!;
      await upgradeAndReadBack(m);
      expect(success(m)).to.contain(`Your next order, on ${day}, bills $97.33 for 3 orders: $85.50, plus $6.84 tax and $4.99 shipping.`);
      const byId = await readsOf(m, `/orders/${m.el.nextOrder!.publicId}/`);
      expect(byId.length, 'read by id before and after the upgrade').to.equal(2);
    });

    it('keeps the date and labels the estimate as one when the order cannot be read by id, and says why once', async () => {
      const m = await mountSubscription(eligible, documentedListing, DISCOUNTS);
      await m.waitForState('ready');
      await waitUntil(() => m.el.nextOrder?.total, 'the amounts read by id');
      await m.session.fault({ method: 'GET', path: `/orders/${m.el.nextOrder!.publicId}/`, status: 404 });
      await upgradeAndReadBack(m, () => seen.warnings.length > 0);
      expect(m.el.nextOrder).to.include({ total: null, subTotal: null });
      expect(m.el.nextOrder!.place).to.match(/^\d{4}-\d{2}-\d{2}/);
      expect(success(m)).to.contain('Your next order bills 3 orders together, an estimated $35.63.');
      expect(m.eventsOf('prepaid-upgrade-error')).to.deep.equal([]);
      expect(seen.warnings).to.have.length(1);
      expect(seen.warnings[0]).to.match(
        /next order's amounts not read, the estimate is shown as one: GET \S+\/orders\/ord_coffee_ada_next\/ answered 404/,
      );
    });

    it('says the amount before tax and shipping, and that they may be added, when only that is known', async () => {
      const m = await mountSubscription(eligible, async () => {}, { 'orders-per-billing': '6' });
      await m.waitForState('ready');
      const { publicId, place } = m.el.nextOrder!;
      await m.session.faults([
        {
          method: 'GET',
          path: ORDERS,
          status: 200,
          body: JSON.stringify({
            results: [unsentOrder({ public_id: publicId, place, subscription: eligible.id, sub_total: '67.50', total: 'undefined' })],
          }),
        },
        { method: 'GET', path: `/orders/${publicId}/`, status: 404 },
      ]);
      await upgradeAndReadBack(m, () => seen.warnings.length > 0);
      expect(success(m)).to.contain(
        `Your next order, on ${shownDate(place, 'en')}, bills $67.50 for 6 orders, and tax and shipping may be added.`,
      );
    });
  });

  describe('tax and shipping', () => {
    it('says the estimates are before tax and shipping when the next order carries them', async () => {
      const m = await mountSubscription(taxed, async () => {}, DISCOUNTS);
      await m.waitForState('ready');
      expect(m.el.nextOrder).to.include({ taxTotal: '2.40', shippingTotal: '4.99' });
      const day = shownDate(m.el.nextOrder!.place, 'en', false);
      expect(hint(m, 3)).to.equal(`$85.50 on ${day}, before tax and shipping. $28.50 per order`);
      expect(summary(m)).to.include('These amounts are before tax and shipping, which your next order adds.');
      await expect(m.el).to.be.accessible();
    });

    it('says nothing of tax and shipping when the next order carries neither', async () => {
      const m = await mountSubscription(eligible, async () => {}, DISCOUNTS);
      await m.waitForState('ready');
      expect(hint(m, 3)).to.not.contain('tax');
      expect(summary(m).join(' ')).to.not.contain('tax');
    });

    it('after the upgrade, tells the total the card is charged, with the tax and shipping in it', async () => {
      const m = await mountSubscription(taxed, async () => {}, DISCOUNTS);
      await m.waitForState('ready');
      const day = shownDate(m.el.nextOrder!.place, 'en')!;
      await upgradeAndReadBack(m, () => m.el.nextOrder?.subTotal === '85.50');
      expect(success(m)).to.contain(
        `Your next order, on ${day}, bills $97.33 for 3 orders: $85.50, plus $6.84 tax and $4.99 shipping. Nothing was charged today.`,
      );
      await expect(m.el).to.be.accessible();
    });

    it('names only what is not zero', async () => {
      const m = await mountSubscription(eligible, async () => {}, { 'orders-per-billing': '6' });
      await m.waitForState('ready');
      const { publicId, place } = m.el.nextOrder!;
      const repriced = {
        public_id: publicId,
        place,
        subscription: eligible.id,
        sub_total: '67.50',
        tax_total: '0.00',
        shipping_total: '4.99',
        total: '72.49',
      };
      await m.session.fault({ method: 'GET', path: ORDERS, status: 200, body: JSON.stringify({ results: [unsentOrder(repriced)] }) });
      await upgradeAndReadBack(m);
      expect(success(m)).to.contain(`bills $72.49 for 6 orders: $67.50, plus $4.99 shipping.`);
    });
  });

  it('estimates what the service bills, to the cent: one rounding, half up', async () => {
    // 3 × $12.50 less 5 % is $35.625: both say $35.63.
    const m = await mountSubscription(eligible, async () => {}, DISCOUNTS);
    await m.waitForState('ready');
    expect(summary(m)[1]).to.equal('With the store’s 5% prepaid discount: $35.63, you save $1.87.');
    await upgradeAndReadBack(m, () => m.el.nextOrder?.subTotal === '35.63');
    expect(success(m)).to.match(/bills \$35\.63 for 3 orders\./);
  });

  it('says a new cycle of prepaid orders is billed with the next order, never "0 prepaid orders left"', async () => {
    const first = await mountSubscription(eligible, async () => {}, { 'orders-per-billing': '6' });
    await first.waitForState('ready');
    await upgradeAndReadBack(first);
    // The customer comes back: the subscription is prepaid, with 0 remaining until its next order starts the cycle.
    first.el.remove();
    const m = await mount({ 'subscription-id': eligible.id, 'api-base': first.session.apiBase, token: first.session.token });
    await m.waitForState('prepaid');
    await waitUntil(() => m.el.nextOrder, 'the next order');
    await m.el.updateComplete;
    const day = shownDate(m.el.nextOrder!.place, 'en', false);
    const terms = visibleText(m.$('[part~=notice]'));
    expect(terms).to.contain(`6 prepaid orders, billed with your next order on ${day}. When they run out: it renews automatically.`);
    expect(terms).to.not.match(/\b0 prepaid orders/);
    await expect(m.el).to.be.accessible();
  });

  describe('in Arabic', () => {
    let ar: Strings;
    before(async () => {
      ar = (await import('../../../src/i18n/locales/ar.js')).default;
    });
    const money = (amount: number) => formatMoney(amount, 'USD', 'ar');

    it('says the estimates are before tax and shipping, and the total after the upgrade, in Arabic words and digits', async () => {
      const m = await mountSubscription(taxed, async () => {}, { ...DISCOUNTS, lang: 'ar' });
      await m.waitForState('ready');
      const { place } = m.el.nextOrder!;
      expect(hint(m, 3)).to.contain(norm(ar.ordersChoice(money(85.5), shownDate(place, 'ar', false)!, true)));
      expect(summary(m)).to.include(norm(ar.beforeTaxAndShipping));
      await expect(m.el).to.be.accessible();
      await upgradeAndReadBack(m, () => m.el.nextOrder?.subTotal === '85.50');
      const charges = ar.charges(money(85.5), money(6.84), money(4.99));
      expect(success(m)).to.contain(norm(ar.nextOrderBills(shownDate(place, 'ar')!, money(97.33), 3, charges)));
      await expect(m.el).to.be.accessible();
    });

    it('says a new cycle is billed with the next order, in Arabic', async () => {
      const first = await mountSubscription(eligible, async () => {}, { 'orders-per-billing': '12' });
      await first.waitForState('ready');
      await upgradeAndReadBack(first);
      first.el.remove();
      const m = await mount({ 'subscription-id': eligible.id, 'api-base': first.session.apiBase, token: first.session.token, lang: 'ar' });
      await m.waitForState('prepaid');
      await waitUntil(() => m.el.nextOrder, 'the next order');
      await m.el.updateComplete;
      const nextOrderDate = shownDate(m.el.nextOrder!.place, 'ar', false);
      expect(visibleText(m.$('[part~=notice]'))).to.contain(
        norm(ar.prepaidStatus({ ordersPerBilling: 12, ordersRemaining: 0, renewalBehavior: 'autorenew', nextOrderDate })),
      );
      await expect(m.el).to.be.accessible();
    });
  });
});
