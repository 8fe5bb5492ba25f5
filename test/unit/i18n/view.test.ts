/**
 * What every template reads (`i18n/view.ts`): a sentence with the next order's date, which while the order is read holds
 * its place with a stand-in date marked as pending, and is left out when there is none; and an amount in the
 * subscription's currency, unknown without one.
 */
import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { formatServiceDate } from '../../../src/i18n/dates.js';
import { dated, money } from '../../../src/i18n/view.js';
import { nextOrder, payAsYouGoSubscription } from '../../fixtures/subscriptions.js';
import { englishView, rendered, textOf } from '../../helpers/rendered.js';

const order = nextOrder({ place: '2026-12-05 09:00:00', subTotal: '30.00', total: '30.00' });

describe('dated', () => {
  it('says the sentence with the next order’s date', () => {
    // Dates are formatted so that they never break across lines.
    const [withYear, withoutYear] = [formatServiceDate(order.place, 'en-US'), formatServiceDate(order.place, 'en-US', false)];
    expect(withYear!.replace(/\s/g, ' ')).to.equal('December 5, 2026');
    expect(dated(englishView(order), (date) => `Billed on ${date}.`, 'undated')).to.equal(`Billed on ${withYear}.`);
    expect(dated(englishView(order), (date) => `On ${date}`, 'undated', false)).to.equal(`On ${withoutYear}`);
  });

  it('holds the date’s place while the next order is read, marked as pending', () => {
    const shown = rendered(html`${dated(englishView(undefined), (date) => `Billed on ${date}, at noon.`, 'undated')}`);
    const pending = shown.querySelector('.pending');
    expect(pending, 'the stand-in date').to.not.equal(null);
    expect(textOf(shown)).to.equal(`Billed on ${textOf(pending)}, at noon.`);
  });

  it('says the sentence without a date when there is no next order', () => {
    expect(dated(englishView(null), (date) => `Billed on ${date}.`, 'Billed with your next order.')).to.equal(
      'Billed with your next order.',
    );
  });
});

describe('money', () => {
  it('formats an amount in the subscription’s currency, and nothing without an amount', () => {
    const view = englishView();
    expect(money(view, 12.5, payAsYouGoSubscription({ currency_code: 'EUR' }))).to.equal('€12.50');
    expect(money(view, undefined, payAsYouGoSubscription())).to.equal(undefined);
  });
});
