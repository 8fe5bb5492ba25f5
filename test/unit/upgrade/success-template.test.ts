/**
 * The success message (`success-template.ts`): what the next order bills now, by the service's figure, with the tax and
 * shipping in it named, or the estimate until the service says; and what happens when the prepaid orders run out.
 */
import { expect } from '@open-wc/testing';
import { nothing } from 'lit';
import { formatServiceDate } from '../../../src/i18n/dates.js';
import { en } from '../../../src/i18n/en.js';
import { billedAfterUpgrade, successMessage, successTemplate } from '../../../src/upgrade/success-template.js';
import { nextOrder, prepaidSubscription, product } from '../../fixtures/subscriptions.js';
import { asRead, englishView, rendered, textOf } from '../../helpers/rendered.js';

const upgraded = prepaidSubscription({
  price: '12.50',
  quantity: 1,
  currency_code: 'USD',
  prepaid_subscription_context: { prepaid_orders_per_billing: 6, prepaid_orders_remaining: 6, renewal_behavior: 'cancel' },
});
/** The next order's date, as the widget writes it: so that it never breaks across lines. */
const DECEMBER_5 = formatServiceDate('2026-12-05', 'en-US')!;
const ORDER = nextOrder({ subTotal: '67.50', total: '67.50' });

describe('billedAfterUpgrade', () => {
  it('is the next order’s total on its date, naming tax and shipping only when it bills them', () => {
    expect(billedAfterUpgrade(englishView(ORDER), upgraded)).to.equal(en.nextOrderBills(DECEMBER_5, '$67.50', 6, undefined));
    const taxed = { ...ORDER, total: '77.89', taxTotal: '5.40', shippingTotal: '4.99' };
    expect(billedAfterUpgrade(englishView(taxed), upgraded)).to.equal(
      en.nextOrderBills(DECEMBER_5, '$77.89', 6, en.charges('$67.50', '$5.40', '$4.99')),
    );
  });

  it('is the amount before tax and shipping when only that is known, and nothing before the order is read', () => {
    expect(billedAfterUpgrade(englishView({ ...ORDER, total: null }), upgraded)).to.equal(en.nextOrderSubtotal(DECEMBER_5, '$67.50', 6));
    expect(billedAfterUpgrade(englishView(undefined), upgraded)).to.equal(undefined);
    expect(billedAfterUpgrade(englishView(null), upgraded)).to.equal(undefined);
  });
});

describe('successTemplate', () => {
  const loaded = {
    subscription: upgraded,
    product: product(),
    eligibility: { eligible: false as const, reason: 'already-prepaid' as const },
  };

  it('says the estimate, after the store’s discount, until the service’s figure is read, and what happens after', () => {
    const shown = rendered(successTemplate(englishView(undefined), upgraded, loaded, { 6: 10 }, nothing));
    expect(successMessage(shown)).to.equal(shown.querySelector('[part~="success"]'));
    expect(textOf(successMessage(shown))).to.include(en.successBody(6, '$67.50'));
    expect(textOf(successMessage(shown))).to.include(en.renewalHint('cancel', 6));
  });

  it('says the service’s figure once it is read', () => {
    const shown = rendered(successTemplate(englishView(ORDER), upgraded, loaded, { 6: 10 }, nothing));
    expect(textOf(shown)).to.include(asRead(en.nextOrderBills(DECEMBER_5, '$67.50', 6, undefined)));
  });
});
