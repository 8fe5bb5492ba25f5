/** The texts of one language, fetched once and shared by every widget on the page. */
import { en } from './en.js';
import type { Language } from './languages.js';
import type { ElementStrings, Strings } from './strings.js';

/** A language the widget fetches rather than carries: every one but English. */
export type FetchedLanguage = Exclude<Language, 'en'>;
export type LocaleModule = { default: Strings };
/** How an entry point fetches a language: `locale-chunks.ts` for bundlers, `locale-files.ts` for the script bundles. */
export type LocaleLoader = (language: FetchedLanguage) => Promise<LocaleModule>;

const loaded = new Map<Language, Promise<ElementStrings>>([['en', Promise.resolve(en)]]);
// Set by the entry point before it defines the element, so before any widget asks for a language.
let loadLocale: LocaleLoader;

/** How languages are fetched: set by the entry point, which registers the element right after. */
export function useLocaleLoader(loader: LocaleLoader): void {
  loadLocale = loader;
}

/** The texts of `language`; English when they cannot be fetched (the failure is logged, never thrown). */
export function loadStrings(language: Language): Promise<ElementStrings> {
  let strings = loaded.get(language);
  if (!strings) {
    strings = loadLocale(language as FetchedLanguage).then(
      (module) => module.default,
      (error: unknown) => {
        // Forgotten, so that the next widget to ask tries again.
        loaded.delete(language);
        console.warn(`<prepaid-upgrade>: the ${language} texts could not be loaded, showing English`, error);
        return en;
      },
    );
    loaded.set(language, strings);
  }
  return strings;
}
