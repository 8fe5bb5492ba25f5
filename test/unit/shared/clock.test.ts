/** The clock that orders what the widgets of a subscription read and learn (`learnedAt`). */
import { expect } from '@open-wc/testing';
import { learnedAt } from '../../../src/shared/clock.js';

describe('learnedAt', () => {
  it('is the page’s monotonic clock in ms since the epoch', () => {
    const before = performance.timeOrigin + performance.now();
    const at = learnedAt();
    expect(at)
      .to.be.at.least(before)
      .and.at.most(performance.timeOrigin + performance.now());
  });
});
