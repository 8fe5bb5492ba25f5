import type { ErrorPhase, FailureKind, PickerStrings, Strings } from './strings.js';
import { plural } from './formatters.js';

const orders = (count: number) => plural('en', count, { one: '# order', other: '# orders' });
const prepaidOrders = (count: number) => plural('en', count, { one: '# prepaid order', other: '# prepaid orders' });

const failures = (kind: FailureKind, phase: ErrorPhase) =>
  ({
    config: 'This form is not set up correctly, so nothing can be changed here. Please contact the store.',
    network: 'We could not reach the store. Check your connection and try again.',
    timeout: 'The store took too long to answer. Try again.',
    malformed: 'The store sent an answer we could not read. Try again in a moment.',
    unconfirmed:
      'We do not know yet whether your subscription was prepaid: the store has not answered. It cannot be prepaid or charged twice. Check again in a moment.',
    alreadyPrepaid: 'This subscription was already prepaid, so nothing was changed and nothing was charged.',
    badRequest: 'The store refused this request. Please contact the store.',
    unauthorized: 'Your session has expired. Reload the page, or sign in again.',
    forbidden:
      phase === 'load'
        ? 'This subscription cannot be shown here. Please contact the store.'
        : 'This change is not allowed here. Please contact the store.',
    notFound:
      phase === 'load'
        ? 'We could not find this subscription. Check that you are signed in to your own account.'
        : 'We could not find this subscription any more. Please contact the store.',
    locked: 'Your subscription is being changed elsewhere right now. Try again in a moment.',
    rateLimited: 'There are too many requests right now. Try again in a few seconds.',
    server: 'Something went wrong at the store. Try again in a moment.',
  })[kind];

/**
 * English, the texts that every widget carries. The picker's English texts are in the discovery chunk
 * (`discovery/texts.ts`).
 */
