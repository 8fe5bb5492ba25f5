/** What the widget shows about a subscription besides its form: its product, and why it cannot be prepaid. */
import { html, nothing, type TemplateResult } from 'lit';
import { isSafeImageAddress } from '../api/base-address.js';
import { formatServiceDate } from '../i18n/dates.js';
import { pricePerOrder } from '../api/subscription.js';
import { money, type View } from '../i18n/view.js';
import type { Loaded } from '../shared/loaded.js';

export function productTemplate(view: View, { subscription, product }: Loaded): TemplateResult | typeof nothing {
  if (!product?.name) return nothing;
  const perOrder = money(view, pricePerOrder(subscription, product), subscription);
  return html`
    <div part="product">
      ${
        isSafeImageAddress(product.image_url)
          ? html`<img class="product-image" src=${product.image_url} alt="" width="56" height="56" />`
          : nothing
      }
      <div>
        <p class="product-name">${product.name}</p>
        ${perOrder ? html`<p>${view.t.pricePerOrder(perOrder)}</p>` : nothing}
      </div>
    </div>
  `;
}

export function ineligibleTemplate(view: View, { subscription, product, eligibility }: Loaded): TemplateResult | typeof nothing {
  if (eligibility.eligible) return nothing;
  const cancelledOn = formatServiceDate(subscription.cancelled, view.locale);
  const next = view.t.ineligibleNext(eligibility.reason);
  return html`
    <div part="notice" tabindex="-1">
      <p class="notice-title">${view.t.ineligible(eligibility.reason, product?.name ?? undefined)}</p>
      ${eligibility.reason === 'not-live' && cancelledOn ? html`<p>${view.t.cancelledOn(cancelledOn)}</p>` : nothing}
      ${next ? html`<p>${next}</p>` : nothing}
    </div>
  `;
}
