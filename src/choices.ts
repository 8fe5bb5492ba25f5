/**
 * The choices the element offers, read from its attributes. Invalid entries are dropped with a warning that names
 * the attribute; when nothing valid is left the element shows a configuration error and sends no request.
 */
import { MIN_ORDERS_PER_BILLING, RENEWAL_BEHAVIORS, isRenewalBehavior, type RenewalBehavior } from './api/schemas.js';

export const DEFAULT_ORDERS_OPTIONS = [3, 6, 12] as const;
export const DEFAULT_OFFER = 'live';
/** More would not fit a radio group anyone wants to read. */
const MAX_ORDERS_OPTIONS = 12;

export interface ChoiceAttributes {
  ordersOptions?: string | null | undefined;
  ordersPerBilling?: number | string | null | undefined;
  renewalOptions?: string | null | undefined;
  renewalBehavior?: string | null | undefined;
  offer?: string | null | undefined;
}

export interface Choices {
  ordersOptions: number[];
  /** The preselected number of orders: one of `ordersOptions`. */
  ordersPerBilling: number;
  renewalOptions: RenewalBehavior[];
  /** The preselected renewal behaviour: one of `renewalOptions`. */
  renewalBehavior: RenewalBehavior;
  offer: string;
}

export type ChoicesResult = { choices: Choices; warnings: string[] } | { error: string; warnings: string[] };

const listItems = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

function parseOrdersOptions(value: string | null | undefined, warnings: string[]): number[] {
  if (value === null || value === undefined || value.trim() === '') return [...DEFAULT_ORDERS_OPTIONS];
  const options: number[] = [];
  for (const item of listItems(value)) {
    const orders = /^\d+$/.test(item) ? Number(item) : Number.NaN;
    if (!Number.isSafeInteger(orders)) {
      warnings.push(`orders-options: dropped ${JSON.stringify(item)}, not a whole number`);
    } else if (orders < MIN_ORDERS_PER_BILLING) {
      warnings.push(`orders-options: dropped ${item}, the service needs ${MIN_ORDERS_PER_BILLING} orders or more`);
    } else if (options.includes(orders)) {
      warnings.push(`orders-options: dropped the repeated ${item}`);
    } else if (options.length === MAX_ORDERS_OPTIONS) {
      warnings.push(`orders-options: dropped ${item}, at most ${MAX_ORDERS_OPTIONS} choices are shown`);
    } else {
      options.push(orders);
    }
  }
  return options;
}

function parseRenewalOptions(value: string | null | undefined, warnings: string[]): RenewalBehavior[] {
  if (value === null || value === undefined || value.trim() === '') return [...RENEWAL_BEHAVIORS];
  const options: RenewalBehavior[] = [];
  for (const item of listItems(value)) {
    if (!isRenewalBehavior(item)) {
      warnings.push(`renewal-options: dropped ${JSON.stringify(item)}, not one of ${RENEWAL_BEHAVIORS.join(', ')}`);
    } else if (!options.includes(item)) {
      options.push(item);
    }
  }
  return options;
}

export function parseChoices(attributes: ChoiceAttributes): ChoicesResult {
  const warnings: string[] = [];
  const ordersOptions = parseOrdersOptions(attributes.ordersOptions, warnings);
  if (ordersOptions.length === 0) return { error: 'orders-options has no valid choice (whole numbers of 3 or more)', warnings };
  const renewalOptions = parseRenewalOptions(attributes.renewalOptions, warnings);
  if (renewalOptions.length === 0) return { error: `renewal-options has no valid choice (${RENEWAL_BEHAVIORS.join(', ')})`, warnings };

  let ordersPerBilling = ordersOptions[0]!;
  const wantedOrders = attributes.ordersPerBilling;
  if (wantedOrders !== null && wantedOrders !== undefined && wantedOrders !== '') {
    const orders = Number(wantedOrders);
    if (ordersOptions.includes(orders)) ordersPerBilling = orders;
    else
      warnings.push(`orders-per-billing: ${JSON.stringify(String(wantedOrders))} is not one of orders-options, using ${ordersPerBilling}`);
  }

  const defaultRenewal = renewalOptions.includes('autorenew') ? 'autorenew' : renewalOptions[0]!;
  let renewalBehavior: RenewalBehavior = defaultRenewal;
  const wantedRenewal = attributes.renewalBehavior;
  if (wantedRenewal !== null && wantedRenewal !== undefined && wantedRenewal !== '') {
    if (isRenewalBehavior(wantedRenewal) && renewalOptions.includes(wantedRenewal)) renewalBehavior = wantedRenewal;
    else warnings.push(`renewal-behavior: ${JSON.stringify(wantedRenewal)} is not one of renewal-options, using ${defaultRenewal}`);
  }

  // An offer decides what the customer is billed: a malformed one is refused, never quietly replaced by `live`.
  const offer = attributes.offer === null || attributes.offer === undefined || attributes.offer === '' ? DEFAULT_OFFER : attributes.offer;
  if (!/^[\w.:-]{1,128}$/.test(offer)) {
    return { error: `offer ${JSON.stringify(offer)} is not an offer id or "live"`, warnings };
  }

  return { choices: { ordersOptions, ordersPerBilling, renewalOptions, renewalBehavior, offer }, warnings };
}
