/**
 * The widget speaks the page's language: from `lang` on itself or the nearest ancestor, live when it changes, with
 * the language's own plural rules, money and direction.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { pickerEn } from '../../../src/discovery/texts.js';
import { en } from '../../../src/i18n/en.js';
import { LANGUAGES, type Language } from '../../../src/i18n/languages.js';
import { formatServiceDate } from '../../../src/i18n/dates.js';
import { formatMoney } from '../../../src/i18n/money.js';
import { loadLocaleChunk } from '../../../src/i18n/locale-chunks.js';
import type { Strings } from '../../../src/i18n/strings.js';
import { mount } from '../../helpers/mount.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession } from '../../helpers/sandbox-session.js';

const eligible = SANDBOX_SUBSCRIPTIONS.eligible.id;
const prepaid = SANDBOX_SUBSCRIPTIONS.prepaid.id;
/** White space folded, non-breaking spaces (French punctuation, German amounts) included, on both sides. */
const norm = (value: string) => value.replace(/\s+/g, ' ').trim();
const text = (node: Element | null) => norm(node?.textContent ?? '');
const stringsOf = async (language: Language): Promise<Strings> =>
  language === 'en' ? { ...en, ...pickerEn } : (await loadLocaleChunk(language)).default;

describe('every language', () => {
  for (const language of LANGUAGES) {
    it(`renders the ready and success states in ${language}`, async () => {
      const strings = await stringsOf(language);
      const session = await sandboxSession();
      const m = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, token: session.token, lang: language });
      await m.waitForState('ready');
      expect(text(m.$('[part~=heading]'))).to.equal(norm(strings.heading));
      expect(text(m.$('[part~=submit]'))).to.equal(norm(strings.submit(3).trim()));
      expect(text(m.$('[part~=orders] legend'))).to.equal(norm(strings.ordersLegend));
      expect(m.$('[part~=base]')!.getAttribute('lang')).to.equal(language);
      // The next order's date, in this language's words and order, beside the amount and in the summary.
      await waitUntil(() => m.el.nextOrder, 'the next order');
      await m.el.updateComplete;
      const { place } = m.el.nextOrder!;
      const day = formatServiceDate(place, language)!;
      expect(day, 'a day of the month, in any digits').to.match(/\p{Nd}/u);
      expect(text(m.$('#orders-3-hint'))).to.equal(
        norm(strings.ordersChoice(formatMoney(37.5, 'USD', language), formatServiceDate(place, language, false)!, false)),
      );
      expect(text(m.$('[part~=summary]'))).to.contain(norm(strings.billedOn(day)));
      await m.el.upgrade();
      expect(m.el.state).to.equal('success');
      expect(text(m.$('[part~=success-heading]'))).to.equal(norm(strings.successHeading));
      // Focus reads the success out, so the status region does not say it again.
      expect(m.shadow.activeElement).to.equal(m.$('[part~=success]'));
      expect(text(m.$('[part~=status]'))).to.equal('');
      // The service's own figure once the next order is read again: 3 orders, 5% off at the sandbox's store.
      await waitUntil(() => m.el.nextOrder, 'the next order read again');
      await m.el.updateComplete;
      expect(text(m.$('[part~=success]'))).to.contain(norm(strings.nextOrderBills(day, formatMoney(35.63, 'USD', language), 3, undefined)));
    });

    it(`renders the prepaid state and a renewal change in ${language}`, async () => {
      const strings = await stringsOf(language);
      const session = await sandboxSession();
      const m = await mount({ 'subscription-id': prepaid, 'api-base': session.apiBase, token: session.token, lang: language });
      await m.waitForState('prepaid');
      expect(text(m.$('[part~=notice]'))).to.contain(
        norm(strings.prepaidStatus({ ordersPerBilling: 6, ordersRemaining: 4, renewalBehavior: 'autorenew' })),
      );
      expect(text(m.$('[part~=manage] legend'))).to.equal(norm(strings.manageLegend));
      expect(text(m.$('[part~=manage-submit]'))).to.equal(norm(strings.manageSubmit));
      m.$<HTMLInputElement>('[part~=manage] input[value=downgrade]')!.click();
      await m.el.updateComplete;
      m.$<HTMLButtonElement>('[part~=manage-submit]')!.click();
      await m.el.updateComplete;
      expect(text(m.$('[part~=status]'))).to.equal(norm(strings.savingChange));
      await m.waitForEvent('prepaid-upgrade-renewal-change');
      expect(text(m.$('[part~=manage] [part~=confirmation]'))).to.equal(norm(strings.renewalChanged('downgrade')));
      expect(text(m.shadow.activeElement), 'focus reads the change out').to.equal(norm(strings.renewalChanged('downgrade')));
      expect(text(m.$('[part~=status]'))).to.equal('');
    });
  }
});

