// End to end in all three engines: the built bundles, loaded by plain HTML pages the way a storefront loads them,
// upgrade a subscription against the sandbox with real clicks, change its renewal, and ride out a retried fault, in Chromium and
// Firefox (puppeteer-core; Firefox over WebDriver BiDi) and WebKit (WebKitGTK's MiniBrowser through WebKitWebDriver,
// with webdriverio). `BROWSERS=webkit` (comma-separated) picks engines; a selected engine that is not installed
// fails. Run after `npm run build`.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PREPAID_UPGRADE_EVENTS } from '../../src/events.js';
import { redactCredential, SANDBOX_DISCOVERY, type RecordedRequest, type SandboxInfo } from '../../src/sandbox/index.js';
import { assertEngineInstalled, selectedEngines } from '../engines.js';
import { DRIVERS, type EngineDriver, type EnginePage } from './engine-drivers.js';
import {
  addFault,
  assertBundlesBuilt,
  BUNDLES,
  getJson,
  startTestServer,
  widgetPage,
  type Bundle,
  type TestServer,
  type WidgetPageOptions,
} from './server.js';

const EVENT_TYPES = Object.values(PREPAID_UPGRADE_EVENTS).map((event) => event.eventName);

/** What the page records about itself, as `window.__seen` (see `RECORDER`). */
interface Seen {
  events: string[];
  errors: string[];
}

/**
 * Runs in the page before the bundle: records the widget's events and every error the page sees (uncaught errors,
 * unhandled rejections, `console.error`). WebDriver classic has no console events, so this is how WebKit's errors
 * are seen; in Chromium and Firefox, puppeteer's console and page errors are checked as well.
 */
const RECORDER = `<script>(() => {
  const seen = { events: [], errors: [] };
  window.__seen = seen;
  for (const type of ${JSON.stringify(EVENT_TYPES)}) document.addEventListener(type, (event) => seen.events.push(event.type));
  // The message first: Firefox's and WebKit's stacks do not repeat it.
  addEventListener('error', (event) => seen.errors.push('error: ' + event.message + ' ' + (event.error?.stack ?? '')));
  addEventListener('unhandledrejection', (event) =>
    seen.errors.push('unhandled rejection: ' + String(event.reason) + ' ' + (event.reason?.stack ?? '')),
  );
  const consoleError = console.error;
  console.error = function (...args) {
    seen.errors.push('console.error: ' + args.map(String).join(' '));
    return consoleError.apply(this, args);
  };
})();</script>`;

// Page-side helpers: plain functions of one string, so that every driver can send them into the page.
const widgetState = () => (document.querySelector('prepaid-upgrade') as HTMLElement & { state: string }).state;
const seenInPage = () => (window as unknown as { __seen: Seen }).__seen;
const hasEvent = (type: string) => (window as unknown as { __seen: Seen }).__seen.events.includes(type);
const partVisible = (part: string) => {
  const element = document.querySelector('prepaid-upgrade')?.shadowRoot?.querySelector(`[part~="${part}"]`);
  return !!element && element.checkVisibility() && element.getBoundingClientRect().height > 0;
};

/** The files of dist/ the page fetched, in order. */
const filesFetched = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => path.startsWith('/dist/'));

/** The texts of the saving badges the customer sees, in page order. */
const savingsShown = () =>
  [...document.querySelector('prepaid-upgrade')!.shadowRoot!.querySelectorAll<HTMLElement>('[part~="savings"]')]
    .filter((badge) => badge.checkVisibility())
    .map((badge) => badge.textContent!.trim());

/**
 * Whether a part of the widget says a text (`part|text`), white space folded and what is hidden left out. Sent into
 * the page whole: it uses nothing from outside itself.
 */
const partSays = (partAndText: string) => {
  const [part, text] = partAndText.split('|') as [string, string];
  const element = document.querySelector('prepaid-upgrade')?.shadowRoot?.querySelector(`[part~="${part}"]`)?.cloneNode(true) as Element;
  element?.querySelectorAll('.visually-hidden, .pending').forEach((hidden) => hidden.remove());
  return (element?.textContent ?? '').replace(/\s+/g, ' ').includes(text);
};

/** The sandbox's next order date of `subscriptionId` as the widget writes it in English: its calendar day, with the year. */
async function nextOrderDay(origin: string, apiBase: string, subscriptionId: string): Promise<string> {
  const info = await getJson<SandboxInfo>(`${origin}${apiBase}/__sandbox/info`);
  const place = info.customers.flatMap((customer) => customer.subscriptions).find((s) => s.id === subscriptionId)!.nextOrderPlace!;
  return new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(place.slice(0, 10)),
  );
}

/** Chooses 6 orders and `downgrade` on the shown form and submits it, all with real clicks; waits for success. */
async function upgradeByClicking(page: EnginePage): Promise<void> {
  await page.click('input[type="radio"][value="6"]');
  await page.click('input[type="radio"][value="downgrade"]');
  const checked = await page.run(() =>
    [...document.querySelector('prepaid-upgrade')!.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type="radio"]:checked')].map(
      (input) => input.value,
    ),
  );
  assert.deepEqual(checked.sort(), ['6', 'downgrade'], 'the clicks chose 6 orders and downgrade');
  await page.click('button[part~="submit"]');
  await page.waitFor(partVisible, 'success', 'the success message');
}

