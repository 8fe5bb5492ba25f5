/**
 * What `<prepaid-upgrade>` shows in each state, as templates of plain data: the element decides the state and hands
 * over the texts, the loaded subscription and its handlers. Everything from the service is rendered as text. The
 * form, and the loading state that is its shape, are in `form-template.ts`.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { isSafeImageAddress } from '../api/base-address.js';
import type { NextOrder } from '../api/orders.js';
import type { Product, Subscription } from '../api/schemas.js';
import type { ErrorPhase } from '../events.js';
import { ordersPerBillingOf, renewalBehaviorOf } from '../api/writes.js';
import type { ElementStrings } from '../i18n/strings.js';
import type { Choices } from '../upgrade/choices.js';
import { formatServiceDate } from '../i18n/dates.js';
import type { Eligibility, IneligibleReason } from '../api/eligibility.js';
import type { Failure } from './failure.js';
import { applyDiscount, formatMoney, formatPercent, pricePerOrder } from '../i18n/money.js';
import type { HeaderKind, Shown } from './shown-state.js';
import type { WriteOutcome } from '../changes/write.js';

export interface Loaded {
  subscription: Subscription;
  product: Product | undefined;
  eligibility: Eligibility;
}

/** What every template reads: the texts (with the page's overrides) and the locale of numbers, money and dates. */
export interface View {
  t: ElementStrings;
  locale: string;
  /** The shown subscription's next order: `undefined` while it is read, `null` when it has none or it cannot be read. */
  nextOrder?: NextOrder | null | undefined;
}

/** A day of a month's longest name, for a date not known yet to take the room the real one will take. */
const STAND_IN_DAY = '2000-09-28';

/**
 * A text with the next order's date in it (with its year unless told otherwise), or `undated` when there is none.
 * While the order is read, the text holds a stand-in date, hidden, so that the date arrives without moving anything.
 */
export function dated<T>(
  { nextOrder, locale }: View,
  text: (date: string) => string,
  undated: T,
  year = true,
): T | string | TemplateResult {
  if (nextOrder === null) return undated;
  const date = formatServiceDate(nextOrder?.place ?? STAND_IN_DAY, locale, year)!;
  if (nextOrder) return text(date);
  const [before, ...after] = text('\n').split('\n');
  return html`${before}<span class="pending">${date}</span>${after.join(date)}`;
}

/** An amount in the subscription's currency, as the page's language writes it; `undefined` stays unknown. */
export const money = ({ locale }: View, amount: number | undefined, subscription: Subscription) =>
  amount === undefined ? undefined : formatMoney(amount, subscription.currency_code, locale);

export function productTemplate(view: View, { subscription, product }: Loaded): TemplateResult | typeof nothing {
  if (!product?.name) return nothing;
  const perOrder = money(view, pricePerOrder(subscription, product), subscription);
  return html`
    <div part="product" class="product">
      ${
        isSafeImageAddress(product.image_url)
          ? html`<img class="product-image" src=${product.image_url} alt="" width="56" height="56" />`
          : nothing
      }
      <div>
        <p class="product-name">${product.name}</p>
        ${perOrder ? html`<p class="product-price">${perOrder}</p>` : nothing}
      </div>
    </div>
  `;
}

/**
 * Stands in for what is read, without a word or a choice that the outcome might not keep (a heading, a price, a
 * saving): a few shimmering bars in a block of a fixed size. It costs one small template and no formatter, so that a
 * page's widgets are drawn at once when the script arrives; the status region says "loading".
 */
export const placeholderTemplate = (): TemplateResult => html`
  <div class="placeholder" aria-hidden="true"><span></span><span></span><span></span><span></span></div>
`;

/**
 * The heading of what is shown, and where an upgrade can be bought (`selling`), its description and "Save up to 15%"
 * with the largest of `choices`' discounts; the heading and description are each replaceable through its slot.
 */
