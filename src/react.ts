/**
 * `prepaid-upgrade/react`: `<PrepaidUpgrade>` for React, made with `@lit/react`. Importing it registers the element.
 *
 * Every property of the element is a prop, such as `subscriptionId`, `apiBase`, `tokenProvider` or `strings`. Props are
 * set as properties rather than attributes. Each public event has a typed `on…` prop:
 *
 * ```tsx
 * <PrepaidUpgrade subscriptionId="sub_123" authUrl="/account/storefront-token"
 *   onSuccess={(event) => console.log(event.detail.subscription)} />
 * ```
 *
 * This module is not part of the script bundles, which carry no React.
 */
import * as React from 'react';
import { createComponent, type EventName } from '@lit/react';
import { PrepaidUpgrade as PrepaidUpgradeElement } from './index.js';
import { PREPAID_UPGRADE_EVENTS } from './events.js';

type EventProps = typeof PREPAID_UPGRADE_EVENTS;

/**
 * Maps each event prop to its event name, such as `onReady: 'prepaid-upgrade-ready'`, typed with each event's class.
 */
const events = Object.fromEntries(Object.entries(PREPAID_UPGRADE_EVENTS).map(([prop, { eventName }]) => [prop, eventName])) as {
  [P in keyof EventProps]: EventName<InstanceType<EventProps[P]>>;
};

export const PrepaidUpgrade = createComponent({
  tagName: 'prepaid-upgrade',
  elementClass: PrepaidUpgradeElement,
  react: React,
  events,
  displayName: 'PrepaidUpgrade',
});

/** The props of `<PrepaidUpgrade>`: the element's properties, the `on…` event props, and React's own. */
export type PrepaidUpgradeProps = React.ComponentProps<typeof PrepaidUpgrade>;
