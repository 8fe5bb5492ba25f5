/** The texts of one language, fetched once and shared by every widget on the page. */
import { en } from './en.js';
import type { Language } from './languages.js';
import { loadLocale } from './locale-loaders.js';
import type { Strings } from './strings.js';

const loaded = new Map<Language, Promise<Strings>>([['en', Promise.resolve(en)]]);

/** The texts of `language`; English when they cannot be fetched (the failure is logged, never thrown). */
export function loadStrings(language: Language): Promise<Strings> {
  let strings = loaded.get(language);
  if (!strings) {
    strings = loadLocale(language as Exclude<Language, 'en'>).then(
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