export function headerTemplate({ t, locale }: View, kind: HeaderKind, selling: boolean, choices: Choices | undefined): TemplateResult {
  const largest = selling ? Math.max(0, ...Object.values(choices?.discounts ?? {}).map(Number)) : 0;
  const description = selling ? (kind === 'picker' ? t.pickerDescription : t.description) : undefined;
  return html`
    <header part="header" class="header">
      <slot name="heading"><h2 class="heading">${kind === 'form' ? t.heading : t.stateHeading(kind)}</h2></slot>
      <slot name="description">${description ? html`<p class="description">${description}</p>` : nothing}</slot>
      ${largest > 0 ? html`<p part="savings" class="savings">${t.saveUpTo(formatPercent(largest, locale))}</p>` : nothing}
    </header>
  `;
}

/** A notice that takes focus when it answers what the customer did: why nothing was changed, say. */
export const noticeTemplate = (title: string): TemplateResult => html`
  <div class="notice" tabindex="-1"><p class="notice-title">${title}</p></div>
`;

export function ineligibleTemplate(view: View, { subscription, product, eligibility }: Loaded): TemplateResult | typeof nothing {
  if (eligibility.eligible) return nothing;
  const cancelledOn = formatServiceDate(subscription.cancelled, view.locale);
  const next = view.t.ineligibleNext(eligibility.reason);
  return html`
    <div class="notice" tabindex="-1">
      <p class="notice-title">${view.t.ineligible(eligibility.reason, product?.name ?? undefined)}</p>
      ${eligibility.reason === 'not-live' && cancelledOn ? html`<p>${view.t.cancelledOn(cancelledOn)}</p>` : nothing}
      ${next ? html`<p>${next}</p>` : nothing}
    </div>
  `;
}

/** Whether the next order bills tax or shipping on top of its orders: the form's amounts are then before them. */
export const billsTaxOrShipping = (order: NextOrder | null | undefined): boolean =>
  !!order && (Number(order.taxTotal) > 0 || Number(order.shippingTotal) > 0);

/**
 * What the next order bills after the upgrade, read back from the service once it is: its total, with the tax and
 * shipping in it named; or, when only the amount before them is known, that amount and that they may be added. Until
 * then (or when nothing can be read), `undefined`.
 */
export function billedAfterUpgrade(view: View, subscription: Subscription): string | undefined {
  const { t, locale, nextOrder: order } = view;
  const date = formatServiceDate(order?.place, locale);
  if (!order || !date) return undefined;
  const orders = ordersPerBillingOf(subscription);
  const amount = (value: string | null) =>
    value === null ? undefined : formatMoney(Number(value), order.currencyCode ?? subscription.currency_code, locale);
  // Tax and shipping are named only when the order bills them.
  const charge = (value: string | null) => (Number(value) > 0 ? amount(value) : undefined);
  const [subTotal, total, tax, shipping] = [
    amount(order.subTotal),
    amount(order.total),
    charge(order.taxTotal),
    charge(order.shippingTotal),
  ];
  if (total) return t.nextOrderBills(date, total, orders, subTotal && (tax || shipping) ? t.charges(subTotal, tax, shipping) : undefined);
  return subTotal && t.nextOrderSubtotal(date, subTotal, orders);
}

/**
 * The upgrade succeeded: what the next order bills (the service's figure, else the estimate as one), what happens when
 * the orders run out, and the form to change that. `discounts`: the store's prepaid discounts the estimate applies.
 */
