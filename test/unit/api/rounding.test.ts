/**
 * The one rounding of money by a percentage (`percentOfMinorUnits`, `discountedMinorUnits`): half up to a whole minor
 * unit, once, in whole numbers, so that the widget's estimate and the sandbox's bill agree to the cent.
 */
import { expect } from '@open-wc/testing';
import { discountedMinorUnits, percentOfMinorUnits } from '../../../src/api/rounding.js';

describe('rounding money by a percentage', () => {
  it('rounds a part half up to a whole minor unit', () => {
    expect(percentOfMinorUnits(8_550, 8)).to.equal(684);
    expect(percentOfMinorUnits(3_750, 5)).to.equal(188, '187.5 is rounded up');
    expect(percentOfMinorUnits(3_750, 12.5)).to.equal(469, '468.75');
    expect(percentOfMinorUnits(1, 49)).to.equal(0);
    expect(percentOfMinorUnits(1, 50)).to.equal(1);
  });

  it('counts a percentage to the hundredth, with no binary fraction tipping a half cent', () => {
    // 7.25 % of 200 cents is exactly 14.5: a float sum (200 * 0.0725 = 14.499999…) would round it down.
    expect(percentOfMinorUnits(200, 7.25)).to.equal(15);
    expect(percentOfMinorUnits(1_000, 0.01)).to.equal(0, '0.1 of a cent');
    expect(percentOfMinorUnits(5_000, 0.01)).to.equal(1, 'half a cent');
  });

  it('rounds the discounted amount once, and leaves the saving as what is left', () => {
    expect(discountedMinorUnits(3_750, 5)).to.equal(3_563, '3,562.5 rounded up');
    expect(3_750 - discountedMinorUnits(3_750, 5)).to.equal(187);
    expect(discountedMinorUnits(12_000, 15)).to.equal(10_200);
    expect(discountedMinorUnits(999, 0)).to.equal(999);
  });
});
