/**
 * The customer's choice among what discovery found (`Picker`), rendered with the element's Lit into a container of its
 * own: which subscription is shown at once and which the picker asks about, what the page's `manage-renewal` offers,
 * Continue and a prepaid subscription's button, the way back, and a subscription changed by a write offered as it now
 * is, in its place.
 */
import { expect } from '@open-wc/testing';
import { html, nothing, render } from 'lit';
import type { Subscription } from '../../../src/api/schemas.js';
import type { Discovered } from '../../../src/discovery/candidates.js';
import { Picker, type PickerHost } from '../../../src/discovery/picker.js';
import { en } from '../../../src/i18n/en.js';
import { formatMoney } from '../../../src/i18n/money.js';
import type { Loaded } from '../../../src/shared/loaded.js';
import { payAsYouGoSubscription, prepaidSubscription, product } from '../../fixtures/subscriptions.js';

const coffee = product({ product_id: 'prod_coffee', name: 'Morning roast', prepaid_eligible: true });
const payAsYouGo = (id: string): Loaded => ({
  subscription: payAsYouGoSubscription({ public_id: id, product: 'prod_coffee' }),
  product: coffee,
  eligibility: { eligible: true },
});
const prepaid = (id: string): Loaded => ({
  subscription: prepaidSubscription({ public_id: id, product: 'prod_coffee' }),
  product: coffee,
  eligibility: { eligible: false, reason: 'already-prepaid' },
});
const found = (candidates: Loaded[], prepaidOnes: Loaded[] = []): Discovered => ({
  candidates,
  prepaid: prepaidOnes,
  unchecked: [],
  refused: [],
});

/** The containers the pickers rendered into, removed after each test. */
const containers: HTMLElement[] = [];

/** A picker over `discovered`, its host recording what it was told, rendered on demand into a container. */
function pickerOver(discovered: Discovered, chosenId?: string) {
  const told: string[] = [];
  let updates = 0;
  const host: PickerHost = {
    lit: { html, nothing },
    formatMoney,
    root: () => document.createElement('div').attachShadow({ mode: 'open' }),
    requestUpdate: () => updates++,
    chose: (loaded) => told.push(`chose ${loaded.subscription.public_id}`),
    wentBack: () => told.push('went back'),
  };
  const picker = new Picker(host, discovered, chosenId);
  // In the document, so that a click on Continue submits its form.
  const container = containers[containers.push(document.body.appendChild(document.createElement('div'))) - 1]!;
  const view = { t: en as never, locale: 'en' };
  const show = (manage = true) => {
    render(html`${picker.template(view, manage)}${picker.shown(manage) ? picker.backTemplate(view, manage) : nothing}`, container);
    return container;
  };
  return { picker, told, show, updates: () => updates };
}

const ids = (subscriptions: Subscription[]) => subscriptions.map(({ public_id }) => public_id);
const loadedIds = (list: Loaded[]) => ids(list.map(({ subscription }) => subscription));

