/**
 * What each state shows (`element/scene-template.ts`), rendered with plain data into a container: the header sells an
 * upgrade only where one can be bought, the placeholder promises nothing, an error says what to do with the one button
 * that helps, and the finders the element focuses with find what these templates render.
 */
import { expect } from '@open-wc/testing';
import { ApiError } from '../../../src/api/errors.js';
import { en } from '../../../src/i18n/en.js';
import {
  errorTemplate,
  headerTemplate,
  noticeTemplate,
  placeholderTemplate,
  sceneTemplate,
  shownError,
  shownNotice,
} from '../../../src/element/scene-template.js';
import { deriveShown, type Facts } from '../../../src/element/shown-state.js';
import { describeFailure } from '../../../src/shared/failure.js';
import type { ErrorPhase } from '../../../src/events.js';
import type { Choices } from '../../../src/upgrade/choices.js';
import type { Loaded } from '../../../src/shared/loaded.js';
import { payAsYouGoSubscription, product } from '../../fixtures/subscriptions.js';
import { englishView, rendered, textOf } from '../../helpers/rendered.js';
import { factsOf } from '../../helpers/shown-facts.js';

/** The choices of a form that offers 3, 6 and 12 orders, with the store's `discounts`. */
const choicesWith = (discounts: Choices['discounts']): Choices => ({
  ordersOptions: [3, 6, 12],
  ordersPerBilling: 3,
  renewalOptions: ['autorenew', 'cancel', 'downgrade'],
  renewalBehavior: 'autorenew',
  offer: 'live',
  discounts,
});

const view = englishView();
const LOADED: Loaded = {
  subscription: payAsYouGoSubscription({ public_id: 'sub_1', status: 'cancelled', live: false }),
  product: product(),
  eligibility: { eligible: false, reason: 'not-live' },
};

/** The scene of `facts`, with no form, picker or management form. */
function sceneOf(facts: Partial<Facts>, onRetry = () => {}): HTMLElement {
  const shown = deriveShown(factsOf(facts));
  return rendered(sceneTemplate({ ...view, shown, form: undefined, picker: undefined, manages: true, manage: undefined, onRetry }));
}

describe('sceneTemplate', () => {
  it('shows why a subscription cannot be prepaid under its own heading, without selling the upgrade', () => {
    const scene = sceneOf({ read: 'ineligible', loaded: LOADED });
    expect(textOf(scene.querySelector('h2'))).to.equal(en.stateHeading('ineligible'));
    expect(scene.querySelector('[part~="savings"]')).to.equal(null);
    expect(scene.querySelector('[part~="product"]'), 'the product it is about').to.not.equal(null);
  });

  it('shows a failed read as an error with a button to read again, which the element focuses', () => {
    let retried = 0;
    const scene = sceneOf({ read: 'error', readError: new ApiError('network', 'GET failed') }, () => retried++);
    const error = shownError(scene);
    expect(error).to.equal(scene.querySelector('[part~="error"]'));
    expect(error!.getAttribute('role')).to.equal('alert');
    scene.querySelector<HTMLButtonElement>('[part~="retry"]')!.click();
    expect(retried).to.equal(1);
  });

  it('shows a set-up error with what to fix, and no button', () => {
    const scene = sceneOf({ setupError: 'orders-options: nothing valid' });
    expect(textOf(shownError(scene))).to.equal(en.failure('config', 'config'));
    expect(scene.querySelector('button')).to.equal(null);
  });
});

