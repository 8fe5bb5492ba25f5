/** The languages the widget speaks, and which one a page's `lang` asks for. */
export const LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt-BR', 'ja', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

const RIGHT_TO_LEFT: ReadonlySet<Language> = new Set(['ar']);

export const isRightToLeft = (language: Language): boolean => RIGHT_TO_LEFT.has(language);

/**
 * The closest language for a BCP 47 tag: the exact tag, else its primary language (`fr-CA` → `fr`, `pt-PT` →
 * `pt-BR`, the only Portuguese), else English.
 */
export function matchLanguage(tag: string): Language {
  let canonical: string;
  try {
    canonical = Intl.getCanonicalLocales(tag)[0] ?? 'en';
  } catch {
    return 'en';
  }
  const exact = LANGUAGES.find((language) => language.toLowerCase() === canonical.toLowerCase());
  if (exact) return exact;
  const primary = canonical.split('-')[0]!.toLowerCase();
  return LANGUAGES.find((language) => language.split('-')[0] === primary) ?? 'en';
}
