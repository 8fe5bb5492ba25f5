// The demo store's account page. It does what a storefront theme would do: signs the customer in through the
// store's own server, lists their subscriptions, and drops one <prepaid-upgrade> per subscription on the page.
// Everything under "Sandbox controls" is developer tooling that talks to the local sandbox only.
import { PREPAID_UPGRADE_EVENTS } from '../src/index.js';

const SANDBOX = '/sandbox';
const MERCHANT = '/merchant';
/** Every public event the widgets fire, from the element's own table: the log below shows each. */
const EVENT_TYPES = Object.values(PREPAID_UPGRADE_EVENTS).map((event) => event.eventName);
const MAX_LOG_ENTRIES = 200;
/**
 * The widgets' time limit here: shorter than the default, so that the "Timeout" fault (an answer after 4 s) shows one
 * without a long wait.
 */
const WIDGET_TIMEOUT_MS = 3000;

interface Customer {
  customerId: string;
  firstName: string;
  lastName: string;
  email: string;
}

interface SubscriptionSummary {
  public_id: string;
}

interface Page<T> {
  results: T[];
  paging: { next: string | null };
}

const $ = <T extends Element>(selector: string): T => {
  const element = document.querySelector<T>(selector);
  if (!element) throw new Error(`The demo page has no ${selector}`);
  return element;
};

const ui = {
  accountName: $<HTMLSpanElement>('#account-name'),
  signOut: $<HTMLButtonElement>('#sign-out'),
  signInSection: $<HTMLElement>('#sign-in'),
  signInForm: $<HTMLFormElement>('#sign-in-form'),
  customerSelect: $<HTMLSelectElement>('#customer'),
  signInMessage: $<HTMLParagraphElement>('#sign-in-message'),
  subscriptionsSection: $<HTMLElement>('#subscriptions'),
  subscriptionsStatus: $<HTMLParagraphElement>('#subscriptions-status'),
  subscriptionList: $<HTMLUListElement>('#subscription-list'),
  widgetArea: $<HTMLElement>('#widget-area'),
  themeForm: $<HTMLFormElement>('#theme-form'),
  faultForm: $<HTMLFormElement>('#fault-form'),
  faultSubscription: $<HTMLSelectElement>('#fault-subscription'),
  faultApply: $<HTMLInputElement>('#fault-apply'),
  clearFaults: $<HTMLButtonElement>('#clear-faults'),
  latency: $<HTMLInputElement>('#latency'),
  latencyValue: $<HTMLOutputElement>('#latency-value'),
  reloadWidgets: $<HTMLButtonElement>('#reload-widgets'),
  resetSandbox: $<HTMLButtonElement>('#reset-sandbox'),
  controlStatus: $<HTMLParagraphElement>('#control-status'),
  eventLog: $<HTMLOListElement>('#event-log'),
  clearLog: $<HTMLButtonElement>('#clear-log'),
};

/** The subscriptions of the signed-in customer, as last listed; "Reload widgets" re-renders from it. */
let subscriptionIds: string[] = [];

class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function requestJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, headers: { accept: 'application/json', ...init.headers } });
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    const detail = (body as { detail?: unknown } | undefined)?.detail;
    throw new RequestError(response.status, typeof detail === 'string' ? detail : `HTTP ${response.status}`);
  }
  return body as T;
}