describe('Picker', () => {
  afterEach(() => containers.splice(0).forEach((container) => container.remove()));

  it('shows a single upgradeable subscription at once, and asks when there are several', () => {
    expect(pickerOver(found([payAsYouGo('sub_1')])).picker.shown(true)?.subscription.public_id).to.equal('sub_1');
    const { picker, show } = pickerOver(found([payAsYouGo('sub_1'), payAsYouGo('sub_2')]));
    expect(picker.shown(true), 'the picker asks').to.equal(undefined);
    expect(ids(picker.candidates)).to.deep.equal(['sub_1', 'sub_2']);
    const radios = [...show().querySelectorAll<HTMLInputElement>('[part~="picker"] input[type="radio"]')];
    expect(radios.map((radio) => radio.value)).to.deep.equal(['sub_1', 'sub_2']);
    expect(radios[0]!.checked, 'the first is picked').to.equal(true);
  });

  it('shows a single prepaid subscription at once only when none can be upgraded and the page offers management', () => {
    const { picker } = pickerOver(found([], [prepaid('sub_p')]));
    expect(picker.shown(true)?.subscription.public_id).to.equal('sub_p');
    expect(picker.shown(false), 'management not offered').to.equal(undefined);
    expect(picker.hasOffers(true)).to.equal(true);
    expect(picker.hasOffers(false)).to.equal(false);
    expect(picker.whyNothing(false), 'a prepaid one was found, and hidden').to.equal('none-upgradeable');
    expect(pickerOver(found([])).picker.whyNothing(true)).to.equal('no-subscriptions');
  });

  it('shows the subscription chosen with Continue, tells its host, and offers the way back', () => {
    const { picker, told, show, updates } = pickerOver(found([payAsYouGo('sub_1'), payAsYouGo('sub_2')]));
    const container = show();
    const second = container.querySelector<HTMLInputElement>('input[value="sub_2"]')!;
    second.click();
    expect(updates(), 'the pick marks its row chosen').to.equal(1);
    container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    expect(told).to.deep.equal(['chose sub_2']);
    expect(updates()).to.equal(2);
    expect(picker.shown(true)?.subscription.public_id).to.equal('sub_2');
    expect(picker.chosenId).to.equal('sub_2');
    expect(picker.canGoBack(true)).to.equal(true);

    show().querySelector<HTMLButtonElement>('button.back')!.click();
    expect(told).to.deep.equal(['chose sub_2', 'went back']);
    expect(picker.shown(true), 'the picker asks again').to.equal(undefined);
    expect(picker.focusTarget(show()), 'focus goes back to the radio that was shown').to.equal(
      show().querySelector('input[value="sub_2"]'),
    );
  });

  it('asks again after going back even where one subscription would be shown at once', () => {
    const { picker, show } = pickerOver(found([payAsYouGo('sub_1')], [prepaid('sub_p')]));
    expect(picker.shown(true)?.subscription.public_id).to.equal('sub_1');
    picker.back('sub_1');
    expect(picker.shown(true)).to.equal(undefined);
    const container = show();
    container.querySelector<HTMLButtonElement>('section button')!.click();
    expect(picker.shown(true)?.subscription.public_id, 'a prepaid one, by its button').to.equal('sub_p');
  });

  it('offers the prepaid subscriptions apart, with a button each, only when the page offers management', () => {
    const discovered = found([payAsYouGo('sub_1'), payAsYouGo('sub_2')], [prepaid('sub_p')]);
    const { show } = pickerOver(discovered);
    expect(show(true).querySelectorAll('section button')).to.have.length(1);
    expect(show(false).querySelectorAll('section button'), 'not offered').to.have.length(0);
  });

  it('shows again the subscription chosen before a reload, while it is still offered', () => {
    const discovered = found([payAsYouGo('sub_1'), payAsYouGo('sub_2')]);
    expect(pickerOver(discovered, 'sub_2').picker.shown(true)?.subscription.public_id).to.equal('sub_2');
    expect(pickerOver(discovered, 'sub_gone').picker.shown(true), 'no longer found').to.equal(undefined);
  });

  it('offers a subscription changed by a write as it is now, moving it to the prepaid ones, and keeps it shown when chosen', () => {
    const discovered = found([payAsYouGo('sub_1'), payAsYouGo('sub_2'), payAsYouGo('sub_3')]);
    const { picker } = pickerOver(discovered);
    const upgraded = prepaidSubscription({ public_id: 'sub_2', product: 'prod_coffee' });
    picker.replace(upgraded, true);
    expect(ids(picker.candidates), 'the others keep their places').to.deep.equal(['sub_1', 'sub_3']);
    expect(loadedIds(discovered.prepaid)).to.deep.equal(['sub_2']);
    const shown = picker.shown(false);
    expect(shown?.subscription, 'chosen, shown even where management is not offered').to.equal(upgraded);
    expect(shown?.eligibility).to.deep.equal({ eligible: false, reason: 'already-prepaid' });

    const renamed = payAsYouGoSubscription({ public_id: 'sub_3', product: 'prod_coffee', renewal_behavior: 'cancel' });
    picker.replace(renamed, false);
    expect(ids(picker.candidates), 'one that stays keeps its place').to.deep.equal(['sub_1', 'sub_3']);
    expect(picker.candidates[1]).to.equal(renamed);
    expect(picker.chosenId, 'news alone chooses nothing').to.equal('sub_2');
    picker.replace(payAsYouGoSubscription({ public_id: 'sub_unknown' }), true);
    expect(picker.chosenId, 'a subscription it never found').to.equal('sub_2');
  });
});
