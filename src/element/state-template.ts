/**
 * What the widget shows, state by state but `loading` (the element shows the placeholder alone then): the element
 * decides the state and hands over what the state's templates read; this module picks the templates.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Subscription } from '../api/schemas.js';
import type { ErrorPhase } from '../events.js';
import type { Failure } from './failure.js';
import { formTemplate, type FormView } from './form-template.js';
import { prepaidTemplate } from './prepaid-template.js';
import {
  errorTemplate,
  headerTemplate,
  ineligibleTemplate,
  type HeaderKind,
  productTemplate,
  successTemplate,
  type Loaded,
  type View,
} from './templates.js';

export interface Scene extends View {
  state: string;
  /** The upgrade form's view; `undefined` while the attributes offer no valid choice. */
  form: FormView | undefined;
  /** The subscription shown, as loaded; `undefined` before, and in the picker. */
  loaded: Loaded | undefined;
  /** The subscription as last read, upgraded or changed. */
  subscription: Subscription | undefined;
  /** Without an id and nothing shown yet: the picker, or why nothing can be offered. */
  picker(): TemplateResult | undefined;
  /** The management form of a prepaid subscription; `undefined` when the page hides it. */
  manage: ((submitting: boolean) => TemplateResult) | undefined;
  /** The upgrade succeeded and no renewal change was confirmed since: the success message stays. */
  justUpgraded: boolean;
  /** A renewal change is in flight (otherwise, in `submitting`, the upgrade is). */
  changing: boolean;
  /** In `error`: which request failed, and how; `failure` is `undefined` for a configuration error. */
  phase: ErrorPhase;
  failure: Failure | undefined;
  /** A write failed, rather than the load: its form stays above the error. */
  writeFailed: boolean;
  /** The upgrade succeeded: the header sells it no more. */
  upgraded: boolean;
  /** The way back to the picker, from a subscription chosen in it. */
  back(): TemplateResult | typeof nothing;
  onRetry(): void;
}

/**
 * What a state but `loading` shows: the header, the way back to the picker (not while a write is in flight), the
 * product, and the state's own.
 */
export function sceneTemplate(scene: Scene): TemplateResult {
  const { state, loaded, form } = scene;
  // A prepaid subscription's: shown as such, after an upgrade, and while (or after) its renewal is changed.
  const prepaid =
    state === 'prepaid' || state === 'success' || scene.upgraded || scene.changing || (state === 'error' && scene.phase === 'renewal');
  const kind: HeaderKind = state === 'ineligible' ? 'ineligible' : prepaid ? 'prepaid' : !loaded && state === 'ready' ? 'picker' : 'form';
  // "Save up to 15%" sells the upgrade where it can be bought: with the form (or the picker), not where the
  // subscription is prepaid already or cannot be, nor over an error that shows no form.
  const selling = (kind === 'form' || kind === 'picker') && (state !== 'error' || scene.writeFailed);
  return html`${headerTemplate(scene, kind, selling, form?.choices)} ${state === 'submitting' ? nothing : scene.back()}
  ${loaded ? productTemplate(scene, loaded) : nothing} ${stateTemplate(scene)}`;
}

function stateTemplate(scene: Scene): TemplateResult | typeof nothing {
  const { form: view, loaded, subscription, picker } = scene;
  const form = (mode: 'live' | 'submitting') => (view && loaded ? formTemplate(view, loaded, mode) : nothing);
  // A prepaid subscription: the success message right after the upgrade (until a renewal change is confirmed), else
  // its terms; with the form that changes what happens when its orders run out, unless the page hides it.
  const prepaid = (submitting: boolean) => {
    if (!subscription) return nothing;
    const manage = scene.manage?.(submitting) ?? nothing;
    return scene.justUpgraded
      ? successTemplate(scene, subscription, loaded, view?.choices.discounts, manage)
      : prepaidTemplate(scene, subscription, manage);
  };
  switch (scene.state) {
    case 'ready':
      return loaded ? form('live') : (picker() ?? nothing);
    case 'submitting':
      return scene.changing ? prepaid(true) : form('submitting');
    case 'ineligible':
      return loaded ? ineligibleTemplate(scene, loaded) : (picker() ?? nothing);
    case 'prepaid':
    case 'success':
      return prepaid(false);
    default:
      // A failed write keeps its form above the error, so that the customer sees what was asked; a configuration
      // error (no failure to retry) shows only what to fix.
      return html`${scene.phase === 'renewal' ? prepaid(false) : scene.writeFailed ? form('live') : nothing}${errorTemplate(
        scene,
        scene.failure,
        scene.phase,
        scene.onRetry,
      )}`;
  }
}
