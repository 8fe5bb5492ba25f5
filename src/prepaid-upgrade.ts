import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { ApiError, isAbortError } from './api/errors.js';
import type { NextOrder } from './api/orders.js';
import type { Subscription } from './api/schemas.js';
import { CHOICE_PROPERTIES, onUnlessFalse } from './upgrade/choices.js';
import { AttributeConnection } from './element/attribute-connection.js';
import { ConsoleLines } from './element/console-lines.js';
import { showCustomState } from './element/custom-state.js';
import { AgreementController } from './element/agreement-controller.js';
import { reportFailure } from './element/report-failure.js';
import { beforeFirstUpdate, startFirstWork } from './shared/scheduling.js';
import { PlaceController } from './element/place-controller.js';
import { placeholderTemplate, sceneTemplate, shownError, shownNotice } from './element/scene-template.js';
import { announcement } from './element/announcement.js';
import { successMessage } from './upgrade/success-template.js';
import { chosenOrders } from './upgrade/form-template.js';
import { changeConfirmation, manageTemplate } from './prepaid/manage-template.js';
import { RenewalChange } from './prepaid/renewal-change.js';
import { deriveShown, type Shown } from './element/shown-state.js';
import { SubscriptionRead } from './subscription/subscription-read.js';
import { Learned } from './subscription/learned.js';
import { formatMoney } from './i18n/money.js';
import { TaskStatus } from '@lit/task';
import type { WriteTarget } from './changes/write.js';
import type { Connection } from './api/connection.js';
import type { View } from './i18n/view.js';
import { Upgrade } from './upgrade/upgrade.js';
import { ViewController } from './element/view-controller.js';
import type { WriteOutcome } from './changes/write.js';
import {
  PrepaidUpgradeReadyEvent,
  PrepaidUpgradeRenewalChangeEvent,
  PrepaidUpgradeSuccessEvent,
  type ErrorPhase,
  type PrepaidUpgradeState,
} from './events.js';
import { LanguageController } from './i18n/language-controller.js';
import { isRightToLeft } from './i18n/languages.js';
import type { ElementStrings, Strings } from './i18n/strings.js';
import { styles } from './prepaid-upgrade.styles.js';

