/** Amounts as the customer reads them: in the subscription's currency, a discount rounded to its minor unit. */
import { expect } from '@open-wc/testing';
import { applyDiscount, formatMoney, minorDigits } from '../../src/element/money.js';

describe('minorDigits', () => {
  it('knows each currency’s minor unit, and takes 2 when there is no currency or an unknown one', () => {
    expect(minorDigits('USD')).to.equal(2);
    expect(minorDigits('JPY')).to.equal(0);
    expect(minorDigits('KWD')).to.equal(3);
    expect(minorDigits(undefined)).to.equal(2);
    expect(minorDigits('not a currency')).to.equal(2);
  });
});

describe('applyDiscount', () => {
  it('takes the percent off and says the saving, both in cents, adding up to the amount', () => {
    expect(applyDiscount(37.5, 10, 'USD')).to.deep.equal({ discounted: 33.75, saving: 3.75 });
    // 15 % of 149.97 is 22.4955: the saving rounds to 22.50 and the rest is what is left.
    expect(applyDiscount(149.97, 15, 'USD')).to.deep.equal({ discounted: 127.47, saving: 22.5 });
  });

  it('rounds to whole yen, where there are no cents', () => {
    const { discounted, saving } = applyDiscount(4 * 1250, 7.5, 'JPY');
    expect({ discounted, saving }).to.deep.equal({ discounted: 4625, saving: 375 });
    expect(applyDiscount(999, 5, 'JPY')).to.deep.equal({ discounted: 949, saving: 50 });
    expect(formatMoney(applyDiscount(999, 5, 'JPY').discounted, 'JPY', 'en')).to.equal('¥949');
  });
});
