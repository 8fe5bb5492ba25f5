/**
 * The shape of the widget's texts. English (`en.ts`) is the source of truth. Every language implements this type, and a
 * page may override any entry through the `strings` property. Entries that depend on a number or a price are functions,
 * so that each language builds its own sentence, with plurals from `Intl.PluralRules`.
 */
import type { FailureKind } from '../api/errors.js';
import type { ErrorPhase } from '../events.js';
import type { RenewalBehavior } from '../api/schemas.js';
import type { IneligibleReason } from '../api/eligibility.js';

export type { ErrorPhase, FailureKind, IneligibleReason };

/** The unit of how often a subscription ships. */
export type ShippingUnit = 'day' | 'week' | 'month';

export interface PrepaidStatus {
  ordersPerBilling: number;
  /**
   * 0 right after an upgrade, because the cycle has not started, and the next order bills the `ordersPerBilling`
   * orders. The terms then say so, and never "0 prepaid orders left".
   */
  ordersRemaining: number;
  renewalBehavior: RenewalBehavior | undefined;
  /**
   * When no orders remain, the date of the next order, which starts the cycle, such as "December 5". Only set when the
   * date is known.
   */
  nextOrderDate?: string;
}

/** A choice's discount, for the sentence a screen reader says under it: its percent, the price without it, one order's. */
export interface ChoiceDiscount {
  percent: string;
  full: string;
  perOrder: string;
}

