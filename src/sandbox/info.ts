/**
 * What `/__sandbox/info` tells about an instance: the demo merchant, its customers and their subscriptions. It never
 * tells a key.
 */
import { isLive, isPrepaid, type Environment, type SandboxData, type Subscription } from './model.js';
import { nextOrderOf } from './orders.js';
import { SANDBOX_MERCHANT } from './seed.js';

/** Which case a subscription shows in `/__sandbox/info`, so that a demo can offer a choice of cases. */
export type SubscriptionKind = 'eligible' | 'prepaid' | 'not-live' | 'not-eligible';

export interface SandboxInfo {
  environment: Environment;
  merchant: { publicId: string; name: string; prepaidEnabled: boolean };
  customers: Array<{
    customerId: string;
    firstName: string;
    lastName: string;
    email: string;
    subscriptions: Array<{
      id: string;
      productName: string;
      currencyCode: string;
      kind: SubscriptionKind;
      /**
       * When its next order is placed, as the order's `place` (`YYYY-MM-DD HH:MM:SS`, a calendar date). Null when it
       * has none.
       */
      nextOrderPlace: string | null;
    }>;
  }>;
}

/** The demo merchant of `data`, its customers and their subscriptions, each with the case it shows. */
export function describeSandbox(data: SandboxData, environment: Environment): SandboxInfo {
  const { merchants, customers, subscriptions, products } = data;
  const merchant = merchants.get(SANDBOX_MERCHANT.publicId)!;
  const kindOf = (subscription: Subscription): SubscriptionKind => {
    if (isPrepaid(subscription)) return 'prepaid';
    if (!isLive(subscription)) return 'not-live';
    return products.get(subscription.product)!.prepaid_eligible ? 'eligible' : 'not-eligible';
  };
  return {
    environment,
    merchant: { publicId: merchant.publicId, name: merchant.name, prepaidEnabled: merchant.prepaidEnabled },
    customers: customers
      .filter((c) => c.merchant === merchant.publicId)
      .map((c) => ({
        customerId: c.customer_id,
        firstName: c.first_name,
        lastName: c.last_name,
        email: c.email,
        subscriptions: [...subscriptions.values()]
          .filter((s) => s.customer === c.customer_id)
          .map((s) => ({
            id: s.public_id,
            productName: products.get(s.product)!.name,
            currencyCode: s.currency_code,
            kind: kindOf(s),
            nextOrderPlace: nextOrderOf(data, s.public_id)?.place ?? null,
          })),
      })),
  };
}
