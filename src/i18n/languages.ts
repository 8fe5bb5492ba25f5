/** The languages the widget speaks, and which one a page's `lang` asks for. */
export const LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt-BR', 'ja', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Arabic is the only one written right to left. */
export const isRightToLeft = (language: Language): boolean => language === 'ar';

/**
 * The closest language for a BCP 47 tag: the one with the same primary language (`fr-CA` → `fr`, `pt-PT` →
 * `pt-BR`, the only Portuguese), else English. No two languages share a primary language, so an exact tag needs no
 * rule of its own.
 */
export function matchLanguage(tag: string): Language {
  let primary: string | undefined;
  try {
    // The canonical form writes the primary language in lower case: `FR-ca` → `fr-CA`.
    primary = Intl.getCanonicalLocales(tag)[0]?.split('-')[0];
  } catch {
    // Not a well-formed tag: English.
  }
  return LANGUAGES.find((language) => language.split('-')[0] === primary) ?? 'en';
}
