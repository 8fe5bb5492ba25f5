/**
 * How the package's module entry (`prepaid-upgrade`, for bundlers) fetches a language other than English. Each language
 * has its own dynamic import, so that the app's bundler makes each language a chunk of its own. Only English is in the
 * main chunk.
 */
import type { FetchedLanguage, LocaleLoader, LocaleModule } from './index.js';

const chunks: Record<FetchedLanguage, () => Promise<LocaleModule>> = {
  fr: () => import('./locales/fr.js'),
  de: () => import('./locales/de.js'),
  es: () => import('./locales/es.js'),
  it: () => import('./locales/it.js'),
  nl: () => import('./locales/nl.js'),
  'pt-BR': () => import('./locales/pt-BR.js'),
  ja: () => import('./locales/ja.js'),
  ar: () => import('./locales/ar.js'),
};

export const loadLocaleChunk: LocaleLoader = (language) => chunks[language]();
