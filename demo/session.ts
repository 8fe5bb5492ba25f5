// What every page of the demo store shares: requests to the store's own server and the sandbox, the sign-in, and the
// store's settings for a <prepaid-upgrade>. Each page has the same header and sign-in markup (the ids below). The
// session is the server's cookie, so a customer signed in on one page is signed in on every page.
// Registers <prepaid-upgrade>, which storeWidget() creates.
import '../src/index.js';

export const SANDBOX = '/sandbox';
export const MERCHANT = '/merchant';

/** The demo store's prepaid discount per term, in percent. */
const PREPAID_DISCOUNTS = '3:5,6:10,12:15';

export interface Customer {
  customerId: string;
  firstName: string;
  lastName: string;
  email: string;
}

export const $ = <T extends Element>(selector: string): T => {
  const element = document.querySelector<T>(selector);
  if (!element) throw new Error(`The demo page has no ${selector}`);
  return element;
};

export class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function requestJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, headers: { accept: 'application/json', ...init.headers } });
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    const detail = (body as { detail?: unknown } | undefined)?.detail;
    throw new RequestError(response.status, typeof detail === 'string' ? detail : `HTTP ${response.status}`);
  }
  return body as T;
}

export const postJson = <T>(url: string, body: unknown) =>
  requestJson<T>(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export function describeError(error: unknown): string {
  if (error instanceof RequestError) return `${error.status}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

const fullName = (customer: Customer) => `${customer.firstName} ${customer.lastName}`;
const customerOption = (customer: Customer, note?: string) =>
  new Option(`${fullName(customer)} (${customer.email})${note ? `: ${note}` : ''}`, customer.customerId);

/**
 * The page's main content is in place: it no longer holds a screen's height for what it was waiting for (the session,
 * the subscriptions), which it held so that what follows did not move.
 */
export function settled(): void {
  $<HTMLElement>('#main').ariaBusy = 'false';
}

/**
 * A <prepaid-upgrade> as the store sets every one up. It fetches (and renews) its token from the store's server, so
 * the page's markup never holds one; the prepaid discounts are the store's, which the service does not know.
 */
export function storeWidget(): HTMLElement {
  const widget = document.createElement('prepaid-upgrade');
  widget.setAttribute('api-base', SANDBOX);
  widget.setAttribute('auth-url', `${MERCHANT}/token`);
  widget.setAttribute('prepaid-discounts', PREPAID_DISCOUNTS);
  return widget;
}

/** What a page shows around the sign-in: its content for the signed-in customer, or nothing of it. */
export interface SessionPage {
  signedIn(customer: Customer): Promise<void> | void;
  signedOut(): void;
}

export interface SessionOptions {
  /**
   * Customers the page points out, each with a note of what it shows them: listed first, in this order, and the first
   * is chosen. Without it, the store's accounts come in the server's order.
   */
  featured?: ReadonlyArray<readonly [customerId: string, note: string]>;
}

/**
 * The header's account status and the sign-in form: the store's server keeps the session in an httpOnly cookie, so
 * the page only asks it who is signed in, and the widgets ask it for their tokens.
 */
export class StoreSession {
  readonly #page: SessionPage;
  readonly #featured: ReadonlyMap<string, string>;
  readonly #ui = {
    accountName: $<HTMLSpanElement>('#account-name'),
    signOut: $<HTMLButtonElement>('#sign-out'),
    signInSection: $<HTMLElement>('#sign-in'),
    signInForm: $<HTMLFormElement>('#sign-in-form'),
    customerSelect: $<HTMLSelectElement>('#customer'),
    signInMessage: $<HTMLParagraphElement>('#sign-in-message'),
  };

  constructor(page: SessionPage, options: SessionOptions = {}) {
    this.#page = page;
    this.#featured = new Map(options.featured);
    const ui = this.#ui;
    ui.signInForm.addEventListener('submit', async (event) => {
      event.preventDefault();
      ui.signInMessage.textContent = '';
      try {
        const { customer } = await postJson<{ customer: Customer }>(`${MERCHANT}/sign-in`, { customerId: ui.customerSelect.value });
        await this.#showSignedIn(customer);
        $<HTMLElement>('#main').focus();
      } catch (error) {
        ui.signInMessage.textContent = `Sign-in failed (${describeError(error)}).`;
      }
    });
    ui.signOut.addEventListener('click', async () => {
      await requestJson(`${MERCHANT}/sign-out`, { method: 'POST' }).catch(() => undefined);
      this.#showSignedOut();
      ui.customerSelect.focus();
    });
  }

  /** Lists the store's accounts, then shows the page for whoever the session cookie names, if anyone. */
  async start(): Promise<void> {
    const ui = this.#ui;
    try {
      await this.#loadCustomers();
      const { customer } = await requestJson<{ customer: Customer | null }>(`${MERCHANT}/session`);
      if (customer) {
        ui.customerSelect.value = customer.customerId;
        await this.#showSignedIn(customer);
      } else {
        this.#showSignedOut();
      }
    } catch (error) {
      ui.signInMessage.textContent = `The store's server did not answer (${describeError(error)}).`;
    }
  }

  /** The server no longer knows the session (it restarted, or another tab signed out): back to the sign-in form. */
  ended(): void {
    this.#showSignedOut();
    this.#ui.signInMessage.textContent = 'Your session has ended. Sign in again.';
  }

  async #loadCustomers(): Promise<void> {
    const { customers } = await requestJson<{ customers: Customer[] }>(`${MERCHANT}/customers`);
    const select = this.#ui.customerSelect;
    if (!this.#featured.size) {
      select.replaceChildren(...customers.map((customer) => customerOption(customer)));
      return;
    }
    const featured = [...this.#featured].flatMap(([id, note]) => {
      const customer = customers.find(({ customerId }) => customerId === id);
      return customer ? [customerOption(customer, note)] : [];
    });
    const others = customers.filter(({ customerId }) => !this.#featured.has(customerId)).map((customer) => customerOption(customer));
    const group = (label: string, options: HTMLOptionElement[]) => {
      const element = document.createElement('optgroup');
      element.label = label;
      element.append(...options);
      return element;
    };
    select.replaceChildren(group('One of each case', featured), group('Other customers', others));
  }

  async #showSignedIn(customer: Customer): Promise<void> {
    const ui = this.#ui;
    // On a phone, "Signed in as" is left to screen readers (demo.css): the name keeps its room beside the button.
    const label = document.createElement('span');
    label.className = 'account-name__label';
    label.textContent = 'Signed in as ';
    ui.accountName.replaceChildren(label, fullName(customer));
    ui.signOut.toggleAttribute('data-signed-out', false);
    ui.signInSection.hidden = true;
    await this.#page.signedIn(customer);
  }

  #showSignedOut(): void {
    const ui = this.#ui;
    ui.accountName.textContent = 'Not signed in';
    ui.signOut.toggleAttribute('data-signed-out', true);
    ui.signInSection.hidden = false;
    settled();
    this.#page.signedOut();
  }
}
