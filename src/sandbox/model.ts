/**
 * The records that the sandbox keeps in memory. Response shapes are the schemas of `schemas.ts` (docs/service.md, from
 * #endpoints on). The merchant-side fields are what the service knows but never answers with: the hash key, the API
 * keys, the prepaid switch and discounts, a product's offers, and an order's merchant and its rates of tax and
 * shipping.
 */
import type { z } from 'zod';
import type {
  CustomerSchema,
  OrderSchema,
  PrepaidSubscriptionContextSchema,
  ProductSchema,
  RenewalBehaviorSchema,
  SubscriptionSchema,
} from './schemas.js';

export type Environment = 'production' | 'staging';

export type RenewalBehavior = z.infer<typeof RenewalBehaviorSchema>;

export interface Merchant {
  publicId: string;
  name: string;
  hashKey: string;
  apiKeys: Record<Environment, string>;
  prepaidEnabled: boolean;
  /**
   * The merchant's own prepaid discount per term, in whole percent by number of orders, such as
   * `{3: 5, 6: 10, 12: 15}`. The service applies it when it reprices the next order after an upgrade, but never says
   * what it is (docs/service.md#prepaid-discounts).
   */
  prepaidDiscounts: Readonly<Record<number, number>>;
}

/** A customer as `GET /customers` lists it, plus the merchant it belongs to. */
export type Customer = z.infer<typeof CustomerSchema> & { merchant: string };

/** A product as `GET /products/{id}/` answers it, plus its merchant and offers. */
export type Product = z.infer<typeof ProductSchema> & {
  merchant: string;
  /** The public ids of the product's offers. The first is the live one, which an upgrade names as `offer: "live"`. */
  offers: string[];
};

export type PrepaidSubscriptionContext = z.infer<typeof PrepaidSubscriptionContextSchema>;

/**
 * Every field of a subscription (docs/service.md#subscriptions-and-products), plus the `currency_code` that the service
 * adds.
 */
export type Subscription = z.infer<typeof SubscriptionSchema>;

/**
 * What the merchant adds to an order's `sub_total`: tax at `taxPercent` of it, and `shipping` once per order, as a
 * decimal string of the order's currency. The service answers with the amounts, and never with these rates.
 */
export interface OrderCharges {
  taxPercent: number;
  shipping: string;
}

/**
 * An order as `GET /orders/{id}/` answers it, plus the merchant that it belongs to and the rates that its charges
 * follow.
 */
export type Order = z.infer<typeof OrderSchema> & { merchant: string; charges: OrderCharges };

/** One instance's whole data set. `seedData()` builds a fresh one. */
export interface SandboxData {
  merchants: Map<string, Merchant>;
  /** In listing order. */
  customers: Customer[];
  products: Map<string, Product>;
  /** In listing order, because a Map keeps insertion order. */
  subscriptions: Map<string, Subscription>;
  /** By public id, in listing order: each subscription's placed orders, oldest first, and then its unsent one. */
  orders: Map<string, Order>;
}

/** A subscription is live when it is marked live and was never cancelled. */
export const isLive = (subscription: Subscription): boolean => subscription.live && subscription.cancelled === null;

export const isPrepaid = (subscription: Subscription): boolean =>
  (subscription.prepaid_subscription_context?.prepaid_orders_per_billing ?? 0) > 0;

/** `YYYY-MM-DD HH:MM:SS` in UTC, the shape of `created` and `updated`. */
export const formatDateTime = (ms: number): string => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
