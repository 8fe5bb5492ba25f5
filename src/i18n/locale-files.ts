/**
 * How the script bundles fetch a language other than English: `dist/prepaid-upgrade.js` and
 * `dist/prepaid-upgrade.iife.js` carry English only and import `dist/i18n/<language>.js`, next to themselves, when a
 * page asks for another language. (A classic script cannot load chunks, so the bundler's way is not open to it.)
 */
import type { LocaleLoader } from './index.js';

// A classic script knows its own address only while it runs for the first time; a module knows it always.
const scriptAddress = (document.currentScript as HTMLScriptElement | null)?.src || import.meta.url;

export const loadLocaleFile: LocaleLoader = (language) => import(/* @vite-ignore */ new URL(`i18n/${language}.js`, scriptAddress).href);
