/** Amounts as the customer reads them: in the subscription's currency, a discount rounded to its minor unit. */
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { applyDiscount, formatMoney, minorDigits } from '../../../src/i18n/money.js';
import { billedAmount } from '../../../src/sandbox/orders.js';

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
    // 85 % of 149.97 is 127.4745: the discounted amount rounds to 127.47, and the saving is the rest.
    expect(applyDiscount(149.97, 15, 'USD')).to.deep.equal({ discounted: 127.47, saving: 22.5 });
  });

  it('rounds the discounted amount once, half up, as the service bills it: the saving is what is left', () => {
    // 3 × 12.50 less 5 % is 35.625: billed 35.63, so the saving is 1.87 (not 1.88 rounded on its own).
    expect(applyDiscount(37.5, 5, 'USD')).to.deep.equal({ discounted: 35.63, saving: 1.87 });
    expect(applyDiscount(0.1 * 3, 50, 'USD')).to.deep.equal({ discounted: 0.15, saving: 0.15 });
    // A percent to the hundredth: 3 × 9.75 less 12.5 % is 25.59375.
    expect(applyDiscount(29.25, 12.5, 'USD')).to.deep.equal({ discounted: 25.59, saving: 3.66 });
  });

  it('rounds to whole yen, where there are no cents', () => {
    const { discounted, saving } = applyDiscount(4 * 1250, 7.5, 'JPY');
    expect({ discounted, saving }).to.deep.equal({ discounted: 4625, saving: 375 });
    expect(applyDiscount(999, 5, 'JPY')).to.deep.equal({ discounted: 949, saving: 50 });
    expect(formatMoney(applyDiscount(999, 5, 'JPY').discounted, 'JPY', 'en')).to.equal('¥949');
  });
});

describe('one rounding, the estimate and the bill', () => {
  const CURRENCIES = ['USD', 'EUR', 'JPY', 'KWD', 'GBP'];
  /** A unit price as the service writes it, in the currency's minor digits: "12.50", "1800", "3.125". */
  const priced = fc.constantFrom(...CURRENCIES).chain((currency) =>
    fc.integer({ min: 1, max: 500_000 }).map((minor) => {
      const digits = minorDigits(currency);
      const text = String(minor).padStart(digits + 1, '0');
      return { currency, unitPrice: digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}` };
    }),
  );
  /** Every whole percent, and the halves and quarters a store may set, the half-cent cases among what they make. */
  const percent = fc.oneof(
    fc.integer({ min: 1, max: 99 }),
    fc.integer({ min: 4, max: 396 }).map((quarters) => quarters / 4),
  );

  it('makes the widget’s estimate of N orders the very amount the sandbox reprices the order to', () => {
    fc.assert(
      fc.property(priced, fc.integer({ min: 1, max: 5 }), fc.integer({ min: 3, max: 24 }), percent, (price, quantity, orders, off) => {
        const { currency, unitPrice } = price;
        // As the element works it out: the price per order (unit × quantity) times the orders, less the discount.
        const estimate = applyDiscount(Number(unitPrice) * quantity * orders, off, currency);
        const billed = billedAmount(unitPrice, quantity, orders, currency, off);
        const digits = minorDigits(currency);
        expect(estimate.discounted.toFixed(digits), `${orders} × ${quantity} × ${unitPrice} ${currency} less ${off} %`).to.equal(billed);
        // And the saving is the rest, to the minor unit.
        const full = Math.round(Number(unitPrice) * quantity * orders * 10 ** digits);
        expect(Math.round((estimate.discounted + estimate.saving) * 10 ** digits)).to.equal(full);
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees on the half-cent cases, which are rounded up', () => {
    // 35.625, 0.005 and 2.5 yen: each exactly half a minor unit before rounding.
    expect(billedAmount('12.50', 1, 3, 'USD', 5)).to.equal('35.63');
    expect(applyDiscount(37.5, 5, 'USD').discounted).to.equal(35.63);
    expect(billedAmount('0.01', 1, 1, 'USD', 50)).to.equal('0.01');
    expect(applyDiscount(0.01, 50, 'USD').discounted).to.equal(0.01);
    expect(billedAmount('5', 1, 1, 'JPY', 50)).to.equal('3');
    expect(applyDiscount(5, 50, 'JPY').discounted).to.equal(3);
  });
});
