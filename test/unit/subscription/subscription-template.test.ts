/**
 * What the widget shows of a subscription besides its form (`subscription-template.ts`): its product, with a picture
 * only from a safe address and the price of one order, and why it cannot be prepaid, with what to do.
 */
import { expect } from '@open-wc/testing';
import { en } from '../../../src/i18n/en.js';
import type { Loaded } from '../../../src/shared/loaded.js';
import { ineligibleTemplate, productTemplate } from '../../../src/subscription/subscription-template.js';
import { payAsYouGoSubscription, product } from '../../fixtures/subscriptions.js';
import { englishView, rendered, textOf } from '../../helpers/rendered.js';

const view = englishView();
const loaded = (fields: Partial<Loaded> = {}): Loaded => ({
  subscription: payAsYouGoSubscription({ price: '12.50', quantity: 1, currency_code: 'USD' }),
  product: product({ name: 'Morning roast', image_url: 'https://cdn.example.com/roast.png' }),
  eligibility: { eligible: true },
  ...fields,
});

describe('productTemplate', () => {
  it('shows the product’s picture, name and the price of one order, saying what the price is', () => {
    const shown = rendered(productTemplate(view, loaded()));
    expect(shown.querySelector('img')!.getAttribute('src')).to.equal('https://cdn.example.com/roast.png');
    expect(shown.querySelector('img')!.getAttribute('alt'), 'the name says it').to.equal('');
    expect(textOf(shown.querySelector('.product-name'))).to.equal('Morning roast');
    expect(textOf(shown.querySelector('.product-name + p'))).to.equal(en.pricePerOrder('$12.50'));
  });

  it('shows no picture from an address that is not safe, and no price it cannot read', () => {
    const unsafe = loaded({
      subscription: payAsYouGoSubscription({ price: 'free' }),
      product: product({ name: 'Morning roast', image_url: 'javascript:alert(1)', price: null }),
    });
    const shown = rendered(productTemplate(view, unsafe));
    expect(shown.querySelector('img')).to.equal(null);
    expect(shown.querySelector('.product-name + p')).to.equal(null);
  });

  it('shows nothing for a product without a name', () => {
    expect(textOf(rendered(productTemplate(view, loaded({ product: product({ name: '' }) }))))).to.equal('');
    expect(textOf(rendered(productTemplate(view, loaded({ product: undefined }))))).to.equal('');
  });
});

describe('ineligibleTemplate', () => {
  it('says why, with the product’s name, when it was cancelled, and what to do', () => {
    const cancelled = loaded({
      subscription: payAsYouGoSubscription({ live: false, status: 'cancelled', cancelled: '2026-10-02 08:00:00' }),
      eligibility: { eligible: false, reason: 'not-live' },
    });
    const shown = rendered(ineligibleTemplate(view, cancelled));
    expect(textOf(shown.querySelector('.notice-title'))).to.equal(en.ineligible('not-live', 'Morning roast'));
    expect(textOf(shown)).to.include(en.cancelledOn('October 2, 2026'));
    expect(shown.querySelector('[part~=notice]')!.getAttribute('tabindex'), 'focusable when it answers the customer').to.equal('-1');
  });

  it('shows nothing for a subscription that can be prepaid', () => {
    expect(textOf(rendered(ineligibleTemplate(view, loaded())))).to.equal('');
  });
});
