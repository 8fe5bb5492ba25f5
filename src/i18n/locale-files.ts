/**
 * How the script bundles fetch a language other than English. `dist/prepaid-upgrade.js` and
 * `dist/prepaid-upgrade.iife.js` carry only English. When a page asks for another language, they import
 * `dist/i18n/<language>.js` from next to themselves. A classic script cannot load chunks, so the bundler's way is not
 * open to it.
 */
import { importBeside } from '../script-address.js';
import type { LocaleLoader } from './index.js';

export const loadLocaleFile: LocaleLoader = (language) => importBeside(`i18n/${language}.js`);
