/** What an upgrade asks the service for, and the service's rules for it (docs/service.md#upgrade-rules). */

export const RENEWAL_BEHAVIORS = ['autorenew', 'cancel', 'downgrade'] as const;
export type RenewalBehavior = (typeof RENEWAL_BEHAVIORS)[number];
export const isRenewalBehavior = (value: unknown): value is RenewalBehavior => (RENEWAL_BEHAVIORS as readonly unknown[]).includes(value);

/** The smallest `orders_per_billing` that the service accepts. The service asks for "an integer greater than 2". */
export const MIN_ORDERS_PER_BILLING = 3;

export interface UpgradeRequest {
  orders_per_billing: number;
  renewal_behavior: RenewalBehavior;
  offer: string;
}

/** What a change of a prepaid subscription's renewal behaviour asks the service for. */
export interface RenewalChangeRequest {
  renewal_behavior: RenewalBehavior;
}
