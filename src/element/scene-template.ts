/**
 * What the widget shows, state by state but `loading` (the element shows the placeholder alone then): `deriveShown`
 * decides the state, the element hands over what the state's templates read, and this module picks the templates.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { formTemplate, type FormMode, type FormView } from '../upgrade/form-template.js';
import { prepaidTemplate } from '../prepaid/prepaid-template.js';
import type { Shown } from './shown-state.js';
import {
  errorTemplate,
  headerTemplate,
  ineligibleTemplate,
  noticeTemplate,
  productTemplate,
  successTemplate,
  type Loaded,
  type View,
} from './templates.js';

export interface Scene extends View, Shown {
  /** The upgrade form's view; `undefined` while the attributes offer no valid choice. */
  form: FormView | undefined;
  /** The subscription shown, as loaded (or as learned since); `undefined` before, and in the picker. */
  loaded: Loaded | undefined;
  /** Without an id and nothing shown yet: the picker, or why nothing can be offered. */
  picker(): TemplateResult | undefined;
  /** The management form of a prepaid subscription, locked as `mode` says; `undefined` when the page hides it. */
  manage: ((mode: FormMode) => TemplateResult) | undefined;
  /** The way back to the picker, from a subscription chosen in it. */
  back(): TemplateResult | typeof nothing;
  /** The button under a failure: a new read, after a failed load or a write whose outcome is not known. */
  onRetry(): void;
}

/**
 * What a state but `loading` shows: the header, the way back to the picker (not while a write is in flight), the
 * product, and the state's own.
 */
export function sceneTemplate(scene: Scene): TemplateResult {
  const { state, loaded, form } = scene;
  return html`${headerTemplate(scene, scene.heading, scene.sells, form?.choices)} ${state === 'submitting' ? nothing : scene.back()}
  ${loaded ? productTemplate(scene, loaded) : nothing} ${stateTemplate(scene)}`;
}

function stateTemplate(scene: Scene): TemplateResult | typeof nothing {
  const { form: view, loaded, picker } = scene;
  const subscription = loaded?.subscription;
  const form = (mode: FormMode) => (view && loaded ? formTemplate(view, loaded, mode) : nothing);
  // While a write is under way: sent, then (its answer lost) checked; locked, after it, while its outcome is not known.
  const mode: FormMode = scene.checking ? 'checking' : scene.state === 'submitting' ? 'submitting' : scene.unknown ? 'locked' : 'live';
  // A prepaid subscription: the success message right after the upgrade (until a renewal change is confirmed), else
  // its terms (under why it could not be prepaid again, when that was asked); with the form that changes what happens
  // when its orders run out, unless the page hides it.
  const prepaid = () => {
    if (!subscription) return nothing;
    const manage = scene.manage?.(mode) ?? nothing;
    return scene.justUpgraded
      ? successTemplate(scene, subscription, loaded, view?.choices.discounts, manage)
      : html`${scene.alreadyPrepaid ? noticeTemplate(scene.t.failure('alreadyPrepaid', 'upgrade')) : nothing}${prepaidTemplate(scene, subscription, manage)}`;
  };
  switch (scene.state) {
    case 'ready':
      return loaded ? form(mode) : (picker() ?? nothing);
    case 'submitting':
      return scene.changing ? prepaid() : form(mode);
    case 'ineligible':
      return loaded ? ineligibleTemplate(scene, loaded) : (picker() ?? nothing);
    case 'prepaid':
    case 'success':
      return prepaid();
    default:
      // A failed write keeps its form above the error, so that the customer sees what was asked; a configuration
      // error (no failure to retry) shows only what to fix.
      return html`${scene.phase === 'renewal' ? prepaid() : scene.failedWrite ? form(mode) : nothing}${errorTemplate(scene, scene.failure, scene.phase, scene.onRetry)}`;
  }
}