const postJson = <T>(url: string, body: unknown) =>
  requestJson<T>(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const fullName = (customer: Customer) => `${customer.firstName} ${customer.lastName}`;

// --- The store: session and subscriptions -------------------------------------------------------------------

async function loadCustomers(): Promise<void> {
  const { customers } = await requestJson<{ customers: Customer[] }>(`${MERCHANT}/customers`);
  ui.customerSelect.replaceChildren(
    ...customers.map((customer) => new Option(`${fullName(customer)} (${customer.email})`, customer.customerId)),
  );
}

function showSignedOut(): void {
  ui.accountName.textContent = 'Not signed in';
  ui.signOut.hidden = true;
  ui.signInSection.hidden = false;
  ui.subscriptionsSection.hidden = true;
  ui.subscriptionList.replaceChildren();
  ui.reloadWidgets.disabled = true;
  subscriptionIds = [];
  listFaultSubscriptions();
}

async function showSignedIn(customer: Customer): Promise<void> {
  ui.accountName.textContent = `Signed in as ${fullName(customer)}`;
  ui.signOut.hidden = false;
  ui.signInSection.hidden = true;
  ui.subscriptionsSection.hidden = false;
  await listSubscriptions();
}

/**
 * Lists the customer's subscriptions straight from the service, with the same storefront token the widgets use:
 * the store's server signs it, the page never sees the hash key.
 */
async function fetchSubscriptionIds(): Promise<string[]> {
  const token = await requestJson<unknown>(`${MERCHANT}/token`);
  const authorization = JSON.stringify(token);
  const ids: string[] = [];
  let next: string | null = `${SANDBOX}/subscriptions/?limit=100`;
  while (next) {
    const page: Page<SubscriptionSummary> = await requestJson<Page<SubscriptionSummary>>(next, { headers: { authorization } });
    ids.push(...page.results.map((subscription) => subscription.public_id));
    next = page.paging.next;
  }
  return ids;
}

async function listSubscriptions(): Promise<void> {
  ui.subscriptionsStatus.textContent = 'Loading your subscriptions…';
  ui.subscriptionList.replaceChildren();
  ui.reloadWidgets.disabled = true;
  try {
    subscriptionIds = await fetchSubscriptionIds();
  } catch (error) {
    subscriptionIds = [];
    if (error instanceof RequestError && error.status === 401) {
      showSignedOut();
      ui.signInMessage.textContent = 'Your session has ended. Sign in again.';
      return;
    }
    ui.subscriptionsStatus.textContent = `Your subscriptions could not be listed (${describeError(error)}). Reset the sandbox or try again.`;
    return;
  }
  renderWidgets();
}

/** The demo store's prepaid discount per term, in percent. */
const PREPAID_DISCOUNTS = '3:5,6:10,12:15';

function renderWidgets(): void {
  const count = subscriptionIds.length;
  ui.subscriptionsStatus.textContent =
    count === 0 ? 'You have no subscriptions.' : `You have ${count} ${count === 1 ? 'subscription' : 'subscriptions'}.`;
  ui.subscriptionList.replaceChildren(
    ...subscriptionIds.map((id) => {
      const item = document.createElement('li');
      const widget = document.createElement('prepaid-upgrade');
      widget.setAttribute('subscription-id', id);
      widget.setAttribute('api-base', SANDBOX);
      // The widget fetches (and renews) its token from the store's server; no token in the page's markup.
      widget.setAttribute('auth-url', `${MERCHANT}/token`);
      widget.setAttribute('timeout', String(WIDGET_TIMEOUT_MS));
      // The store's prepaid discounts: the service does not know them, the store says them.
      widget.setAttribute('prepaid-discounts', PREPAID_DISCOUNTS);
      item.append(widget);
      return item;
    }),
  );
  ui.reloadWidgets.disabled = count === 0;
  listFaultSubscriptions();
}

function describeError(error: unknown): string {
  if (error instanceof RequestError) return `${error.status}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

ui.signInForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  ui.signInMessage.textContent = '';
  try {
    const { customer } = await postJson<{ customer: Customer }>(`${MERCHANT}/sign-in`, { customerId: ui.customerSelect.value });
    await showSignedIn(customer);
    $<HTMLElement>('#main').focus();
  } catch (error) {
    ui.signInMessage.textContent = `Sign-in failed (${describeError(error)}).`;
  }
});

ui.signOut.addEventListener('click', async () => {
  await requestJson(`${MERCHANT}/sign-out`, { method: 'POST' }).catch(() => undefined);
  showSignedOut();
  ui.customerSelect.focus();
});

// --- Widget theme -------------------------------------------------------------------------------------------------

// Each theme is a stylesheet under themes/ that applies below [data-theme="…"]; "default" has no stylesheet at all.
const THEMES = ['default', 'dark', 'brand'] as const;
type Theme = (typeof THEMES)[number];
const THEME_STORAGE_KEY = 'prepaid-upgrade-demo:theme';
const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme);

function applyTheme(theme: Theme): void {
  ui.widgetArea.dataset.theme = theme;
  const radio = ui.themeForm.elements.namedItem('theme') as RadioNodeList;
  radio.value = theme;
}

/** The theme chosen last time; storage can be unavailable (private modes, blocked cookies), which means "default". */
function storedTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : 'default';
  } catch {
    return 'default';
  }
}

ui.themeForm.addEventListener('change', () => {
  const theme = new FormData(ui.themeForm).get('theme');
  if (!isTheme(theme)) return;
  applyTheme(theme);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not remembered, but still applied.
  }
});
ui.themeForm.addEventListener('submit', (event) => event.preventDefault());

// --- Sandbox controls -----------------------------------------------------------------------------------------

/** The kinds of request a fault can be aimed at; the first three are the widget's own, each a path of its own. */
const FAULT_TARGETS = ['load', 'upgrade', 'renewal', 'any'] as const;
type FaultTarget = (typeof FAULT_TARGETS)[number];

/** The requests a fault applies to: a method, and a path that the request's path must contain. */
function faultScope(target: FaultTarget, subscriptionId: string): { method?: string; path?: string } {
  const subscription = subscriptionId ? `/subscriptions/${subscriptionId}/` : '';
  switch (target) {
    case 'load':
      return { method: 'GET', path: subscription || '/subscriptions/' };
    case 'upgrade':
      return { method: 'PATCH', path: subscription ? `${subscription}upgrade_to_prepaid/` : '/upgrade_to_prepaid/' };
    case 'renewal':
      return { method: 'PATCH', path: subscription ? `${subscription}change_renewal_behavior/` : '/change_renewal_behavior/' };
    default:
      return subscription ? { path: subscription } : {};
  }
}

/** What each choice of "Answer with" asks the sandbox for, and how the status line names it. */
function faultAnswer(choice: string): { fault: Record<string, unknown>; label: string } {
  switch (choice) {
    case 'network':
      return { fault: { status: 0 }, label: 'a network failure' };
    case 'timeout':
      // A gateway timeout that arrives after the widget gave up: without "applied", nothing is changed.
      return {
        fault: { status: 504, latencyMs: WIDGET_TIMEOUT_MS + 1000 },
        label: `no answer for ${(WIDGET_TIMEOUT_MS + 1000) / 1000} s (a timeout)`,
      };
    case '400-field':
      // The shape of the service's own validation errors: one list of messages per field.
      return {
        fault: { status: 400, body: JSON.stringify({ renewal_behavior: ["Value 'x' is not a valid choice."] }) },
        label: 'a 400 with a field error',
      };
    case 'malformed':
      return { fault: { status: 200, body: '{"public_id": ', contentType: 'application/json' }, label: 'a 200 that is not JSON' };
    default:
      return { fault: { status: Number(choice) }, label: `a ${choice}` };
  }
}

const TARGET_NAMES: Record<FaultTarget, string> = { load: 'load', upgrade: 'upgrade', renewal: 'renewal change', any: '' };

function listFaultSubscriptions(): void {
  const selected = ui.faultSubscription.value;
  ui.faultSubscription.replaceChildren(new Option('Any subscription', ''), ...subscriptionIds.map((id) => new Option(id, id)));
  ui.faultSubscription.value = subscriptionIds.includes(selected) ? selected : '';
}

/** "Applied, but the answer is lost" only means something for a request that changes something. */
function syncApply(): void {
  const target = new FormData(ui.faultForm).get('target');
  ui.faultApply.disabled = target === 'load';
  if (ui.faultApply.disabled) ui.faultApply.checked = false;
}

function announce(message: string): void {
  ui.controlStatus.textContent = message;
}

async function control(action: () => Promise<unknown>, done: string): Promise<void> {
  try {
    await action();
    announce(done);
  } catch (error) {
    announce(`The sandbox refused (${describeError(error)}).`);
  }
}

ui.faultForm.addEventListener('change', syncApply);

ui.faultForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const form = new FormData(ui.faultForm);
  const target = FAULT_TARGETS.find((t) => t === form.get('target')) ?? 'any';
  const subscriptionId = String(form.get('subscription') ?? '');
  const count = Number(form.get('count'));
  const apply = form.get('apply') === 'on' && target !== 'load';
  const { fault, label } = faultAnswer(String(form.get('status')));
  const name = TARGET_NAMES[target];
  const requests = `${name ? `${name} ` : ''}${count === 1 ? 'request' : `${count} requests`}${subscriptionId ? ` of ${subscriptionId}` : ''}`;
  const outcome = apply ? `will be carried out, then get ${label} instead of the real answer` : `will get ${label}`;
  const next = target === 'load' ? ' Press “Reload widgets” to see it.' : '';
  void control(
    () => postJson(`${SANDBOX}/__sandbox/faults`, { ...fault, ...faultScope(target, subscriptionId), count, ...(apply ? { apply } : {}) }),
    `The next ${requests} ${outcome}.${next}`,
  );
});

ui.clearFaults.addEventListener('click', () => {
  void control(() => requestJson(`${SANDBOX}/__sandbox/faults`, { method: 'DELETE' }), 'No faults are queued.');
});

const showLatency = () => {
  ui.latencyValue.textContent = `${ui.latency.value} ms`;
};
ui.latency.addEventListener('input', showLatency);
ui.latency.addEventListener('change', () => {
  const latencyMs = Number(ui.latency.value);
  void control(() => postJson(`${SANDBOX}/__sandbox/latency`, { latencyMs }), `Every answer now takes ${latencyMs} ms longer.`);
});

ui.reloadWidgets.addEventListener('click', () => {
  renderWidgets();
  announce('The widgets were reloaded.');
});

ui.resetSandbox.addEventListener('click', async () => {
  await control(() => requestJson(`${SANDBOX}/__sandbox/reset`, { method: 'POST' }), 'The sandbox data was reset.');
  ui.latency.value = '0';
  showLatency();
  if (!ui.subscriptionsSection.hidden) await listSubscriptions();
});

// --- Event log --------------------------------------------------------------------------------------------------

// The widget's events never carry the token; the log redacts anything that looks like one all the same, because a
// demo page is where people copy code from.
const SECRET_KEYS = /^(authorization|token|sig|x-api-key)$/i;
const redact = (key: string, value: unknown) => (SECRET_KEYS.test(key) ? '[redacted]' : value);

function logEvent(event: Event): void {
  const target = event.target instanceof Element ? event.target : undefined;
  const item = document.createElement('li');
  item.className = `event-log__entry event-log__entry--${event.type.replace('prepaid-upgrade-', '')}`;

  const heading = document.createElement('p');
  heading.className = 'event-log__summary';
  const type = document.createElement('code');
  type.textContent = event.type;
  const source = document.createElement('span');
  source.className = 'event-log__source';
  source.textContent = target?.getAttribute('subscription-id') ?? '';
  const time = document.createElement('time');
  const now = new Date();
  time.dateTime = now.toISOString();
  time.textContent = now.toLocaleTimeString();
  heading.append(type, ' ', source, ' ', time);

  const details = document.createElement('details');
  const summary = document.createElement('summary');
  summary.textContent = 'detail';
  const pre = document.createElement('pre');
  // Focusable, so that a keyboard can scroll a long detail.
  pre.tabIndex = 0;
  pre.textContent = JSON.stringify((event as Event & { detail?: unknown }).detail ?? null, redact, 2);
  details.append(summary, pre);

  item.append(heading, details);
  ui.eventLog.prepend(item);
  while (ui.eventLog.childElementCount > MAX_LOG_ENTRIES) ui.eventLog.lastElementChild?.remove();
}

for (const type of EVENT_TYPES) document.addEventListener(type, logEvent);
ui.clearLog.addEventListener('click', () => ui.eventLog.replaceChildren());

// --- Start ------------------------------------------------------------------------------------------------------

async function start(): Promise<void> {
  applyTheme(storedTheme());
  showLatency();
  syncApply();
  try {
    await loadCustomers();
    const { customer } = await requestJson<{ customer: Customer | null }>(`${MERCHANT}/session`);
    if (customer) {
      ui.customerSelect.value = customer.customerId;
      await showSignedIn(customer);
    } else {
      showSignedOut();
    }
  } catch (error) {
    ui.signInMessage.textContent = `The store's server did not answer (${describeError(error)}).`;
  }
}

void start();
