import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { Task, TaskStatus, initialState } from '@lit/task';
import { resolveBaseAddress, resolveTokenEndpoint } from './api/base-address.js';
import { DEFAULT_TIMEOUT_MS, createApiClient, type ApiClient } from './api/client.js';
import { StorefrontCredentials, chooseCredentialSource } from './api/credentials.js';
import { ApiError, isAbortError } from './api/errors.js';
import { upgradeAndConfirm } from './api/upgrade.js';
import type { Product, RenewalBehavior, Subscription, UpgradeRequest } from './api/schemas.js';
import { isRenewalBehavior } from './api/upgrade-request.js';
import { parseChoices, type Choices } from './choices.js';
import { decideEligibility, type Eligibility } from './eligibility.js';
import {
  PrepaidUpgradeChangeEvent,
  PrepaidUpgradeErrorEvent,
  PrepaidUpgradeReadyEvent,
  PrepaidUpgradeSubmitEvent,
  PrepaidUpgradeSuccessEvent,
  PrepaidUpgradeTokenExpiredEvent,
  type ErrorPhase,
} from './events.js';
import { describeFailure, type Failure } from './failure.js';
import { en } from './i18n/en.js';
import { loadStrings } from './i18n/index.js';
import { isRightToLeft, matchLanguage, type Language } from './i18n/languages.js';
import type { Strings } from './i18n/strings.js';
import { formatServiceDate } from './dates.js';
import { formatMoney, pricePerOrder } from './money.js';
import { styles } from './prepaid-upgrade.styles.js';

export type PrepaidUpgradeState = 'loading' | 'ready' | 'ineligible' | 'submitting' | 'success' | 'error';

/** Everything a request needs, rebuilt whenever an attribute it depends on changes. */
interface Connection {
  subscriptionId: string;
  client: ApiClient;
  credentials: StorefrontCredentials;
}

interface Loaded {
  subscription: Subscription;
  product: Product | undefined;
  eligibility: Eligibility;
}

type UpgradeOutcome =
  { status: 'idle' } | { status: 'submitting' } | { status: 'success'; subscription: Subscription } | { status: 'error'; failure: Failure };

/** Stands in for the subscription while it loads: a product with a price, so that the price lines are reserved too. */
const PLACEHOLDER: Loaded = {
  subscription: { price: '00.00', quantity: 1 },
  product: { name: 'Loading subscription details' },
  eligibility: { eligible: true },
};
const IDLE: UpgradeOutcome = { status: 'idle' };
const CONNECTION_ATTRIBUTES = [
  'subscriptionId',
  'token',
  'authUrl',
  'merchantId',
  'environment',
  'apiBase',
  'tokenProvider',
  'timeout',
] as const;
const CHOICE_ATTRIBUTES = ['ordersOptions', 'ordersPerBilling', 'renewalOptions', 'renewalBehavior', 'offer'] as const;

/** The element and its ancestors, crossing from each shadow root to its host. */
function* composedAncestors(from: Element): Generator<Element> {
  for (let node: Node | null = from; node; node = node.parentNode ?? (node instanceof ShadowRoot ? node.host : null)) {
    if (node instanceof Element) yield node;
  }
}

/** The `lang` of the nearest element that has one, through shadow roots, else English. */
function nearestLang(from: Element): string {
  for (const element of composedAncestors(from)) {
    const lang = element.getAttribute('lang')?.trim();
    if (lang) return lang;
  }
  return 'en';
}

