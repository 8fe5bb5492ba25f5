/**
 * How a language other than English is fetched: one dynamic import each, so that a bundler makes each language a
 * chunk of its own and only English is in the main bundle. (The self-contained script bundles load the same files
 * by address instead; see `locale-loaders.script.ts`.)
 */
import type { Language } from './languages.js';
import type { Strings } from './strings.js';

export type LocaleModule = { default: Strings };

const loaders: Record<Exclude<Language, 'en'>, () => Promise<LocaleModule>> = {
  fr: () => import('./locales/fr.js'),
  de: () => import('./locales/de.js'),
  es: () => import('./locales/es.js'),
  it: () => import('./locales/it.js'),
  nl: () => import('./locales/nl.js'),
  'pt-BR': () => import('./locales/pt-BR.js'),
  ja: () => import('./locales/ja.js'),
  ar: () => import('./locales/ar.js'),
};

export const loadLocale = (language: Exclude<Language, 'en'>): Promise<LocaleModule> => loaders[language]();
