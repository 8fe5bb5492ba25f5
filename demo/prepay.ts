// The demo store's "Prepay and save" page, where the store's email offer ("Prepay and save 15%") lands. An email
// cannot know which subscription the customer will want to prepay, so the page names none: its one <prepaid-upgrade>
// has no subscription-id and finds the signed-in customer's subscriptions itself. It then shows the form for the only
// one that can be prepaid, a choice among several, or that none can.
import { startEventLog } from './event-log.js';
import { startFunnel } from './funnel.js';
import { $, settled, StoreSession, storeWidget } from './session.js';
import { storedTheme } from './theme.js';

const ui = {
  offer: $<HTMLElement>('#offer'),
  widgetArea: $<HTMLElement>('#widget-area'),
};

/** Three of the sandbox's seeded customers, one for each thing the widget can show here; Hedy's choice comes first. */
const FEATURED_CUSTOMERS = [
  ['cus_hedy', 'several to choose from'],
  ['cus_grace', 'one subscription to prepay'],
  ['cus_katherine', 'nothing to prepay'],
] as const;

const clearLog = startEventLog($<HTMLOListElement>('#event-log'), $<HTMLButtonElement>('#clear-log'));
startFunnel($<HTMLDListElement>('#funnel'), $<HTMLButtonElement>('#reset-funnel'));

const session = new StoreSession(
  {
    signedIn() {
      clearLog();
      ui.offer.hidden = false;
      // A new widget for each sign-in, so that it looks for the subscriptions of whoever is signed in now.
      ui.widgetArea.replaceChildren(storeWidget());
      settled();
    },
    signedOut() {
      ui.offer.hidden = true;
      ui.widgetArea.replaceChildren();
    },
  },
  { featured: FEATURED_CUSTOMERS },
);

// The widget theme chosen on the account page: the same store shows its widgets the same way on every page.
ui.widgetArea.dataset.theme = storedTheme();
void session.start();
