import { expect } from '@open-wc/testing';
import { canonicalTag, matchLanguage } from '../../../src/i18n/languages.js';

describe('the language a lang asks for', () => {
  it('reads a well-formed tag in its canonical form', () => {
    expect(canonicalTag('FR-ca')).to.equal('fr-CA');
    expect(canonicalTag(' pt-br ')).to.equal('pt-BR');
    // An underscore, as server locales write it, stands for a hyphen.
    expect(canonicalTag('de_DE')).to.equal('de-DE');
  });

  it('finds no tag in a malformed lang, and never throws', () => {
    for (const lang of ['en-', 'en US', '-', '', '   ', '日本語', 'en--GB', 'x']) expect(canonicalTag(lang), lang).to.equal(undefined);
  });

  it('matches the primary language, else English', () => {
    expect(matchLanguage('fr-CA')).to.equal('fr');
    expect(matchLanguage('pt-PT')).to.equal('pt-BR');
    expect(matchLanguage('de_AT')).to.equal('de');
    expect(matchLanguage('sv')).to.equal('en');
    expect(matchLanguage('en-')).to.equal('en');
  });
});