export function successTemplate(
  view: View,
  subscription: Subscription,
  loaded: Loaded | undefined,
  discounts: Choices['discounts'] | undefined,
  manage: TemplateResult | typeof nothing,
): TemplateResult {
  const { t } = view;
  const orders = ordersPerBillingOf(subscription);
  const renewal = renewalBehaviorOf(subscription);
  const perOrder = pricePerOrder(subscription, loaded?.product);
  const percent = discounts?.[orders];
  const estimate =
    perOrder === undefined
      ? undefined
      : percent
        ? applyDiscount(perOrder * orders, percent, subscription.currency_code).discounted
        : perOrder * orders;
  return html`
    <div part="success" class="success" tabindex="-1">
      <h3 class="success-heading">${t.successHeading}</h3>
      <p>${billedAfterUpgrade(view, subscription) ?? t.successBody(orders, money(view, estimate, subscription))}</p>
      ${renewal ? html`<p>${t.renewalHint(renewal, orders)}</p>` : nothing}
      <slot name="success"></slot>
    </div>
    ${manage}
  `;
}

/**
 * A failure, or (without one) a configuration error: what happened and what to do, in the customer's words only (the
 * service's own reason goes to the console and the error event). One button, where one helps: a new read after a
 * failed load that may pass or after a write whose outcome is not known, a reload of the page for a session that
 * expired (it brings a new token); a failed write is tried again with its form's own button, which stays above.
 * `phase`: which request failed.
 */
export function errorTemplate({ t }: View, failure: Failure | undefined, phase: ErrorPhase, onRetry: () => void): TemplateResult {
  const kind = failure?.kind ?? 'config';
  // A refused choice is named by the heading of the form it was made in. (A field named like `toString` finds a value
  // of the object's prototype, which is no key of the texts either.)
  const choice = { orders_per_billing: 'ordersLegend', renewal_behavior: phase === 'renewal' ? 'manageLegend' : 'renewalLegend' }[
    failure?.field as string
  ] as 'ordersLegend' | 'renewalLegend' | 'manageLegend' | undefined;
  const heading = choice && t[choice];
  const button =
    kind === 'unauthorized'
      ? ([t.reload, () => location.reload()] as const)
      : kind === 'unconfirmed'
        ? ([t.checkAgain, onRetry] as const)
        : phase === 'load' && failure?.retryable
          ? ([t.retry, onRetry] as const)
          : undefined;
  return html`
    <div part="error" class="error" role="alert" tabindex="-1">
      <p>
        ${heading ? t.refusedChoice(heading) : phase === 'renewal' && kind === 'unconfirmed' ? t.changeUnconfirmed : t.failure(kind, phase)}
      </p>
      ${button ? html`<button part="retry" class="retry" type="button" @click=${button[1]}>${button[0]}</button>` : nothing}
    </div>
  `;
}

/**
 * What the polite status region says in each state: loading, a write sent and checked, success, a confirmed renewal
 * change, why a subscription cannot be upgraded, and that it was prepaid already, are announced. `shown`: what
 * `deriveShown` says; `renewal`: the outcome of the last renewal change; `finding`: without an id, the customer's
 * subscriptions are looked for.
 */
export function announcement(
  t: ElementStrings,
  shown: Pick<Shown, 'state' | 'checking' | 'changing' | 'alreadyPrepaid'>,
  loaded: Loaded | undefined,
  renewal: WriteOutcome<Subscription>,
  finding: boolean,
  nothingFound: IneligibleReason = 'none-upgradeable',
): string {
  const { state } = shown;
  if (state === 'loading') return finding ? t.finding : t.loading;
  if (shown.checking) return t.checking(shown.changing ? 'renewal' : 'upgrade');
  if (state === 'submitting') return shown.changing ? t.savingChange : t.submitting;
  if (state === 'success') return t.successHeading;
  const changed = renewal.status === 'success' && renewalBehaviorOf(renewal.value);
  if (changed) return t.renewalChanged(changed);
  if (shown.alreadyPrepaid) return t.failure('alreadyPrepaid', 'upgrade');
  if (state === 'prepaid') return t.ineligible('already-prepaid', undefined);
  if (state !== 'ineligible') return '';
  // Ineligible with nothing shown: the customer has no subscription, or none of theirs can be prepaid.
  const reason = loaded && !loaded.eligibility.eligible ? loaded.eligibility.reason : nothingFound;
  return t.ineligible(reason, loaded?.product?.name ?? undefined);
}
