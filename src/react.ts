/**
 * `prepaid-upgrade/react`: `<PrepaidUpgrade>` for React, made with `@lit/react`. Importing it registers the element.
 *
 * Every property of the element is a prop (`subscriptionId`, `apiBase`, `tokenProvider`, `strings`, …), set as a
 * property rather than an attribute, and each public event has a typed `on…` prop:
 *
 * ```tsx
 * <PrepaidUpgrade subscriptionId="sub_123" authUrl="/account/storefront-token"
 *   onSuccess={(event) => console.log(event.detail.subscription)} />
 * ```
 *
 * Not part of the script bundles: they carry no React.
 */
import * as React from 'react';
import { createComponent, type EventName } from '@lit/react';
import { PrepaidUpgrade as PrepaidUpgradeElement } from './index.js';
import { PREPAID_UPGRADE_EVENTS } from './events.js';

type EventProps = typeof PREPAID_UPGRADE_EVENTS;

/** `onReady: 'prepaid-upgrade-ready'` and so on, typed with each event's class. */
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
