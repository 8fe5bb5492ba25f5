// End to end: one store open in two tabs of one browser. The customer upgrades a subscription in one tab, then changes
// what happens when its prepaid orders run out; the other tab, which showed the upgrade form, shows each change as
// soon as it is made, without asking the service and without telling its page of a success that was not its own
// (src/element/agreement-controller.ts). Both built bundles, in Chromium. Run after `npm run build`.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { PREPAID_UPGRADE_EVENTS } from '../../src/events.js';
import type { RecordedRequest } from '../../src/sandbox/index.js';
import { BUNDLES, getJson, serverAndChromium, widgetPage } from './server.js';

const EVENT_TYPES = Object.values(PREPAID_UPGRADE_EVENTS).map((event) => event.eventName);

/**
 * Runs in each tab before the bundle: the page keeps every event of its widget, in order, as `window.__events`, so
 * that a test can tell what the store's page would have been told.
 */
function recordEvents(types: string[]): void {
  const heard: string[] = [];
  (window as unknown as { __events: string[] }).__events = heard;
  for (const type of types) document.addEventListener(type, (event) => heard.push(event.type));
}

/** The widget's state in `page`, and the events its page has heard so far. */
const stateOf = (page: Page) => page.evaluate(() => (document.querySelector('prepaid-upgrade') as HTMLElement & { state: string }).state);
const heardIn = (page: Page) => page.evaluate(() => [...(window as unknown as { __events: string[] }).__events]);

/** Waits until the widget of `page` is in `state`. */
async function reaches(page: Page, state: string, what: string): Promise<void> {
  await page
    .waitForFunction((state) => (document.querySelector('prepaid-upgrade') as HTMLElement & { state?: string }).state === state, state, {
      polling: 50,
    })
    .catch(async (error: Error) => assert.fail(`${what}: still ${await stateOf(page)} (${error.message})`));
}

/** The tab a request came from: each tab's address carries `?tab=…`, which its requests name as their referrer. */
const tabOf = (request: RecordedRequest) => new URL(request.headers['referer'] ?? 'about:blank').searchParams.get('tab');

const summary = (requests: RecordedRequest[]) =>
  requests.map((request) => `${tabOf(request) ?? '?'}: ${request.method} ${request.path}${request.search} ${request.status}`).join(', ');

