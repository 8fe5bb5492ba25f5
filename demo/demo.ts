// The demo store's account page. It does what a storefront theme would do: signs the customer in through the
// store's own server, lists their subscriptions, and drops one <prepaid-upgrade> per subscription on the page, and one
// more, above them, for the first of them that is live ("On your next order"): two widgets of one subscription, which
// agree whichever of them changes it.
// Everything under "Developer tools" is not the store's: a theme switcher, the sandbox's controls and an event log.
import { startEventLog } from './event-log.js';
import { startFunnel } from './funnel.js';
import { FAULT_TARGETS, faultSentence, isRead, type FaultTarget } from './fault-words.js';
import { $, describeError, MERCHANT, postJson, RequestError, requestJson, SANDBOX, settled, StoreSession, storeWidget } from './session.js';
import { isTheme, rememberTheme, storedTheme, type Theme } from './theme.js';
import type { OrderListingShape } from '../src/sandbox/index.js';

/**
 * The widgets' time limit here: shorter than the default, so that the "Timeout" fault (an answer after 4 s) shows one
 * without a long wait.
 */
const WIDGET_TIMEOUT_MS = 3000;

interface SubscriptionSummary {
  public_id: string;
  /** Not cancelled: it has a next order. */
  live?: boolean;
}

interface Page<T> {
  results: T[];
  paging: { next: string | null };
}

const ui = {
  subscriptionsSection: $<HTMLElement>('#subscriptions'),
  subscriptionsStatus: $<HTMLParagraphElement>('#subscriptions-status'),
  subscriptionList: $<HTMLUListElement>('#subscription-list'),
  nextOrder: $<HTMLElement>('#next-order'),
  nextOrderSubscription: $<HTMLElement>('#next-order-subscription'),
  widgetArea: $<HTMLElement>('#widget-area'),
  themeForm: $<HTMLFormElement>('#theme-form'),
  faultForm: $<HTMLFormElement>('#fault-form'),
  faultSubscription: $<HTMLSelectElement>('#fault-subscription'),
  faultStatus: $<HTMLSelectElement>('#fault-status'),
  faultStatusReal: $<HTMLOptionElement>('#fault-status-real'),
  faultChange: $<HTMLFieldSetElement>('#fault-change'),
  faultChangeNone: $<HTMLInputElement>('#fault-change-none'),
  faultLate: $<HTMLInputElement>('#fault-late'),
  faultLateSeconds: $<HTMLInputElement>('#fault-late-seconds'),
  clearFaults: $<HTMLButtonElement>('#clear-faults'),
  listingForm: $<HTMLFormElement>('#listing-form'),
  listingReference: $<HTMLInputElement>('#listing-reference'),
  latency: $<HTMLInputElement>('#latency'),
  latencyValue: $<HTMLOutputElement>('#latency-value'),
  reloadWidgets: $<HTMLButtonElement>('#reload-widgets'),
  resetSandbox: $<HTMLButtonElement>('#reset-sandbox'),
  controlStatus: $<HTMLParagraphElement>('#control-status'),
};

/** The subscriptions of the signed-in customer, as last listed; "Reload widgets" re-renders from it. */
let subscriptionIds: string[] = [];
/** The first of them that is live, which "On your next order" shows a second time; `undefined` when none is. */
let nextOrderId: string | undefined;

// --- The store: session and subscriptions -------------------------------------------------------------------

/** The sandbox's customers that each show something of their own on this page, with what; Ada's comes first. */
const FEATURED_CUSTOMERS = [
  ['cus_ada', 'a subscription of every kind'],
  ['cus_alan', 'tax and shipping on the next order'],
  ['cus_grace', 'paying in euros'],
  ['cus_kenji', 'paying in yen'],
] as const;

const clearLog = startEventLog($<HTMLOListElement>('#event-log'), $<HTMLButtonElement>('#clear-log'));
startFunnel($<HTMLDListElement>('#funnel'), $<HTMLButtonElement>('#reset-funnel'));

const session = new StoreSession(
  {
    async signedIn() {
      clearLog();
      ui.subscriptionsSection.hidden = false;
      await listSubscriptions();
    },
    signedOut() {
      ui.subscriptionsSection.hidden = true;
      ui.subscriptionList.replaceChildren();
      showNextOrder(undefined);
      ui.reloadWidgets.disabled = true;
      subscriptionIds = [];
      nextOrderId = undefined;
      listFaultSubscriptions();
    },
  },
  { featured: FEATURED_CUSTOMERS },
);

