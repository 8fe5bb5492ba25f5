/**
 * What the picker shows (docs/discovery.md). It asks "Which subscription?", with a radio for each subscription that can
 * be upgraded, then Continue. Below it, the prepaid subscriptions are offered for management, with a button each. When
 * nothing can be offered, it shows a notice instead. The `Picker` (`picker.ts`) keeps the state, such as the radio
 * picked and the subscription chosen, and handles the customer's clicks.
 *
 * This module is part of the discovery chunk, so its templates are made with the element's Lit, which the element hands
 * over (see `Lit`). This module imports only types from `lit`.
 */
import type { html as Html, nothing as Nothing, TemplateResult } from 'lit';
import { isSafeImageAddress } from '../api/base-address.js';
import type { formatMoney as FormatMoney } from '../i18n/money.js';
import type { View } from '../i18n/view.js';
import type { Loaded } from '../shared/loaded.js';
import type { Strings } from '../i18n/strings.js';
import type { Discovered } from './candidates.js';
import { detailsOf } from './details.js';

/** The element's Lit. Templates made with another copy's `nothing` would render it as text. */
export interface Lit {
  html: typeof Html;
  nothing: typeof Nothing;
}

/** What the picker's templates take from the element. */
export interface TemplateHost {
  lit: Lit;
  /**
   * The element's `formatMoney`, whose formatters are made once for the whole page. If this chunk imported it, the
   * chunk would fetch the languages' shared file, where the formatters are kept, before the picker shows.
   */
  formatMoney: typeof FormatMoney;
}

/**
 * What the picker offers, and what the customer's clicks in it do. There is a radio for each of the `candidates`, a
 * note of how many were `unchecked`, and a button for each of `prepaid`.
 */
export interface PickerOffer extends Pick<Discovered, 'candidates' | 'unchecked' | 'refused'> {
  /** The prepaid subscriptions offered for management. There are none when the page does not allow it. */
  prepaid: Loaded[];
  /** Prepaid subscriptions were found, and the page does not offer them for management. */
  prepaidHidden: boolean;
  /** The radio picked before, which is checked again while it is offered. Otherwise the first radio is checked. */
  picked: string | undefined;
  /** A radio was picked. */
  onPick(event: Event): void;
  /** Continue was pressed, with the radio checked. */
  onContinue(event: SubmitEvent): void;
  /** The button of the prepaid subscription `id` was pressed, to show its management form. */
  onManage(id: string | undefined): void;
}

/** Why nothing is offered: the customer has no live subscription at all, or none of theirs can be prepaid. */
export const nothingOffered = ({ unchecked, refused, prepaidHidden }: Pick<PickerOffer, 'unchecked' | 'refused' | 'prepaidHidden'>) =>
  unchecked.length || refused.length || prepaidHidden ? ('none-upgradeable' as const) : ('no-subscriptions' as const);

/**
 * Where focus goes in the picker as rendered in `root`: the radio picked, or with `orManage` when none is, the first
 * prepaid subscription's button.
 */
export const pickerFocus = (root: ParentNode, orManage: boolean): HTMLElement | null =>
  root.querySelector(orManage ? '[part~=picker] input:checked, section button' : '[part~=picker] input:checked');

/** The picker and the prepaid subscriptions offered. When nothing can be offered, it says why. */
export function pickerTemplate(host: TemplateHost, view: View & { t: Strings }, offer: PickerOffer): TemplateResult {
  const { html, nothing } = host.lit;
  const { t } = view;
  const { candidates, prepaid, unchecked } = offer;
  const uncheckedNote = unchecked.length ? html`<p>${t.uncheckedSubscriptions(unchecked.length)}</p>` : nothing;
  if (!candidates.length && !prepaid.length) {
    const reason = nothingOffered(offer);
    // Says why none can be prepaid, when they all share one reason. Prepaid ones count when the page does not offer
    // them here.
    const reasons = new Set([...offer.refused, ...(offer.prepaidHidden ? ['already-prepaid' as const] : [])]);
    const [shared] = reasons.size === 1 && !unchecked.length ? reasons : [];
    return html`
      <div part="notice" tabindex="-1">
        <p class="notice-title">${t.ineligible(reason, undefined)}${shared ? ` ${t.noneBecause(shared)}` : nothing}</p>
        ${uncheckedNote}
        <p>${t.ineligibleNext(reason)}</p>
      </div>
    `;
  }
  const picked = candidates.some(({ subscription }) => subscription.public_id === offer.picked)
    ? offer.picked
    : candidates[0]?.subscription.public_id;
  /**
   * A subscription as the customer knows it: its product's picture and name, its price per order, and how often it
   * ships.
   */
  const describe = (loaded: Loaded, id: string, labelFor?: string) => {
    const { subscription, product } = loaded;
    const details = detailsOf(view, loaded, host.formatMoney);
    const name = html`
      ${isSafeImageAddress(product?.image_url) ? html`<img class="pick-image" src=${product.image_url} alt="" />` : nothing}
      <span class="product-name" id="${id}-name">${product?.name || subscription.public_id}</span>
    `;
    return html`
      ${labelFor ? html`<label for=${labelFor} class="pick">${name}</label>` : html`<span class="pick">${name}</span>`}
      ${details ? html`<p part="hint" id="${id}-hint">${details}</p>` : nothing}
    `;
  };
  // Upgradeable subscriptions are a choice, with a radio each, then Continue. Each prepaid one has its own button to
  // its management form, apart from the question, so that "Which subscription?" is only about what can be prepaid.
  return html`
    ${
      candidates.length
        ? html`<form class="form" novalidate @submit=${offer.onContinue}>
            <fieldset part="picker">
              <legend part="legend">${t.pickerLegend}</legend>
              ${candidates.map(
                (loaded, index) => html`
                  <div part="picker-option ${loaded.subscription.public_id === picked ? 'chosen' : ''}" class="option">
                    <input
                      part="radio"
                      type="radio"
                      id="pick-${index}"
                      name="subscription"
                      .value=${loaded.subscription.public_id!}
                      .checked=${loaded.subscription.public_id === picked}
                      aria-describedby=${detailsOf(view, loaded, host.formatMoney) ? `pick-${index}-hint` : nothing}
                      @change=${offer.onPick}
                    />
                    ${describe(loaded, `pick-${index}`, `pick-${index}`)}
                  </div>
                `,
              )}
              ${uncheckedNote}
              <button class="submit" type="submit">${t.pickerContinue}</button>
            </fieldset>
          </form>`
        : uncheckedNote
    }
    ${
      prepaid.length
        ? html`<section aria-labelledby="prepaid-heading">
            <h3 part="legend" id="prepaid-heading">${t.pickerPrepaid}</h3>
            ${prepaid.map(
              (loaded, index) => html`
                <div class="option">
                  <span class="spacer"></span>
                  ${describe(loaded, `prepaid-${index}`)}
                  <button
                    class="link"
                    type="button"
                    aria-describedby="prepaid-${index}-name"
                    @click=${() => offer.onManage(loaded.subscription.public_id)}
                  >
                    ${t.manageLegend}
                  </button>
                </div>
              `,
            )}
          </section>`
        : nothing
    }
  `;
}
