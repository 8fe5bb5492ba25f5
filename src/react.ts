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
import type {
  PrepaidUpgradeChangeEvent,
  PrepaidUpgradeErrorEvent,
  PrepaidUpgradeReadyEvent,
  PrepaidUpgradeSubmitEvent,
  PrepaidUpgradeSuccessEvent,
  PrepaidUpgradeTokenExpiredEvent,
} from './events.js';

export const PrepaidUpgrade = createComponent({
  tagName: 'prepaid-upgrade',
  elementClass: PrepaidUpgradeElement,
  react: React,
  events: {
    onReady: 'prepaid-upgrade-ready' as EventName<PrepaidUpgradeReadyEvent>,
    onChange: 'prepaid-upgrade-change' as EventName<PrepaidUpgradeChangeEvent>,
    onSubmit: 'prepaid-upgrade-submit' as EventName<PrepaidUpgradeSubmitEvent>,
    onSuccess: 'prepaid-upgrade-success' as EventName<PrepaidUpgradeSuccessEvent>,
    onError: 'prepaid-upgrade-error' as EventName<PrepaidUpgradeErrorEvent>,
    onTokenExpired: 'prepaid-upgrade-token-expired' as EventName<PrepaidUpgradeTokenExpiredEvent>,
  },
  displayName: 'PrepaidUpgrade',
});

/** The props of `<PrepaidUpgrade>`: the element's properties, the `on…` event props, and React's own. */
export type PrepaidUpgradeProps = React.ComponentProps<typeof PrepaidUpgrade>;