/**
 * Lists the customer's subscriptions straight from the service, with the same storefront token the widgets use:
 * the store's server signs it, the page never sees the hash key.
 */
async function fetchSubscriptions(): Promise<SubscriptionSummary[]> {
  const token = await requestJson<unknown>(`${MERCHANT}/token`);
  const authorization = JSON.stringify(token);
  const subscriptions: SubscriptionSummary[] = [];
  let next: string | null = `${SANDBOX}/subscriptions/?limit=100`;
  while (next) {
    const page: Page<SubscriptionSummary> = await requestJson<Page<SubscriptionSummary>>(next, { headers: { authorization } });
    subscriptions.push(...page.results);
    next = page.paging.next;
  }
  return subscriptions;
}

async function listSubscriptions(): Promise<void> {
  ui.subscriptionsStatus.textContent = 'Loading your subscriptions…';
  ui.subscriptionList.replaceChildren();
  showNextOrder(undefined);
  ui.reloadWidgets.disabled = true;
  try {
    const subscriptions = await fetchSubscriptions();
    subscriptionIds = subscriptions.map((subscription) => subscription.public_id);
    nextOrderId = subscriptions.find((subscription) => subscription.live)?.public_id;
  } catch (error) {
    subscriptionIds = [];
    nextOrderId = undefined;
    if (error instanceof RequestError && error.status === 401) {
      session.ended();
      return;
    }
    ui.subscriptionsStatus.textContent = `Your subscriptions could not be listed (${describeError(error)}). Reset the sandbox or try again.`;
    settled();
    return;
  }
  renderWidgets();
}

/** The store's widget of subscription `id`. */
function subscriptionWidget(id: string): HTMLElement {
  const widget = storeWidget();
  widget.setAttribute('subscription-id', id);
  widget.setAttribute('timeout', String(WIDGET_TIMEOUT_MS));
  return widget;
}

/**
 * "On your next order": a second widget of subscription `id`, above the list that has one too, or nothing. It comes
 * before the list, its heading and note above it: what follows a widget moves as it settles.
 */
function showNextOrder(id: string | undefined): void {
  ui.nextOrder.querySelector('prepaid-upgrade')?.remove();
  ui.nextOrder.hidden = !id;
  ui.nextOrderSubscription.textContent = id ?? '';
  if (id) ui.nextOrder.append(subscriptionWidget(id));
}

function renderWidgets(): void {
  const count = subscriptionIds.length;
  ui.subscriptionsStatus.textContent =
    count === 0 ? 'You have no subscriptions.' : `You have ${count} ${count === 1 ? 'subscription' : 'subscriptions'}.`;
  showNextOrder(nextOrderId);
  ui.subscriptionList.replaceChildren(
    ...subscriptionIds.map((id) => {
      const item = document.createElement('li');
      item.append(subscriptionWidget(id));
      return item;
    }),
  );
  ui.reloadWidgets.disabled = count === 0;
  listFaultSubscriptions();
  // The widgets hold the room while they load (a screen's height each): the page no longer needs to.
  settled();
}

// --- Widget theme -------------------------------------------------------------------------------------------------

function applyTheme(theme: Theme): void {
  ui.widgetArea.dataset.theme = theme;
  const radio = ui.themeForm.elements.namedItem('theme') as RadioNodeList;
  radio.value = theme;
}

ui.themeForm.addEventListener('change', () => {
  const theme = new FormData(ui.themeForm).get('theme');
  if (!isTheme(theme)) return;
  applyTheme(theme);
  rememberTheme(theme);
});
ui.themeForm.addEventListener('submit', (event) => event.preventDefault());

// --- Developer tools: the sandbox's controls ---------------------------------------------------------------------

/** The requests a fault applies to: a method, and a text that the request's path and query string must contain. */
function faultScope(target: FaultTarget, subscriptionId: string): { method?: string; path?: string } {
  const subscription = subscriptionId ? `/subscriptions/${subscriptionId}/` : '';
  switch (target) {
    case 'load':
      return { method: 'GET', path: subscription || '/subscriptions/' };
    case 'orders':
      // An order read names its subscription in the query alone: `/orders/?subscription=…&status=1`.
      return { method: 'GET', path: subscriptionId ? `/orders/?subscription=${subscriptionId}` : '/orders/' };
    case 'upgrade':
      return { method: 'PATCH', path: subscription ? `${subscription}upgrade_to_prepaid/` : '/upgrade_to_prepaid/' };
    case 'renewal':
      return { method: 'PATCH', path: subscription ? `${subscription}change_renewal_behavior/` : '/change_renewal_behavior/' };
    default:
      return subscription ? { path: subscription } : {};
  }
}

