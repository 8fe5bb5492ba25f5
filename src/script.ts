/**
 * The entry of the two script bundles: `dist/prepaid-upgrade.js` for `<script type="module">`, and
 * `dist/prepaid-upgrade.iife.js` for a classic `<script>`, with its exports on the global `PrepaidUpgrade`. It
 * registers `<prepaid-upgrade>` with English built in. Other languages are fetched from `dist/i18n/`, and discovery,
 * for a widget without `subscription-id`, from `dist/discovery.js`. Both sit next to the bundle.
 */
import { useDiscoveryLoader, type DiscoveryModule } from './discovery/loader.js';
import { useLocaleLoader } from './i18n/index.js';
import { loadLocaleFile } from './i18n/locale-files.js';
import { PrepaidUpgrade } from './prepaid-upgrade.js';
import { importBeside } from './script-address.js';

export * from './public-api.js';

useLocaleLoader(loadLocaleFile);
useDiscoveryLoader(() => importBeside<DiscoveryModule>('discovery.js'));
// A page may load the script twice, when a theme and an app both include it. The second registration then does nothing.
if (!customElements.get('prepaid-upgrade')) customElements.define('prepaid-upgrade', PrepaidUpgrade);