/** Images come from server data: only addresses that cannot run script are rendered. */
const isSafeImageAddress = (value: string | null | undefined): value is string =>
  typeof value === 'string' &&
  /^(https:\/\/|http:\/\/(localhost|127\.0\.0\.1|\[::1\])[:/]|data:image\/(png|jpeg|gif|webp|svg\+xml)[;,])/i.test(value);

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
 * @event prepaid-upgrade-change - The customer changed a choice. `detail: { ordersPerBilling, renewalBehavior }`
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
  /** Time limit of each request in milliseconds; default 6000. */
  declare timeout: number | undefined;
  /** Returns the storefront token; wins over every other credential source and is asked again to renew it. */
  declare tokenProvider: (() => Promise<string>) | undefined;
  /** Overrides any of the UI texts. */
  declare strings: Partial<Strings> | undefined;

  // The element's own state is kept in #private fields (which the minifier can shorten, unlike Lit's reactive
  // properties); whatever changes one outside an update asks for the update itself.
  #selectedOrders: number | undefined;
  #selectedRenewal: RenewalBehavior | undefined;
  #outcome: UpgradeOutcome = IDLE;
  /** The language the texts are in: the one the page asks for once its texts have arrived. */
  #language: Language = 'en';
  #languageStrings: Strings = en;
  /** The page's own tag (`fr-CA`), for numbers and money; the language's when the widget does not speak it. */
  #formatLocale = 'en';
  #requestedLanguage: Language = 'en';
  /** Settles once the texts of the requested language are in place; a load waits for it, so no English flashes. */
  #languageArrival: Promise<void> = Promise.resolve();
  #langObserver: MutationObserver | undefined;

  readonly #internals = this.attachInternals();
  #connection: Connection | { error: string } | undefined;
  #choices: Choices | { error: string } | undefined;
  #upgradeInFlight: Promise<boolean> | undefined;
  #upgradeAbort: AbortController | undefined;
  #loadAbortedByDisconnect = false;
  /** The customer asked for the work under way (a retry): its outcome may take focus. */
  #focusOutcome = false;
  readonly #reportedProblems = new Set<string>();

  readonly #load = new Task(this, {
    // Attributes that leave no valid choice stop the load too: no request is sent for a form that cannot be shown.
    args: () => [this.#connection, this.#setupError === undefined] as const,
    task: async ([connection, choicesValid], { signal }) => {
      if (!connection || 'error' in connection || !choicesValid) return initialState;
      const [loaded] = await Promise.all([this.#fetchSubscription(connection, signal), this.#languageArrival]);
      return loaded;
    },
    onComplete: (loaded) => void this.#announceLoaded(loaded),
    onError: (error) => void this.#reportFailure('load', error),
  });

  /** The subscription as last read or upgraded; `undefined` until it has loaded. */
  get subscription(): Subscription | undefined {
    if (this.#outcome.status === 'success') return this.#outcome.subscription;
    return this.#load.status === TaskStatus.COMPLETE ? this.#load.value?.subscription : undefined;
  }

  /** Where the widget is: `loading`, `ready`, `ineligible`, `submitting`, `success` or `error`. */
  get state(): PrepaidUpgradeState {
    const outcome = this.#outcome.status;
    const load = this.#load;
    if (this.#setupError !== undefined) return 'error';
    // An upgrade under way or done outranks the load it started from.
    if (outcome !== 'idle') return outcome;
    if (load.status === TaskStatus.COMPLETE) return load.value?.eligibility.eligible ? 'ready' : 'ineligible';
    // An aborted load (on disconnection) starts again on reconnection: it is still loading.
    return load.status === TaskStatus.ERROR && !isAbortError(load.error) ? 'error' : 'loading';
  }

  /**
   * Sends the upgrade with the current choices, as the confirm button does. Resolves to whether it succeeded.
   * While one is in flight, further calls share it: one request, however often this is called.
   */
  upgrade(): Promise<boolean> {
    if (this.#upgradeInFlight) return this.#upgradeInFlight;
    const state = this.state;
    const connection = this.#connection;
    const choices = this.#choices;
    const loaded = this.#load.value;
    const canSubmit = state === 'ready' || (state === 'error' && this.#outcome.status === 'error');
    if (!canSubmit || !connection || 'error' in connection || !choices || 'error' in choices || !loaded) return Promise.resolve(false);

    const request: UpgradeRequest = {
      orders_per_billing: this.#selectedOrders ?? choices.ordersPerBilling,
      renewal_behavior: this.#selectedRenewal ?? choices.renewalBehavior,
      offer: choices.offer,
    };
    // Claimed before the event is dispatched, so that a listener calling upgrade() again cannot start a second one.
    let release!: (succeeded: boolean) => void;
    this.#upgradeInFlight = new Promise<boolean>((resolve) => (release = resolve));
    const submit = new PrepaidUpgradeSubmitEvent({ subscriptionId: connection.subscriptionId, request: { ...request } });
    this.dispatchEvent(submit);
    if (submit.defaultPrevented) {
      this.#upgradeInFlight = undefined;
      release(false);
      return Promise.resolve(false);
    }
    const controller = new AbortController();
    this.#upgradeAbort = controller;
    this.#setOutcome({ status: 'submitting' });
    const inFlight = this.#upgradeInFlight;
    this.#sendUpgrade(connection, request, controller.signal).then(release, () => release(false));
    return inFlight;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#followLanguage();
    if (this.#loadAbortedByDisconnect) {
      this.#loadAbortedByDisconnect = false;
      void this.#load.run();
    }
    // The first render happens now rather than a microtask later, so that the placeholder holds the widget's place
    // from the very frame it is inserted in (the update that Lit has queued then finds nothing left to do).
    if (!this.hasUpdated) this.performUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#langObserver?.disconnect();
    this.#langObserver = undefined;
    if (this.#load.status === TaskStatus.PENDING) {
      this.#loadAbortedByDisconnect = true;
      this.#load.abort();
    }
    this.#abortUpgrade();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (CONNECTION_ATTRIBUTES.some((name) => changed.has(name)) || this.#connection === undefined) {
      this.#abortUpgrade();
      this.#setOutcome(IDLE);
      this.#connection = this.#connect();
    }
    if (CHOICE_ATTRIBUTES.some((name) => changed.has(name)) || this.#choices === undefined) {
      const result = parseChoices(this);
      for (const warning of result.warnings) this.#warnOnce(warning);
      this.#choices = 'error' in result ? { error: result.error } : result.choices;
      if ('choices' in result) {
        this.#selectedOrders = result.choices.ordersPerBilling;
        this.#selectedRenewal = result.choices.renewalBehavior;
      }
    }
  }

  #shownState: PrepaidUpgradeState | undefined;
  /**
   * The state as a CSS custom state. `:state(x)` came with Chrome 125, Firefox 126 and Safari 17.4; Chrome 90–124
   * know the older `:--x` form and refuse a name without `--`; older engines have no custom states at all, and a page
   * there has the `state` property and the events.
   */
  #showState(state: PrepaidUpgradeState): void {
    const states = this.#internals.states as CustomStateSet | undefined;
    if (!states || state === this.#shownState) return;
    this.#shownState = state;
    states.clear();
    try {
      states.add(state);
    } catch {
      states.add(`--${state}`);
    }
  }

  protected override updated(): void {
    this.#showState(this.state);
    const setupError = this.#setupError;
    if (setupError !== undefined && !this.#reportedProblems.has(setupError)) {
      this.#reportedProblems.add(setupError);
      this.#report('config', describeFailure(new ApiError('config', setupError)));
    }
  }

  /** A problem of the element's own attributes: nothing can be sent until it is fixed. */
  get #setupError(): string | undefined {
    if (this.#connection && 'error' in this.#connection) return this.#connection.error;
    if (this.#choices && 'error' in this.#choices) return this.#choices.error;
    return undefined;
  }

  #connect(): Connection | { error: string } {
    const subscriptionId = this.subscriptionId?.trim();
    if (!subscriptionId) return { error: 'subscription-id is required' };
    if (subscriptionId === '.' || subscriptionId === '..')
      return { error: `subscription-id ${JSON.stringify(subscriptionId)} is not a subscription id` };
    let baseAddress: URL;
    let source: ReturnType<typeof chooseCredentialSource>;
    try {
      const pageUrl = document.baseURI;
      baseAddress = resolveBaseAddress({ apiBase: this.apiBase, environment: this.environment, pageUrl });
      source = chooseCredentialSource({
        tokenProvider: this.tokenProvider,
        token: this.token,
        authUrl: this.authUrl?.trim() ? resolveTokenEndpoint(this.authUrl, pageUrl) : undefined,
        merchantId: this.merchantId,
        readCookies: () => document.cookie,
      });
    } catch (error) {
      return { error: error instanceof ApiError ? error.message : String(error) };
    }
    if (!source) return { error: 'no credential: set tokenProvider, token, auth-url, or merchant-id with an og_auth cookie' };
    const timeout = this.timeout;
    const timeoutValid = Number.isFinite(timeout) && timeout! > 0;
    if (timeout !== undefined && !timeoutValid) {
      this.#warnOnce(`timeout: ${JSON.stringify(String(timeout))} is not a number of milliseconds, using ${DEFAULT_TIMEOUT_MS}`);
    }
    const credentials = new StorefrontCredentials(source, undefined, (warning) => this.#warnOnce(warning));
    const client = createApiClient({
      baseAddress,
      timeoutMs: timeoutValid ? timeout : DEFAULT_TIMEOUT_MS,
      authorization: (signal) => credentials.authorization(signal),
      renewAuthorization: (refused, signal) => credentials.renewAfterRefusal(refused, signal),
    });
    return { subscriptionId, client, credentials };
  }

  async #fetchSubscription({ subscriptionId, client }: Connection, signal: AbortSignal): Promise<Loaded> {
    const subscription = await client.getSubscription(subscriptionId, { signal });
    let product: Product | undefined;
    if (subscription.product) {
      try {
        product = await client.getProduct(subscription.product, { signal });
      } catch (error) {
        // The product only decorates the form (name, image, price) and the service judges eligibility again on
        // upgrade, so a product that cannot be read does not stop the customer; a refused credential does.
        if (signal.aborted || (error instanceof ApiError && error.status === 401)) throw error;
        this.#log('warn', `product ${subscription.product} could not be read, shown without it: ${describeFailure(error).message}`);
      }
    }
    return { subscription, product, eligibility: decideEligibility(subscription, product) };
  }

  async #announceLoaded(loaded: Loaded): Promise<void> {
    await this.updateComplete;
    // A newer load may have started meanwhile; it announces itself.
    if (this.#load.value !== loaded || this.#load.status !== TaskStatus.COMPLETE) return;
    this.dispatchEvent(new PrepaidUpgradeReadyEvent({ subscription: loaded.subscription }));
    this.#takeFocus('[part~="form"] input:checked, .notice');
  }

  async #sendUpgrade(connection: Connection, request: UpgradeRequest, signal: AbortSignal): Promise<boolean> {
    try {
      const subscription = await upgradeAndConfirm(connection.client, connection.subscriptionId, request, { signal });
      if (signal.aborted) return false;
      this.#setOutcome({ status: 'success', subscription });
      await this.updateComplete;
      this.#focusOutcome = true;
      this.#takeFocus('[part~="success"]');
      this.dispatchEvent(new PrepaidUpgradeSuccessEvent({ subscription }));
      return true;
    } catch (error) {
      if (signal.aborted) return false;
      this.#setOutcome({ status: 'error', failure: describeFailure(error) });
      this.#focusOutcome = true;
      await this.#reportFailure('upgrade', error);
      return false;
    } finally {
      if (this.#upgradeAbort?.signal === signal) {
        this.#upgradeAbort = undefined;
        this.#upgradeInFlight = undefined;
      }
    }
  }

  #setOutcome(outcome: UpgradeOutcome): void {
    this.#outcome = outcome;
    this.requestUpdate();
  }

  #abortUpgrade(): void {
    this.#upgradeAbort?.abort();
    this.#upgradeAbort = undefined;
    this.#upgradeInFlight = undefined;
    if (this.#outcome.status === 'submitting') this.#setOutcome(IDLE);
  }

  async #reportFailure(phase: ErrorPhase, error: unknown): Promise<void> {
    if (isAbortError(error)) return;
    await this.updateComplete;
    const failure = describeFailure(error);
    this.#report(phase, failure);
    this.#takeFocus('[part~="error"]');
  }

  #report(phase: ErrorPhase, failure: Failure): void {
    this.#log('error', `${phase} failed: ${failure.message}`);
    const { status, message, retryable } = failure;
    this.dispatchEvent(new PrepaidUpgradeErrorEvent({ phase, status, message, retryable }));
    if (failure.credentialRefused) this.dispatchEvent(new PrepaidUpgradeTokenExpiredEvent());
  }

  #warnOnce(warning: string): void {
    if (this.#reportedProblems.has(warning)) return;
    this.#reportedProblems.add(warning);
    this.#log('warn', warning);
  }

  /** One console line, naming the element it comes from: a page may hold one widget per subscription. */
  #log(level: 'warn' | 'error', message: string): void {
    console[level](`<prepaid-upgrade subscription-id="${this.subscriptionId ?? ''}">: ${message}`);
  }

  /** Moves focus to an outcome the customer asked for; never steals it on a page that just loaded. */
  #takeFocus(selector: string): void {
    if (!this.#focusOutcome) return;
    this.#focusOutcome = false;
    this.renderRoot.querySelector<HTMLElement>(selector)?.focus();
  }

  #retry(): void {
    this.#focusOutcome = true;
    const outcome = this.#outcome;
    if (outcome.status === 'error' && outcome.failure.retryable) {
      void this.upgrade();
      return;
    }
    if (outcome.status === 'error' || this.#load.status === TaskStatus.ERROR) {
      const connection = this.#connection;
      if (connection && !('error' in connection)) connection.credentials.renew();
      this.#setOutcome(IDLE);
      void this.#load.run();
    }
  }

  get #text(): Strings {
    return this.strings ? { ...this.#languageStrings, ...this.strings } : this.#languageStrings;
  }

  /**
   * Watches `lang` on this element and on every ancestor, through shadow roots, so that a page switching its
   * language switches the widget's too.
   */
  #followLanguage(): void {
    this.#langObserver?.disconnect();
    this.#langObserver = new MutationObserver(() => this.#applyLanguage());
    for (const element of composedAncestors(this)) this.#langObserver.observe(element, { attributes: true, attributeFilter: ['lang'] });
    this.#applyLanguage();
  }

  #applyLanguage(): void {
    const tag = nearestLang(this);
    const language = matchLanguage(tag);
    this.#formatLocale = language === 'en' && !/^en\b/i.test(tag) ? 'en' : tag;
    this.requestUpdate();
    if (language === this.#requestedLanguage) return;
    this.#requestedLanguage = language;
    this.#languageArrival = loadStrings(language).then((strings) => {
      // A later change of language wins over this one, whichever arrives first.
      if (this.#requestedLanguage !== language) return;
      this.#language = language;
      this.#languageStrings = strings;
      this.requestUpdate();
    });
  }

  #money(amount: number | undefined, subscription: Subscription): string | undefined {
    return amount === undefined ? undefined : formatMoney(amount, subscription.currency_code, this.#formatLocale);
  }

  // ---- rendering ---------------------------------------------------------------------------------------------

  protected override render(): TemplateResult {
    const state = this.state;
    const t = this.#text;
    const loaded = this.#load.status === TaskStatus.COMPLETE ? this.#load.value : undefined;
    return html`
      <div
        part="base"
        class="base"
        lang=${this.#language}
        dir=${isRightToLeft(this.#language) ? 'rtl' : 'ltr'}
        aria-busy=${state === 'loading' || state === 'submitting' ? 'true' : 'false'}
      >
        <header part="header" class="header">
          <slot name="heading"><h2 class="heading">${t.heading}</h2></slot>
          <slot name="description"><p class="description">${t.description}</p></slot>
        </header>
        ${loaded ? this.#renderProduct(loaded) : nothing} ${this.#renderBody(state, loaded)}
        <div part="status" class="visually-hidden" role="status">${this.#announcement(state, loaded)}</div>
      </div>
    `;
  }

  #renderBody(state: PrepaidUpgradeState, loaded: Loaded | undefined): TemplateResult | typeof nothing {
    switch (state) {
      case 'loading':
        return this.#renderLoading();
      case 'ineligible':
        return loaded ? this.#renderIneligible(loaded) : nothing;
      case 'success':
        return this.#outcome.status === 'success' ? this.#renderSuccess(this.#outcome.subscription, loaded) : nothing;
      case 'error':
        return html`${this.#outcome.status === 'error' && loaded ? this.#renderForm(loaded, 'live') : nothing}${this.#renderError()}`;
      default:
        return loaded ? this.#renderForm(loaded, state === 'submitting' ? 'submitting' : 'live') : nothing;
    }
  }

  #announcement(state: PrepaidUpgradeState, loaded: Loaded | undefined): string {
    const t = this.#text;
    if (state === 'loading') return t.loading;
    if (state === 'submitting') return t.submitting;
    if (state === 'success') return t.successHeading;
    if (state === 'ineligible' && loaded && !loaded.eligibility.eligible) {
      return t.ineligible(loaded.eligibility.reason, loaded.product?.name ?? undefined);
    }
    return '';
  }

  /**
   * The ready state's layout with every text hidden behind a shimmer, so that the page does not move when the
   * subscription arrives. It is inert and hidden from assistive technology: the status region says "loading".
   */
  #renderLoading(): TemplateResult {
    return html`
      <div class="placeholder" .inert=${true} aria-hidden="true">
        ${this.#renderProduct(PLACEHOLDER, true)} ${this.#renderForm(PLACEHOLDER, 'placeholder')}
      </div>
    `;
  }

  #renderProduct({ subscription, product }: Loaded, placeholder = false): TemplateResult | typeof nothing {
    if (!product?.name) return nothing;
    const perOrder = this.#money(pricePerOrder(subscription, product), subscription);
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

  #renderForm({ subscription, product }: Loaded, mode: 'live' | 'submitting' | 'placeholder'): TemplateResult | typeof nothing {
    const submitting = mode === 'submitting';
    const choices = this.#choices;
    if (!choices || 'error' in choices) return nothing;
    const t = this.#text;
    const orders = this.#selectedOrders ?? choices.ordersPerBilling;
    const renewal = this.#selectedRenewal ?? choices.renewalBehavior;
    const perOrderAmount = pricePerOrder(subscription, product);
    const total = (count: number) => this.#money(perOrderAmount === undefined ? undefined : perOrderAmount * count, subscription);
    return html`
      <form part="form" class="form" novalidate @submit=${this.#onSubmit}>
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
                  @change=${this.#onOrdersChange}
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
                  @change=${this.#onRenewalChange}
                />
                <label for="renewal-${behavior}">${t.renewalOption(behavior)}</label>
                <p class="hint" id="renewal-${behavior}-hint">${t.renewalHint(behavior, orders)}</p>
              </div>
            `,
          )}
        </fieldset>
        <div part="summary" class="summary">
          <h3 class="summary-heading">${t.summaryHeading}</h3>
          <p>${t.summary(orders, total(orders), this.#money(perOrderAmount, subscription))}</p>
          <p>${t.nothingChargedNow}</p>
        </div>
        <slot name="terms"></slot>
        <button part="submit" class="submit" type="submit" aria-disabled=${submitting ? 'true' : 'false'}>
          ${submitting ? t.submitting : t.submit(orders)}
        </button>
      </form>
    `;
  }

  #renderIneligible({ subscription, product, eligibility }: Loaded): TemplateResult | typeof nothing {
    if (eligibility.eligible) return nothing;
    const t = this.#text;
    const context = subscription.prepaid_subscription_context;
    const renewal = context?.renewal_behavior;
    const cancelledOn = formatServiceDate(subscription.cancelled, this.#formatLocale);
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

  #renderSuccess(subscription: Subscription, loaded: Loaded | undefined): TemplateResult {
    const t = this.#text;
    const context = subscription.prepaid_subscription_context;
    const orders = context?.prepaid_orders_per_billing ?? 0;
    const renewal = context?.renewal_behavior;
    const perOrder = pricePerOrder(subscription, loaded?.product);
    return html`
      <div part="success" class="success" tabindex="-1">
        <h3 class="success-heading">${t.successHeading}</h3>
        <p>${t.successBody(orders, this.#money(perOrder === undefined ? undefined : perOrder * orders, subscription))}</p>
        ${isRenewalBehavior(renewal) ? html`<p>${t.renewalHint(renewal, orders)}</p>` : nothing}
        <slot name="success"></slot>
      </div>
    `;
  }

  #renderError(): TemplateResult {
    const t = this.#text;
    const setupError = this.#setupError;
    const outcome = this.#outcome;
    const failure = setupError !== undefined ? undefined : outcome.status === 'error' ? outcome.failure : describeFailure(this.#load.error);
    const kind = failure?.kind ?? 'config';
    // A reason about one of the customer's choices is labelled with the words the form asks for it with; a reason
    // about anything else, with nothing. (A field named like `toString` finds a value of the object's prototype,
    // which is no key of the texts either.)
    const choice = { orders_per_billing: 'ordersLegend', renewal_behavior: 'renewalLegend' }[failure?.field as string];
    const label = t[choice as 'ordersLegend' | 'renewalLegend'];
    return html`
      <div part="error" class="error" role="alert" tabindex="-1">
        <p>${t.failure(kind)}</p>
        ${
          failure?.detail
            ? html`<p>${t.refusedBecause} <span class="detail">${failure.detail}</span>${label ? ` (${label})` : nothing}</p>`
            : nothing
        }
        ${
          failure
            ? html`<button part="retry" class="retry" type="button" @click=${this.#retry}>
                ${failure.retryable ? t.retry : t.reload}
              </button>`
            : nothing
        }
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
    this.requestUpdate();
    this.#announceChange();
  }

  #onRenewalChange(event: Event): void {
    const value = (event.target as HTMLInputElement).value;
    if (isRenewalBehavior(value)) this.#selectedRenewal = value;
    this.requestUpdate();
    this.#announceChange();
  }

  #announceChange(): void {
    const ordersPerBilling = this.#selectedOrders;
    const renewalBehavior = this.#selectedRenewal;
    if (ordersPerBilling !== undefined && renewalBehavior)
      this.dispatchEvent(new PrepaidUpgradeChangeEvent({ ordersPerBilling, renewalBehavior }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'prepaid-upgrade': PrepaidUpgrade;
  }
}
