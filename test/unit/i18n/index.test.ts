/**
 * The texts of one language (`loadStrings`), fetched once for the page: English at once, every other language through
 * the entry point's loader and shared by every widget that asks, and English, with a console line, when a language
 * cannot be fetched, tried again on the next ask.
 */
import { expect } from '@open-wc/testing';
import { en } from '../../../src/i18n/en.js';
import { loadStrings, useLocaleLoader, type FetchedLanguage } from '../../../src/i18n/index.js';
import { loadLocaleChunk } from '../../../src/i18n/locale-chunks.js';
import { captureConsole } from '../../helpers/console-capture.js';

describe('loadStrings', () => {
  const console = captureConsole();

  it('gives English without fetching anything', async () => {
    const asked: FetchedLanguage[] = [];
    useLocaleLoader((language) => (asked.push(language), loadLocaleChunk(language)));
    expect(await loadStrings('en')).to.equal(en);
    expect(asked).to.deep.equal([]);
  });

  it('fetches a language once, and shares its texts with every widget that asks', async () => {
    const asked: FetchedLanguage[] = [];
    useLocaleLoader((language) => (asked.push(language), loadLocaleChunk(language)));
    const [first, second] = await Promise.all([loadStrings('fr'), loadStrings('fr')]);
    expect(first).to.equal(second);
    expect(first.heading).to.not.equal(en.heading);
    expect(await loadStrings('fr')).to.equal(first);
    expect(asked).to.deep.equal(['fr']);
  });

  it('gives English when a language cannot be fetched, says so on the console, and tries again next time', async () => {
    let fail = true;
    const asked: FetchedLanguage[] = [];
    useLocaleLoader((language) => {
      asked.push(language);
      return fail ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : loadLocaleChunk(language);
    });
    expect(await loadStrings('de')).to.equal(en);
    expect(console.warnings).to.have.length(1);
    expect(console.warnings[0]).to.match(/^<prepaid-upgrade>: the de texts could not be loaded, showing English TypeError/);
    fail = false;
    expect((await loadStrings('de')).heading).to.not.equal(en.heading);
    expect(asked).to.deep.equal(['de', 'de']);
  });
});
