/**
 * A prepaid subscription's terms (`prepaidTemplate`): its orders per billing, those left and what happens when they run
 * out, and when the next order comes; with none left, the next order that bills them.
 */
import { expect } from '@open-wc/testing';
import { nothing } from 'lit';
import { en } from '../../../src/i18n/en.js';
import { prepaidTemplate } from '../../../src/prepaid/prepaid-template.js';
import { nextOrder, prepaidSubscription } from '../../fixtures/subscriptions.js';
import { englishView, rendered, textOf } from '../../helpers/rendered.js';

const ORDER = nextOrder({ subTotal: '75.00', total: '75.00' });
const prepaidWith = (remaining: number) =>
  prepaidSubscription({
    prepaid_subscription_context: { prepaid_orders_per_billing: 6, prepaid_orders_remaining: remaining, renewal_behavior: 'autorenew' },
  });

describe('prepaidTemplate', () => {
  it('says the terms, the orders left, and when the next order comes', () => {
    const shown = rendered(prepaidTemplate(englishView(ORDER), prepaidWith(4), nothing));
    expect(textOf(shown.querySelector('.notice-title'))).to.equal(en.ineligible('already-prepaid', undefined));
    const terms = en.prepaidStatus({ ordersPerBilling: 6, ordersRemaining: 4, renewalBehavior: 'autorenew' });
    expect(textOf(shown)).to.include(`${terms} ${en.nextOrderOn('December 5, 2026')}`);
  });

  it('with no orders left, says when the next order bills them', () => {
    const shown = rendered(prepaidTemplate(englishView(ORDER), prepaidWith(0), nothing));
    const terms = en.prepaidStatus({ ordersPerBilling: 6, ordersRemaining: 0, renewalBehavior: 'autorenew', nextOrderDate: 'December 5' });
    expect(textOf(shown)).to.include(terms);
  });

  it('says the terms alone when there is no next order', () => {
    const shown = rendered(prepaidTemplate(englishView(null), prepaidWith(4), nothing));
    expect(textOf(shown)).to.not.include('Next order');
  });
});
