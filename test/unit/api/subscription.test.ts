/**
 * What a subscription says of itself (`api/subscription.ts`), read one way everywhere: its orders per billing, what
 * happens when they run out, and the price of one order, with the gaps a real answer leaves.
 */
import { expect } from '@open-wc/testing';
import { ordersPerBillingOf, parsePrice, pricePerOrder, renewalBehaviorOf } from '../../../src/api/subscription.js';
import { payAsYouGoSubscription, prepaidSubscription, product } from '../../fixtures/subscriptions.js';

describe('ordersPerBillingOf', () => {
  it('is the prepaid terms’ orders per billing, and 0 on pay-as-you-go whatever its context', () => {
    expect(ordersPerBillingOf(prepaidSubscription())).to.be.above(0);
    for (const context of [null, {}, { prepaid_orders_per_billing: 0 }]) {
      expect(ordersPerBillingOf(payAsYouGoSubscription({ prepaid_subscription_context: context })), JSON.stringify(context)).to.equal(0);
    }
  });
});

describe('renewalBehaviorOf', () => {
  it('is what the service says happens, and unknown for anything it does not say or says otherwise', () => {
    const withBehavior = (renewal_behavior: string | undefined) =>
      renewalBehaviorOf(prepaidSubscription({ prepaid_subscription_context: { prepaid_orders_per_billing: 6, renewal_behavior } }));
    expect(withBehavior('cancel')).to.equal('cancel');
    expect(withBehavior('downgrade')).to.equal('downgrade');
    expect(withBehavior('toString'), 'a name of the prototype').to.equal(undefined);
    expect(withBehavior(undefined)).to.equal(undefined);
    expect(renewalBehaviorOf(payAsYouGoSubscription({ prepaid_subscription_context: null }))).to.equal(undefined);
  });
});

describe('parsePrice', () => {
  it('reads a decimal as the service writes it, and nothing else', () => {
    expect(parsePrice('12.50')).to.equal(12.5);
    expect(parsePrice(' 7 ')).to.equal(7);
    for (const value of ['', null, undefined, '-1', '1e3', '12,50', 'NaN', 'Infinity', '0x10', '1.']) {
      expect(parsePrice(value), String(value)).to.equal(undefined);
    }
  });
});

describe('pricePerOrder', () => {
  it('is the subscription’s own price, else the product’s, times the quantity', () => {
    expect(pricePerOrder(payAsYouGoSubscription({ price: '10.00', quantity: 3 }), product({ price: '99.00' }))).to.equal(30);
    expect(pricePerOrder(payAsYouGoSubscription({ price: null, quantity: 2 }), product({ price: '4.25' }))).to.equal(8.5);
  });

  it('counts a missing or non-positive quantity as one, and is unknown without a readable price', () => {
    expect(pricePerOrder(payAsYouGoSubscription({ price: '5.00', quantity: 0 }), undefined)).to.equal(5);
    expect(pricePerOrder(payAsYouGoSubscription({ price: '5.00', quantity: -1 }), undefined)).to.equal(5);
    expect(pricePerOrder(payAsYouGoSubscription({ price: 'free' }), undefined)).to.equal(undefined);
    expect(pricePerOrder(payAsYouGoSubscription({ price: null }), product({ price: null }))).to.equal(undefined);
  });
});
