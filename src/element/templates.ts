/**
 * What `<prepaid-upgrade>` shows in each state, as templates of plain data: the element decides the state and hands
 * over the texts, the loaded subscription and its handlers. Everything from the service is rendered as text.
 */
import { html, nothing, type TemplateResult } from 'lit-html';
import { isSafeImageAddress } from '../api/base-address.js';
import type { Product, Subscription } from '../api/schemas.js';
import { isRenewalBehavior } from '../api/upgrade-request.js';
import type { Strings } from '../i18n/strings.js';
import type { Choices } from './choices.js';
import { formatServiceDate } from './dates.js';
import type { Eligibility } from './eligibility.js';
import type { Failure } from './failure.js';
import { formatMoney, pricePerOrder } from './money.js';

export interface Loaded {
  subscription: Subscription;
  product: Product | undefined;
  eligibility: Eligibility;
}

/** What every template reads: the texts (with the page's overrides) and the locale of numbers, money and dates. */
export interface View {
  t: Strings;
  locale: string;
}

export type FormMode = 'live' | 'submitting' | 'placeholder';

export interface FormView extends View {
  choices: Choices;
  orders: number;
  renewal: Choices['renewalBehavior'];
  onSubmit(event: SubmitEvent): void;
  onOrdersChange(event: Event): void;
  onRenewalChange(event: Event): void;
}

/** Stands in for the subscription while it loads: a product with a price, so that the price lines are reserved too. */
const PLACEHOLDER: Loaded = {
  subscription: { price: '00.00', quantity: 1 },
  product: { name: 'Loading subscription details' },
  eligibility: { eligible: true },
};

const money = ({ locale }: View, amount: number | undefined, subscription: Subscription) =>
  amount === undefined ? undefined : formatMoney(amount, subscription.currency_code, locale);

/**
 * The ready state's layout with every text hidden behind a shimmer, so that the page does not move when the
 * subscription arrives. It is inert and hidden from assistive technology: the status region says "loading".
 */
export const loadingTemplate = (view: FormView): TemplateResult => html`
  <div class="placeholder" .inert=${true} aria-hidden="true">
    ${productTemplate(view, PLACEHOLDER, true)} ${formTemplate(view, PLACEHOLDER, 'placeholder')}
  </div>
`;

