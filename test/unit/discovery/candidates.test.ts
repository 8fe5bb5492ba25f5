/** Sorting what discovery found: upgradeable, prepaid, unchecked, and what is not offered at all. */
import { expect } from '@open-wc/testing';
import { sortFound } from '../../../src/discovery/candidates.js';
import { payAsYouGoSubscription, prepaidSubscription, product } from '../../fixtures/subscriptions.js';

const eligibleProduct = product({ product_id: 'prod_a', prepaid_eligible: true });
const ineligibleProduct = product({ product_id: 'prod_b', prepaid_eligible: false });

describe('sortFound', () => {
  it('offers pay-as-you-go, live subscriptions of eligible products, in listing order', () => {
    const first = payAsYouGoSubscription({ public_id: 'sub_1', product: 'prod_a' });
    const second = payAsYouGoSubscription({ public_id: 'sub_2', product: 'prod_a' });
    const { candidates, prepaid, unchecked } = sortFound([
      { subscription: first, product: eligibleProduct },
      { subscription: second, product: eligibleProduct },
    ]);
    expect(candidates.map((c) => c.subscription.public_id)).to.deep.equal(['sub_1', 'sub_2']);
    expect(candidates[0]).to.deep.equal({ subscription: first, product: eligibleProduct, eligibility: { eligible: true } });
    expect(prepaid).to.deep.equal([]);
    expect(unchecked).to.deep.equal([]);
  });

  it('sets prepaid subscriptions apart for management', () => {
    const subscription = prepaidSubscription({ public_id: 'sub_p', product: 'prod_a' });
    const { candidates, prepaid } = sortFound([{ subscription, product: eligibleProduct }]);
    expect(candidates).to.deep.equal([]);
    expect(prepaid.map((p) => p.subscription.public_id)).to.deep.equal(['sub_p']);
    expect(prepaid[0]!.eligibility).to.deep.equal({ eligible: false, reason: 'already-prepaid' });
  });

  it('keeps apart the ones whose product could not be read', () => {
    const subscription = payAsYouGoSubscription({ public_id: 'sub_u', product: 'prod_x' });
    const { candidates, unchecked } = sortFound([{ subscription, product: undefined, unchecked: true }]);
    expect(candidates).to.deep.equal([]);
    expect(unchecked).to.deep.equal([subscription]);
  });

  it('offers nothing that cannot be prepaid (a product not eligible, a cancelled or not live subscription, no product), and keeps why', () => {
    const sorted = sortFound([
      { subscription: payAsYouGoSubscription({ public_id: 'sub_b', product: 'prod_b' }), product: ineligibleProduct },
      { subscription: payAsYouGoSubscription({ public_id: 'sub_c', cancelled: '2026-09-14 10:22:05' }), product: eligibleProduct },
      { subscription: payAsYouGoSubscription({ public_id: 'sub_l', live: false }), product: eligibleProduct },
      { subscription: payAsYouGoSubscription({ public_id: 'sub_n', product: '' }), product: undefined },
    ]);
    expect(sorted).to.deep.equal({
      candidates: [],
      prepaid: [],
      unchecked: [],
      // A product unknown, or not known to be eligible, is not offered either: the customer did not ask for it.
      refused: ['product-not-eligible', 'not-live', 'not-live', 'product-not-eligible'],
    });
  });
});