export type { PrepaidUpgradeState };

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
 * @event prepaid-upgrade-view - At least half of the element was in view for one continuous second after it settled, on a page in view: once per element. `offered` is the orders options the form showed, or `[]`. `detail: { state, subscriptionId, offered }`
 * @event prepaid-upgrade-change - The customer changed a choice. `detail: { ordersPerBilling, renewalBehavior, discountPercent }`
 * @event prepaid-upgrade-submit - Before the upgrade or a renewal change is sent; `preventDefault()` stops it. `detail: { action, subscriptionId, request }`
 * @event prepaid-upgrade-success - The upgrade succeeded: this widget's, not one another widget or tab made. `detail: { subscription }`
 * @event prepaid-upgrade-renewal-change - The service confirmed a change of what happens when the prepaid orders run out. `detail: { subscription }`
 * @event prepaid-upgrade-error - A load, upgrade or renewal change failed for good; a write's says whether the change was made: `applied` is `false` (surely not) or `null` (not known yet). `detail: { phase, status, message, retryable, applied }`
 * @event prepaid-upgrade-token-expired - The credential was refused and none could be renewed: the customer must sign in again (not for a token just renewed and refused, the store's set-up, which `prepaid-upgrade-error` reports). `detail: {}`
 *
 * @csspart base - The outermost wrapper.
 * @csspart header - The heading and description.
 * @csspart heading - The heading, unless the `heading` slot replaces it.
 * @csspart description - The text under the heading, where an upgrade can be bought, unless the `description` slot replaces it.
 * @csspart header-savings - The header's saving badge: "Save up to 15%".
 * @csspart picker - Without `subscription-id`, when several subscriptions can be prepaid: "Which subscription?", a radio each, and its continue button.
 * @csspart picker-option - One subscription in the picker (radio, picture, name and price).
 * @csspart product - The product's image, name and price.
 * @csspart form - The form with both choices.
 * @csspart legend - The question over a group of choices: how many orders, what happens when they run out, which subscription.
 * @csspart orders - The group of choices of orders per billing.
 * @csspart orders-option - One choice of orders per billing (radio, label and hint).
 * @csspart radio - The radio of a choice, in every group.
 * @csspart chosen - With `orders-option`, `renewal-option` or `picker-option`: the row whose radio is checked.
 * @csspart choice-savings - A choice's saving badge: "Save 10%".
 * @csspart hint - The line under a choice: its price, or what the renewal choice does.
 * @csspart was-price - In a discounted choice's hint, the price before the discount (struck through).
 * @csspart per-order - In a discounted choice's hint, what one order comes to.
 * @csspart renewal - The group of renewal choices, in the upgrade form and in the management form.
 * @csspart renewal-option - One renewal choice (radio, label and consequence).
 * @csspart summary - What will be billed, and when.
 * @csspart summary-heading - The summary's heading.
 * @csspart savings - Every saving badge: "Save up to 15%" in the header, "Save 10%" on a choice with a discount.
 * @csspart submit - The confirm button.
 * @csspart notice - Why nothing can be prepaid, or a prepaid subscription's terms.
 * @csspart manage - The form that changes what happens when a prepaid subscription's orders run out.
 * @csspart manage-submit - Its button, enabled once the choice differs from the subscription's.
 * @csspart confirmation - Under it, the line that says a change was saved.
 * @csspart status - The live region that announces loading, submitting, success and a saved renewal change.
 * @csspart error - The error message.
 * @csspart retry - The button under an error: it reads the subscription again after a failed load ("Try again"), or after a write whose outcome is not known ("Check again"), or reloads the page after a session expired.
 * @csspart success - The success message.
 * @csspart success-heading - The success message's heading.
 *
 * @cssproperty [--prepaid-upgrade-font-size=medium] - The size everything is measured from, type and spacing: by default the customer's own preferred size, whatever the root's.
 * @cssproperty [--prepaid-upgrade-accent=light-dark(#1d4ed8, #93c5fd)] - Selected choices, the confirm button, saving badges; the focus ring and the summary's bar unless they have their own.
 * @cssproperty [--prepaid-upgrade-accent-text=contrast-color(accent)] - Text on the accent: the confirm button's and the saving badges'. By default black or white, whichever contrasts more with the accent.
 * @cssproperty [--prepaid-upgrade-focus-ring=accent] - The focus ring's colour.
 * @cssproperty [--prepaid-upgrade-focus-ring-width=3px] - The focus ring's width.
 * @cssproperty [--prepaid-upgrade-focus-ring-offset=2px] - The focus ring's distance from what it surrounds.
 * @cssproperty [--prepaid-upgrade-summary-bar=accent] - The summary's side bar.
 * @cssproperty [--prepaid-upgrade-text=light-dark(#1f2937, #e5e7eb)] - Text colour.
 * @cssproperty [--prepaid-upgrade-background=light-dark(#ffffff, #111827)] - Background colour.
 * @cssproperty [--prepaid-upgrade-border=light-dark(#6b7280, #9ca3af)] - Border colour.
 * @cssproperty [--prepaid-upgrade-radius=0.5em] - Corner radius.
 * @cssproperty [--prepaid-upgrade-gap=1em] - Space between sections.
 * @cssproperty [--prepaid-upgrade-font=inherit] - Font family.
 * @cssproperty [--prepaid-upgrade-error=light-dark(#b91c1c, #fca5a5)] - Error colour.
 *
 * @cssstate loading - The subscription is being read.
 * @cssstate ready - The form is shown, or without `subscription-id` the picker.
 * @cssstate ineligible - The subscription cannot be upgraded, or none of the customer's can; the reason is shown.
 * @cssstate prepaid - The subscription is prepaid (here, elsewhere, or already when an upgrade was asked): its terms are shown, and the form that changes what happens when they run out.
 * @cssstate submitting - The upgrade or a renewal change is in flight, or its answer got lost and reads tell whether it was made.
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
  /** Returns the storefront token; wins over every other credential source, asked again to renew it; a new one changes nothing else. */
  declare tokenProvider: (() => Promise<string>) | undefined;
  /** Overrides any of the UI texts. */
  declare strings: Partial<Strings> | undefined;

  // The element's own state is kept in #private fields, which the minifier can shorten, unlike Lit's reactive
  // properties. Whatever changes one of them outside an update asks for the update itself.
  readonly #internals = this.attachInternals();
  readonly #language = new LanguageController(this, (message) => this.#console.warnOnce(message));
  readonly #link = new AttributeConnection(this, (warning) => this.#console.warnOnce(warning));
  /**
   * Whether the customer asked for the read shown, by a retry. Its outcome then takes focus, as a write's always does,
   * until a read starts that the customer did not ask for.
   */
  #readAsked = false;
  readonly #place = new PlaceController(this, this.#internals, () => this.#shown.state === 'loading');
  readonly #console = new ConsoleLines(() =>
    this.subscriptionId ? `<prepaid-upgrade subscription-id="${this.subscriptionId}">` : '<prepaid-upgrade>',
  );

  /** The read: the subscription that `subscription-id` names, or else what discovery found, and its next order. */
  readonly #read: SubscriptionRead = new SubscriptionRead(
    this,
    {
      connection: () => this.#connection(),
      textsArrived: () => this.#language.arrival,
      shownId: () => this.#learned.loaded(this.#manages)?.subscription.public_id,
      warn: (warning) => this.#console.warn(warning),
    },
    // The picker's host: the element, as the discovery chunk sees it. The chunk renders with the element's Lit and
    // formats money with its formatters, and tells it of the customer's moves.
    {
      lit: { html, nothing },
      formatMoney,
      root: () => this.renderRoot as ShadowRoot,
      requestUpdate: () => this.requestUpdate(),
      chose: () => void this.updateComplete.then(() => this.#announceReady(true)),
      wentBack: () => {
        this.#startOver();
        // Focus stays in the picker: on the radio that was picked, or, when nothing can be prepaid, on the first
        // prepaid subscription's button.
        void this.updateComplete.then(() => this.#takeFocus((root) => this.#read.picker?.focusTarget(root, true), true));
      },
    },
  );
  /** What was learned about the subscriptions shown since they were read: writes' answers, and news from other widgets. */
  // What the customer did not ask for here is shown as news: the status region says it, and nothing takes focus.
  readonly #learned: Learned = new Learned(this, this.#read, () => (this.#readAsked = false));
  /** How many of the read's outcomes were told of (`SubscriptionRead.settled`). */
  #readsTold = 0;

  /** Keeps the other widgets of the subscriptions shown, on this page and in the store's other tabs, in agreement. */
  readonly #agreement = new AgreementController(this, this.#learned, () => this.#writeTarget(), this.#link, this.#console);
  readonly #upgrade = new Upgrade(this);
  // A renewal choice renders at once, not a microtask later. Its button is enabled only once the choice differs, and
  // it must be enabled by the time anything can press it: a script that picks and submits in one go, say. Only a
  // synchronous `performUpdate()` does that; a property the template reads would still wait for the microtask.
  readonly #renewal = new RenewalChange(this, () => (this.requestUpdate(), this.performUpdate()));

  /**
   * What is shown, derived from what is known (`deriveShown`) once per update, before the render reads it. Between
   * updates it is what the last one rendered.
   */
  #shown: Shown = this.#derive();

  constructor() {
    super();
    // The offer's funnel starts when the element has been seen, once, after it settled. The controller registers
    // itself, and nothing else asks it anything.
    new ViewController(this, () => {
      const { state, offered } = this.#shown;
      return state === 'loading' ? undefined : { state, subscriptionId: this.subscription?.public_id ?? null, offered };
    });
  }

  /** The subscription as last read, or as learned since (upgraded, changed, here or elsewhere); `undefined` until it has loaded. */
  get subscription(): Subscription | undefined {
    return this.#current().loaded?.subscription;
  }

  /**
   * The shown subscription's next order, when it is placed and what it bills (after an upgrade, the service's figure):
   * `{ publicId, place, subTotal, total, taxTotal, shippingTotal, currencyCode }`, each amount a decimal string or
   * `null` where the service does not say; `undefined` while it is read, `null` when there is none or it could not be
   * read.
   */
  get nextOrder(): NextOrder | null | undefined {
    return this.#read.nextOrder.value;
  }

  /** Where the widget is: `loading`, `ready`, `ineligible`, `prepaid`, `submitting`, `success` or `error`. */
  get state(): PrepaidUpgradeState {
    return this.#current().state;
  }

  /**
   * Sends the upgrade with the current choices, as the confirm button does. Resolves to whether it succeeded.
   * While one is in flight, further calls share it: one request, however often this is called.
   */
  async upgrade(): Promise<boolean> {
    return (await this.#send('upgrade')).status === 'success';
  }

  // The host holds its room (its `loading` state) from insertion on. Its first update and the page's first work come
  // later, each in a task of its own (see shared/scheduling.ts).
  override connectedCallback(): void {
    super.connectedCallback();
    // A token that takes a request is asked for now, as the bundle runs: the connection is made for attributes already
    // in place. The reads go out from the first update, a task later, as does everything for a token at hand: their
    // code would lengthen the task that defines the element.
    if (!this.hasUpdated && (this.authUrl || this.tokenProvider)) this.#link.read(true);
    showCustomState(this.#internals, this.state);
    void startFirstWork(this.updateComplete, () => this.#language.formatLocale);
  }

  protected override async scheduleUpdate(): Promise<void> {
    if (!this.hasUpdated) await beforeFirstUpdate();
    super.scheduleUpdate();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A new connection starts over. A write in flight is never dropped, though: its outcome is shown once it comes.
    if (this.#link.read()) {
      this.#readAsked = false;
      this.#startOver();
    }
    // The first update reads the choices, whatever was set.
    if (CHOICE_PROPERTIES.some((name) => changed.has(name)) || !this.hasUpdated) {
      this.#upgrade.readChoices(this, (warning) => this.#console.warnOnce(warning));
    }
  }

  // The reads' tasks start in their controllers' `hostUpdate`, which comes after `willUpdate`: what is shown is derived
  // here, after them, so that a read starting in this update shows at once.
  protected override update(changed: PropertyValues<this>): void {
    this.#shown = this.#derive();
    super.update(changed);
  }

  protected override updated(): void {
    showCustomState(this.#internals, this.#shown.state);
    // Each read is told of once it is rendered: what it found, or why it failed.
    const read = this.#read;
    if (this.#readsTold !== read.settled) {
      this.#readsTold = read.settled;
      const { status, value, error } = read.task;
      if (status === TaskStatus.ERROR) void this.#reportFailure('load', error);
      // A newer read that starts meanwhile tells of itself.
      if (status === TaskStatus.COMPLETE) void this.updateComplete.then(() => read.value === value && this.#announceReady(false));
    }
    const setupError = this.#setupError;
    if (setupError !== undefined && this.#console.first(setupError))
      reportFailure(this, this.#console, 'config', new ApiError('config', setupError));
  }

  /**
   * What is shown, or, between a change and the update that shows it, what that update will show: for a script that
   * reads `state`, and for the customer's actions, which may come in that moment.
   */
  #current(): Shown {
    return this.isUpdatePending ? this.#derive() : this.#shown;
  }

  /** What is shown, from what is known now. */
  #derive(): Shown {
    const manages = this.#manages;
    const loaded = this.#learned.loaded(manages);
    return deriveShown({
      setupError: this.#setupError,
      read: this.#read.state(loaded, manages),
      readError: this.#read.task.error,
      loaded,
      upgrade: this.#upgrade.write,
      renewal: this.#renewal.write,
      changeConfirmed: this.#renewal.confirmed,
      manages,
      readAsked: this.#readAsked,
      finding: !this.subscriptionId?.trim(),
      ordersOptions: this.#upgrade.choices?.ordersOptions,
    });
  }

  /**
   * The connection that reads and writes go through. Attributes that leave no valid choice stop them: no request is sent
   * for a form that cannot be shown.
   */
  #connection(): Connection | undefined {
    return this.#setupError === undefined ? this.#link.connected : undefined;
  }

  /** A problem with the element's own attributes. Nothing can be sent until it is fixed. */
  get #setupError(): string | undefined {
    return this.#link.error ?? this.#upgrade.error;
  }

  /** Whether a prepaid subscription's renewal may be changed here: `manage-renewal` unless it is `false`. */
  get #manages(): boolean {
    return this.manageRenewal !== false;
  }

  /**
   * Sends a write, when its form can be sent now: the upgrade from its form (also after a refusal), or a renewal
   * change from a prepaid subscription's form. With `checkAgain`, after a write whose outcome is not known, it only
   * reads whether that write was made. While a write is in flight, its outcome is shared and told of once.
   */
  #send(phase: 'upgrade' | 'renewal', checkAgain?: boolean): Promise<WriteOutcome<Subscription>> {
    const { canUpgrade, canChange, failedWrite } = this.#current();
    const target = this.#writeTarget();
    const change = phase === 'upgrade' ? this.#upgrade : this.#renewal;
    const sending = change.write.busy;
    const outcome = checkAgain
      ? change.write.checkAgain(failedWrite as ApiError)
      : phase === 'upgrade'
        ? this.#upgrade.upgrade(canUpgrade ? target : undefined)
        : this.#renewal.change(canChange && target ? { ...target, subscription: this.subscription! } : undefined);
    return sending ? outcome : outcome.then((settled) => this.#settled(phase, settled));
  }

  /**
   * Tells of a write's outcome, once. A success is learned and told to the other widgets of its subscription. It takes
   * focus and is announced to the page; an upgrade's success waits for its next order to be read again, as the service
   * repriced it. A failure is reported. A refusal of a change that was made elsewhere shows the subscription as it is.
   */
  async #settled(phase: 'upgrade' | 'renewal', outcome: WriteOutcome<Subscription>): Promise<WriteOutcome<Subscription>> {
    const subscription =
      outcome.status === 'success' ? outcome.value : outcome.status === 'error' ? (outcome.error as ApiError).current : undefined;
    if (subscription) this.#agreement.wrote(subscription);
    if (outcome.status === 'error') await this.#reportFailure(phase, outcome.error, true);
    if (outcome.status !== 'success') return outcome;
    if (phase === 'upgrade') this.#read.nextOrder.readAgain();
    await this.updateComplete;
    this.#takeFocus(phase === 'upgrade' ? successMessage : changeConfirmation, true);
    const Success = phase === 'upgrade' ? PrepaidUpgradeSuccessEvent : PrepaidUpgradeRenewalChangeEvent;
    this.dispatchEvent(new Success({ subscription: subscription! }));
    return outcome;
  }

  /**
   * Where writes go: to the shown subscription, through the connection. `undefined` while either one is missing.
   */
  #writeTarget(): WriteTarget | undefined {
    const connection = this.#connection();
    const subscriptionId = connection?.subscriptionId ?? this.subscription?.public_id;
    return connection && subscriptionId ? { client: connection.client, subscriptionId } : undefined;
  }

  /**
   * Tells the page what is shown, once it is rendered: after a read, or after the customer chose in the picker (`asked`).
   * Without an id, it also lists the upgradeable subscriptions that were found.
   */
  #announceReady(asked: boolean): void {
    const picker = this.#read.picker;
    const subscription = this.subscription;
    const found = picker ? { subscription: subscription ?? null, candidates: picker.candidates } : { subscription: subscription! };
    this.dispatchEvent(new PrepaidUpgradeReadyEvent({ ...found, nextOrder: this.nextOrder }));
    this.#takeFocus((root) => chosenOrders(root) ?? this.#read.picker?.focusTarget(root) ?? shownNotice(root), asked || undefined);
  }

  async #reportFailure(phase: ErrorPhase, error: unknown, asked?: boolean): Promise<void> {
    if (isAbortError(error)) return;
    await this.updateComplete;
    reportFailure(this, this.#console, phase, error);
    // A refusal of what was made elsewhere shows the subscription as it is, under a notice that says so.
    this.#takeFocus((error as ApiError).current ? shownNotice : shownError, asked);
  }

  /**
   * Moves focus to an outcome the customer asked for, by acting (`asked`) or by a retry. It never takes focus on a page
   * that has just loaded. What takes focus is read out there, so the status region and the alert stay silent about it
   * (`Shown.takesFocus`).
   */
  #takeFocus(target: (root: ParentNode) => HTMLElement | null | undefined, asked = this.#readAsked): void {
    if (asked) target(this.renderRoot)?.focus();
  }

  /**
   * The button under a failure. After a write whose outcome is not known, it reads whether the write was made ("Check
   * again"), and sends nothing again. After a failed read, it reads again. A failed write is tried again with its own
   * form's button instead.
   */
  #retry(): void {
    const { state, unknown, phase } = this.#current();
    if (state !== 'error') return;
    if (unknown && (phase === 'upgrade' || phase === 'renewal')) return void this.#send(phase, true);
    this.#readAsked = true;
    this.#link.connected?.credentials.renew();
    this.#startOver();
    void this.#read.task.run();
  }

  /**
   * Forgets the writes' outcomes, as the subscription is read again or another one is shown. A write in flight keeps
   * its own.
   */
  #startOver(): void {
    this.#upgrade.reset();
    this.#renewal.reset();
  }

  /** The forms' submit handlers: the upgrade's, and a renewal change's. */
  readonly #submit = { upgrade: this.#onSubmit('upgrade'), renewal: this.#onSubmit('renewal') };

  #onSubmit(phase: 'upgrade' | 'renewal'): (event: SubmitEvent) => void {
    return (event) => (event.preventDefault(), void this.#send(phase));
  }

  protected override render(): TemplateResult {
    const shown = this.#shown;
    const { state } = shown;
    const language = this.#language;
    const t: ElementStrings = this.strings ? { ...language.strings, ...this.strings } : language.strings;
    const base = { t, locale: language.formatLocale, nextOrder: this.nextOrder };
    // While loading, only the placeholder is rendered. The first render then touches nothing else.
    return html`
      <div
        part="base"
        class="base ${this.#place.holdsRoom ? 'room' : ''}"
        lang=${language.language}
        dir=${isRightToLeft(language.language) ? 'rtl' : 'ltr'}
        aria-busy=${state === 'loading' || state === 'submitting' ? 'true' : 'false'}
      >
        ${state === 'loading' ? placeholderTemplate() : this.#scene(shown, base)}
        <div part="status" class="visually-hidden" role="status">
          ${announcement(t, { ...shown, nothingFound: this.#read.picker?.whyNothing(this.#manages) })}
        </div>
      </div>
    `;
  }

  /** What a state other than `loading` shows (see `sceneTemplate`). */
  #scene(shown: Shown, base: View): TemplateResult {
    const read = this.#read;
    const form = this.#upgrade.view(base, this.#submit.upgrade);
    const subscription = this.subscription;
    return sceneTemplate({
      ...base,
      shown,
      form,
      picker: read.picker,
      manages: this.#manages,
      manage:
        this.#manages && form && subscription
          ? (mode) =>
              manageTemplate(
                this.#renewal.view(base, form.choices.renewalOptions, subscription, !!shown.changed, this.#submit.renewal),
                mode,
              )
          : undefined,
      onRetry: this.#retry,
    });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'prepaid-upgrade': PrepaidUpgrade;
  }
}
