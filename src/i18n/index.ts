/** The texts of one language, fetched once and shared by every widget on the page. */
import { en } from './en.js';
import type { Language } from './languages.js';
import type { ElementStrings, Strings } from './strings.js';

/** A language that the widget fetches rather than carries. That is every language but English. */
export type FetchedLanguage = Exclude<Language, 'en'>;
export type LocaleModule = { default: Strings };
/** How an entry point fetches a language: `locale-chunks.ts` for bundlers, `locale-files.ts` for the script bundles. */
export type LocaleLoader = (language: FetchedLanguage) => Promise<LocaleModule>;

const loaded = new Map<Language, Promise<ElementStrings>>([['en', Promise.resolve(en)]]);
// The entry point sets this before it defines the element, so before any widget asks for a language.
let loadLocale: LocaleLoader;

/** Sets how languages are fetched. The entry point calls it, and registers the element right after. */
export function useLocaleLoader(loader: LocaleLoader): void {
  loadLocale = loader;
}

/** The texts of `language`, or English when they cannot be fetched. The failure is logged and never thrown. */
export function loadStrings(language: Language): Promise<ElementStrings> {
  let strings = loaded.get(language);
  if (!strings) {
    strings = loadLocale(language as FetchedLanguage).then(
      (module) => module.default,
      (error: unknown) => {
        // The failed load is forgotten, so that the next widget that asks tries again.
        loaded.delete(language);
        console.warn(`<prepaid-upgrade>: the ${language} texts could not be loaded, showing English`, error);
        return en;
      },
    );
    loaded.set(language, strings);
  }
  return strings;
}
