/**
 * Mounts `<prepaid-upgrade>` with every public event recorded from before it is connected, so that no event can be
 * missed however fast the sandbox answers.
 */
import { fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/index.js';
import { PREPAID_UPGRADE_EVENTS, type PrepaidUpgrade, type PrepaidUpgradeState } from '../../src/index.js';

/** Every public event's name, from the element's own table. */
export const EVENT_NAMES = Object.values(PREPAID_UPGRADE_EVENTS).map((event) => event.eventName);

export interface Mounted {
  el: PrepaidUpgrade;
  /** Every public event the element fired, in order (seen on the document: they bubble and are composed). */
  events: Array<Event & { detail?: unknown }>;
  eventsOf(name: (typeof EVENT_NAMES)[number]): Array<Event & { detail: any }>;
  shadow: ShadowRoot;
  $<T extends Element = HTMLElement>(selector: string): T | null;
  $$<T extends Element = HTMLElement>(selector: string): T[];
  waitForState(state: PrepaidUpgradeState): Promise<void>;
  waitForEvent(name: (typeof EVENT_NAMES)[number], count?: number): Promise<Event & { detail: any }>;
}

export async function mount(attributes: Record<string, string | undefined>, properties: Partial<PrepaidUpgrade> = {}): Promise<Mounted> {
  const container = await fixture<HTMLDivElement>(html`<div></div>`);
  const events: Mounted['events'] = [];
  const record = (event: Event) => events.push(event as Event & { detail?: unknown });
  for (const name of EVENT_NAMES) document.addEventListener(name, record);
  const el = document.createElement('prepaid-upgrade');
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) el.setAttribute(name, value);
  Object.assign(el, properties);
  container.append(el);
  await el.updateComplete;
  const eventsOf = (name: string) => events.filter((event) => event.type === name) as Array<Event & { detail: any }>;
  afterEachCleanup(() => {
    for (const name of EVENT_NAMES) document.removeEventListener(name, record);
  });
  return {
    el,
    events,
    eventsOf,
    shadow: el.shadowRoot!,
    $: <T extends Element>(selector: string) => el.shadowRoot!.querySelector<T>(selector),
    $$: <T extends Element>(selector: string) => [...el.shadowRoot!.querySelectorAll<T>(selector)],
    waitForState: (state) => waitUntil(() => el.state === state, `state never became ${state} (it is ${el.state})`, { timeout: 5000 }),
    async waitForEvent(name, count = 1) {
      await waitUntil(() => eventsOf(name).length >= count, `${name} was not fired`, { timeout: 5000 });
      return eventsOf(name)[count - 1]!;
    },
  };
}

const cleanups: Array<() => void> = [];
function afterEachCleanup(cleanup: () => void) {
  cleanups.push(cleanup);
}
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  // Each test is a first visit: a token or a product that a widget kept for the tab's next pages is forgotten.
  sessionStorage.clear();
});
