/**
 * The customer's choice among what discovery found (docs/discovery.md). It covers the picker "Which subscription?",
 * with a radio for each subscription that can be upgraded, and below it the prepaid subscriptions offered for
 * management, with a button each. It also covers the subscription chosen, the way back, and the notice when nothing can
 * be offered. The element shows the chosen subscription as it would show one named by `subscription-id`. Before the
 * customer chooses, a single upgradeable subscription is shown at once. When none can be upgraded, a single prepaid one
 * is shown at once.
 *
 * This module keeps that state, and `picker-template.ts` says what the picker looks like. Both are part of the
 * discovery chunk, which only a widget without `subscription-id` loads (see `discovery/loader.ts`). The script bundles
 * load that chunk as a file of its own, so it cannot share their copy of Lit by importing it. Instead, the element
 * hands over its `html` and `nothing`, and the chunk imports only types from `lit`.
 */
import type { TemplateResult } from 'lit';
import type { Subscription } from '../api/schemas.js';
import { decideEligibility } from '../api/eligibility.js';
import type { View } from '../i18n/view.js';
import type { Loaded } from '../shared/loaded.js';
import { withPickerTexts } from './texts.js';
import { adoptPickerStyles } from './picker.styles.js';
import type { Discovered } from './candidates.js';
import { nothingOffered, pickerFocus, pickerTemplate, type TemplateHost } from './picker-template.js';

export type { Lit } from './picker-template.js';

export interface PickerHost extends TemplateHost {
  /** The element's shadow root, where the picker's styles are added. */
  root(): ShadowRoot;
  requestUpdate(): void;
  /** Called when the customer chose a subscription in the picker. The subscription is shown now. */
  chose(loaded: Loaded): void;
  /** The customer went back to the picker. */
  wentBack(): void;
}

export class Picker {
  readonly #host: PickerHost;
  readonly #found: Discovered;
  /** The radio picked in the picker, before Continue. */
  #picked: string | undefined;
  /** The subscription shown instead of the picker. It was chosen, or pinned when a write changed it. */
  #chosenId: string | undefined;
  /**
   * Whether the customer went back to the picker. The picker is then shown even where one subscription would be shown
   * at once.
   */
  #picking = false;

  /** `chosenId` is the subscription chosen before a reload. It is shown again if it is still offered. */
  constructor(host: PickerHost, found: Discovered, chosenId?: string) {
    adoptPickerStyles(host.root());
    this.#host = host;
    this.#found = found;
    this.#chosenId = chosenId;
  }

  /** The upgradeable subscriptions found, in listing order. They are the `candidates` of `prepaid-upgrade-ready`. */
  get candidates(): Subscription[] {
    return this.#found.candidates.map(({ subscription }) => subscription);
  }

  get chosenId(): string | undefined {
    return this.#chosenId;
  }

  /** Finds the subscription `id` among all that can be shown, upgradeable or prepaid. */
  #find(id: string | undefined): Loaded | undefined {
    return [...this.#found.candidates, ...this.#found.prepaid].find(({ subscription }) => subscription.public_id === id);
  }

