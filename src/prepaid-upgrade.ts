import { html, nothing, type TemplateResult } from 'lit-html';
import { CONNECTION_PROPERTIES, connect, type Connection } from './api/connection.js';
import { ApiError, isAbortError } from './api/errors.js';
import type { RenewalBehavior, Subscription, UpgradeRequest } from './api/schemas.js';
import { sendAndConfirm, upgradeWrite } from './api/writes.js';
import { isRenewalBehavior } from './api/upgrade-request.js';
import { CHOICE_PROPERTIES, parseChoices, type Choices } from './element/choices.js';
import { showCustomState } from './element/custom-state.js';
import { describeFailure } from './element/failure.js';
import { ConsoleLines } from './element/console-lines.js';
import { loadSubscription } from './element/load-subscription.js';
import { LoadController } from './element/load-controller.js';
import { formTemplate, loadingTemplate, type FormView } from './element/form-template.js';
import {
  announcement,
  errorTemplate,
  headerTemplate,
  ineligibleTemplate,
  productTemplate,
  successTemplate,
  type Loaded,
} from './element/templates.js';
import { UpdatingElement, type PropertyValues } from './element/updating-element.js';
import { WriteController } from './element/write-controller.js';
import {
  PrepaidUpgradeChangeEvent,
  PrepaidUpgradeErrorEvent,
  PrepaidUpgradeReadyEvent,
  PrepaidUpgradeSubmitEvent,
  PrepaidUpgradeSuccessEvent,
  PrepaidUpgradeTokenExpiredEvent,
  type ErrorPhase,
} from './events.js';
import { LanguageController } from './i18n/language-controller.js';
import { isRightToLeft } from './i18n/languages.js';
import type { Strings } from './i18n/strings.js';
import { styles } from './prepaid-upgrade.styles.js';

export type PrepaidUpgradeState = 'loading' | 'ready' | 'ineligible' | 'submitting' | 'success' | 'error';

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
 * @event prepaid-upgrade-ready - The subscription was loaded and rendered. `detail: { subscription }`
 * @event prepaid-upgrade-change - The customer changed a choice. `detail: { ordersPerBilling, renewalBehavior, discountPercent }`
 * @event prepaid-upgrade-submit - Before the upgrade request is sent; `preventDefault()` stops it. `detail: { subscriptionId, request }`
 * @event prepaid-upgrade-success - The upgrade succeeded. `detail: { subscription }`
 * @event prepaid-upgrade-error - A load or upgrade failed for good. `detail: { phase, status, message, retryable }`
 * @event prepaid-upgrade-token-expired - The credential was refused and none could be renewed. `detail: {}`
 *
 * @csspart base - The outermost wrapper.
 * @csspart header - The heading and description.
 * @csspart product - The product's image, name and price.
 * @csspart form - The form with both choices.
 * @csspart orders - The group of choices of orders per billing.
 * @csspart orders-option - One choice of orders per billing (radio, label and hint).
 * @csspart renewal - The group of renewal choices.
 * @csspart renewal-option - One renewal choice (radio, label and consequence).
 * @csspart summary - What will be billed, and when.
 * @csspart savings - Every saving badge: "Save up to 15%" in the header, "Save 10%" on a choice with a discount.
 * @csspart submit - The confirm button.
 * @csspart status - The live region that announces loading, submitting and success.
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
 * @cssstate ready - The form is shown.
 * @cssstate ineligible - The subscription cannot be upgraded; the reason is shown.
 * @cssstate submitting - The upgrade request is in flight.
 * @cssstate success - The subscription is now prepaid.
 * @cssstate error - Something failed; the message says what to do.
 */
