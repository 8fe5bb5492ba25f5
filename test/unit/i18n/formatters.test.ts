import { expect } from '@open-wc/testing';
import { formatter } from '../../../src/i18n/formatters.js';

/** `formatter` (`src/i18n/formatters.ts`): one Intl formatter for each kind, language and options, made once. */

describe('i18n: formatters, made once', () => {
  it('gives the same formatter for the same kind, language and options, and another for any other', () => {
    const dollars = formatter(Intl.NumberFormat, 'en', { style: 'currency', currency: 'USD' });
    expect(formatter(Intl.NumberFormat, 'en', { style: 'currency', currency: 'USD' })).to.equal(dollars);
    expect(dollars.format(1.5)).to.equal('$1.50');
    expect(formatter(Intl.NumberFormat, 'en', { style: 'currency', currency: 'EUR' }).format(1.5)).to.equal('€1.50');
    expect(formatter(Intl.NumberFormat, 'de', { style: 'currency', currency: 'USD' }).format(1.5)).to.match(/^1,50\s\$$/);
    // Without options, the kind alone tells them apart.
    expect(formatter(Intl.PluralRules, 'en').select(1)).to.equal('one');
    expect(formatter(Intl.NumberFormat, 'en').format(1000)).to.equal('1,000');
  });

  it('keeps nothing that Intl refused: the next call is refused again', () => {
    for (let tries = 0; tries < 2; tries++)
      expect(() => formatter(Intl.NumberFormat, 'en', { style: 'currency', currency: 'DOLLARS' })).to.throw(RangeError);
  });
});
