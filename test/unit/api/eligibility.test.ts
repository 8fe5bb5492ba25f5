/**
 * Whether a subscription can be prepaid, and if not why (`decideEligibility`): the service's rules, checked before the
 * form is offered, in the order the texts give their reasons.
 */
import { expect } from '@open-wc/testing';
import { decideEligibility } from '../../../src/api/eligibility.js';
import { payAsYouGoSubscription, prepaidSubscription, product } from '../../fixtures/subscriptions.js';

describe('decideEligibility', () => {
  it('offers the upgrade to a live pay-as-you-go subscription of a product that may be prepaid, or of one not read', () => {
    expect(decideEligibility(payAsYouGoSubscription(), product())).to.deep.equal({ eligible: true });
    expect(decideEligibility(payAsYouGoSubscription(), undefined), 'the service judges an unknown product').to.deep.equal({
      eligible: true,
    });
  });

  it('tells a prepaid subscription by orders per billing, whatever an empty context looks like', () => {
    expect(decideEligibility(prepaidSubscription(), product())).to.deep.equal({ eligible: false, reason: 'already-prepaid' });
    for (const context of [null, {}, { prepaid_orders_per_billing: 0, prepaid_orders_remaining: 0 }]) {
      const subscription = payAsYouGoSubscription({ prepaid_subscription_context: context });
      expect(decideEligibility(subscription, product()), JSON.stringify(context)).to.deep.equal({ eligible: true });
    }
  });

  it('refuses a subscription that is not live or is cancelled, then a product that may not be prepaid', () => {
    expect(decideEligibility(payAsYouGoSubscription({ live: false }), product())).to.deep.equal({ eligible: false, reason: 'not-live' });
    expect(decideEligibility(payAsYouGoSubscription({ cancelled: '2026-11-01 00:00:00' }), product())).to.deep.equal({
      eligible: false,
      reason: 'not-live',
    });
    expect(decideEligibility(payAsYouGoSubscription(), product({ prepaid_eligible: false }))).to.deep.equal({
      eligible: false,
      reason: 'product-not-eligible',
    });
    // Prepaid outranks the rest: a prepaid subscription is shown as such, with its terms.
    expect(decideEligibility(prepaidSubscription({ live: false }), product({ prepaid_eligible: false })).eligible).to.equal(false);
    expect(decideEligibility(prepaidSubscription({ live: false }), product({ prepaid_eligible: false }))).to.deep.include({
      reason: 'already-prepaid',
    });
  });
});
