import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { ApiError, isAbortError } from './api/errors.js';
import type { NextOrder } from './api/orders.js';
import type { Subscription } from './api/schemas.js';
import { CHOICE_PROPERTIES, onUnlessFalse } from './element/choices.js';
import { ConnectionController } from './element/connection-controller.js';
import { ConsoleLines } from './element/console-lines.js';
import { showCustomState } from './element/custom-state.js';
import { describeFailure, reportFailure } from './element/failure.js';
import { nextTask } from './element/next-task.js';
import { startFirstWork } from './element/first-work.js';
import { PlaceController } from './element/place-controller.js';
import { manageTemplate } from './element/prepaid-template.js';
import { RenewalController } from './element/renewal-controller.js';
import { sceneTemplate } from './element/state-template.js';
import { SubscriptionController } from './element/subscription-controller.js';
import { announcement, billedAfterUpgrade, placeholderTemplate, type View } from './element/templates.js';
import { UpgradeController } from './element/upgrade-controller.js';
import type { WriteTarget } from './element/write-controller.js';
import { PrepaidUpgradeReadyEvent, type ErrorPhase } from './events.js';
import { LanguageController } from './i18n/language-controller.js';
import { isRightToLeft } from './i18n/languages.js';
import type { ElementStrings, Strings } from './i18n/strings.js';
import { styles } from './prepaid-upgrade.styles.js';

export type PrepaidUpgradeState = 'loading' | 'ready' | 'ineligible' | 'prepaid' | 'submitting' | 'success' | 'error';

/**
 * Lets a customer turn a pay-as-you-go subscription into a prepaid one.
 *
 * @summary Upgrade a subscription to prepaid, from the store's own account page.
 *
 * @attribute lang - The UI language (the global attribute): the element's own, else the nearest ancestor's through shadow roots, else English; followed live.
 *
 * @slot heading - Replaces the heading.
 * @slot description - Replaces the text under the heading.
 * @slot terms - Shown above the confirm button: the store's terms of prepaid billing.
 * @slot success - Added to the success message.
 *
 * @event prepaid-upgrade-ready - The subscription was loaded and rendered; without `subscription-id`, what was found: `subscription` is `null` while the picker asks which. `nextOrder` as the `nextOrder` property is then. `detail: { subscription, candidates, nextOrder }`
 * @event prepaid-upgrade-change - The customer changed a choice. `detail: { ordersPerBilling, renewalBehavior, discountPercent }`
 * @event prepaid-upgrade-submit - Before the upgrade or a renewal change is sent; `preventDefault()` stops it. `detail: { action, subscriptionId, request }`
 * @event prepaid-upgrade-success - The upgrade succeeded. `detail: { subscription }`
 * @event prepaid-upgrade-renewal-change - The service confirmed a change of what happens when the prepaid orders run out. `detail: { subscription }`
 * @event prepaid-upgrade-error - A load, upgrade or renewal change failed for good. `detail: { phase, status, message, retryable }`
 * @event prepaid-upgrade-token-expired - The credential was refused and none could be renewed: the customer must sign in again (not for a token just renewed and refused, the store's set-up, which `prepaid-upgrade-error` reports). `detail: {}`
 *
 * @csspart base - The outermost wrapper.
 * @csspart header - The heading and description.
 * @csspart picker - Without `subscription-id`, when several subscriptions can be prepaid: "Which subscription?", a radio each, and its continue button.
 * @csspart product - The product's image, name and price.
 * @csspart form - The form with both choices.
 * @csspart orders - The group of choices of orders per billing.
 * @csspart orders-option - One choice of orders per billing (radio, label and hint).
 * @csspart renewal - The group of renewal choices, in the upgrade form and in the management form.
 * @csspart renewal-option - One renewal choice (radio, label and consequence).
 * @csspart summary - What will be billed, and when.
 * @csspart savings - Every saving badge: "Save up to 15%" in the header, "Save 10%" on a choice with a discount.
 * @csspart submit - The confirm button.
 * @csspart manage - The form that changes what happens when a prepaid subscription's orders run out.
 * @csspart manage-submit - Its button, enabled once the choice differs from the subscription's.
 * @csspart status - The live region that announces loading, submitting, success and a saved renewal change.
 * @csspart error - The error message.
 * @csspart retry - The button that tries again after an error.
 * @csspart success - The success message.
 *
 * @cssproperty [--prepaid-upgrade-accent=light-dark(#1d4ed8, #93c5fd)] - Selected choices, the confirm button, focus rings.
 * @cssproperty [--prepaid-upgrade-text=light-dark(#1f2937, #e5e7eb)] - Text colour.
 * @cssproperty [--prepaid-upgrade-background=light-dark(#ffffff, #111827)] - Background colour.
 * @cssproperty [--prepaid-upgrade-border=light-dark(#6b7280, #9ca3af)] - Border colour.
 * @cssproperty [--prepaid-upgrade-radius=0.5rem] - Corner radius.
 * @cssproperty [--prepaid-upgrade-gap=1rem] - Space between sections.
 * @cssproperty [--prepaid-upgrade-font=inherit] - Font family.
 * @cssproperty [--prepaid-upgrade-error=light-dark(#b91c1c, #fca5a5)] - Error colour.
 *
 * @cssstate loading - The subscription is being read.
 * @cssstate ready - The form is shown, or without `subscription-id` the picker.
 * @cssstate ineligible - The subscription cannot be upgraded, or none of the customer's can; the reason is shown.
 * @cssstate prepaid - The subscription is prepaid: its terms are shown, and the form that changes what happens when they run out.
 * @cssstate submitting - The upgrade or a renewal change is in flight.
 * @cssstate success - The subscription is now prepaid.
 * @cssstate error - Something failed; the message says what to do.
 */