describe('one subscription in two tabs of one browser', { timeout: 120_000 }, () => {
  const running = serverAndChromium();

  for (const bundle of BUNDLES) {
    it(
      `${bundle.name}: the upgrade and the renewal change made in one tab show in the other, with no request and no success of its own`,
      { timeout: 60_000 },
      async () => {
        const { apiBase, subscriptionId, url } = await widgetPage(running.server, bundle, 'two-tabs');
        const requests = () => getJson<RecordedRequest[]>(`${running.server.origin}${apiBase}/__sandbox/requests`);
        // One context: the two tabs are of one origin in one browser, as a customer's are.
        const context = await running.browser.newContext();
        await context.addInitScript(recordEvents, EVENT_TYPES);
        const errors: string[] = [];
        const open = async (tab: string) => {
          const page = await context.newPage();
          page.setDefaultTimeout(10_000);
          page.on('pageerror', (error) => errors.push(`${tab}: ${String(error)}`));
          page.on('console', (message) => {
            if (message.type() === 'error') errors.push(`${tab}: ${message.text()}`);
          });
          await page.goto(`${url}?tab=${tab}`);
          return page;
        };
        try {
          const a = await open('a');
          const b = await open('b');
          await reaches(a, 'ready', 'tab A shows the upgrade form');
          await reaches(b, 'ready', 'tab B shows the upgrade form');
          const widgetA = a.locator('prepaid-upgrade');
          const widgetB = b.locator('prepaid-upgrade');
          await widgetB.locator('[part~="form"]').waitFor({ state: 'visible' });
          // Each tab read the subscription, its product and its next order for itself; after that, neither reads more.
          for (const page of [a, b])
            await page.waitForFunction(
              () => (document.querySelector('prepaid-upgrade') as HTMLElement & { nextOrder?: unknown }).nextOrder !== undefined,
            );
          const before = await requests();
          assert.ok(
            before.some((request) => tabOf(request) === 'b' && request.path === `/subscriptions/${subscriptionId}/`),
            `tab B read its subscription: ${summary(before)}`,
          );
          const heardByBBefore = (await heardIn(b)).length;

          // Tab A, in front: 6 orders, back to paying per order when they run out, and the upgrade, all by clicking.
          await a.bringToFront();
          await widgetA.locator('[part~="form"] input[type="radio"][value="6"]').click();
          await widgetA.locator('[part~="form"] input[type="radio"][value="downgrade"]').click();
          await widgetA.locator('[part~="submit"]').click();
          await widgetA.locator('[part~="success"]').waitFor({ state: 'visible' });
          assert.ok((await heardIn(a)).includes('prepaid-upgrade-success'), 'tab A told its page of its upgrade');

          // Back in tab B: the subscription as it now is, its prepaid terms where the form was.
          await b.bringToFront();
          await reaches(b, 'prepaid', 'tab B shows the subscription prepaid');
          await widgetB.getByRole('heading', { name: 'Your prepaid subscription' }).waitFor();
          assert.equal(await widgetB.locator('[part~="form"]').count(), 0, 'tab B no longer offers the upgrade');
          const terms = await widgetB.locator('[part~=notice]').innerText();
          assert.match(terms, /This subscription is already prepaid\./);
          assert.match(terms, /\b6 prepaid orders\b/);
          assert.match(terms, /When they run out: it goes back to paying per order\./);
          assert.deepEqual(
            await widgetB.evaluate((element) => {
              const context = (element as HTMLElement & { subscription?: { prepaid_subscription_context?: Record<string, unknown> } })
                .subscription?.prepaid_subscription_context;
              return [context?.prepaid_orders_per_billing, context?.renewal_behavior];
            }),
            [6, 'downgrade'],
            'tab B’s `subscription` is the prepaid one',
          );

          // In tab A again: renewing automatically from now on, chosen in the form under its success message.
          await a.bringToFront();
          await widgetA.locator('[part~="manage"] input[type="radio"][value="autorenew"]').click();
          await widgetA.locator('[part~="manage-submit"]').click();
          await widgetA.locator('[part~=confirmation]').waitFor({ state: 'visible' });

          // Tab B says the same, and its own form has the new choice checked.
          await b.bringToFront();
          await widgetB.locator('[part~=notice]').filter({ hasText: 'When they run out: it renews automatically.' }).waitFor();
          assert.equal(await stateOf(b), 'prepaid');
          assert.equal(
            await widgetB.locator('[part~="manage"] input[type="radio"]:checked').getAttribute('value'),
            'autorenew',
            'tab B’s form shows what the subscription now does',
          );

          const heardByB = (await heardIn(b)).slice(heardByBBefore);
          assert.ok(!heardByB.includes('prepaid-upgrade-success'), `tab B told of no upgrade: ${heardByB.join(', ')}`);
          assert.ok(!heardByB.includes('prepaid-upgrade-renewal-change'), `tab B told of no renewal change: ${heardByB.join(', ')}`);

          // The service heard from tab A alone: its upgrade, the next order it then bills, its renewal change.
          const after = await requests();
          const since = after.slice(before.length);
          assert.deepEqual(
            since.filter((request) => tabOf(request) !== 'a'),
            [],
            `every request since the click was tab A's: ${summary(since)}`,
          );
          assert.deepEqual(
            since.filter((request) => request.method === 'PATCH').map((request) => [request.path, request.status]),
            [
              [`/subscriptions/${subscriptionId}/upgrade_to_prepaid/`, 200],
              [`/subscriptions/${subscriptionId}/change_renewal_behavior/`, 200],
            ],
            `one upgrade, then one renewal change: ${summary(since)}`,
          );
          assert.ok(
            !since.some((request) => request.method === 'GET' && request.path === `/subscriptions/${subscriptionId}/`),
            `nobody read the subscription again: ${summary(since)}`,
          );
          assert.deepEqual(errors, [], 'no errors in either tab');
        } finally {
          await context.close();
        }
      },
    );
  }
});
