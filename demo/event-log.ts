// The side panel's event log, on every page of the demo store: each prepaid-upgrade-* event, newest first, with its
// detail. It listens on the document, because the events bubble out of the widgets' shadow roots.
import { PREPAID_UPGRADE_EVENTS } from '../src/index.js';

/** Every public event the widgets fire, from the element's own table: the log shows each. */
const EVENT_TYPES = Object.values(PREPAID_UPGRADE_EVENTS).map((event) => event.eventName);
const MAX_LOG_ENTRIES = 200;

// The widget's events never carry the token; the log redacts anything that looks like one all the same, because a
// demo page is where people copy code from.
const SECRET_KEYS = /^(authorization|token|sig|x-api-key)$/i;
const redact = (key: string, value: unknown) => (SECRET_KEYS.test(key) ? '[redacted]' : value);

/**
 * Which subscription an event is about: the widget's `subscription-id`, or for a widget that found the customer's
 * subscriptions itself, the one its detail names (none before the customer chose one).
 */
function eventSource(target: Element | undefined, detail: unknown): string {
  const named = detail as { subscriptionId?: unknown; subscription?: { public_id?: unknown } | null } | null;
  const id = target?.getAttribute('subscription-id') ?? named?.subscriptionId ?? named?.subscription?.public_id;
  return typeof id === 'string' ? id : '';
}

function logEntry(event: Event): HTMLLIElement {
  const detail = (event as Event & { detail?: unknown }).detail ?? null;
  const item = document.createElement('li');
  item.className = `event-log__entry event-log__entry--${event.type.replace('prepaid-upgrade-', '')}`;

  const heading = document.createElement('p');
  heading.className = 'event-log__summary';
  const type = document.createElement('code');
  type.textContent = event.type;
  const source = document.createElement('span');
  source.className = 'event-log__source';
  source.textContent = eventSource(event.target instanceof Element ? event.target : undefined, detail);
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
  pre.textContent = JSON.stringify(detail, redact, 2);
  details.append(summary, pre);

  item.append(heading, details);
  return item;
}

/**
 * Logs every widget event of the page into `list`; `clear` empties it. Returns what empties it too: a page calls it when
 * another customer signs in, whose widgets' events are all the log should show.
 */
export function startEventLog(list: HTMLOListElement, clear: HTMLButtonElement): () => void {
  for (const type of EVENT_TYPES) {
    document.addEventListener(type, (event) => {
      list.prepend(logEntry(event));
      while (list.childElementCount > MAX_LOG_ENTRIES) list.lastElementChild?.remove();
    });
  }
  const empty = () => list.replaceChildren();
  clear.addEventListener('click', empty);
  return empty;
}