export class PrepaidUpgrade extends UpdatingElement {
  static override styles = styles;
  static override shadowRootOptions: ShadowRootInit = { mode: 'open', delegatesFocus: true };
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
    timeout: { type: Number },
    tokenProvider: { attribute: false },
    strings: { attribute: false },
  };

  /** Public id of the subscription to upgrade. Required. */
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
  readonly #upgrade = new WriteController<Subscription>(this);
  #connection: Connection | { error: string } | undefined;
  #choices: Choices | { error: string } | undefined;
  #selectedOrders: number | undefined;
  #selectedRenewal: RenewalBehavior | undefined;
  /** The customer asked for the work under way (a retry, an upgrade): its outcome may take focus. */
  #focusOutcome = false;
  readonly #console = new ConsoleLines(() => `<prepaid-upgrade subscription-id="${this.subscriptionId ?? ''}">`);

  readonly #load = new LoadController(this, {
    // Attributes that leave no valid choice stop the load too: no request is sent for a form that cannot be shown.
    args: () => [this.#connection, this.#setupError === undefined] as const,
    task: async ([connection, choicesValid], signal) => {
      if (!connection || 'error' in connection || !choicesValid) return undefined;
      const [loaded] = await Promise.all([
        loadSubscription(connection, signal, (warning) => this.#console.warn(warning)),
        this.#language.arrival,
      ]);
      return loaded;
    },
    onComplete: (loaded: Loaded) => void this.#announceLoaded(loaded),
    onError: (error) => void this.#reportFailure('load', error),
  });

  /** The subscription as last read or upgraded; `undefined` until it has loaded. */
  get subscription(): Subscription | undefined {
    const outcome = this.#upgrade.outcome;
    return outcome.status === 'success' ? outcome.value : this.#loaded?.subscription;
  }

  /** Where the widget is: `loading`, `ready`, `ineligible`, `submitting`, `success` or `error`. */
  get state(): PrepaidUpgradeState {
    const outcome = this.#upgrade.outcome.status;
    const load = this.#load;
    if (this.#setupError !== undefined) return 'error';
    // An upgrade under way or done outranks the load it started from.
    if (outcome !== 'idle') return outcome;
    if (load.status === 'complete') return load.value?.eligibility.eligible ? 'ready' : 'ineligible';
    // A load aborted on disconnection starts again on reconnection: it is still loading.
    return load.status === 'error' ? 'error' : 'loading';
  }

  /**
   * Sends the upgrade with the current choices, as the confirm button does. Resolves to whether it succeeded.
   * While one is in flight, further calls share it: one request, however often this is called.
   */
  upgrade(): Promise<boolean> {
    return this.#upgrade.run(() => {
      const state = this.state;
      const connection = this.#connection;
      const choices = this.#choices;
      const canSubmit = state === 'ready' || (state === 'error' && this.#upgrade.outcome.status === 'error');
      if (!canSubmit || !connection || 'error' in connection || !choices || 'error' in choices || !this.#loaded) return undefined;
      const { subscriptionId, client } = connection;
      const request: UpgradeRequest = {
        orders_per_billing: this.#selectedOrders ?? choices.ordersPerBilling,
        renewal_behavior: this.#selectedRenewal ?? choices.renewalBehavior,
        offer: choices.offer,
      };
      const submit = new PrepaidUpgradeSubmitEvent({ subscriptionId, request: { ...request } });
      this.dispatchEvent(submit);
      if (submit.defaultPrevented) return undefined;
      return {
        send: (signal) => sendAndConfirm(client, subscriptionId, upgradeWrite(request), { signal }),
        succeeded: (subscription) => {
          this.#focusOutcome = true;
          this.#takeFocus('[part~="success"]');
          this.dispatchEvent(new PrepaidUpgradeSuccessEvent({ subscription }));
        },
        failed: (error) => {
          this.#focusOutcome = true;
          void this.#reportFailure('upgrade', error);
        },
      };
    });
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // The first render happens now rather than a microtask later, so that the placeholder holds the widget's place
    // from the very frame it is inserted in (the update that Lit has queued then finds nothing left to do).
    if (!this.hasUpdated) this.performUpdate();
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (CONNECTION_PROPERTIES.some((name) => changed.has(name)) || this.#connection === undefined) {
      this.#upgrade.reset();
      this.#connection = connect(this, {
        pageUrl: document.baseURI,
        readCookies: () => document.cookie,
        onWarning: (warning) => this.#console.warnOnce(warning),
      });
    }
    if (CHOICE_PROPERTIES.some((name) => changed.has(name)) || this.#choices === undefined) {
      const result = parseChoices(this);
      for (const warning of result.warnings) this.#console.warnOnce(warning);
      this.#choices = 'error' in result ? { error: result.error } : result.choices;
      if ('choices' in result) {
        this.#selectedOrders = result.choices.ordersPerBilling;
        this.#selectedRenewal = result.choices.renewalBehavior;
      }
    }
  }

  protected override updated(): void {
    showCustomState(this.#internals, this.state);
    const setupError = this.#setupError;
    if (setupError !== undefined && this.#console.first(setupError)) this.#report('config', new ApiError('config', setupError));
  }

  /** A problem of the element's own attributes: nothing can be sent until it is fixed. */
  get #setupError(): string | undefined {
    if (this.#connection && 'error' in this.#connection) return this.#connection.error;
    if (this.#choices && 'error' in this.#choices) return this.#choices.error;
    return undefined;
  }

  get #loaded(): Loaded | undefined {
    return this.#load.status === 'complete' ? this.#load.value : undefined;
  }

  async #announceLoaded(loaded: Loaded): Promise<void> {
    await this.updateComplete;
    // A newer load may have started meanwhile; it announces itself.
    if (this.#loaded !== loaded) return;
    this.dispatchEvent(new PrepaidUpgradeReadyEvent({ subscription: loaded.subscription }));
    this.#takeFocus('[part~="form"] input:checked, .notice');
  }

  async #reportFailure(phase: ErrorPhase, error: unknown): Promise<void> {
    if (isAbortError(error)) return;
    await this.updateComplete;
    this.#report(phase, error);
    this.#takeFocus('[part~="error"]');
  }

  #report(phase: ErrorPhase, error: unknown): void {
    const { status, message, retryable, credentialRefused } = describeFailure(error);
    this.#console.error(`${phase} failed: ${message}`);
    this.dispatchEvent(new PrepaidUpgradeErrorEvent({ phase, status, message, retryable }));
    if (credentialRefused) this.dispatchEvent(new PrepaidUpgradeTokenExpiredEvent());
  }

  /** Moves focus to an outcome the customer asked for; never steals it on a page that just loaded. */
  #takeFocus(selector: string): void {
    if (!this.#focusOutcome) return;
    this.#focusOutcome = false;
    this.renderRoot.querySelector<HTMLElement>(selector)?.focus();
  }

  #retry(): void {
    this.#focusOutcome = true;
    const outcome = this.#upgrade.outcome;
    if (outcome.status === 'error' && describeFailure(outcome.error).retryable) {
      void this.upgrade();
      return;
    }
    if (outcome.status === 'error' || this.#load.status === 'error') {
      const connection = this.#connection;
      if (connection && !('error' in connection)) connection.credentials.renew();
      this.#upgrade.reset();
      void this.#load.run();
    }
  }

  // ---- rendering ---------------------------------------------------------------------------------------------

  protected override render(): TemplateResult {
    const state = this.state;
    const language = this.#language;
    const t: Strings = this.strings ? { ...language.strings, ...this.strings } : language.strings;
    const loaded = this.#loaded;
    const choices = this.#choices;
    const base = { t, locale: language.formatLocale };
    const view: FormView | false | undefined = choices &&
      !('error' in choices) && {
        ...base,
        choices,
        orders: this.#selectedOrders ?? choices.ordersPerBilling,
        renewal: this.#selectedRenewal ?? choices.renewalBehavior,
        onSubmit: this.#onSubmit,
        onOrdersChange: this.#onOrdersChange,
        onRenewalChange: this.#onRenewalChange,
      };
    const upgrade = this.#upgrade.outcome;
    const form = (mode: 'live' | 'submitting') => (view && loaded ? formTemplate(view, loaded, mode) : nothing);
    const body = {
      loading: () => (view ? loadingTemplate(view) : nothing),
      ready: () => form('live'),
      submitting: () => form('submitting'),
      ineligible: () => (loaded ? ineligibleTemplate(base, loaded) : nothing),
      success: () => (upgrade.status === 'success' ? successTemplate(base, upgrade.value, loaded) : nothing),
      // A failed upgrade keeps the form above its error, so that the customer sees what was asked; a configuration
      // error (no failure to retry) shows only what to fix.
      error: () => {
        const failed = upgrade.status === 'error';
        const failure = this.#setupError === undefined ? describeFailure(failed ? upgrade.error : this.#load.error) : undefined;
        return html`${failed ? form('live') : nothing}${errorTemplate(base, failure, this.#retry)}`;
      },
    }[state]();
    return html`
      <div
        part="base"
        class="base"
        lang=${language.language}
        dir=${isRightToLeft(language.language) ? 'rtl' : 'ltr'}
        aria-busy=${state === 'loading' || state === 'submitting' ? 'true' : 'false'}
      >
        ${headerTemplate(base, view ? view.choices : undefined)} ${loaded ? productTemplate(base, loaded) : nothing} ${body}
        <div part="status" class="visually-hidden" role="status">${announcement(t, state, loaded)}</div>
      </div>
    `;
  }

  // ---- handlers ----------------------------------------------------------------------------------------------

  #onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    void this.upgrade();
  }

  #onOrdersChange(event: Event): void {
    this.#selectedOrders = Number((event.target as HTMLInputElement).value);
    this.#announceChange();
  }

  #onRenewalChange(event: Event): void {
    const value = (event.target as HTMLInputElement).value;
    if (isRenewalBehavior(value)) this.#selectedRenewal = value;
    this.#announceChange();
  }

  #announceChange(): void {
    this.requestUpdate();
    const ordersPerBilling = this.#selectedOrders;
    const renewalBehavior = this.#selectedRenewal;
    const discounts = this.#choices && 'discounts' in this.#choices ? this.#choices.discounts : {};
    if (ordersPerBilling === undefined || !renewalBehavior) return;
    const discountPercent = discounts[ordersPerBilling] ?? null;
    this.dispatchEvent(new PrepaidUpgradeChangeEvent({ ordersPerBilling, renewalBehavior, discountPercent }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'prepaid-upgrade': PrepaidUpgrade;
  }
}
