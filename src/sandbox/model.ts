/**
 * The records the sandbox keeps in memory. Response shapes follow the service spec (§2) and DESIGN.md §3; the
 * merchant-side fields (hash key, api keys, prepaid switch) are what the service knows but never answers with.
 */

export type Environment = 'production' | 'staging';

export type RenewalBehavior = 'autorenew' | 'cancel' | 'downgrade';

export interface Merchant {
  publicId: string;
  name: string;
  hashKey: string;
  apiKeys: Record<Environment, string>;
  prepaidEnabled: boolean;
}

/** A customer as `GET /customers` lists it, plus the merchant it belongs to. */
export interface Customer {
  customer_id: string;
  email: string;
  first_name: string;
  last_name: string;
  external_id: string;
  merchant: string;
}

/** A product as `GET /products/{id}/` answers it, plus its merchant and offers. */
export interface Product {
  product_id: string;
  external_product_id: string;
  name: string;
  price: string;
  image_url: string | null;
  detail_url: string | null;
  sku: string;
  prepaid_eligible: boolean;
  live: boolean;
  autoship_enabled: boolean;
  merchant: string;
  /** Public ids of the product's offers; the first is the live one (`offer: "live"` in an upgrade). */
  offers: string[];
}

export interface PrepaidSubscriptionContext {
  prepaid_orders_remaining: number;
  prepaid_orders_per_billing: number;
  renewal_behavior: RenewalBehavior;
}

/** Every field of the spec's Subscription, plus the `currency_code` the service adds. */
export interface Subscription {
  customer: string;
  merchant: string;
  product: string;
  payment: string;
  shipping_address: string;
  offer: string;
  subscription_type: string;
  raw_subscription_type: string;
  components: unknown[];
  extra_data: { platform_contract_id?: string };
  public_id: string;
  quantity: number;
  price: string | null;
  frequency_days: number;
  reminder_days: number;
  every: number;
  every_period: number;
  start_date: string;
  cancelled: string | null;
  cancel_reason: string | null;
  iteration: unknown;
  sequence: unknown;
  session_id: string;
  merchant_order_id: string;
  created: string;
  updated: string;
  live: boolean;
  external_id: string;
  product_attribute: unknown;
  cancel_reason_code: number | null;
  customer_rep: number | null;
  club: unknown;
  queued_actions: unknown[];
  prepaid_subscription_context: PrepaidSubscriptionContext | null;
  currency_code: string;
}

/** One instance's whole data set; `seedData()` builds a fresh one. */
export interface SandboxData {
  merchants: Map<string, Merchant>;
  /** In listing order. */
  customers: Customer[];
  products: Map<string, Product>;
  /** In listing order (a Map keeps insertion order). */
  subscriptions: Map<string, Subscription>;
}

/** A subscription is live when it is marked live and was never cancelled. */
export const isLive = (subscription: Subscription): boolean => subscription.live && subscription.cancelled === null;

export const isPrepaid = (subscription: Subscription): boolean =>
  (subscription.prepaid_subscription_context?.prepaid_orders_per_billing ?? 0) > 0;