/**
 * What each choice of "Answer with" asks the sandbox for, and how the status line names it (null for the real answer,
 * which comes with "Carried out late" only).
 */
function faultAnswer(choice: string): { fault: Record<string, unknown>; label: string | null } {
  switch (choice) {
    case 'real':
      return { fault: {}, label: null };
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

function listFaultSubscriptions(): void {
  const selected = ui.faultSubscription.value;
  ui.faultSubscription.replaceChildren(new Option('Any subscription', ''), ...subscriptionIds.map((id) => new Option(id, id)));
  ui.faultSubscription.value = subscriptionIds.includes(selected) ? selected : '';
}

/**
 * "The change itself" only means something for a request that changes something, its seconds only for "Carried out
 * late", and "The real answer" only with that: anywhere else it would be no fault at all.
 */
function syncChange(): void {
  ui.faultChange.disabled = isRead(new FormData(ui.faultForm).get('target'));
  if (ui.faultChange.disabled) ui.faultChangeNone.checked = true;
  const late = ui.faultLate.checked;
  ui.faultLateSeconds.disabled = !late;
  ui.faultStatusReal.disabled = !late;
  if (!late && ui.faultStatusReal.selected)
    ui.faultStatus.value = [...ui.faultStatus.options].find((option) => option.defaultSelected)!.value;
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

ui.faultForm.addEventListener('change', syncChange);

ui.faultForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const form = new FormData(ui.faultForm);
  const target = FAULT_TARGETS.find((t) => t === form.get('target')) ?? 'any';
  const subscriptionId = String(form.get('subscription') ?? '');
  const count = Number(form.get('count'));
  // A disabled group sends nothing: a read is neither applied nor carried out late.
  const change = form.get('change');
  const apply = change === 'apply';
  // The sandbox counts whole ms; the sentence says the seconds it was given.
  const carriedOutAfterS = change === 'late' ? Number(form.get('lateSeconds')) : undefined;
  const late = carriedOutAfterS === undefined ? {} : { carriedOutAfterMs: Math.round(carriedOutAfterS * 1000) };
  const { fault, label } = faultAnswer(String(form.get('status')));
  void control(
    () =>
      postJson(`${SANDBOX}/__sandbox/faults`, {
        ...fault,
        ...faultScope(target, subscriptionId),
        count,
        ...(apply ? { apply } : {}),
        ...late,
      }),
    faultSentence({ target, count, subscriptionId, answer: label, apply, ...(carriedOutAfterS === undefined ? {} : { carriedOutAfterS }) }),
  );
});

ui.clearFaults.addEventListener('click', () => {
  void control(() => requestJson(`${SANDBOX}/__sandbox/faults`, { method: 'DELETE' }), 'No faults are queued.');
});

const ORDER_LISTING = `${SANDBOX}/__sandbox/order-listing`;

/**
 * Ticks the box when the sandbox lists orders as the List reference documents them: the sandbox keeps its choice
 * across reloads of this page. Left as it is when the sandbox does not answer.
 */
async function showOrderListing(): Promise<void> {
  try {
    const { shape } = await requestJson<{ shape: OrderListingShape }>(ORDER_LISTING);
    ui.listingReference.checked = shape === 'reference';
  } catch {
    // The status line says what went wrong when the box is used.
  }
}

ui.listingForm.addEventListener('change', async () => {
  const shape: OrderListingShape = ui.listingReference.checked ? 'reference' : 'complete';
  const listed = shape === 'reference' ? 'as the List reference documents them, without sub_total' : 'complete again';
  await control(() => postJson(ORDER_LISTING, { shape }), `Orders are listed ${listed}. Press “Reload widgets” to see it.`);
  // Whatever the answer, the box then shows what the sandbox does.
  await showOrderListing();
});
ui.listingForm.addEventListener('submit', (event) => event.preventDefault());

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
  await showOrderListing();
  if (!ui.subscriptionsSection.hidden) await listSubscriptions();
});

// --- Start ------------------------------------------------------------------------------------------------------

applyTheme(storedTheme());
showLatency();
syncChange();
void showOrderListing();
void session.start();
