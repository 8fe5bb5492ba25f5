/**
 * `prepaid-upgrade`, the module entry for bundlers. It registers `<prepaid-upgrade>` and exports its class, events and
 * types. Languages other than English, and discovery for a widget without `subscription-id`, are dynamic imports, which
 * the app's bundler makes into chunks of their own.
 */
import { useDiscoveryLoader } from './discovery/loader.js';
import { useLocaleLoader } from './i18n/index.js';
import { loadLocaleChunk } from './i18n/locale-chunks.js';
import { PrepaidUpgrade } from './prepaid-upgrade.js';

export * from './public-api.js';

useLocaleLoader(loadLocaleChunk);
useDiscoveryLoader(() => import('./discovery/index.js'));
// A page may load the script twice, when a theme and an app both include it. The second registration then does nothing.
// On a server that renders the page, Lit's stand-in registry takes the definition, and the browser upgrades the tag.
if (!customElements.get('prepaid-upgrade')) customElements.define('prepaid-upgrade', PrepaidUpgrade);
