/** The languages the widget speaks, and which one a page's `lang` asks for. */
export const LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt-BR', 'ja', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Whether a language, or a locale of one (`ar-EG`), is written right to left. Arabic is the only one of these
 * languages that is, and the widget formats only in the locales of its languages.
 */
export const isRightToLeft = (tag: string): boolean => /^ar\b/i.test(tag);

/**
 * `tag` as a well-formed BCP 47 language tag in its canonical form, such as `FR_ca` → `fr-CA`. Returns undefined when
 * it is not a well-formed tag, such as `en-` or `en US`. A `lang` like that is passed over, as if it were not there.
 */
export function canonicalTag(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag.trim().replaceAll('_', '-'))[0];
  } catch {
    return undefined;
  }
}

/**
 * The closest language for a BCP 47 tag. It is the one with the same primary language, else English: `fr-CA` → `fr`,
 * and `pt-PT` → `pt-BR`, the only Portuguese. No two languages share a primary language, so an exact tag needs no rule
 * of its own.
 */
export function matchLanguage(tag: string): Language {
  // The canonical form writes the primary language in lower case: `FR-ca` → `fr-CA`.
  const primary = canonicalTag(tag)?.split('-')[0];
  return LANGUAGES.find((language) => language.split('-')[0] === primary) ?? 'en';
}
