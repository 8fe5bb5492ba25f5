/**
 * What the widget shows, state by state. While it loads, the element shows the placeholder alone. Otherwise it shows
 * the header, the product and the state's own content.
 *
 * `deriveShown` decides the state, the element hands over what the state's templates read, and this module picks the
 * templates. The templates of one feature are in its folder: the form, the prepaid terms and the picker. The ones that
 * every state shares are here: the header, a notice and an error.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { formTemplate, type FormMode, type FormView } from '../upgrade/form-template.js';
import { prepaidTemplate } from '../prepaid/prepaid-template.js';
import type { HeaderKind, Shown } from './shown-state.js';
import type { Choices } from '../upgrade/choices.js';
import { formatPercent } from '../i18n/money.js';
import type { View } from '../i18n/view.js';
import type { Picker } from '../discovery/loader.js';
import { ineligibleTemplate, productTemplate } from '../subscription/subscription-template.js';
import { successTemplate } from '../upgrade/success-template.js';

export interface Scene extends View {
  /** What is shown, as derived for this update. */
  shown: Shown;
  /** The upgrade form's view. `undefined` while the attributes offer no valid choice. */
  form: FormView | undefined;
  /** Without an id: the picker over what discovery found. `undefined` with an id, or until discovery is done. */
  picker: Picker | undefined;
  /** Whether prepaid subscriptions are offered for management (`manage-renewal`). */
  manages: boolean;
  /** The management form of a prepaid subscription, locked as `mode` says. `undefined` when the page hides it. */
  manage: ((mode: FormMode) => TemplateResult) | undefined;
  /**
   * What the button under a failure does: a new read, after a failed load or after a write whose outcome is not known.
   */
  onRetry(): void;
}

/**
 * What every state except `loading` shows: the header, the way back to the picker (but not while a write is in flight),
 * the product, and the state's own content.
 */
export function sceneTemplate(scene: Scene): TemplateResult {
  const { shown, form } = scene;
  const { loaded } = shown;
  return html`${headerTemplate(scene, shown.heading, shown.sells, form?.choices)}
  ${shown.state === 'submitting' ? nothing : backTemplate(scene)} ${loaded ? productTemplate(scene, loaded) : nothing}
  ${stateTemplate(scene, shown)}`;
}

function stateTemplate(scene: Scene, shown: Shown): TemplateResult | typeof nothing {
  const { form: view } = scene;
  const { loaded } = shown;
  // Without an id, and while nothing is shown yet: the picker, or why nothing can be offered.
  const picker = () => scene.picker?.template(scene, scene.manages) ?? nothing;
  const subscription = loaded?.subscription;
  const form = (mode: FormMode) => (view && loaded ? formTemplate(view, loaded, mode) : nothing);
  const mode = shown.formMode;
  // A prepaid subscription shows the success message right after the upgrade, until a renewal change is confirmed.
  // Otherwise it shows its terms, under the reason it could not be prepaid again when that was asked. Both come with
  // the form that changes what happens when its orders run out, unless the page hides it.
  const prepaid = () => {
    if (!subscription) return nothing;
    const manage = scene.manage?.(mode) ?? nothing;
    return shown.justUpgraded
      ? successTemplate(scene, subscription, loaded, view?.choices.discounts, manage)
      : html`${shown.alreadyPrepaid ? noticeTemplate(scene.t.failure('alreadyPrepaid', 'upgrade')) : nothing}${prepaidTemplate(scene, subscription, manage)}`;
  };
  switch (shown.state) {
    case 'ready':
      return loaded ? form(mode) : picker();
    case 'submitting':
      return shown.changing ? prepaid() : form(mode);
    case 'ineligible':
      return loaded ? ineligibleTemplate(scene, loaded) : picker();
    case 'prepaid':
    case 'success':
      return prepaid();
    default:
      // A failed write keeps its form above the error, so that the customer sees what was asked. A configuration error
      // has no failure to retry, so it shows only what to fix.
      return html`${shown.phase === 'renewal' ? prepaid() : shown.failedWrite ? form(mode) : nothing}${errorTemplate(scene)}`;
  }
}