/** The one upgrade the sandbox applied, and that every request carried the customer's token and nothing else. */
async function assertUpgradedOnce(requests: RecordedRequest[], subscriptionId: string, token: string): Promise<void> {
  // The log shows each token as a fingerprint of its exact text.
  const sent = await redactCredential(token);
  const patches = requests.filter(
    (request) => request.method === 'PATCH' && request.status === 200 && request.path.endsWith('/upgrade_to_prepaid/'),
  );
  assert.equal(patches.length, 1, 'exactly one upgrade was applied');
  assert.equal(patches[0]!.path, `/subscriptions/${subscriptionId}/upgrade_to_prepaid/`);
  assert.deepEqual(patches[0]!.body, { orders_per_billing: 6, renewal_behavior: 'downgrade', offer: 'live' });
  for (const request of requests) {
    assert.equal(request.headers['authorization'], sent, `${request.method} ${request.path} carries the token verbatim`);
    assert.ok(!('x-api-key' in request.headers), `${request.method} ${request.path} carries no x-api-key`);
  }
}

const summary = (requests: RecordedRequest[]) => requests.map((request) => `${request.method} ${request.path} ${request.status}`);

describe('the built bundles in a plain page, in every engine', () => {
  let server: TestServer;

  before(
    async () => {
      await assertBundlesBuilt();
      server = await startTestServer();
    },
    { timeout: 10_000 },
  );
  after(() => server?.close(), { timeout: 10_000 });

  for (const engine of selectedEngines()) {
    describe(engine, () => {
      let driver: EngineDriver | undefined;

      before(
        async () => {
          assertEngineInstalled(engine);
          driver = await DRIVERS[engine]();
        },
        { timeout: 60_000 },
      );
      after(() => driver?.quit(), { timeout: 30_000 });

      /** Opens the widget's page for `bundle` in this engine; `test` runs on it, and the page closes after. */
      async function withWidget(
        bundle: Bundle,
        name: string,
        prepare: (apiBase: string, subscriptionId: string) => Promise<void>,
        test: (page: EnginePage, widget: Awaited<ReturnType<typeof widgetPage>>) => Promise<void>,
        attributes: Record<string, string> = {},
        options: WidgetPageOptions = {},
      ): Promise<void> {
        assert.ok(driver, `${engine} is running`);
        const widget = await widgetPage(server, bundle, `${engine}-${name}`, RECORDER, attributes, options);
        await prepare(widget.apiBase, widget.subscriptionId);
        const page = await driver.open();
        try {
          await page.goto(widget.url);
          await test(page, widget);
        } finally {
          await page.close();
        }
      }

      for (const bundle of BUNDLES) {
        it(
          `${bundle.name}: shows the store's discounts, chooses 6 orders and downgrade by clicking, upgrades once, then changes the renewal, with the token only`,
          { timeout: 30_000 },
          () =>
            withWidget(
              bundle,
              'upgrade',
              async () => {},
              async (page, { apiBase, subscriptionId, token }) => {
                await page.waitFor(hasEvent, 'prepaid-upgrade-ready', 'the ready event');
                assert.deepEqual(await page.run(savingsShown), ['Save up to 15%', 'Save 5%', 'Save 10%', 'Save 15%']);
                // When the customer pays: the next order's date, before the upgrade.
                const day = await nextOrderDay(server.origin, apiBase, subscriptionId);
                await page.waitFor(partSays, `summary|Billed on ${day}, when your next order is placed.`, 'the next order’s date');
                await upgradeByClicking(page);

                assert.equal(await page.run(widgetState), 'success');
                // After it, what the service now bills for that order, read back from it: its own 10% off 6 orders.
                await page.waitFor(partSays, `success|Your next order, on ${day}, bills $67.50 for 6 orders.`, 'the service’s figure');
                // The success message offers to change what happens when the orders run out: back to renewing.
                assert.equal(await page.run(partVisible, 'manage'), true, 'the management form is shown under the success');
                await page.click('[part~="manage"] input[type="radio"][value="autorenew"]');
                await page.click('button[part~="manage-submit"]');
                await page.waitFor(hasEvent, 'prepaid-upgrade-renewal-change', 'the renewal-change event');
                assert.equal(await page.run(widgetState), 'prepaid');
                assert.equal(
                  await page.run(() =>
                    document.querySelector('prepaid-upgrade')!.shadowRoot!.querySelector('[part~=confirmation]')?.textContent?.trim(),
                  ),
                  'Saved. When your prepaid orders run out, your subscription renews automatically.',
                );
                const { events, errors } = await page.run(seenInPage);
                assert.ok(events.includes('prepaid-upgrade-submit') && events.includes('prepaid-upgrade-success'), events.join(', '));
                assert.ok(!events.includes('prepaid-upgrade-error'), events.join(', '));

                const requests = await getJson<RecordedRequest[]>(`${server.origin}${apiBase}/__sandbox/requests`);
                assert.deepEqual(
                  requests.filter((request) => request.method === 'PATCH').map((request) => [request.path, request.body, request.status]),
                  [
                    [
                      `/subscriptions/${subscriptionId}/upgrade_to_prepaid/`,
                      { orders_per_billing: 6, renewal_behavior: 'downgrade', offer: 'live' },
                      200,
                    ],
                    [`/subscriptions/${subscriptionId}/change_renewal_behavior/`, { renewal_behavior: 'autorenew' }, 200],
                  ],
                  `one upgrade, then one renewal change: ${summary(requests).join(', ')}`,
                );
                assert.ok(requests.length >= 2, 'the subscription was loaded before the upgrade');
                await assertUpgradedOnce(requests, subscriptionId, token);

                assert.deepEqual(errors, [], 'no errors in the page');
                assert.deepEqual(page.driverErrors(), [], 'no console or page errors');
                // Discovery is a file of its own, which a widget given its subscription never fetches.
                assert.deepEqual(await page.run(filesFetched), [`/dist/${bundle.file}`]);
              },
              { 'prepaid-discounts': '3:5,6:10,12:15' },
            ),
        );

        it(
          `${bundle.name}: without subscription-id, picks a subscription, goes back, picks another and upgrades it by clicking`,
          { timeout: 30_000 },
          () =>
            withWidget(
              bundle,
              'picker',
              async () => {},
              async (page, { apiBase, token }) => {
                const [, coldBrew, earlGrey] = SANDBOX_DISCOVERY.upgradeable;
                await page.waitFor(partVisible, 'picker', 'the picker');
                await page.click(`[part~="picker"] input[type="radio"][value="${coldBrew}"]`);
                await page.click('[part~="picker"] button');
                await page.waitFor(partVisible, 'form', 'the form of the subscription chosen');
                await page.click('button.back');
                await page.waitFor(partVisible, 'picker', 'the picker again');
                await page.click(`[part~="picker"] input[type="radio"][value="${earlGrey}"]`);
                await page.click('[part~="picker"] button');
                await page.waitFor(partVisible, 'form', 'the form of the other subscription');
                await upgradeByClicking(page);

                const requests = await getJson<RecordedRequest[]>(`${server.origin}${apiBase}/__sandbox/requests`);
                await assertUpgradedOnce(requests, earlGrey, token);
                const { errors } = await page.run(seenInPage);
                assert.deepEqual(errors, [], 'no errors in the page');
                assert.deepEqual(page.driverErrors(), [], 'no console or page errors');
                assert.deepEqual(await page.run(filesFetched), [`/dist/${bundle.file}`, '/dist/discovery.js']);
              },
              {},
              { customerId: SANDBOX_DISCOVERY.customerId, discover: true },
            ),
        );

        it(
          `${bundle.name}: a 503 on loading and a 423 on the upgrade are retried, and the customer sees neither`,
          { timeout: 30_000 },
          () =>
            withWidget(
              bundle,
              'retried',
              async (apiBase, subscriptionId) => {
                await addFault(server, apiBase, { status: 503, method: 'GET', path: `/subscriptions/${subscriptionId}/`, count: 1 });
                await addFault(server, apiBase, { status: 423, method: 'PATCH', path: 'upgrade_to_prepaid', count: 1 });
              },
              async (page, { apiBase, subscriptionId, token }) => {
                // (The form is also shown, as a placeholder, while loading: the ready event says it is live.)
                await page.waitFor(hasEvent, 'prepaid-upgrade-ready', 'the ready event, after the retried read');
                assert.equal(await page.run(widgetState), 'ready');
                assert.equal(await page.run(partVisible, 'form'), true, 'the form is shown');
                assert.equal(await page.run(partVisible, 'error'), false, 'no error is shown');
                await upgradeByClicking(page);
                assert.equal(await page.run(widgetState), 'success');
                const { events, errors } = await page.run(seenInPage);
                assert.ok(!events.includes('prepaid-upgrade-error'), events.join(', '));

                const requests = await getJson<RecordedRequest[]>(`${server.origin}${apiBase}/__sandbox/requests`);
                const reads = requests.filter(
                  (request) => request.method === 'GET' && request.path === `/subscriptions/${subscriptionId}/`,
                );
                assert.deepEqual(
                  reads.map((request) => request.status),
                  [503, 200],
                  `the read failed once, then its retry succeeded: ${summary(requests).join(', ')}`,
                );
                const patches = requests.filter((request) => request.method === 'PATCH');
                assert.deepEqual(
                  patches.map((request) => request.status),
                  [423, 200],
                  `the upgrade was refused once as busy, then its retry succeeded: ${summary(requests).join(', ')}`,
                );
                await assertUpgradedOnce(requests, subscriptionId, token);

                assert.deepEqual(errors, [], 'no errors in the page');
                // The browser's own report of a failed response is expected; nothing else is.
                const unexpected = page.driverErrors().filter((error) => !/status of (503|423)\b/.test(error));
                assert.deepEqual(unexpected, [], 'no other console or page errors');
              },
            ),
        );
      }
    });
  }
});
