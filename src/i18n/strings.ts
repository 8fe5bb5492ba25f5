/**
 * The shape of the widget's texts. English (`en.ts`) is the source of truth; every language implements this type,
 * and a page may override any entry through the `strings` property. Entries that depend on a number or a price are
 * functions, so that each language builds its own sentence (plurals through `Intl.PluralRules`).
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
   * 0 right after an upgrade: the cycle has not started, and the next order bills the `ordersPerBilling` orders. The
   * terms then say so, never "0 prepaid orders left".
   */
  ordersRemaining: number;
  renewalBehavior: RenewalBehavior | undefined;
  /** With no orders remaining, the date of the next order that starts the cycle ("December 5"), when it is known. */
  nextOrderDate?: string;
}

export interface Strings {
  heading: string;
  description: string;
  loading: string;
  /** Announced while a widget without an id looks for the customer's subscriptions. */
  finding: string;
  /** The legend of the picker, when several of the customer's subscriptions can be prepaid. */
  pickerLegend: string;
  /** Under a subscription in the picker: "$25.00 per order". */
  pricePerOrder: (price: string) => string;
  /** Under a subscription in the picker: "Every 2 weeks". */
  shipsEvery: (count: number, unit: ShippingUnit) => string;
  /** Heads the prepaid subscriptions offered, below the picker, to change what happens when their orders run out. */
  pickerPrepaid: string;
  /** Some subscriptions' products could not be read: "1 other subscription could not be checked…". */
  uncheckedSubscriptions: (count: number) => string;
  /** The picker's button, which shows the subscription picked. */
  pickerContinue: string;
  /** Above the subscription chosen in the picker: back to the picker. */
  pickerBack: string;
  ordersLegend: string;
  /** The label of one choice: "6 orders". */
  ordersOption: (orders: number) => string;
  /**
   * Under a choice, when a price is known and the next order's date is not: "$75.00 at your next order". `taxed`: the
   * next order adds tax or shipping, so the amount is said to be before them.
   */
  ordersOptionPrice: (total: string, taxed: boolean) => string;
  /** Under a choice, when a price and the next order's date are known: "$75.00 on December 5"; `taxed` as above. */
  ordersOptionOn: (total: string, date: string, taxed: boolean) => string;
  renewalLegend: string;
  renewalOption: (behavior: RenewalBehavior) => string;
  /**
   * The one-line consequence of a renewal choice, saying when it applies ("When they run out, …"): it is read alone
   * too, under the success message.
   */
  renewalHint: (behavior: RenewalBehavior, orders: number) => string;
  summaryHeading: string;
  /** "6 orders billed together at your next order" with the price when known. */
  summary: (orders: number, total: string | undefined, perOrder: string | undefined) => string;
  /** In the summary, before `nothingChargedNow`, when the next order's date is known. */
  billedOn: (date: string) => string;
  /** In the summary, when the next order carries tax or shipping: the amounts of the form are before them. */
  beforeTaxAndShipping: string;
  nothingChargedNow: string;
  /** In the header, with the largest of the store's prepaid discounts: "Save up to 15%". */
  saveUpTo: (percent: string) => string;
  /** The badge of a choice with a discount: "Save 10%". */
  savings: (percent: string) => string;
  /** What a screen reader hears for the struck-through full price: "was $75.00". */
  wasPrice: (total: string) => string;
  /** In the summary, with the chosen term's discount: what the next order bills after it, and the saving. */
  summarySaving: (total: string, saving: string, percent: string) => string;
  /** Under the summary when a discount applies: the amount is the widget's estimate, the store's bill is final. */
  finalPriceNote: string;
  submit: (orders: number) => string;
  submitting: string;
  successHeading: string;
  /** After the upgrade, until the service's own figure is read (or when it cannot be): the widget's estimate, as one. */
  successBody: (orders: number, total: string | undefined) => string;
  /**
   * After the upgrade, what the card is charged for the next order, read back from the service: its total, and with
   * `charges` (see below) the tax and shipping in it.
   */
  nextOrderBills: (date: string, total: string, orders: number, charges: string | undefined) => string;
  /**
   * What a total is made of, when it holds tax or shipping: "$67.50, plus $5.40 tax and $4.99 shipping". `tax` and
   * `shipping` are undefined when they are zero; one of them is always given.
   */
  charges: (subTotal: string, tax: string | undefined, shipping: string | undefined) => string;
  /**
   * After the upgrade, when the service tells what the next order bills before tax and shipping but not its total:
   * the amount, and that tax and shipping may be added.
   */
  nextOrderSubtotal: (date: string, subTotal: string, orders: number) => string;
  /** Why a subscription, or none of the customer's, can be prepaid; `productName` for `product-not-eligible`. */
  ineligible: (reason: IneligibleReason, productName: string | undefined) => string;
  /** After why: what the customer can do about it, or what happens instead (empty for `already-prepaid`). */
  ineligibleNext: (reason: IneligibleReason) => string;
  /** After "None of your subscriptions can be prepaid.", when all of them share one reason: that reason. */
  noneBecause: (reason: IneligibleReason) => string;
  /** The heading of the states that are no upgrade form: a prepaid subscription, one that cannot be prepaid, the picker. */
  stateHeading: (state: 'prepaid' | 'ineligible' | 'picker') => string;
  /** Under the picker's heading. */
  pickerDescription: string;
  /** Under the "no longer active" notice, when the service says when: "Cancelled on 14 September 2026." */
  cancelledOn: (date: string) => string;
  /** A prepaid subscription's terms: orders per billing, orders left (or the next order that starts them), renewal. */
  prepaidStatus: (status: PrepaidStatus) => string;
  /**
   * After a prepaid subscription's terms with orders left, when the next order's date is known: "Next order on
   * January 14, 2027."
   */
  nextOrderOn: (date: string) => string;
  /** The legend of the form that changes what happens when a prepaid subscription's orders run out. */
  manageLegend: string;
  /** Its button, enabled once the choice differs from the subscription's. */
  manageSubmit: string;
  /** Announced, and on its button, while a renewal change is sent. */
  savingChange: string;
  /** Once the service confirmed a renewal change: what now happens when the prepaid orders run out. */
  renewalChanged: (behavior: RenewalBehavior) => string;
  /** A renewal change whose outcome is not known yet (the `unconfirmed` failure of the upgrade has its own). */
  changeUnconfirmed: string;
  /**
   * Announced, and on the locked form's button, while the widget reads whether a change whose answer was lost was
   * made: the upgrade, or a renewal change.
   */
  checking: (phase: 'upgrade' | 'renewal') => string;
  /** The button under "not known yet": it reads the subscription again, and never sends the change again. */
  checkAgain: string;
  /**
   * What happened and what the customer can do, by why it failed and which request did: reading the subscription
   * (`load`), the upgrade, a renewal change, or the element's set-up (`config`). A write that was not made says so.
   * The service's own words are never shown: they go to the console and the error event.
   */
  failure: (kind: FailureKind, phase: ErrorPhase) => string;
  /**
   * The service refused one of the customer's choices: `heading` is that of the form or group it was made in ("How many
   * orders do you want to prepay?", "Change what happens when they run out").
   */
  refusedChoice: (heading: string) => string;
  /** The button that reads the subscription again after a failed read. */
  retry: string;
  /** The button that reloads the page, where a reload helps: a session that expired. */
  reload: string;
}

/**
 * The texts only the picker shows (a widget without `subscription-id`): English's come with the discovery chunk, the
 * one place that shows them, so that no other page downloads them. Every other language has them with its own texts.
 */
export type PickerStrings = Pick<
  Strings,
  'pickerLegend' | 'shipsEvery' | 'pickerPrepaid' | 'uncheckedSubscriptions' | 'pickerContinue' | 'pickerBack'
>;

/** The texts an element holds: a language's, or English's without the picker's (see `PickerStrings`). */
export type ElementStrings = Omit<Strings, keyof PickerStrings> & Partial<PickerStrings>;
