/**
 * The choices that the element offers, read from its attributes. Invalid entries are dropped with a warning that names
 * the attribute. When nothing valid is left, the element shows a configuration error and sends no request.
 */
import { MIN_ORDERS_PER_BILLING, RENEWAL_BEHAVIORS, isRenewalBehavior, type RenewalBehavior } from '../api/upgrade-request.js';

export const DEFAULT_ORDERS_OPTIONS = [3, 6, 12] as const;
export const DEFAULT_OFFER = 'live';
/** More choices would not fit a radio group that anyone wants to read. */
const MAX_OPTIONS = 12;

export interface ChoiceAttributes {
  ordersOptions?: string | null | undefined;
  ordersPerBilling?: number | string | null | undefined;
  renewalOptions?: string | null | undefined;
  renewalBehavior?: string | null | undefined;
  offer?: string | null | undefined;
  prepaidDiscounts?: string | null | undefined;
}

/**
 * Reads `manage-renewal`, which says whether the page offers to change a prepaid subscription's renewal. It is on
 * unless its text is `false`, in any case and with any spaces around it. Unlike an HTML boolean attribute,
 * `manage-renewal="false"` turns it off. Removing the attribute turns it on again.
 */
export const onUnlessFalse = (text: string | null): boolean => text?.trim().toLowerCase() !== 'false';

/** The element's properties that the choices are read from. A change of any of them reads the choices again. */
export const CHOICE_PROPERTIES = [
  'ordersOptions',
  'ordersPerBilling',
  'renewalOptions',
  'renewalBehavior',
  'offer',
  'prepaidDiscounts',
] as const satisfies ReadonlyArray<keyof ChoiceAttributes>;

export interface Choices {
  ordersOptions: number[];
  /**
   * The preselected number of orders, one of `ordersOptions`. In the element's choices, this is the customer's pick.
   */
  ordersPerBilling: number;
  renewalOptions: RenewalBehavior[];
  /**
   * The preselected renewal behaviour, one of `renewalOptions`. In the element's choices, this is the customer's pick.
   */
  renewalBehavior: RenewalBehavior;
  offer: string;
  /** The store's prepaid discount, in percent, for each offered term that has one: `{ 6: 10, 12: 15 }`. */
  discounts: Partial<Record<number, number>>;
}

export type ChoicesResult = { choices: Choices; warnings: string[] } | { error: string; warnings: string[] };

/** What an entry of a list attribute stands for: an option, or the reason it is not one. */
type Entry<T> = T | { problem: string };

const readOrders = (item: string): Entry<number> => {
  const orders = /^\d+$/.test(item) ? Number(item) : Number.NaN;
  if (!Number.isSafeInteger(orders)) return { problem: 'not a whole number' };
  return orders < MIN_ORDERS_PER_BILLING ? { problem: `the service needs ${MIN_ORDERS_PER_BILLING} orders or more` } : orders;
};

const readRenewal = (item: string): Entry<RenewalBehavior> =>
  isRenewalBehavior(item) ? item : { problem: `not one of ${RENEWAL_BEHAVIORS.join(', ')}` };

/** The entries of a comma-separated attribute, trimmed, empty ones left out. */
const entriesOf = (value: string | null | undefined): string[] =>
  value
    ?.split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '') ?? [];

/** The warning for an entry of a list attribute that is left out: `orders-options: dropped "2", <why>`. */
const leftOut = (attribute: string, verb: 'dropped' | 'ignored', item: string, problem: string) =>
  `${attribute}: ${verb} ${JSON.stringify(item)}, ${problem}`;

/**
 * The options of a comma-separated list attribute, or `defaults` when it is unset. An entry that `read` refuses, a
 * repeat, or an entry after the twelfth is dropped with a warning.
 */