export interface Strings {
  heading: string;
  description: string;
  loading: string;
  /** Announced while a widget without an id looks for the customer's subscriptions. */
  finding: string;
  /** The legend of the picker, when several of the customer's subscriptions can be prepaid. */
  pickerLegend: string;
  /**
   * One order's price: "$25.00 per order". It is under the product in the form, and under a subscription in the picker
   * when how often it ships is not known.
   */
  pricePerOrder: (price: string) => string;
  /**
   * Under a subscription in the picker, one sentence: how often it ships, then, when known, one order's price: "Every 2
   * weeks, $25.00 per order", or "Every 2 weeks".
   */
  shipsEvery: (count: number, unit: ShippingUnit, price?: string) => string;
  /**
   * The heading of the prepaid subscriptions listed below the picker, where the customer can change what happens when
   * their orders run out.
   */
  pickerPrepaid: string;
  /** Shown when some subscriptions' products could not be read: "1 other subscription could not be checked…". */
  uncheckedSubscriptions: (count: number) => string;
  /** The picker's button, which shows the subscription picked. */
  pickerContinue: string;
  /** Above the subscription chosen in the picker. It leads back to the picker. */
  pickerBack: string;
  ordersLegend: string;
  /** The label of one choice: "6 orders". */
  ordersOption: (orders: number) => string;
  renewalLegend: string;
  renewalOption: (behavior: RenewalBehavior) => string;
  /**
   * The one-line consequence of a renewal choice, which says when it applies ("When they run out, …"). It is also read
   * alone, under the success message.
   */
  renewalHint: (behavior: RenewalBehavior, orders: number) => string;
  summaryHeading: string;
  /** "6 orders billed together at your next order", with the price when it is known. */
  summary: (orders: number, total: string | undefined, perOrder: string | undefined) => string;
  /** In the summary, before `nothingChargedNow`, when the next order's date is known. */
  billedOn: (date: string) => string;
  /** In the summary, when the next order carries tax or shipping. It says that the form's amounts are before them. */
  beforeTaxAndShipping: string;
  nothingChargedNow: string;
  /** In the header, with the largest of the store's prepaid discounts: "Save up to 15%". */
  saveUpTo: (percent: string) => string;
  /** The badge of a choice with a discount: "Save 10%". */
  savings: (percent: string) => string;
  /**
   * What a choice of orders comes to, in one sentence. Without `discount`, it is what is drawn under the choice: "$75.00
   * on December 5." With it, it is what a screen reader says there in place of all that is drawn (the struck price, the
   * amount and its date, what one order comes to): "With 10% off, $67.50 on December 5 instead of $75.00: $11.25 per
   * order." `total` is what the choice's orders come to at the next order, after the discount when there is one. Without
   * a `date` (while it is read, or with no next order), the amount is "at your next order"; `taxed` adds that it is
   * before tax and shipping. Every amount comes formatted.
   */
  ordersChoice: (total: string, date: string | undefined, taxed: boolean, discount?: ChoiceDiscount) => string;
  /**
   * In the summary, when the chosen term has a discount: what the next order bills after the discount, and the saving.
   */
  summarySaving: (total: string, saving: string, percent: string) => string;
  /**
   * Under the summary when a discount applies. It says that the amount is the widget's estimate, and that the store's
   * bill is final.
   */
  finalPriceNote: string;
  submit: (orders: number) => string;
  submitting: string;
  successHeading: string;
  /**
   * After the upgrade, until the service's own figure is read, or when it cannot be read. It gives the widget's
   * estimate, and says that it is an estimate.
   */
  successBody: (orders: number, total: string | undefined) => string;
  /**
   * After the upgrade, what the card is charged for the next order, as read back from the service. It gives the total
   * and, with `charges` (see below), the tax and shipping in it.
   */
  nextOrderBills: (date: string, total: string, orders: number, charges: string | undefined) => string;
  /**
   * What a total is made of, when it holds tax or shipping: "$67.50, plus $5.40 tax and $4.99 shipping". `tax` and
   * `shipping` are undefined when they are zero. At least one of them is always given.
   */
  charges: (subTotal: string, tax: string | undefined, shipping: string | undefined) => string;
  /**
   * After the upgrade, when the service tells what the next order bills before tax and shipping, but not its total. It
   * gives the amount, and says that tax and shipping may be added.
   */
  nextOrderSubtotal: (date: string, subTotal: string, orders: number) => string;
  /**
   * Why a subscription cannot be prepaid, or why none of the customer's can. `productName` is for
   * `product-not-eligible`.
   */
  ineligible: (reason: IneligibleReason, productName: string | undefined) => string;
  /**
   * Follows the reason: what the customer can do about it, or what happens instead. It is empty for `already-prepaid`.
   */
  ineligibleNext: (reason: IneligibleReason) => string;
  /** Follows "None of your subscriptions can be prepaid." when all of them share one reason, and gives that reason. */
  noneBecause: (reason: IneligibleReason) => string;
  /**
   * The heading of the states that show no upgrade form: a prepaid subscription, one that cannot be prepaid, and the
   * picker.
   */
  stateHeading: (state: 'prepaid' | 'ineligible' | 'picker') => string;
  /** Under the picker's heading. */
  pickerDescription: string;
  /** Under the "no longer active" notice, when the service says when: "Cancelled on 14 September 2026." */
  cancelledOn: (date: string) => string;
  /**
   * A prepaid subscription's terms: orders per billing, the orders left (or the next order, which starts them), and the
   * renewal.
   */
  prepaidStatus: (status: PrepaidStatus) => string;
  /**
   * After a prepaid subscription's terms with orders left, when the next order's date is known: "Next order on
   * January 14, 2027."
   */
  nextOrderOn: (date: string) => string;
  /** The legend of the form that changes what happens when a prepaid subscription's orders run out. */
  manageLegend: string;
  /** That form's button. It is enabled once the choice differs from the subscription's. */
  manageSubmit: string;
  /** Announced, and shown on the form's button, while a renewal change is sent. */
  savingChange: string;
  /** Shown once the service confirmed a renewal change. It says what now happens when the prepaid orders run out. */
  renewalChanged: (behavior: RenewalBehavior) => string;
  /** Says that a renewal change's outcome is not known yet. The upgrade's `unconfirmed` failure has its own text. */
  changeUnconfirmed: string;
  /**
   * Announced, and shown on the locked form's button, while the widget reads whether a change was made after its answer
   * was lost. The change is the upgrade or a renewal change.
   */
  checking: (phase: 'upgrade' | 'renewal') => string;
  /** The button under "not known yet". It reads the subscription again, and never sends the change again. */
  checkAgain: string;
  /**
   * What happened and what the customer can do. The text depends on why the request failed and on which request it was:
   * reading the subscription (`load`), the upgrade, a renewal change, or the element's set-up (`config`). A write that
   * was not made says so. The service's own words are never shown. They go to the console and the error event instead.
   */
  failure: (kind: FailureKind, phase: ErrorPhase) => string;
  /**
   * Shown when the service refused one of the customer's choices. `heading` is the heading of the form or group in
   * which the choice was made, such as "How many orders do you want to prepay?" or "Change what happens when they run
   * out".
   */
  refusedChoice: (heading: string) => string;
  /** The button that reads the subscription again after a failed read. */
  retry: string;
  /** The button that reloads the page, where a reload helps, as after a session expired. */
  reload: string;
}

/**
 * The texts that only the picker shows, in a widget without `subscription-id`. The English ones come with the discovery
 * chunk, the one place that shows them, so that no other page downloads them. Every other language has them among its
 * own texts.
 */
export type PickerStrings = Pick<
  Strings,
  'pickerLegend' | 'shipsEvery' | 'pickerPrepaid' | 'uncheckedSubscriptions' | 'pickerContinue' | 'pickerBack'
>;

/**
 * The texts that an element holds: a language's texts, or the English ones without the picker's (see `PickerStrings`).
 */
export type ElementStrings = Omit<Strings, keyof PickerStrings> & Partial<PickerStrings>;