describe('choosing the language', () => {
  it('takes the nearest ancestor lang, through shadow roots', async () => {
    const session = await sandboxSession();
    const outer = await fixture<HTMLDivElement>(html`<div lang="de"><div id="host"></div></div>`);
    const host = outer.querySelector('#host')!;
    const shadow = host.attachShadow({ mode: 'open' });
    const el = document.createElement('prepaid-upgrade');
    el.setAttribute('subscription-id', eligible);
    el.setAttribute('api-base', session.apiBase);
    el.setAttribute('token', session.token);
    shadow.append(el);
    await waitUntil(() => el.state === 'ready');
    const de = await stringsOf('de');
    expect(text(el.shadowRoot!.querySelector('[part~=heading]'))).to.equal(norm(de.heading));
  });

  it('falls back from a regional tag to its language, and from an unknown one to English', async () => {
    const session = await sandboxSession();
    const canadian = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, token: session.token, lang: 'fr-CA' });
    const klingon = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, token: session.token, lang: 'tlh' });
    await canadian.waitForState('ready');
    await klingon.waitForState('ready');
    expect(text(canadian.$('[part~=heading]'))).to.equal(norm((await stringsOf('fr')).heading));
    expect(text(klingon.$('[part~=heading]'))).to.equal(norm(en.heading));
  });

  it('re-renders live when the page changes its language', async () => {
    const session = await sandboxSession();
    const wrapper = await fixture<HTMLDivElement>(html`<div lang="en"></div>`);
    const el = document.createElement('prepaid-upgrade');
    el.setAttribute('subscription-id', eligible);
    el.setAttribute('api-base', session.apiBase);
    el.setAttribute('token', session.token);
    wrapper.append(el);
    await waitUntil(() => el.state === 'ready');
    const es = await stringsOf('es');
    wrapper.setAttribute('lang', 'es');
    await waitUntil(() => text(el.shadowRoot!.querySelector('[part~=heading]')) === norm(es.heading), 'did not switch to Spanish');
    el.setAttribute('lang', 'ja');
    const ja = await stringsOf('ja');
    await waitUntil(() => text(el.shadowRoot!.querySelector('[part~=heading]')) === norm(ja.heading), 'its own lang did not win');
    expect(el.state).to.equal('ready');
  });

  it('lets the page override any text through `strings`', async () => {
    const session = await sandboxSession();
    const m = await mount(
      { 'subscription-id': eligible, 'api-base': session.apiBase, token: session.token, lang: 'fr' },
      { strings: { heading: 'Prépayez et économisez', submit: (n: number) => `Je prends ${n}` } },
    );
    await m.waitForState('ready');
    expect(text(m.$('[part~=heading]'))).to.equal('Prépayez et économisez');
    expect(text(m.$('[part~=submit]'))).to.equal('Je prends 3');
    expect(text(m.$('[part~=orders] legend'))).to.equal(norm((await stringsOf('fr')).ordersLegend));
  });
});

describe('money and numbers', () => {
  it("formats the total in the subscription's currency, the page's way", async () => {
    const session = await sandboxSession({ customerId: SANDBOX_SUBSCRIPTIONS.eligibleEur.customerId });
    const m = await mount({
      'subscription-id': SANDBOX_SUBSCRIPTIONS.eligibleEur.id,
      'api-base': session.apiBase,
      token: session.token,
      lang: 'de-DE',
    });
    await m.waitForState('ready');
    const expected = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(11.9 * 3);
    expect(text(m.$('[part~=summary]'))).to.contain(norm(expected));
  });

  it('shows yen without decimals', async () => {
    const session = await sandboxSession({ customerId: SANDBOX_SUBSCRIPTIONS.eligibleJpy.customerId });
    const m = await mount({
      'subscription-id': SANDBOX_SUBSCRIPTIONS.eligibleJpy.id,
      'api-base': session.apiBase,
      token: session.token,
      lang: 'ja',
    });
    await m.waitForState('ready');
    expect(text(m.$('[part~=summary]'))).to.contain(norm(new Intl.NumberFormat('ja', { style: 'currency', currency: 'JPY' }).format(5400)));
  });
});

describe('dates', () => {
  it('says when a cancelled subscription was cancelled, in the page language', async () => {
    const session = await sandboxSession();
    const m = await mount({
      'subscription-id': SANDBOX_SUBSCRIPTIONS.cancelled.id,
      'api-base': session.apiBase,
      token: session.token,
      lang: 'de',
    });
    await m.waitForState('ineligible');
    const de = await stringsOf('de');
    const date = new Intl.DateTimeFormat('de', { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, 8, 14));
    expect(text(m.$('[part~=notice]'))).to.contain(norm(de.cancelledOn(date)));
  });
});

describe('right to left', () => {
  it('mirrors the layout in Arabic', async () => {
    const session = await sandboxSession();
    const m = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, token: session.token, lang: 'ar' });
    await m.waitForState('ready');
    const base = m.$('[part~=base]')!;
    expect(base.getAttribute('dir')).to.equal('rtl');
    expect(getComputedStyle(base).direction).to.equal('rtl');
    const radio = m.$('input[value="3"]')!.getBoundingClientRect();
    const label = m.$('label[for="orders-3"]')!.getBoundingClientRect();
    expect(radio.left, 'the radio sits to the right of its label').to.be.greaterThan(label.right);
    const summary = m.$('[part~=summary]')!;
    expect(getComputedStyle(summary).borderRightWidth).to.equal('4px');
    expect(getComputedStyle(summary).borderLeftWidth).to.equal('0px');
  });

  it('stays left to right in English', async () => {
    const session = await sandboxSession();
    const m = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, token: session.token, lang: 'en' });
    await m.waitForState('ready');
    const radio = m.$('input[value="3"]')!.getBoundingClientRect();
    const label = m.$('label[for="orders-3"]')!.getBoundingClientRect();
    expect(radio.right).to.be.lessThan(label.left);
  });
});