function parseList<T extends number | string>(
  attribute: string,
  value: string | null | undefined,
  defaults: readonly T[],
  read: (item: string) => Entry<T>,
  warnings: string[],
): T[] {
  if (!value?.trim()) return [...defaults];
  const options: T[] = [];
  for (const item of entriesOf(value)) {
    const option = read(item);
    let problem = '';
    if (typeof option === 'object') problem = option.problem;
    else if (options.includes(option)) problem = 'a repeat';
    else if (options.length === MAX_OPTIONS) problem = `at most ${MAX_OPTIONS} choices are shown`;
    else options.push(option);
    if (problem) warnings.push(leftOut(attribute, 'dropped', item, problem));
  }
  return options;
}

/**
 * The option that `wanted` names. It is `fallback` when `wanted` is unset, and also, with a warning, when it names none
 * of `options`.
 */
function preselect<T extends number | string>(
  attribute: string,
  wanted: unknown,
  options: readonly T[],
  fallback: T,
  warnings: string[],
): T {
  if (wanted === null || wanted === undefined || wanted === '') return fallback;
  // A number may also be set as a string from script: "6" picks 6.
  const option = options.find((option) => option === (typeof option === 'number' ? Number(wanted) : wanted));
  if (option !== undefined) return option;
  warnings.push(`${attribute}: ${JSON.stringify(String(wanted))} is not one of ${options.join(', ')}; using ${fallback}`);
  return fallback;
}

/**
 * The store's prepaid discounts, such as `3:5,6:10,12:15`: for each term, a percent more than 0 and less than 100. The
 * service does not tell the discounts, so the merchant does. A malformed pair or a repeat is dropped, and a term that
 * is not offered is ignored, each with a warning.
 */
function parseDiscounts(value: string | null | undefined, ordersOptions: readonly number[], warnings: string[]): Choices['discounts'] {
  const discounts: Choices['discounts'] = {};
  for (const item of entriesOf(value)) {
    const [, term, percent] = /^(\d+) *: *(\d+(?:\.\d+)?) *%?$/.exec(item) ?? [];
    const orders = Number(term);
    const rate = Number(percent);
    const problem =
      term === undefined
        ? 'not a pair of orders:percent'
        : !(rate > 0 && rate < 100)
          ? 'the percent must be more than 0 and less than 100'
          : discounts[orders] !== undefined && 'a repeat';
    if (problem) warnings.push(leftOut('prepaid-discounts', 'dropped', item, problem));
    else if (!ordersOptions.includes(orders)) {
      warnings.push(
        leftOut('prepaid-discounts', 'ignored', item, `${orders} orders is not one of the orders options (${ordersOptions.join(', ')})`),
      );
    } else discounts[orders] = rate;
  }
  return discounts;
}

export function parseChoices(attributes: ChoiceAttributes): ChoicesResult {
  const warnings: string[] = [];
  const ordersOptions = parseList('orders-options', attributes.ordersOptions, DEFAULT_ORDERS_OPTIONS, readOrders, warnings);
  const renewalOptions = parseList('renewal-options', attributes.renewalOptions, RENEWAL_BEHAVIORS, readRenewal, warnings);
  // An offer decides what the customer is billed. So a malformed offer is refused, and never quietly replaced by
  // `live`.
  const offer = attributes.offer || DEFAULT_OFFER;
  const error =
    ordersOptions.length === 0
      ? 'orders-options has no valid choice'
      : renewalOptions.length === 0
        ? 'renewal-options has no valid choice'
        : !/^[\w.:-]{1,128}$/.test(offer) && `offer ${JSON.stringify(offer)} is not an offer id or "live"`;
  if (error) return { error, warnings };

  const ordersPerBilling = preselect('orders-per-billing', attributes.ordersPerBilling, ordersOptions, ordersOptions[0]!, warnings);
  const defaultRenewal = renewalOptions.includes('autorenew') ? 'autorenew' : renewalOptions[0]!;
  const renewalBehavior = preselect('renewal-behavior', attributes.renewalBehavior, renewalOptions, defaultRenewal, warnings);
  const discounts = parseDiscounts(attributes.prepaidDiscounts, ordersOptions, warnings);
  return { choices: { ordersOptions, ordersPerBilling, renewalOptions, renewalBehavior, offer, discounts }, warnings };
}
