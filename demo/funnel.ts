// The side panel's funnel: how often this session's widgets were seen offering the upgrade, chosen in, sent and
// finished, and how often they failed, counted from the widget's events as a store's analytics would count them
// (docs/analytics.md). The counts last as long as the tab's session, across the demo's pages.
import { PREPAID_UPGRADE_EVENTS } from '../src/index.js';

type Detail = Record<string, unknown>;

/** Each step: its event, what the panel calls it, and which of its events count (all, when there is no test). */
const STEPS: ReadonlyArray<[event: string, label: string, counts?: (detail: Detail) => boolean]> = [
  [PREPAID_UPGRADE_EVENTS.onView.eventName, 'Seen with the offer', (detail) => detail.state === 'ready'],
  [PREPAID_UPGRADE_EVENTS.onChange.eventName, 'Choices changed'],
  [PREPAID_UPGRADE_EVENTS.onSubmit.eventName, 'Upgrades sent', (detail) => detail.action === 'upgrade'],
  [PREPAID_UPGRADE_EVENTS.onSuccess.eventName, 'Prepaid'],
  [PREPAID_UPGRADE_EVENTS.onError.eventName, 'Errors'],
];
const STORAGE_KEY = 'prepaid-upgrade-demo-funnel';

function stored(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/** Counts the funnel's steps into `list` (a `<dl>`); `reset` sets them to nought. */
export function startFunnel(list: HTMLDListElement, reset: HTMLButtonElement): void {
  let counts = stored();
  const show = () =>
    list.replaceChildren(
      ...STEPS.flatMap(([event, label]) => {
        const term = document.createElement('dt');
        term.textContent = label;
        const count = document.createElement('dd');
        count.dataset.event = event;
        count.textContent = String(counts[event] ?? 0);
        return [term, count];
      }),
    );
  for (const [event, , counted] of STEPS) {
    document.addEventListener(event, (fired) => {
      if (counted && !counted((fired as CustomEvent<Detail>).detail)) return;
      counts = { ...counts, [event]: (counts[event] ?? 0) + 1 };
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(counts));
      show();
    });
  }
  reset.addEventListener('click', () => {
    counts = {};
    sessionStorage.removeItem(STORAGE_KEY);
    show();
  });
  show();
}
