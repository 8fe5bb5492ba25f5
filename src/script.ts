/**
 * The entry of the two script bundles, `dist/prepaid-upgrade.js` (`<script type="module">`) and
 * `dist/prepaid-upgrade.iife.js` (classic `<script>`, its exports on the global `PrepaidUpgrade`): registers
 * `<prepaid-upgrade>` with English built in; other languages are fetched from `dist/i18n/`, and discovery (a widget
 * without `subscription-id`) from `dist/discovery.js`, next to the bundle.
 */
import { useDiscoveryLoader, type DiscoveryModule } from './discovery/loader.js';
import { useLocaleLoader } from './i18n/index.js';
import { loadLocaleFile } from './i18n/locale-files.js';
import { PrepaidUpgrade } from './prepaid-upgrade.js';
import { importBeside } from './script-address.js';

export * from './public-api.js';

useLocaleLoader(loadLocaleFile);
useDiscoveryLoader(() => importBeside<DiscoveryModule>('discovery.js'));
// A page may load the script twice (a theme and an app both include it): the second registration is a no-op.
if (!customElements.get('prepaid-upgrade')) customElements.define('prepaid-upgrade', PrepaidUpgrade);
