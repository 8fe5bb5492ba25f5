/**
 * What was learned of subscriptions since they were read (`Learned`): kept when newer than what is known and than the
 * read under way, and shown in place of the read with its eligibility decided again.
 */
import { expect } from '@open-wc/testing';
import { Learned, learnedAt } from '../../../src/subscription/learned.js';
import type { Loaded } from '../../../src/shared/loaded.js';
import { SUBSCRIPTION_ID, payAsYouGoSubscription, prepaidSubscription, product } from '../../fixtures/subscriptions.js';

const loaded: Loaded = { subscription: payAsYouGoSubscription(), product: product(), eligibility: { eligible: true } };

describe('learnedAt', () => {
  it('is the page’s monotonic clock in ms since the epoch', () => {
    const before = performance.timeOrigin + performance.now();
    const at = learnedAt();
    expect(at)
      .to.be.at.least(before)
      .and.at.most(performance.timeOrigin + performance.now());
  });
});

describe('Learned', () => {
  it('shows a read as it is when nothing was learned of it', () => {
    expect(new Learned().newest(loaded)).to.equal(loaded);
  });

  it('keeps news and shows it in place of the read, its eligibility decided again', () => {
    const learned = new Learned();
    const prepaid = prepaidSubscription();
    expect(learned.learn(prepaid, 1000)).to.equal(true);
    expect(learned.newest(loaded)).to.deep.equal({
      subscription: prepaid,
      product: loaded.product,
      eligibility: { eligible: false, reason: 'already-prepaid' },
    });
  });

  it('keeps nothing older than what it knows of the subscription', () => {
    const learned = new Learned();
    const newer = prepaidSubscription({ updated: 'newer' });
    learned.learn(newer, 2000);
    expect(learned.learn(prepaidSubscription({ updated: 'older' }), 1000)).to.equal(false);
    expect(learned.learn(prepaidSubscription({ updated: 'same time' }), 2000)).to.equal(false);
    expect(learned.newest(loaded).subscription).to.equal(newer);
  });

  it('keeps each subscription apart', () => {
    const learned = new Learned();
    learned.learn(prepaidSubscription({ public_id: 'sub_other' }), 1000);
    expect(learned.newest(loaded)).to.equal(loaded);
    expect(learned.learn(prepaidSubscription({ public_id: SUBSCRIPTION_ID }), 500), 'news of another one').to.equal(true);
  });

  it('keeps nothing learned before the read under way was sent, and shows the read over what it learned before', () => {
    const learned = new Learned();
    const before = learnedAt() - 10;
    learned.learn(prepaidSubscription(), before);
    learned.reading();
    expect(learned.newest(loaded), 'the read is newer').to.equal(loaded);
    expect(new Learned().learn(prepaidSubscription(), before), 'with no read').to.equal(true);
    expect(learned.learn(prepaidSubscription({ public_id: 'sub_other' }), before), 'before the read').to.equal(false);
    const after = prepaidSubscription({ updated: 'after' });
    expect(learned.learn(after, learnedAt() + 1)).to.equal(true);
    expect(learned.newest(loaded).subscription).to.equal(after);
  });
});