export class PrepaidUpgrade extends LitElement {
  static override styles = styles;
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  static override properties = {
    subscriptionId: { attribute: 'subscription-id' },
    token: {},
    authUrl: { attribute: 'auth-url' },
    merchantId: { attribute: 'merchant-id' },
    environment: {},
    apiBase: { attribute: 'api-base' },
    ordersOptions: { attribute: 'orders-options' },
    ordersPerBilling: { attribute: 'orders-per-billing', type: Number },
    renewalOptions: { attribute: 'renewal-options' },
    renewalBehavior: { attribute: 'renewal-behavior' },
    offer: {},
    prepaidDiscounts: { attribute: 'prepaid-discounts' },
    manageRenewal: { attribute: 'manage-renewal', converter: onUnlessFalse },
    timeout: { type: Number },
    tokenProvider: { attribute: false },
    strings: { attribute: false },
  };

  /** Public id of the subscription to upgrade. Without it, the element finds the customer's subscriptions itself. */
  declare subscriptionId: string | undefined;
  /** The storefront `authorization` value, sent verbatim. Prefer `auth-url` or `tokenProvider`: scripts read attributes. */
  declare token: string | undefined;
  /** The merchant's endpoint that returns the token as JSON `{public_id, ts, sig_field, sig}`; fetched with credentials. */
  declare authUrl: string | undefined;
  /** The merchant's public id; with it, the storefront's `og_auth` cookie is used when no other credential is given. */
  declare merchantId: string | undefined;
  /** `production` (default) or `staging`. */
  declare environment: string | undefined;
  /** Overrides the base address of the service; `https:` except on loopback hosts. */
  declare apiBase: string | undefined;
  /** Comma-separated choices of orders per billing, each 3 or more. Default `3,6,12`. */
  declare ordersOptions: string | undefined;
  /** The preselected number of orders; default the first option. */
  declare ordersPerBilling: number | undefined;
  /** Comma-separated subset of `autorenew,cancel,downgrade`. Default all three. */
  declare renewalOptions: string | undefined;
  /** The preselected renewal behaviour. Default `autorenew`. */
  declare renewalBehavior: string | undefined;
  /** The offer the subscription moves to: an offer public id, or `live` (default). */
  declare offer: string | undefined;
  /** The store's prepaid discount per term, as `orders:percent` pairs (`3:5,6:10,12:15`), each percent in (0, 100). */
  declare prepaidDiscounts: string | undefined;
  /**
   * Whether a prepaid subscription's renewal behaviour can be changed here: on unless `false` (`manage-renewal="false"`),
   * which shows its status without the form.
   */
  declare manageRenewal: boolean | undefined;
  /** Time limit of each request in milliseconds; default 6000. */
  declare timeout: number | undefined;
  /** Returns the storefront token; wins over every other credential source and is asked again to renew it. */
  declare tokenProvider: (() => Promise<string>) | undefined;
  /** Overrides any of the UI texts. */
  declare strings: Partial<Strings> | undefined;