/**
 * The way back to the picker. It shows above a subscription that was chosen in the picker, when there is more than one
 * subscription to go back to.
 */
function backTemplate(scene: Scene): TemplateResult | typeof nothing {
  const { picker, manages } = scene;
  return picker && scene.shown.loaded && picker.canGoBack(manages) ? picker.backTemplate(scene, manages) : nothing;
}

/**
 * Stands in for what is being read: a few shimmering bars in a block of a fixed size. It shows no word or choice that
 * the outcome might not keep, such as a heading, a price or a saving. It costs one small template and no formatter, so
 * that a page's widgets are drawn at once when the script arrives. The status region says "loading".
 */
export const placeholderTemplate = (): TemplateResult => html`
  <div class="placeholder" aria-hidden="true"><span></span><span></span><span></span><span></span></div>
`;

/**
 * The heading of what is shown. Where an upgrade can be bought (`selling`), the header also shows the description, and
 * "Save up to 15%" with the largest of `choices`' discounts. The heading and the description can each be replaced
 * through a slot.
 */
export function headerTemplate({ t, locale }: View, kind: HeaderKind, selling: boolean, choices: Choices | undefined): TemplateResult {
  const largest = selling ? Math.max(0, ...Object.values(choices?.discounts ?? {}).map(Number)) : 0;
  const description = selling ? (kind === 'picker' ? t.pickerDescription : t.description) : undefined;
  return html`
    <header part="header">
      <slot name="heading"><h2 part="heading">${kind === 'form' ? t.heading : t.stateHeading(kind)}</h2></slot>
      <slot name="description">${description ? html`<p part="description">${description}</p>` : nothing}</slot>
      ${largest > 0 ? html`<p part="savings header-savings">${t.saveUpTo(formatPercent(largest, locale))}</p>` : nothing}
    </header>
  `;
}

/**
 * The notice shown, which takes focus when it answers what the customer did: why nothing was changed, or why nothing
 * can be. The features' notices share its part and look.
 */
export const shownNotice = (root: ParentNode): HTMLElement | null => root.querySelector('[part~=notice]');

/** A notice that takes focus when it answers what the customer did, such as why nothing was changed. */
export const noticeTemplate = (title: string): TemplateResult => html`
  <div part="notice" tabindex="-1"><p class="notice-title">${title}</p></div>
`;

/** The error message, which takes focus after a failure the customer's own action met. */
export const shownError = (root: ParentNode): HTMLElement | null => root.querySelector('[part~=error]');

/**
 * The failure shown, or a configuration error when there is none. It says what happened and what to do, in the
 * customer's words only. The service's own reason goes to the console and the error event. It is an alert, unless it
 * takes focus, which reads it out: either way it is heard once.
 *
 * There is one button, where one helps. It reads again after a failed load that may pass, or after a write whose
 * outcome is not known. It reloads the page after a session expired, because a reload brings a new token. A failed
 * write is tried again with its form's own button, which stays above. The phase tells which request failed.
 */
export function errorTemplate({ t, shown, onRetry }: Scene): TemplateResult {
  const { failure, phase } = shown;
  const kind = failure?.kind ?? 'config';
  // A refused choice is named by the heading of the form in which it was made. A field named like `toString` finds a
  // value on the object's prototype, but that value is not a key of the texts either.
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
    <div part="error" role=${shown.takesFocus ? nothing : 'alert'} tabindex="-1">
      <p>
        ${heading ? t.refusedChoice(heading) : phase === 'renewal' && kind === 'unconfirmed' ? t.changeUnconfirmed : t.failure(kind, phase)}
      </p>
      ${button ? html`<button part="retry" type="button" @click=${button[1]}>${button[0]}</button>` : nothing}
    </div>
  `;
}
