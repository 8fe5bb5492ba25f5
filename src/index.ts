/**
 * `prepaid-upgrade`: registers `<prepaid-upgrade>` and exports its class, events and types.
 */
import { PrepaidUpgrade } from './prepaid-upgrade.js';

export { PrepaidUpgrade, type PrepaidUpgradeState } from './prepaid-upgrade.js';
export * from './events.js';
export type { Strings, FailureKind, PrepaidStatus } from './i18n/strings.js';
export type { Subscription, Product, UpgradeRequest, RenewalBehavior, PrepaidSubscriptionContext } from './api/schemas.js';
export type { IneligibleReason } from './api/upgrade-request.js';

// A page may load the script twice (a theme and an app both include it): the second registration is a no-op.
if (!customElements.get('prepaid-upgrade')) customElements.define('prepaid-upgrade', PrepaidUpgrade);