export const en: Omit<Strings, keyof PickerStrings> = {
  heading: 'Prepay your subscription',
  description: 'Pay for several orders at once and stop thinking about each one.',
  loading: 'Loading your subscription…',
  finding: 'Finding your subscriptions…',
  pricePerOrder: (price) => `${price} per order`,
  ordersLegend: 'How many orders do you want to prepay?',
  ordersOption: orders,
  renewalLegend: 'When your prepaid orders run out',
  renewalOption: (behavior) =>
    ({ autorenew: 'Renew automatically', cancel: 'End the subscription', downgrade: 'Go back to paying per order' })[behavior],
  renewalHint: (behavior, count) =>
    ({
      autorenew: `When they run out, we bill the next ${orders(count)} together, when the first of them is placed.`,
      cancel: 'When they run out, your subscription ends.',
      downgrade: 'When they run out, you go back to paying for each order as it ships.',
    })[behavior],
  summaryHeading: 'Summary',
  summary: (count, total, perOrder) =>
    `${orders(count)} billed together at your next order${total && perOrder ? `: ${total} (${count} × ${perOrder})` : ''}.`,
  billedOn: (date) => `Billed on ${date}, when your next order is placed.`,
  beforeTaxAndShipping: 'These amounts are before tax and shipping, which your next order adds.',
  nothingChargedNow: 'Nothing is charged today.',
  saveUpTo: (percent) => `Save up to ${percent}`,
  savings: (percent) => `Save ${percent}`,
  ordersChoice: (total, date, taxed, discount) =>
    `${discount ? `With ${discount.percent} off, ` : ''}${total} ${date ? `on ${date}` : 'at your next order'}${discount ? ` instead of ${discount.full}` : ''}${taxed ? ', before tax and shipping' : ''}${discount ? `: ${discount.perOrder} per order` : ''}.`,
  summarySaving: (total, saving, percent) => `With the store’s ${percent} prepaid discount: ${total}, you save ${saving}.`,
  finalPriceNote: 'An estimate: the store confirms the final price when it bills your next order.',
  submit: (count) => `Prepay ${orders(count)}`,
  submitting: 'Upgrading your subscription…',
  successHeading: 'Your subscription is now prepaid',
  successBody: (count, total) =>
    `Your next order bills ${orders(count)} together${total ? `, an estimated ${total}` : ''}. Nothing was charged today.`,
  nextOrderBills: (date, total, count, charges) =>
    `Your next order, on ${date}, bills ${total} for ${orders(count)}${charges ? `: ${charges}` : ''}. Nothing was charged today.`,
  charges: (subTotal, tax, shipping) =>
    `${subTotal}, plus ${[tax && `${tax} tax`, shipping && `${shipping} shipping`].filter(Boolean).join(' and ')}`,
  nextOrderSubtotal: (date, subTotal, count) =>
    `Your next order, on ${date}, bills ${subTotal} for ${orders(count)}, and tax and shipping may be added. Nothing was charged today.`,
  ineligible: (reason, productName) =>
    ({
      'already-prepaid': 'This subscription is already prepaid.',
      'not-live': 'This subscription is no longer active, so it cannot be prepaid.',
      'product-not-eligible': `The store does not offer prepaying for ${productName || 'this product'}.`,
      'none-upgradeable': 'None of your subscriptions can be prepaid.',
      'no-subscriptions': 'You have no active subscriptions with this store.',
    })[reason],
  ineligibleNext: (reason) =>
    ({
      'already-prepaid': '',
      'not-live': 'To prepay its orders, subscribe again; a new subscription can be prepaid.',
      'product-not-eligible': 'Your subscription goes on as it is: you pay for each order as it ships.',
      'none-upgradeable': 'Your subscriptions go on as they are: you pay for each order as it ships.',
      'no-subscriptions': 'Once you subscribe to a product, you can prepay its orders here.',
    })[reason],
  noneBecause: (reason) =>
    ({
      'already-prepaid': 'They are all prepaid already.',
      'not-live': 'None of them is active.',
      'product-not-eligible': 'The store does not offer prepaying for the products you subscribe to.',
      'none-upgradeable': '',
      'no-subscriptions': '',
    })[reason],
  stateHeading: (state) =>
    ({ prepaid: 'Your prepaid subscription', ineligible: 'Prepaying is not available', picker: 'Prepay one of your subscriptions' })[state],
  pickerDescription: 'Choose a subscription, then how many of its orders to pay for at once.',
  cancelledOn: (date) => `Cancelled on ${date}.`,
  prepaidStatus: ({ ordersPerBilling, ordersRemaining, renewalBehavior, nextOrderDate }) =>
    (ordersRemaining > 0
      ? `${orders(ordersPerBilling)} per billing, ${prepaidOrders(ordersRemaining)} left.`
      : `${prepaidOrders(ordersPerBilling)}, billed with your next order${nextOrderDate ? ` on ${nextOrderDate}` : ''}.`) +
    (renewalBehavior
      ? ` When they run out: ${{ autorenew: 'it renews automatically', cancel: 'it ends', downgrade: 'it goes back to paying per order' }[renewalBehavior]}.`
      : ''),
  nextOrderOn: (date) => `Next order on ${date}.`,
  manageLegend: 'Change what happens when they run out',
  manageSubmit: 'Save change',
  savingChange: 'Saving your change…',
  renewalChanged: (behavior) =>
    `Saved. When your prepaid orders run out, ${{ autorenew: 'your subscription renews automatically', cancel: 'your subscription ends', downgrade: 'you go back to paying per order' }[behavior]}.`,
  changeUnconfirmed: 'We do not know yet whether your change was saved: the store has not answered. Check again in a moment.',
  checking: (phase) =>
    phase === 'upgrade' ? 'Checking whether your subscription was prepaid…' : 'Checking whether your change was saved…',
  checkAgain: 'Check again',
  failure: (kind, phase) =>
    // A write that the service did not make says so first. An unconfirmed write and an expired session cannot say
    // whether the change was made, and a change already made elsewhere says what happened instead.
    (phase === 'upgrade' || phase === 'renewal') && !['unconfirmed', 'unauthorized', 'config', 'alreadyPrepaid'].includes(kind)
      ? `${phase === 'upgrade' ? 'Your subscription was not prepaid, and nothing was charged.' : 'Your change was not saved.'} ${failures(kind, phase)}`
      : failures(kind, phase),
  refusedChoice: (heading) => `The store did not accept your choice for “${heading}”. Choose another one, or contact the store.`,
  retry: 'Try again',
  reload: 'Reload the page',
};