export function productTemplate(view: View, { subscription, product }: Loaded, placeholder = false): TemplateResult | typeof nothing {
  if (!product?.name) return nothing;
  const perOrder = money(view, pricePerOrder(subscription, product), subscription);
  return html`
    <div part="product" class="product">
      ${
        placeholder
          ? html`<span class="product-image"></span>`
          : isSafeImageAddress(product.image_url)
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

export function formTemplate(view: FormView, { subscription, product }: Loaded, mode: FormMode): TemplateResult {
  const { t, choices, orders, renewal } = view;
  const submitting = mode === 'submitting';
  const perOrderAmount = pricePerOrder(subscription, product);
  const total = (count: number) => money(view, perOrderAmount === undefined ? undefined : perOrderAmount * count, subscription);
  return html`
    <form part="form" class="form" novalidate @submit=${view.onSubmit}>
      <fieldset part="orders" class="group" ?disabled=${submitting}>
        <legend class="legend">${t.ordersLegend}</legend>
        ${choices.ordersOptions.map((count) => {
          const price = total(count);
          return html`
            <div part="orders-option" class="option">
              <input
                type="radio"
                id="orders-${count}"
                name="orders"
                .value=${String(count)}
                .checked=${count === orders}
                aria-describedby=${price ? `orders-${count}-hint` : nothing}
                @change=${view.onOrdersChange}
              />
              <label for="orders-${count}">${t.ordersOption(count)}</label>
              ${price ? html`<p class="hint" id="orders-${count}-hint">${t.ordersOptionPrice(price)}</p>` : nothing}
            </div>
          `;
        })}
      </fieldset>
      <fieldset part="renewal" class="group" ?disabled=${submitting}>
        <legend class="legend">${t.renewalLegend}</legend>
        ${choices.renewalOptions.map(
          (behavior) => html`
            <div part="renewal-option" class="option">
              <input
                type="radio"
                id="renewal-${behavior}"
                name="renewal"
                .value=${behavior}
                .checked=${behavior === renewal}
                aria-describedby="renewal-${behavior}-hint"
                @change=${view.onRenewalChange}
              />
              <label for="renewal-${behavior}">${t.renewalOption(behavior)}</label>
              <p class="hint" id="renewal-${behavior}-hint">${t.renewalHint(behavior, orders)}</p>
            </div>
          `,
        )}
      </fieldset>
      <div part="summary" class="summary">
        <h3 class="summary-heading">${t.summaryHeading}</h3>
        <p>${t.summary(orders, total(orders), money(view, perOrderAmount, subscription))}</p>
        <p>${t.nothingChargedNow}</p>
      </div>
      <slot name="terms"></slot>
      <button part="submit" class="submit" type="submit" aria-disabled=${submitting ? 'true' : 'false'}>
        ${submitting ? t.submitting : t.submit(orders)}
      </button>
    </form>
  `;
}

export function ineligibleTemplate(view: View, { subscription, product, eligibility }: Loaded): TemplateResult | typeof nothing {
  if (eligibility.eligible) return nothing;
  const { t } = view;
  const context = subscription.prepaid_subscription_context;
  const renewal = context?.renewal_behavior;
  const cancelledOn = formatServiceDate(subscription.cancelled, view.locale);
  return html`
    <div class="notice" tabindex="-1">
      <p class="notice-title">${t.ineligible(eligibility.reason, product?.name ?? undefined)}</p>
      ${eligibility.reason === 'not-live' && cancelledOn ? html`<p>${t.cancelledOn(cancelledOn)}</p>` : nothing}
      ${
        eligibility.reason === 'already-prepaid' && context
          ? html`<p>
              ${t.prepaidStatus({
                ordersPerBilling: context.prepaid_orders_per_billing ?? 0,
                ordersRemaining: context.prepaid_orders_remaining ?? 0,
                renewalBehavior: isRenewalBehavior(renewal) ? renewal : undefined,
              })}
            </p>`
          : nothing
      }
    </div>
  `;
}

export function successTemplate(view: View, subscription: Subscription, loaded: Loaded | undefined): TemplateResult {
  const { t } = view;
  const context = subscription.prepaid_subscription_context;
  const orders = context?.prepaid_orders_per_billing ?? 0;
  const renewal = context?.renewal_behavior;
  const perOrder = pricePerOrder(subscription, loaded?.product);
  return html`
    <div part="success" class="success" tabindex="-1">
      <h3 class="success-heading">${t.successHeading}</h3>
      <p>${t.successBody(orders, money(view, perOrder === undefined ? undefined : perOrder * orders, subscription))}</p>
      ${isRenewalBehavior(renewal) ? html`<p>${t.renewalHint(renewal, orders)}</p>` : nothing}
      <slot name="success"></slot>
    </div>
  `;
}

/** A failure, or (without one) a configuration error: what happened, the service's reason, and what to do. */
export function errorTemplate({ t }: View, failure: Failure | undefined, onRetry: () => void): TemplateResult {
  // A reason about one of the customer's choices is labelled with the words the form asks for it with; a reason
  // about anything else, with nothing. (A field named like `toString` finds a value of the object's prototype,
  // which is no key of the texts either.)
  const choice = { orders_per_billing: 'ordersLegend', renewal_behavior: 'renewalLegend' }[failure?.field as string];
  const label = t[choice as 'ordersLegend' | 'renewalLegend'];
  return html`
    <div part="error" class="error" role="alert" tabindex="-1">
      <p>${t.failure(failure?.kind ?? 'config')}</p>
      ${
        failure?.detail
          ? html`<p>${t.refusedBecause} <span class="detail">${failure.detail}</span>${label ? ` (${label})` : nothing}</p>`
          : nothing
      }
      ${
        failure
          ? html`<button part="retry" class="retry" type="button" @click=${onRetry}>${failure.retryable ? t.retry : t.reload}</button>`
          : nothing
      }
    </div>
  `;
}

/** What the polite status region says in each state: loading, submitting and success are announced. */
export function announcement(t: Strings, state: string, loaded: Loaded | undefined): string {
  if (state === 'loading') return t.loading;
  if (state === 'submitting') return t.submitting;
  if (state === 'success') return t.successHeading;
  if (state === 'ineligible' && loaded && !loaded.eligibility.eligible) {
    return t.ineligible(loaded.eligibility.reason, loaded.product?.name ?? undefined);
  }
  return '';
}
