/**
 * What both entry points export: `index.ts` for bundlers, and `script.ts` for the script bundles. They export the
 * element's class, its events and the types of its data. Each entry registers `<prepaid-upgrade>` with its own way of
 * fetching languages.
 */
export { PrepaidUpgrade, type PrepaidUpgradeState } from './prepaid-upgrade.js';
export * from './events.js';
export type { Strings, FailureKind, PrepaidStatus } from './i18n/strings.js';
export type { Subscription, Product, UpgradeRequest, RenewalBehavior, PrepaidSubscriptionContext } from './api/schemas.js';
export type { IneligibleReason } from './api/eligibility.js';
export type { RenewalChangeRequest } from './api/upgrade-request.js';
export type { NextOrder } from './api/orders.js';
