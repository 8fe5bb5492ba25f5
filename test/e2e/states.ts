/**
 * The states the screenshot tests picture, and how each is reached: who is signed in, which subscription the widget is
 * given, the sandbox fault queued before the page loads, and the customer's moves. Shared by screenshots.test.ts
 * (Chromium, the demo's themes) and themes.test.ts (three engines, the theming guide's themes).
 */
import { randomUUID } from 'node:crypto';
import assert from 'node:assert/strict';
import {
  SANDBOX_DISCOVERY,
  SANDBOX_MERCHANT,
  SANDBOX_MERCHANT_PREPAID_DISABLED,
  SANDBOX_SUBSCRIPTIONS,
  type Fault,
} from '../../src/sandbox/index.js';
import { signStorefrontToken } from '../../src/server/index.js';
import { escapeAttribute, type TestServer } from './server.js';

/**
 * The sandbox's clock for these pictures: it dates the seeded next orders from it, so the dates they show are the same
 * whatever day the tests run (and the tokens are signed at that time).
 */
export const SANDBOX_NOW = Date.UTC(2026, 10, 20, 12);

/** Who is signed in, and the subscription the widget is given; without one, the widget finds the customer's. */
export type Customer = { subscriptionId?: string; customerId: string; merchantPublicId: string; hashKey: string };

/** Ada's subscriptions at the main merchant, and Rosalind's at the merchant with prepaid disabled (every upgrade is a 400). */
const ADA = {
  customerId: SANDBOX_SUBSCRIPTIONS.eligible.customerId,
  merchantPublicId: SANDBOX_MERCHANT.publicId,
  hashKey: SANDBOX_MERCHANT.hashKey,
};
export const ELIGIBLE: Customer = { ...ADA, subscriptionId: SANDBOX_SUBSCRIPTIONS.eligible.id };
export const PREPAID: Customer = { ...ADA, subscriptionId: SANDBOX_SUBSCRIPTIONS.prepaid.id };
const NOT_ELIGIBLE: Customer = { ...ADA, subscriptionId: SANDBOX_SUBSCRIPTIONS.notEligible.id };
/** Hedy, without an id: several subscriptions to choose from. Katherine, without an id: none at all. */
const HEDY: Customer = { ...ADA, customerId: SANDBOX_DISCOVERY.customerId };
const KATHERINE: Customer = { ...ADA, customerId: 'cus_katherine' };
const PREPAID_DISABLED: Customer = {
  subscriptionId: SANDBOX_SUBSCRIPTIONS.prepaidDisabled.id,
  customerId: SANDBOX_SUBSCRIPTIONS.prepaidDisabled.customerId,
  merchantPublicId: SANDBOX_MERCHANT_PREPAID_DISABLED.publicId,
  hashKey: SANDBOX_MERCHANT_PREPAID_DISABLED.hashKey,
};

/** Long enough to take the picture many times over, short enough not to keep the test process waiting at the end. */
export const HOLD_MS = 8000;

export interface StateScenario {
  state: string;
  customer: Customer;
  /** A fault queued before the page loads. */
  fault?: Fault;
  /** Confirm the upgrade with the preselected choices. */
  submit?: boolean;
  /** On a prepaid subscription: pick this renewal behaviour in the management form and save it. */
  change?: string;
  /** Without an id: choose this subscription in the picker. */
  pick?: string;
  /** The picture's name when the state is shown more than one way (default: the state). */
  name?: string;
  /** More attributes of the widget. */
  attributes?: Record<string, string>;
}

export const SCENARIOS: StateScenario[] = [
  // The subscription's read is held: its next order is read beside it, and its product after it.
  { state: 'loading', customer: ELIGIBLE, fault: { latencyMs: HOLD_MS, method: 'GET', path: '/subscriptions/' } },
  { state: 'submitting', customer: ELIGIBLE, fault: { latencyMs: HOLD_MS, method: 'PATCH', path: 'upgrade_to_prepaid' }, submit: true },
  { state: 'ready', customer: ELIGIBLE },
  { state: 'ready', name: 'ready-savings', customer: ELIGIBLE, attributes: { 'prepaid-discounts': '3:5,6:10,12:15' } },
  { state: 'ineligible', customer: NOT_ELIGIBLE },
  { state: 'prepaid', customer: PREPAID },
  {
    state: 'submitting',
    name: 'submitting-renewal',
    customer: PREPAID,
    fault: { latencyMs: HOLD_MS, method: 'PATCH', path: 'change_renewal_behavior' },
    change: 'cancel',
  },
  { state: 'prepaid', name: 'prepaid-changed', customer: PREPAID, change: 'cancel' },
  { state: 'success', customer: ELIGIBLE, submit: true },
  { state: 'error', customer: PREPAID_DISABLED, submit: true },
  {
    state: 'error',
    name: 'error-renewal',
    customer: PREPAID,
    fault: { status: 400, method: 'PATCH', path: 'change_renewal_behavior', detail: 'This subscription is not prepaid' },
    change: 'cancel',
  },
  { state: 'ready', name: 'picker', customer: HEDY, attributes: { 'prepaid-discounts': '3:5,6:10,12:15' } },
  { state: 'ready', name: 'picker-chosen', customer: HEDY, pick: SANDBOX_DISCOVERY.upgradeable[1] },
  { state: 'ineligible', name: 'none-found', customer: KATHERINE },
];

/**
 * A fresh sandbox instance for `customer`, with `fault` queued, and the address of its API and a token signed at the
 * sandbox's clock.
 */
export async function sandboxFor(server: TestServer, customer: Customer, fault?: Fault): Promise<{ apiBase: string; token: string }> {
  const apiBase = `/sandbox/i/${randomUUID()}`;
  if (fault) {
    const response = await fetch(`${server.origin}${apiBase}/__sandbox/faults`, { method: 'POST', body: JSON.stringify(fault) });
    assert.equal(response.status, 201, `the sandbox queued ${JSON.stringify(fault)}: ${await response.text()}`);
  }
  const token = await signStorefrontToken({
    merchantPublicId: customer.merchantPublicId,
    customerId: customer.customerId,
    hashKey: customer.hashKey,
    ts: SANDBOX_NOW / 1000,
  });
  return { apiBase, token };
}

/** The widget's tag for `customer`, on the sandbox instance at `apiBase`, with more `attributes`. */
export function widgetTag(customer: Customer, apiBase: string, token: string, attributes: Record<string, string> = {}): string {
  return (
    `<prepaid-upgrade ` +
    (customer.subscriptionId ? `subscription-id="${escapeAttribute(customer.subscriptionId)}" ` : '') +
    `api-base="${apiBase}" token="${escapeAttribute(token)}"` +
    Object.entries(attributes)
      .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
      .join('') +
    `></prepaid-upgrade>`
  );
}
