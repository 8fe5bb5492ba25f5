/**
 * What the picker says of a subscription besides its product (`detailsOf`): its price per order and how often it
 * ships, each only when the answer says it in a form that can be trusted.
 */
import { expect } from '@open-wc/testing';
import { detailsOf } from '../../../src/discovery/details.js';
import { withPickerTexts } from '../../../src/discovery/texts.js';
import { en } from '../../../src/i18n/en.js';
import { formatMoney } from '../../../src/i18n/money.js';
import type { ElementStrings } from '../../../src/i18n/strings.js';
import { payAsYouGoSubscription, product } from '../../fixtures/subscriptions.js';

const view = withPickerTexts({ t: en as ElementStrings, locale: 'en-US' });
const detailsFor = (fields: Record<string, unknown>, price: string | null = '15.00') =>
  detailsOf(
    view,
    {
      subscription: payAsYouGoSubscription({ price: null, quantity: 1, ...fields }),
      product: product({ price }),
      eligibility: { eligible: true },
    },
    formatMoney,
  );

describe('detailsOf', () => {
  it('says how often it ships and the price per order, in one sentence', () => {
    expect(detailsFor({ every: 2, every_period: 2, currency_code: 'USD' })).to.equal('Every 2 weeks, $15.00 per order');
    expect(detailsFor({ every: 1, every_period: 3, currency_code: 'USD' })).to.equal('Every month, $15.00 per order');
  });

  it('says the price per order alone when how often is not known', () => {
    expect(detailsFor({ every: null, every_period: null, frequency_days: null, currency_code: 'USD' })).to.equal('$15.00 per order');
  });

  it('reads how often from frequency_days when every and every_period do not say', () => {
    expect(detailsFor({ every: null, every_period: null, frequency_days: 10 }, null)).to.equal('Every 10 days');
  });

  it('leaves out what the answer does not say, or says in a form that cannot be trusted', () => {
    for (const fields of [
      { every: 0, every_period: 2, frequency_days: null },
      { every: 2, every_period: 9, frequency_days: null },
      { every: '2', every_period: 2, frequency_days: -3 },
      { every: 1.5, every_period: 3, frequency_days: 'weekly' },
    ]) {
      expect(detailsFor(fields, null), JSON.stringify(fields)).to.equal('');
    }
  });
});
