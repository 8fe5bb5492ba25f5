/**
 * The entry of the two script bundles, `dist/prepaid-upgrade.js` (`<script type="module">`) and
 * `dist/prepaid-upgrade.iife.js` (classic `<script>`, its exports on the global `PrepaidUpgrade`): registers
 * `<prepaid-upgrade>` with English built in and other languages fetched from `dist/i18n/`, next to the bundle.
 */
import { useLocaleLoader } from './i18n/index.js';
import { loadLocaleFile } from './i18n/locale-files.js';
import { PrepaidUpgrade } from './prepaid-upgrade.js';

export * from './public-api.js';

useLocaleLoader(loadLocaleFile);
// A page may load the script twice (a theme and an app both include it): the second registration is a no-op.
if (!customElements.get('prepaid-upgrade')) customElements.define('prepaid-upgrade', PrepaidUpgrade);
