/**
 * What the widget shows under its header and product, state by state. The element decides the state and hands over
 * what the state's templates read; this module picks the templates.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Subscription } from '../api/schemas.js';
import type { ErrorPhase } from '../events.js';
import type { Failure } from './failure.js';
import { formTemplate, loadingTemplate, type FormView } from './form-template.js';
import { prepaidTemplate } from './prepaid-template.js';
import { errorTemplate, ineligibleTemplate, successTemplate, type Loaded, type View } from './templates.js';

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
  onRetry(): void;
}

export function stateTemplate(scene: Scene): TemplateResult | typeof nothing {
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
    case 'loading':
      return view ? loadingTemplate(view) : nothing;
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