  /** The prepaid subscriptions offered for management: all of them when the page allows it, else none. */
  #prepaidOffered(manage: boolean): Loaded[] {
    return manage ? this.#found.prepaid : [];
  }

  /** Whether prepaid subscriptions were found that the page does not offer for management. */
  #prepaidHidden(manage: boolean): boolean {
    return !manage && this.#found.prepaid.length > 0;
  }

  /**
   * Why nothing can be offered, when that is so: the customer has no live subscription, or none of theirs can be
   * prepaid.
   */
  whyNothing(manage: boolean): 'none-upgradeable' | 'no-subscriptions' {
    return nothingOffered({ ...this.#found, prepaidHidden: this.#prepaidHidden(manage) });
  }

  /**
   * Whether anything can be offered. If not, the widget shows the notice that none of the customer's subscriptions can
   * be prepaid.
   */
  hasOffers(manage: boolean): boolean {
    return this.#found.candidates.length + this.#prepaidOffered(manage).length > 0;
  }

  /**
   * The subscription shown instead of the picker. It is the one chosen, else the only upgradeable one, else the only
   * prepaid one offered when none is upgradeable. `undefined` while the picker asks.
   */
  shown(manage: boolean): Loaded | undefined {
    if (this.#picking) return undefined;
    const { candidates } = this.#found;
    const chosenId = this.#chosenId;
    // The chosen subscription is looked for among all, not only the offers. So an upgraded subscription stays shown,
    // even when prepaid ones are not offered.
    if (chosenId !== undefined) return this.#find(chosenId);
    if (candidates.length) return candidates.length === 1 ? candidates[0] : undefined;
    const offered = this.#prepaidOffered(manage);
    return offered.length === 1 ? offered[0] : undefined;
  }

  /** Whether the shown subscription is one of several offered, so that the picker is worth going back to. */
  canGoBack(manage: boolean): boolean {
    return this.#found.candidates.length + this.#prepaidOffered(manage).length > 1;
  }

  /**
   * Called when the service changed a subscription, with an upgrade or a renewal change, here or elsewhere. The picker
   * then offers it as it is now. With `choose`, because the customer changed it here, it stays shown.
   */
  replace(subscription: Subscription, choose: boolean): void {
    const id = subscription.public_id;
    const found = this.#found;
    const old = this.#find(id);
    if (!old) return;
    if (choose) this.#chosenId = id;
    const loaded: Loaded = { ...old, subscription, eligibility: decideEligibility(subscription, old.product) };
    // A subscription that stays in its list keeps its place, so that nothing on the page moves. One that moves to the
    // other list goes last there.
    const update = (list: Loaded[], belongs: boolean) =>
      !belongs
        ? list.filter((item) => item !== old)
        : list.includes(old)
          ? list.map((item) => (item === old ? loaded : item))
          : [...list, loaded];
    const { eligibility } = loaded;
    found.candidates = update(found.candidates, eligibility.eligible);
    found.prepaid = update(found.prepaid, !eligibility.eligible && eligibility.reason === 'already-prepaid');
  }

  /** Goes back to the picker. The radio of the subscription that was shown is picked. */
  back(shownId: string | undefined): void {
    this.#picked = shownId;
    this.#chosenId = undefined;
    this.#picking = true;
    this.#host.requestUpdate();
    this.#host.wentBack();
  }

  /** Where focus goes in the picker as rendered in `root` (`pickerFocus`, beside the markup it finds). */
  focusTarget(root: ParentNode, orManage = false): HTMLElement | null {
    return pickerFocus(root, orManage);
  }

  /** The picker and the prepaid subscriptions offered. When nothing can be offered, it says why. */
  template(view: View, manage: boolean): TemplateResult {
    return pickerTemplate(this.#host, withPickerTexts(view), {
      ...this.#found,
      prepaid: this.#prepaidOffered(manage),
      prepaidHidden: this.#prepaidHidden(manage),
      picked: this.#picked,
      onPick: this.#onPick,
      onContinue: this.#onContinue,
      onManage: (id) => this.#choose(id),
    });
  }

  /** The way back to the picker, above the subscription shown. */
  backTemplate(view: View, manage: boolean): TemplateResult {
    const { t } = withPickerTexts(view);
    const back = () => this.back(this.shown(manage)?.subscription.public_id);
    return this.#host.lit.html`<button class="link back" type="button" @click=${back}>${t.pickerBack}</button>`;
  }

  readonly #onPick = (event: Event): void => {
    this.#picked = (event.target as HTMLInputElement).value;
    // The row of the radio picked is marked chosen.
    this.#host.requestUpdate();
  };

  readonly #onContinue = (event: SubmitEvent): void => {
    event.preventDefault();
    this.#choose((event.currentTarget as HTMLFormElement).querySelector<HTMLInputElement>('input:checked')?.value);
  };

  /** Shows the subscription `id` and tells the element, which announces it. */
  #choose(id: string | undefined): void {
    const loaded = this.#find(id);
    if (!loaded) return;
    this.#chosenId = id;
    if (this.#found.candidates.includes(loaded)) this.#picked = id;
    this.#picking = false;
    this.#host.requestUpdate();
    this.#host.chose(loaded);
  }
}
