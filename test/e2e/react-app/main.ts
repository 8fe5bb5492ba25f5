// A React app as a store would write it, for test/e2e/react.test.ts: it imports `prepaid-upgrade/react` by the
// package's name (the built files, through package.json's exports) and records what each event prop receives.
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PrepaidUpgrade, type PrepaidUpgradeProps } from 'prepaid-upgrade/react';

export interface ReactAppConfig {
  apiBase: string;
  subscriptionId: string;
  token: string;
  /** Signed with another merchant's key: the sandbox refuses it. */
  refusedToken: string;
}

export interface RecordedCall {
  widget: string;
  prop: string;
  type: string;
  detail: unknown;
}

const page = window as unknown as { reactAppConfig: ReactAppConfig; reactAppCalls: RecordedCall[] };
const config = page.reactAppConfig;
const calls: RecordedCall[] = (page.reactAppCalls = []);

/** Every event prop, each recording its event; typed by the wrapper, so `event.detail` needs no cast. */
function recordEvents(widget: string): Partial<PrepaidUpgradeProps> {
  const record = (prop: string, event: Event, detail: unknown) => calls.push({ widget, prop, type: event.type, detail });
  return {
    onReady: (event) => record('onReady', event, { subscriptionId: event.detail.subscription?.public_id }),
    onChange: (event) => record('onChange', event, event.detail),
    onSubmit: (event) => record('onSubmit', event, event.detail),
    onSuccess: (event) => record('onSuccess', event, { context: event.detail.subscription.prepaid_subscription_context }),
    onRenewalChange: (event) => record('onRenewalChange', event, { context: event.detail.subscription.prepaid_subscription_context }),
    onError: (event) => record('onError', event, { phase: event.detail.phase, status: event.detail.status }),
    onTokenExpired: (event) => record('onTokenExpired', event, event.detail),
  };
}

function App() {
  return createElement(
    'main',
    null,
    createElement(PrepaidUpgrade, {
      id: 'with-provider',
      className: 'account-widget',
      subscriptionId: config.subscriptionId,
      apiBase: config.apiBase,
      // A function: set as a property, which an attribute could not carry.
      tokenProvider: async () => config.token,
      ordersOptions: '3,6',
      renewalBehavior: 'cancel',
      ...recordEvents('with-provider'),
    }),
    createElement(PrepaidUpgrade, {
      id: 'refused',
      subscriptionId: config.subscriptionId,
      apiBase: config.apiBase,
      token: config.refusedToken,
      ...recordEvents('refused'),
    }),
  );
}

createRoot(document.getElementById('root')!).render(createElement(StrictMode, null, createElement(App)));
