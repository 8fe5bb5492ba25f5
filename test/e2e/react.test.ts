// `prepaid-upgrade/react` in a React app: test/e2e/react-app/main.ts, bundled by Vite the way a store's app would be
// (the package imported by its name, so the built files through package.json's exports), renders two widgets in
// Chromium against the sandbox. Props reach the element as properties, and each `on…` prop receives its event.
// Run after `npm run build`.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS } from '../../src/sandbox/index.js';
import { signStorefrontToken } from '../../src/server/index.js';
import type { ReactAppConfig, RecordedCall } from './react-app/main.js';
import { bundleApp } from './bundle-app.js';
import { launchChromium, startTestServer, type TestServer } from './server.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { eligible } = SANDBOX_SUBSCRIPTIONS;

describe('prepaid-upgrade/react in a React app', { timeout: 120_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  const calls = () => page.evaluate(() => (window as unknown as { reactAppCalls: RecordedCall[] }).reactAppCalls);
  const callsOf = async (widget: string) =>
    (await calls()).filter((call) => call.widget === widget).map(({ prop, type, detail }) => ({ prop, type, detail }));
  const waitForCall = (widget: string, prop: string) =>
    page.waitForFunction(
      ([widget, prop]) =>
        (window as unknown as { reactAppCalls: RecordedCall[] }).reactAppCalls.some((call) => call.widget === widget && call.prop === prop),
      [widget, prop] as const,
    );

  before(
    async () => {
      const [code, testServer, chromium] = await Promise.all([
        bundleApp({ root, entry: 'test/e2e/react-app/main.ts', expect: 'lib/react.js' }),
        startTestServer(),
        launchChromium(),
      ]);
      server = testServer;
      browser = chromium;
      server.route('/react-app.js', () => ({ headers: { 'content-type': 'text/javascript; charset=utf-8' }, body: code }));
      const config: ReactAppConfig = {
        apiBase: `/sandbox/i/${randomUUID()}`,
        subscriptionId: eligible.id,
        token: await signStorefrontToken({
          merchantPublicId: SANDBOX_MERCHANT.publicId,
          customerId: eligible.customerId,
          hashKey: SANDBOX_MERCHANT.hashKey,
        }),
        refusedToken: await signStorefrontToken({
          merchantPublicId: SANDBOX_MERCHANT.publicId,
          customerId: eligible.customerId,
          hashKey: 'not the merchant key',
        }),
      };
      const url = server.page(
        '/react.html',
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Account</title><link rel="icon" href="data:,">' +
          '<script type="module" src="/react-app.js"></script></head><body><div id="root"></div></body></html>',
      );
      page = await (await browser.newContext()).newPage();
      page.setDefaultTimeout(10_000);
      page.on('pageerror', (error) => pageErrors.push(String(error)));
      await page.addInitScript((config: ReactAppConfig) => {
        (window as unknown as { reactAppConfig: ReactAppConfig }).reactAppConfig = config;
      }, config);
      await page.goto(url);
    },
    { timeout: 90_000 },
  );

  after(
    async () => {
      await browser?.close();
      await server?.close();
    },
    { timeout: 30_000 },
  );

  it('passes props to the element as properties, a function included', async () => {
    await waitForCall('with-provider', 'onReady');
    const element = await page.locator('#with-provider').evaluate((el) => {
      const widget = el as HTMLElement & { subscriptionId?: string; apiBase?: string; ordersOptions?: string; tokenProvider?: unknown };
      return {
        tag: el.localName,
        className: el.className,
        subscriptionId: widget.subscriptionId,
        apiBase: widget.apiBase?.startsWith('/sandbox/i/'),
        ordersOptions: widget.ordersOptions,
        tokenProvider: typeof widget.tokenProvider,
      };
    });
    assert.deepEqual(element, {
      tag: 'prepaid-upgrade',
      className: 'account-widget',
      subscriptionId: eligible.id,
      apiBase: true,
      ordersOptions: '3,6',
      tokenProvider: 'function',
    });
    const widget = page.locator('#with-provider');
    assert.deepEqual(
      await widget.locator('input[name="orders"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
      ['3', '6'],
    );
    assert.equal(await widget.locator('input[value="cancel"]').isChecked(), true);
  });

  it('calls onReady, onChange, onSubmit, onSuccess and onRenewalChange with their events', async () => {
    const widget = page.locator('#with-provider');
    await widget.locator('input[type="radio"][value="6"]').check();
    await widget.locator('[part~="submit"]').click();
    await waitForCall('with-provider', 'onSuccess');
    await widget.locator('[part~="manage"] input[type="radio"][value="autorenew"]').check();
    await widget.locator('[part~="manage-submit"]').click();
    await waitForCall('with-provider', 'onRenewalChange');
    assert.deepEqual(await callsOf('with-provider'), [
      { prop: 'onReady', type: 'prepaid-upgrade-ready', detail: { subscriptionId: eligible.id } },
      {
        prop: 'onChange',
        type: 'prepaid-upgrade-change',
        detail: { ordersPerBilling: 6, renewalBehavior: 'cancel', discountPercent: null },
      },
      {
        prop: 'onSubmit',
        type: 'prepaid-upgrade-submit',
        detail: {
          action: 'upgrade',
          subscriptionId: eligible.id,
          request: { orders_per_billing: 6, renewal_behavior: 'cancel', offer: 'live' },
        },
      },
      {
        prop: 'onSuccess',
        type: 'prepaid-upgrade-success',
        detail: { context: { prepaid_orders_remaining: 0, prepaid_orders_per_billing: 6, renewal_behavior: 'cancel' } },
      },
      {
        prop: 'onSubmit',
        type: 'prepaid-upgrade-submit',
        detail: { action: 'change-renewal', subscriptionId: eligible.id, request: { renewal_behavior: 'autorenew' } },
      },
      {
        prop: 'onRenewalChange',
        type: 'prepaid-upgrade-renewal-change',
        detail: { context: { prepaid_orders_remaining: 0, prepaid_orders_per_billing: 6, renewal_behavior: 'autorenew' } },
      },
    ]);
  });

  it('calls onError and onTokenExpired when the token is refused', async () => {
    await waitForCall('refused', 'onTokenExpired');
    assert.deepEqual(await callsOf('refused'), [
      { prop: 'onError', type: 'prepaid-upgrade-error', detail: { phase: 'load', status: 401 } },
      { prop: 'onTokenExpired', type: 'prepaid-upgrade-token-expired', detail: {} },
    ]);
    assert.deepEqual(pageErrors, []);
  });
});
