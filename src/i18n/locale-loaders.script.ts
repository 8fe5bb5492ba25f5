/**
 * The script bundles' way to fetch a language: `dist/prepaid-upgrade.js` and `dist/prepaid-upgrade.iife.js` carry
 * English only and import `dist/i18n/<language>.js`, next to themselves, when a page asks for another language.
 * The build swaps this module in for `locale-loaders.ts`.
 */
import type { Language } from './languages.js';
import type { LocaleModule } from './locale-loaders.js';

// A classic script knows its own address only while it runs for the first time; a module knows it always.
const scriptAddress = (document.currentScript as HTMLScriptElement | null)?.src || import.meta.url;

export const loadLocale = (language: Exclude<Language, 'en'>): Promise<LocaleModule> =>
  import(/* @vite-ignore */ new URL(`i18n/${language}.js`, scriptAddress).href);
