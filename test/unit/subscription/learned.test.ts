/**
 * What was learned of subscriptions since they were read (`Learned`), over a stand-in for the read: kept when newer than
 * what is known and than the read, shown in place of the read with its eligibility decided again, and offered by the
 * picker as it is now.
 */
import { expect } from '@open-wc/testing';
import { Learned, type ReadFound } from '../../../src/subscription/learned.js';
import type { Picker } from '../../../src/discovery/loader.js';
import type { Subscription } from '../../../src/api/schemas.js';
import type { Loaded } from '../../../src/shared/loaded.js';
import { learnedAt } from '../../../src/shared/clock.js';
import { SUBSCRIPTION_ID, payAsYouGoSubscription, prepaidSubscription, product } from '../../fixtures/subscriptions.js';
import { ControllerHost } from '../../helpers/controller-host.js';

const loaded: Loaded = { subscription: payAsYouGoSubscription(), product: product(), eligibility: { eligible: true } };

/** What was learned over a read that found `loaded` at time 0, unless `found` says otherwise. */
function learnedOver(found: Partial<ReadFound> = {}) {
  const host = new ControllerHost();
  const read: ReadFound = { value: loaded, sentAt: 0, picker: undefined, ...found };
  const unasked: number[] = [];
  return { host, read, unasked, learned: new Learned(host, read, () => unasked.push(unasked.length)) };
}

describe('Learned', () => {
  it('tells its owner of what the customer did not do here (news), and not of what they did (chosen)', () => {
    const { learned, unasked } = learnedOver();
    learned.learn(prepaidSubscription(), 1000, true);
    expect(unasked, 'the customer’s own change').to.have.length(0);
    learned.learn(prepaidSubscription(), 2000);
    expect(unasked, 'news').to.have.length(1);
    learned.learn(prepaidSubscription(), 1500);
    expect(unasked, 'older than what is known: not learned').to.have.length(1);
  });

  it('shows the read as it is when nothing was learned of it, and nothing before the read completes', () => {
    expect(learnedOver().learned.loaded(true)).to.equal(loaded);
    expect(learnedOver({ value: undefined }).learned.loaded(true)).to.equal(undefined);
  });

  it('shows news in place of the read, its eligibility decided again, and asks for an update', () => {
    const { learned, host } = learnedOver();
    const prepaid = prepaidSubscription();
    learned.learn(prepaid, 1000);
    expect(host.updates).to.equal(1);
    expect(learned.loaded(true)).to.deep.equal({
      subscription: prepaid,
      product: loaded.product,
      eligibility: { eligible: false, reason: 'already-prepaid' },
    });
  });

  it('keeps nothing older than what it knows of the subscription, and asks no update for it', () => {
    const { learned, host } = learnedOver();
    const newer = prepaidSubscription({ updated: 'newer' });
    learned.learn(newer, 2000);
    learned.learn(prepaidSubscription({ updated: 'older' }), 1000);
    learned.learn(prepaidSubscription({ updated: 'same time' }), 2000);
    expect(learned.loaded(true)?.subscription).to.equal(newer);
    expect(host.updates).to.equal(1);
  });

  it('keeps each subscription apart', () => {
    const { learned, host } = learnedOver();
    learned.learn(prepaidSubscription({ public_id: 'sub_other' }), 1000);
    expect(learned.loaded(true)).to.equal(loaded);
    learned.learn(prepaidSubscription({ public_id: SUBSCRIPTION_ID }), 500);
    expect(host.updates, 'news of another one is news').to.equal(2);
    expect(learned.loaded(true)?.subscription.public_id).to.equal(SUBSCRIPTION_ID);
  });

  it('keeps nothing learned before the read was sent, and shows the read over what it learned before', () => {
    const { learned, read } = learnedOver();
    const before = learnedAt() - 10;
    learned.learn(prepaidSubscription(), before);
    read.sentAt = learnedAt();
    expect(learned.loaded(true), 'the read is newer').to.equal(loaded);
    learned.learn(prepaidSubscription({ updated: 'before the read' }), before + 1);
    expect(learned.loaded(true), 'news from before the read').to.equal(loaded);
    const after = prepaidSubscription({ updated: 'after' });
    learned.learn(after, learnedAt() + 1);
    expect(learned.loaded(true)?.subscription).to.equal(after);
  });

  it('shows what the picker shows, as learned since, and has the picker offer what it learned', () => {
    const replaced: Array<[Subscription, boolean]> = [];
    const manages: boolean[] = [];
    const picker = {
      shown: (manage: boolean) => (manages.push(manage), loaded),
      replace: (subscription: Subscription, chosen: boolean) => replaced.push([subscription, chosen]),
    } as unknown as Picker;
    const host = new ControllerHost();
    const learned = new Learned(host, { value: picker, picker, sentAt: 0 }, () => {});
    expect(learned.loaded(false)).to.equal(loaded);
    expect(manages, 'whether prepaid ones are offered').to.deep.equal([false]);
    const prepaid = prepaidSubscription();
    learned.learn(prepaid, 1000, true);
    expect(replaced).to.deep.equal([[prepaid, true]]);
    expect(learned.loaded(true)?.subscription).to.equal(prepaid);
  });
});