  // The element's own state is kept in #private fields (which the minifier can shorten, unlike Lit's reactive
  // properties); whatever changes one outside an update asks for the update itself.
  readonly #internals = this.attachInternals();
  readonly #language = new LanguageController(this);
  readonly #link = new ConnectionController(this, (warning) => this.#console.warnOnce(warning));
  /** The customer asked for the read under way (a retry): its outcome may take focus. A write's always does. */
  #focusOutcome = false;
  readonly #place = new PlaceController(this, this.#internals, () => this.state === 'loading');
  readonly #console = new ConsoleLines(() =>
    this.subscriptionId ? `<prepaid-upgrade subscription-id="${this.subscriptionId}">` : '<prepaid-upgrade>',
  );

  /** What is shown: the subscription named by `subscription-id`, else what discovery found, and the picker's choice. */
  readonly #shown = new SubscriptionController(this, {
    // Attributes that leave no valid choice stop the reads too: no request is sent for a form that cannot be shown.
    connection: () => (this.#setupError === undefined ? this.#link.connected : undefined),
    manages: () => this.#manages,
    textsArrived: () => this.#language.arrival,
    warn: (warning) => this.#console.warn(warning),
    shown: (asked) => this.#announceReady(asked),
    failed: (error) => void this.#reportFailure('load', error),
    wentBack: () => {
      this.#upgrade.write.reset();
      this.#renewal.reset();
      // The radio picked, else (nothing to prepay) the first prepaid subscription's button: focus stays in the picker.
      void this.updateComplete.then(() => this.#takeFocus('[part~="picker"] input:checked, section button', true));
    },
  });

  readonly #upgrade: UpgradeController = new UpgradeController(this, {
    target: () => {
      const state = this.state;
      const canSubmit = state === 'ready' || (state === 'error' && this.#upgrade.write.outcome.status === 'error');
      return canSubmit && this.#shown.loaded ? this.#writeTarget : undefined;
    },
    // A write is the customer's doing: its outcome takes focus. The service has repriced the next order: read it again.
    succeeded: () => {
      this.#shown.readNextOrder();
      this.#wrote('[part~="success"]');
    },
    failed: (error) => void this.#reportFailure('upgrade', error, true),
  });

  readonly #renewal: RenewalController = new RenewalController(this, {
    target: () => {
      const state = this.state;
      const target = this.#writeTarget;
      const subscription = this.subscription;
      const canChange = state === 'prepaid' || state === 'success' || (state === 'error' && this.#renewal.write.outcome.status === 'error');
      return canChange && this.#manages && target && subscription ? { ...target, subscription } : undefined;
    },
    // Rendered at once rather than a microtask later: the button a choice enables is enabled by the time anything can
    // press it (a script that picks and submits in one go, say).
    chose: () => {
      this.requestUpdate();
      this.performUpdate();
    },
    succeeded: () => this.#wrote('.confirmation'),
    failed: (error) => void this.#reportFailure('renewal', error, true),
  });

  /** The subscription as last read, upgraded or changed; `undefined` until it has loaded. */
  get subscription(): Subscription | undefined {
    const outcome = this.#upgrade.write.outcome;
    return this.#renewal.changed ?? (outcome.status === 'success' ? outcome.value : this.#shown.loaded?.subscription);
  }

  /**
   * The shown subscription's next order, when it is placed and what it bills (after an upgrade, the service's figure):
   * `{ publicId, place, subTotal, total, taxTotal, shippingTotal, currencyCode }`, each amount a decimal string or
   * `null` where the service does not say; `undefined` while it is read, `null` when there is none or it could not be
   * read.
   */
  get nextOrder(): NextOrder | null | undefined {
    return this.#shown.nextOrder;
  }

  /** Where the widget is: `loading`, `ready`, `ineligible`, `prepaid`, `submitting`, `success` or `error`. */
  get state(): PrepaidUpgradeState {
    const change = this.#renewal.write.outcome.status;
    const outcome = this.#upgrade.write.outcome.status;
    if (this.#setupError !== undefined) return 'error';
    // A write under way or done outranks what it started from: a renewal change the upgrade, the upgrade the read.
    if (change !== 'idle') return change === 'success' ? 'prepaid' : change;
    return outcome !== 'idle' ? outcome : this.#shown.state;
  }

  /**
   * Sends the upgrade with the current choices, as the confirm button does. Resolves to whether it succeeded.
   * While one is in flight, further calls share it: one request, however often this is called.
   */
  upgrade(): Promise<boolean> {
    return this.#upgrade.upgrade();
  }

  // The host holds its room (its `loading` state) from insertion on. Its first update comes in a task of its own, as a
  // page's widgets are inserted together: it draws the placeholder, reads the attributes (those set right after the
  // insertion too) and sends the reads. The page's first work follows, while the answers are awaited.
  override connectedCallback(): void {
    super.connectedCallback();
    showCustomState(this.#internals, this.state);
    void startFirstWork(this.updateComplete, () => this.#language.formatLocale);
  }

  protected override async scheduleUpdate(): Promise<void> {
    if (!this.hasUpdated) await nextTask();
    super.scheduleUpdate();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (this.#link.read(changed)) {
      this.#upgrade.write.reset();
      this.#renewal.reset();
    }
    if (CHOICE_PROPERTIES.some((name) => changed.has(name)) || this.#upgrade.choices === undefined) {
      this.#upgrade.readChoices(this, (warning) => this.#console.warnOnce(warning));
    }
  }

  protected override updated(): void {
    showCustomState(this.#internals, this.state);
    const setupError = this.#setupError;
    if (setupError !== undefined && this.#console.first(setupError))
      reportFailure(this, this.#console, 'config', new ApiError('config', setupError));
  }

  /** A problem of the element's own attributes: nothing can be sent until it is fixed. */
  get #setupError(): string | undefined {
    const choices = this.#upgrade.choices;
    return this.#link.error ?? (choices && 'error' in choices ? choices.error : undefined);
  }

  /** The write that failed for good, if one did: a renewal change outranks the upgrade it followed. */
  get #failedWrite(): { phase: 'upgrade' | 'renewal'; error: unknown } | undefined {
    const change = this.#renewal.write.outcome;
    const upgrade = this.#upgrade.write.outcome;
    if (change.status === 'error') return { phase: 'renewal', error: change.error };
    return upgrade.status === 'error' ? { phase: 'upgrade', error: upgrade.error } : undefined;
  }

  /** Where writes go: the shown subscription, through the connection; `undefined` while there is none. */
  get #writeTarget(): WriteTarget | undefined {
    const connection = this.#link.connected;
    const subscriptionId = connection?.subscriptionId ?? this.#shown.loaded?.subscription.public_id;
    return connection && subscriptionId ? { client: connection.client, subscriptionId } : undefined;
  }

  /** Whether a prepaid subscription's renewal may be changed here: `manage-renewal` unless it is `false`. */
  get #manages(): boolean {
    return this.manageRenewal !== false;
  }

  /** Tells the page what is shown, once it is rendered: a read completed, or (`asked`) the customer chose in the picker. */
  #announceReady(asked: boolean): void {
    this.dispatchEvent(new PrepaidUpgradeReadyEvent({ ...this.#shown.readyDetail, nextOrder: this.nextOrder }));
    this.#takeFocus('[part~="form"] input:checked, [part~="picker"] input:checked, .notice', asked || undefined);
  }

  /** A write succeeded: the picker offers the subscription as it is now, and the outcome takes focus. */
  #wrote(outcome: string): void {
    this.#shown.replace(this.subscription!);
    this.#takeFocus(outcome, true);
  }

  async #reportFailure(phase: ErrorPhase, error: unknown, asked?: boolean): Promise<void> {
    if (isAbortError(error)) return;
    await this.updateComplete;
    reportFailure(this, this.#console, phase, error);
    this.#takeFocus('[part~="error"]', asked);
  }

  /**
   * Moves focus to an outcome the customer asked for (`asked`, or a retry under way); never steals it on a page that
   * just loaded.
   */
  #takeFocus(selector: string, asked = this.#focusOutcome): void {
    if (!asked) return;
    this.#focusOutcome = false;
    this.renderRoot.querySelector<HTMLElement>(selector)?.focus();
  }

  /** The error's "Try again": a failed read, read again (a failed write is tried again with its form's own button). */
  #retry(): void {
    this.#focusOutcome = true;
    this.#link.connected?.credentials.renew();
    this.#upgrade.write.reset();
    this.#renewal.reset();
    void this.#shown.task.run();
  }

  protected override render(): TemplateResult {
    const state = this.state;
    const language = this.#language;
    const t: ElementStrings = this.strings ? { ...language.strings, ...this.strings } : language.strings;
    const base = { t, locale: language.formatLocale, nextOrder: this.nextOrder };
    const subscription = this.subscription;
    // While loading, the placeholder alone: the first render, made as the element is inserted, touches nothing else.
    return html`
      <div
        part="base"
        class="base ${this.#place.holdsRoom ? 'room' : ''}"
        lang=${language.language}
        dir=${isRightToLeft(language.language) ? 'rtl' : 'ltr'}
        aria-busy=${state === 'loading' || state === 'submitting' ? 'true' : 'false'}
      >
        ${state === 'loading' ? placeholderTemplate() : this.#scene(state, base)}
        <div part="status" class="visually-hidden" role="status">
          ${announcement(t, state, this.#shown.loaded, this.#renewal.write.outcome, !this.subscriptionId?.trim(), this.#shown.picker?.whyNothing(this.#manages))}
          ${state === 'success' && subscription ? billedAfterUpgrade(base, subscription) : nothing}
        </div>
      </div>
    `;
  }

  /** What a state other than `loading` shows (see `sceneTemplate`). */
  #scene(state: PrepaidUpgradeState, base: View): TemplateResult {
    const shown = this.#shown;
    const view = this.#upgrade.view(base);
    const upgrade = this.#upgrade.write.outcome;
    const subscription = this.subscription;
    const failed = this.#failedWrite;
    return sceneTemplate({
      ...base,
      state,
      form: view,
      loaded: shown.loaded,
      subscription,
      picker: () => shown.pickerTemplate(base),
      back: () => shown.backTemplate(base),
      manage:
        this.#manages && view && subscription
          ? (submitting: boolean) => manageTemplate(this.#renewal.view(base, view.choices.renewalOptions, subscription), submitting)
          : undefined,
      upgraded: upgrade.status === 'success',
      justUpgraded: upgrade.status === 'success' && !this.#renewal.changed,
      changing: this.#renewal.write.outcome.status === 'submitting',
      phase: failed?.phase ?? 'load',
      // Only an error shows a failure: describing one makes an error object, whose stack costs every render.
      failure: state === 'error' && this.#setupError === undefined ? describeFailure(failed ? failed.error : shown.task.error) : undefined,
      writeFailed: !!failed,
      onRetry: this.#retry,
    });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'prepaid-upgrade': PrepaidUpgrade;
  }
}
