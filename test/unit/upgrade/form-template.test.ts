/**
 * The upgrade form (`formTemplate`), rendered with plain data: a choice per number of orders with what it comes to
 * after the store's discount, the renewal choices each with its consequence, the summary, and the form locked while
 * its write is sent, checked or unknown.
 */
import { expect } from '@open-wc/testing';
import { formatServiceDate } from '../../../src/i18n/dates.js';
import { en } from '../../../src/i18n/en.js';
import type { Loaded } from '../../../src/shared/loaded.js';
import type { Choices } from '../../../src/upgrade/choices.js';
import { chosenOrders, formTemplate, type FormMode, type FormView } from '../../../src/upgrade/form-template.js';
import { nextOrder, payAsYouGoSubscription, product } from '../../fixtures/subscriptions.js';
import { asRead, englishView, rendered, textOf } from '../../helpers/rendered.js';

const LOADED: Loaded = {
  subscription: payAsYouGoSubscription({ price: '12.50', quantity: 1, currency_code: 'USD' }),
  product: product(),
  eligibility: { eligible: true },
};
const CHOICES: Choices = {
  ordersOptions: [3, 6],
  ordersPerBilling: 6,
  renewalOptions: ['autorenew', 'cancel'],
  renewalBehavior: 'cancel',
  offer: 'live',
  discounts: { 6: 10 },
};
/** The next order's date under a choice, as the widget writes it: without its year, and never broken across lines. */
const DECEMBER_5 = formatServiceDate('2026-12-05', 'en-US', false)!;
const ORDER = nextOrder({ subTotal: '12.50', total: '12.50' });

/** The form of `LOADED` with `choices`, in `mode`, given its next order, and the form's handlers doing nothing. */
function form(mode: FormMode = 'live', ...given: [nextOrder?: FormView['nextOrder'], loaded?: Loaded]): HTMLElement {
  const noop = () => {};
  // A next order left out is `ORDER`; one given as `undefined` is being read.
  const [nextOrder, loaded = LOADED] = given.length ? given : [ORDER];
  const view: FormView = {
    ...englishView(nextOrder),
    choices: CHOICES,
    onSubmit: noop,
    onOrdersChange: noop,
    onRenewalChange: noop,
  };
  return rendered(formTemplate(view, loaded, mode));
}

const hintOf = (shown: HTMLElement, radio: HTMLInputElement) => shown.querySelector(`#${radio.getAttribute('aria-describedby')}`);

describe('formTemplate', () => {
  it('offers each number of orders, the customer’s pick checked, and the element focuses the pick', () => {
    const shown = form();
    const radios = [...shown.querySelectorAll<HTMLInputElement>('[part~="orders"] input')];
    expect(radios.map((radio) => [radio.value, radio.checked])).to.deep.equal([
      ['3', false],
      ['6', true],
    ]);
    expect(chosenOrders(shown)).to.equal(radios[1]);
    expect(textOf(shown.querySelector('[part~="orders"] legend'))).to.equal(en.ordersLegend);
  });

  it('describes each choice in one sentence: the saving, what it comes to on the next order’s date, the price it replaces, one order’s', () => {
    const shown = form();
    const [three, six] = [...shown.querySelectorAll<HTMLInputElement>('[part~="orders"] input')];
    expect(textOf(hintOf(shown, three!))).to.equal(asRead(en.ordersChoice('$37.50', DECEMBER_5, false)));
    const discount = { percent: '10%', full: '$75.00', perOrder: '$11.25' };
    expect(textOf(hintOf(shown, six!))).to.equal(asRead(en.ordersChoice('$67.50', DECEMBER_5, false, discount)));
  });

  it('draws the struck price, the amount and one order’s under a choice, hidden from the ear, which hears the sentence', () => {
    const six = form().querySelectorAll('[part~="orders-option"]')[1]!;
    const drawn = six.querySelector('[part~=hint]')!;
    expect(drawn.getAttribute('aria-hidden')).to.equal('true');
    expect(textOf(drawn.querySelector('s'))).to.equal('$75.00');
    expect(textOf(drawn)).to.include(asRead(en.ordersChoice('$67.50', DECEMBER_5, false)));
    expect(textOf(drawn)).to.include(en.pricePerOrder('$11.25'));
    const badge = six.querySelector('[part~="savings"]')!;
    expect(textOf(badge)).to.equal(en.savings('10%'));
    expect(badge.getAttribute('aria-hidden'), 'the sentence says the saving').to.equal('true');
  });

  it('says amounts are before tax and shipping when the next order bills them', () => {
    const shown = form('live', { ...ORDER, taxTotal: '1.00', total: '13.50' });
    const three = shown.querySelector<HTMLInputElement>('[part~="orders"] input')!;
    expect(textOf(hintOf(shown, three))).to.equal(asRead(en.ordersChoice('$37.50', DECEMBER_5, true)));
    expect(textOf(shown.querySelector('[part~="summary"]'))).to.include(en.beforeTaxAndShipping);
  });

  it('says the amount is at the next order, with no stand-in date, while the next order is read', () => {
    const shown = form('live', undefined);
    const three = shown.querySelector<HTMLInputElement>('[part~="orders"] input')!;
    expect(textOf(hintOf(shown, three))).to.equal(asRead(en.ordersChoice('$37.50', undefined, false)));
  });

  it('describes no choice, and leaves the date out, where neither price nor next order is known', () => {
    const unknown = { ...LOADED, subscription: payAsYouGoSubscription({ price: null }), product: product({ price: null }) };
    const shown = form('live', null, unknown);
    const radio = shown.querySelector<HTMLInputElement>('[part~="orders"] input')!;
    expect(radio.hasAttribute('aria-describedby')).to.equal(false);
    expect(textOf(shown.querySelector('[part~="summary"]'))).to.not.include('Billed on');
  });

  it('offers each renewal choice with its consequence', () => {
    const shown = form();
    const radios = [...shown.querySelectorAll<HTMLInputElement>('[part~="renewal"] input')];
    expect(radios.map((radio) => [radio.value, radio.checked])).to.deep.equal([
      ['autorenew', false],
      ['cancel', true],
    ]);
    expect(textOf(hintOf(shown, radios[1]!))).to.equal(en.renewalHint('cancel', 6));
  });

  it('sums up what is billed and saved, and that nothing is charged now', () => {
    const summary = textOf(form().querySelector('[part~="summary"]'));
    expect(summary).to.include(en.summary(6, '$75.00', '$12.50'));
    expect(summary).to.include(en.summarySaving('$67.50', '$7.50', '10%'));
    expect(summary).to.include(en.nothingChargedNow);
  });

  it('locks both choices while its write is sent, checked or unknown, and says which', () => {
    const button = (shown: HTMLElement) => shown.querySelector<HTMLButtonElement>('[part~="submit"]')!;
    const live = form('live');
    expect(button(live).getAttribute('aria-disabled')).to.equal('false');
    expect(textOf(button(live))).to.equal(en.submit(6));
    for (const [mode, label] of [
      ['submitting', en.submitting],
      ['checking', en.checking('upgrade')],
      ['locked', en.submit(6)],
    ] as const) {
      const shown = form(mode);
      expect(
        [...shown.querySelectorAll('fieldset')].every((set) => set.disabled),
        mode,
      ).to.equal(true);
      expect(button(shown).getAttribute('aria-disabled'), mode).to.equal('true');
      expect(textOf(button(shown)), mode).to.equal(label);
    }
  });
});
