// The demo store's account page. It does what a storefront theme would do: signs the customer in through the
// store's own server, lists their subscriptions, and drops one <prepaid-upgrade> per subscription on the page.
// Everything under "Sandbox controls" is developer tooling that talks to the local sandbox only.
import '../src/index.js';

const SANDBOX = '/sandbox';
const MERCHANT = '/merchant';
const EVENT_TYPES = [
  'prepaid-upgrade-ready',
  'prepaid-upgrade-change',
  'prepaid-upgrade-submit',
  'prepaid-upgrade-success',
  'prepaid-upgrade-error',
  'prepaid-upgrade-token-expired',
] as const;
const MAX_LOG_ENTRIES = 200;

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
  faultForm: $<HTMLFormElement>('#fault-form'),
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
      item.append(widget);
      return item;
    }),
  );
  ui.reloadWidgets.disabled = count === 0;
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

// --- Sandbox controls -----------------------------------------------------------------------------------------

const FAULT_TARGETS: Record<string, { method?: string; path?: string; label: string }> = {
  load: { method: 'GET', label: 'load' },
  upgrade: { method: 'PATCH', path: '/upgrade_to_prepaid/', label: 'upgrade' },
  any: { label: '' },
};

const FAULT_LABELS: Record<string, string> = { '0': 'a network failure' };

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

ui.faultForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const form = new FormData(ui.faultForm);
  const target = FAULT_TARGETS[String(form.get('target'))] ?? FAULT_TARGETS.any!;
  const status = Number(form.get('status'));
  const count = Number(form.get('count'));
  const requests = `${target.label ? `${target.label} ` : ''}${count === 1 ? 'request' : `${count} requests`}`;
  const answer = FAULT_LABELS[String(status)] ?? `status ${status}`;
  void control(
    () => postJson(`${SANDBOX}/__sandbox/faults`, { status, count, method: target.method, path: target.path }),
    `The next ${requests} will get ${answer}.`,
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
  showLatency();
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
