/**
 * The language of one element (`LanguageController`) on a plain host of its own in the page: the nearest well-formed
 * `lang`, through shadow roots; the texts of that language once they arrive, and English until then; the page's own tag
 * for numbers and money; a malformed `lang` passed over with a warning; and a change of `lang` followed live, the latest
 * winning.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { en } from '../../../src/i18n/en.js';
import { useLocaleLoader } from '../../../src/i18n/index.js';
import { LanguageController } from '../../../src/i18n/language-controller.js';
import { loadLocaleChunk } from '../../../src/i18n/locale-chunks.js';
import { ControllerElement } from '../../helpers/controller-host.js';

useLocaleLoader(loadLocaleChunk);

const placed: Element[] = [];

/** A host inside `parent` (in the document), with its language controller, and what the controller warned. */
function hostIn(parent: Element | ShadowRoot = document.body) {
  const host = document.createElement('controller-element') as ControllerElement;
  const warnings: string[] = [];
  const language = new LanguageController(host, (message) => warnings.push(message));
  parent.append(host);
  return { host, language, warnings };
}

/** A `div` in the document with `lang`, removed after the test. */
function withLang(lang: string | undefined): HTMLDivElement {
  const div = document.createElement('div');
  if (lang !== undefined) div.setAttribute('lang', lang);
  placed.push(document.body.appendChild(div));
  return div;
}

describe('LanguageController', () => {
  afterEach(() => placed.splice(0).forEach((element) => element.remove()));

  it('speaks English at once, without waiting, where nothing says otherwise', async () => {
    const { language, host } = hostIn(withLang(undefined));
    await language.arrival;
    expect(language.language).to.equal('en');
    expect(language.strings).to.equal(en);
    expect(language.formatLocale).to.equal(document.documentElement.lang || 'en');
    expect(host.updates).to.be.at.least(1);
  });

  it('takes the nearest ancestor’s lang, and its texts once they arrive, keeping the page’s own tag for money', async () => {
    const { language } = hostIn(withLang('fr-CA'));
    expect(language.formatLocale).to.equal('fr-CA');
    expect(language.strings, 'English until the texts arrive').to.equal(en);
    await language.arrival;
    expect(language.language).to.equal('fr');
    expect(language.strings.heading).to.not.equal(en.heading);
  });

  it('finds lang through shadow roots', async () => {
    const outer = withLang('de');
    const root = outer.appendChild(document.createElement('div')).attachShadow({ mode: 'open' });
    const { language } = hostIn(root);
    await language.arrival;
    expect(language.language).to.equal('de');
  });

  it('passes over a malformed lang for the next ancestor’s, and warns of it', async () => {
    const inner = withLang('es').appendChild(document.createElement('div'));
    inner.setAttribute('lang', 'en US');
    const { language, warnings } = hostIn(inner);
    await language.arrival;
    expect(language.language).to.equal('es');
    expect(warnings).to.deep.equal(['lang "en US" is not a language tag (such as "fr" or "pt-BR"), so the widget passes over it']);
  });

  it('speaks English with English numbers for a language it does not speak', async () => {
    const { language } = hostIn(withLang('sw-KE'));
    await language.arrival;
    expect(language.language).to.equal('en');
    expect(language.formatLocale).to.equal('en');
  });

  it('follows a change of lang live, on an ancestor, the latest change winning', async () => {
    const div = withLang('en');
    const { language, host } = hostIn(div);
    const before = host.updates;
    div.setAttribute('lang', 'ja');
    div.setAttribute('lang', 'it');
    await waitUntil(() => language.formatLocale === 'it', 'the change is seen');
    await language.arrival;
    expect(language.language).to.equal('it');
    expect(host.updates).to.be.above(before);
    // The Japanese texts, asked first, arrive after and change nothing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(language.language).to.equal('it');
  });

  it('stops following lang once the element leaves the page', async () => {
    const div = withLang('nl');
    const { language, host } = hostIn(div);
    await language.arrival;
    host.remove();
    div.setAttribute('lang', 'ar');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(language.language).to.equal('nl');
  });
});
