/**
 * What the polite status region says (`announcement`), from what is shown, on its own: each state's sentence, why
 * nothing can be prepaid, and silence where focus, a form or an alert speaks for itself, so that each is heard once.
 */
import { expect } from '@open-wc/testing';
import { announcement, type AnnouncementFacts } from '../../../src/element/announcement.js';
import { en } from '../../../src/i18n/en.js';
import type { Loaded } from '../../../src/shared/loaded.js';
import { payAsYouGoSubscription, product } from '../../fixtures/subscriptions.js';

const loaded: Loaded = { subscription: payAsYouGoSubscription(), product: product(), eligibility: { eligible: true } };
const facts = (overrides: Partial<AnnouncementFacts> = {}): AnnouncementFacts => ({
  state: 'ready',
  checking: false,
  changing: false,
  takesFocus: false,
  finding: false,
  loaded,
  ...overrides,
});

describe('announcement', () => {
  it('says what is being read while loading', () => {
    expect(announcement(en, facts({ state: 'loading', loaded: undefined }))).to.equal(en.loading);
    expect(announcement(en, facts({ state: 'loading', loaded: undefined, finding: true }))).to.equal(en.finding);
  });

  it('says which write is sent, and that it is checked once its answer got lost', () => {
    expect(announcement(en, facts({ state: 'submitting' }))).to.equal(en.submitting);
    expect(announcement(en, facts({ state: 'submitting', changing: true }))).to.equal(en.savingChange);
    expect(announcement(en, facts({ state: 'submitting', checking: true }))).to.equal(en.checking('upgrade'));
    expect(announcement(en, facts({ state: 'submitting', checking: true, changing: true }))).to.equal(en.checking('renewal'));
  });

  it('says nothing of what takes focus, which focus reads out: a success, a confirmed change, a refusal, a retry’s outcome', () => {
    for (const state of ['success', 'prepaid', 'ineligible', 'error'] as const) {
      expect(announcement(en, facts({ state, takesFocus: true })), state).to.equal('');
    }
    // A write sent or checked is still said: nothing takes focus while it is under way.
    expect(announcement(en, facts({ state: 'submitting', takesFocus: true }))).to.equal(en.submitting);
    expect(announcement(en, facts({ state: 'submitting', checking: true, takesFocus: true }))).to.equal(en.checking('upgrade'));
  });

  it('says, on a page that has just loaded, why nothing can be prepaid, naming the product where there is one', () => {
    expect(announcement(en, facts({ state: 'prepaid' }))).to.equal(en.ineligible('already-prepaid', undefined));
    const notEligible: Loaded = { ...loaded, eligibility: { eligible: false, reason: 'product-not-eligible' } };
    expect(announcement(en, facts({ state: 'ineligible', loaded: notEligible }))).to.equal(
      en.ineligible('product-not-eligible', loaded.product!.name ?? undefined),
    );
    expect(announcement(en, facts({ state: 'ineligible', loaded: undefined, nothingFound: 'no-subscriptions' }))).to.equal(
      en.ineligible('no-subscriptions', undefined),
    );
    expect(announcement(en, facts({ state: 'ineligible', loaded: undefined })), 'found, none upgradeable').to.equal(
      en.ineligible('none-upgradeable', undefined),
    );
  });

  it('says nothing over a form, which is read as the customer reaches it, nor over an error, which has an alert', () => {
    expect(announcement(en, facts())).to.equal('');
    expect(announcement(en, facts({ state: 'error' }))).to.equal('');
  });
});