describe('headerTemplate', () => {
  it('sells the upgrade with its description and the largest saving where one can be bought', () => {
    const header = rendered(headerTemplate(view, 'form', true, choicesWith({ 3: 5, 12: 15, 6: 10 })));
    expect(textOf(header.querySelector('h2'))).to.equal(en.heading);
    expect(textOf(header.querySelector('[part~=description]'))).to.equal(en.description);
    expect(textOf(header.querySelector('[part~="savings"]'))).to.equal('Save up to 15%');
  });

  it('names the state, and sells nothing, where no upgrade can be bought', () => {
    const header = rendered(headerTemplate(view, 'prepaid', false, choicesWith({ 3: 5 })));
    expect(textOf(header.querySelector('h2'))).to.equal(en.stateHeading('prepaid'));
    expect(header.querySelector('[part~=description]')).to.equal(null);
    expect(header.querySelector('[part~="savings"]')).to.equal(null);
  });

  it('keeps its heading and description replaceable through slots', () => {
    const header = rendered(headerTemplate(view, 'form', true, undefined));
    expect([...header.querySelectorAll('slot')].map((slot) => slot.name)).to.deep.equal(['heading', 'description']);
  });
});

describe('errorTemplate', () => {
  /** The error of `error`, met by a request of `phase`, in a scene that takes focus when `takesFocus` says so. */
  const errorOf = (error: ApiError, phase: ErrorPhase, takesFocus = false) => {
    const shown = { ...deriveShown(factsOf({ read: 'error' })), failure: describeFailure(error), phase, takesFocus };
    const scene = { ...view, shown, form: undefined, picker: undefined, manages: true, manage: undefined, onRetry: () => {} };
    return rendered(errorTemplate(scene));
  };
  const buttonOf = (container: HTMLElement) => textOf(container.querySelector('[part~="retry"]'));

  it('is an alert, unless it takes focus, which reads it out: either way it is heard once', () => {
    const busy = new ApiError('http', 'GET answered 503', { status: 503 });
    expect(shownError(errorOf(busy, 'load'))!.getAttribute('role')).to.equal('alert');
    expect(shownError(errorOf(busy, 'load', true))!.hasAttribute('role')).to.equal(false);
  });

  it('offers the one button that helps: reload after a session expired, check again after a lost answer', () => {
    const expired = errorOf(new ApiError('http', 'GET answered 401', { status: 401 }), 'load');
    expect(buttonOf(expired)).to.equal(en.reload);
    const unknown = new ApiError('unconfirmed', 'no read confirmed the upgrade', { applied: null });
    expect(buttonOf(errorOf(unknown, 'upgrade'))).to.equal(en.checkAgain);
  });

  it('offers to read again only after a read that may pass, never after a refused write', () => {
    const busy = new ApiError('http', 'GET answered 503', { status: 503 });
    expect(buttonOf(errorOf(busy, 'load'))).to.equal(en.retry);
    const refused = new ApiError('http', 'PATCH answered 503', { status: 503, applied: false });
    expect(errorOf(refused, 'upgrade').querySelector('button')).to.equal(null);
  });

  it('names a refused choice by the heading of the form it was made in, and no prototype name', () => {
    const refused = (field: string) => new ApiError('http', 'PATCH answered 400', { status: 400, field, applied: false });
    const upgrade = errorOf(refused('renewal_behavior'), 'upgrade');
    expect(textOf(upgrade.querySelector('p'))).to.equal(en.refusedChoice(en.renewalLegend));
    const renewal = errorOf(refused('renewal_behavior'), 'renewal');
    expect(textOf(renewal.querySelector('p'))).to.equal(en.refusedChoice(en.manageLegend));
    const odd = errorOf(refused('toString'), 'upgrade');
    expect(textOf(odd.querySelector('p'))).to.equal(en.failure('badRequest', 'upgrade'));
  });
});

describe('notices and the placeholder', () => {
  it('renders a notice the element can focus, and finds it', () => {
    const notice = rendered(noticeTemplate('Nothing was changed.'));
    expect(shownNotice(notice)).to.equal(notice.querySelector('[part~=notice]'));
    expect(shownNotice(notice)!.tabIndex).to.equal(-1);
    expect(textOf(notice)).to.equal('Nothing was changed.');
  });

  it('stands in for what is read with no word, hidden from the accessibility tree', () => {
    const placeholder = rendered(placeholderTemplate());
    expect(textOf(placeholder)).to.equal('');
    expect(placeholder.querySelector('.placeholder')!.getAttribute('aria-hidden')).to.equal('true');
  });
});
