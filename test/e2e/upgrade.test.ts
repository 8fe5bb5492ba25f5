// End to end: the built bundles, loaded by plain HTML pages the way a storefront loads them (no dev server, no
// bundler), upgrade a subscription against the sandbox in Chromium. Run after `npm run build`.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { createSandbox, SANDBOX_CUSTOMERS, SANDBOX_MERCHANT, type RecordedRequest, type SandboxInfo } from '../../src/sandbox/index.js';
import { signStorefrontToken, verifyStorefrontToken } from '../../src/server/index.js';
import { createMerchantServer } from '../../demo/merchant-server.js';
import { distDir, escapeAttribute, getJson, launchChromium, startTestServer, type TestServer } from './server.js';

const EVENT_TYPES = ['ready', 'change', 'submit', 'success', 'error', 'token-expired'].map((name) => `prepaid-upgrade-${name}`);

const BUNDLES = [
  { name: 'ES module', file: 'prepaid-upgrade.js', tag: (src: string) => `<script type="module" src="${src}"></script>` },
  { name: 'classic script (IIFE)', file: 'prepaid-upgrade.iife.js', tag: (src: string) => `<script src="${src}"></script>` },
];

describe('the built bundles in a plain page', { timeout: 120_000 }, () => {
  let server: TestServer;
  let browser: Browser;

  before(
    async () => {
      for (const { file } of BUNDLES) {
        await stat(join(distDir, file)).catch(() => assert.fail(`dist/${file} is missing: run \`npm run build\` first`));
      }
      server = await startTestServer();
      browser = await launchChromium();
    },
    { timeout: 60_000 },
  );

  after(
    async () => {
      await browser?.close();
      await server?.close();
    },
    { timeout: 30_000 },
  );

  /**
   * An eligible subscription in a sandbox instance of its own (so that each test finds it as seeded), with a token
   * for its customer and a plain page that loads `bundle` and shows the widget for it.
   */
  async function widgetPage(bundle: (typeof BUNDLES)[number], name: string) {
    const apiBase = `/sandbox/i/${randomUUID()}`;
    const info = await getJson<SandboxInfo>(`${server.origin}${apiBase}/__sandbox/info`);
    const customer = info.customers[0]!;
    const subscriptionId = customer.subscriptions.find((subscription) => subscription.kind === 'eligible')?.id;
    assert.ok(subscriptionId, `${customer.customerId} has an eligible pay-as-you-go subscription`);
    const token = await signStorefrontToken({
      merchantPublicId: info.merchant.publicId,
      customerId: customer.customerId,
      hashKey: SANDBOX_MERCHANT.hashKey,
    });
    const url = server.page(
      `/${name}-${bundle.file}.html`,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Account</title>` +
        `<link rel="icon" href="data:,">${bundle.tag(`/dist/${bundle.file}`)}</head><body><main>` +
        `<prepaid-upgrade subscription-id="${escapeAttribute(subscriptionId)}" api-base="${apiBase}" ` +
        `token="${escapeAttribute(token)}"></prepaid-upgrade></main></body></html>`,
    );
    return { apiBase, subscriptionId, token, url };
  }

  for (const bundle of BUNDLES) {
    it(`${bundle.name}: chooses 6 orders and downgrade, upgrades once, with the token only`, { timeout: 60_000 }, async () => {
      const { apiBase, subscriptionId, token, url } = await widgetPage(bundle, 'upgrade');

      const context = await browser.newContext();
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      const pageErrors: string[] = [];
      const consoleErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(String(error)));
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      await page.addInitScript((types: string[]) => {
        const seen: string[] = [];
        (window as unknown as { __events: string[] }).__events = seen;
        for (const type of types) document.addEventListener(type, (event) => seen.push(event.type));
      }, EVENT_TYPES);

      try {
        await page.goto(url);
        await page.waitForFunction(() => (window as unknown as { __events: string[] }).__events.includes('prepaid-upgrade-ready'));

        const widget = page.locator('prepaid-upgrade');
        await widget.locator('input[type="radio"][value="6"]').check();
        await widget.locator('input[type="radio"][value="downgrade"]').check();
        await widget.locator('button[part~="submit"]').click();
        await widget.locator('[part~="success"]').waitFor({ state: 'visible' });

        assert.equal(await widget.evaluate((element) => (element as HTMLElement & { state: string }).state), 'success');
        const events = await page.evaluate(() => (window as unknown as { __events: string[] }).__events);
        assert.ok(events.includes('prepaid-upgrade-submit') && events.includes('prepaid-upgrade-success'), events.join(', '));
        assert.ok(!events.includes('prepaid-upgrade-error'), events.join(', '));

        const requests = await getJson<RecordedRequest[]>(`${server.origin}${apiBase}/__sandbox/requests`);
        const patches = requests.filter((request) => request.method === 'PATCH');
        assert.equal(patches.length, 1, 'exactly one PATCH');
        assert.equal(patches[0]!.path, `/subscriptions/${subscriptionId}/upgrade_to_prepaid/`);
        assert.deepEqual(patches[0]!.body, { orders_per_billing: 6, renewal_behavior: 'downgrade', offer: 'live' });
        assert.ok(requests.length >= 2, 'the subscription was loaded before the upgrade');
        for (const request of requests) {
          assert.equal(request.headers['authorization'], token, `${request.method} ${request.path} carries the token verbatim`);
          assert.ok(!('x-api-key' in request.headers), `${request.method} ${request.path} carries no x-api-key`);
        }

        assert.deepEqual(pageErrors, [], 'no page errors');
        assert.deepEqual(consoleErrors, [], 'no console errors');
      } finally {
        await context.close();
      }
    });
  }

  for (const bundle of BUNDLES) {
    it(`${bundle.name}: a quantity sent as text is an error naming the field, and nothing is upgraded`, { timeout: 60_000 }, async () => {
      // The script bundles check answers with their own small checker instead of the zod schemas (the build swaps
      // src/api/schemas.script.ts in): this drives that checker in each bundle, end to end.
      const { apiBase, subscriptionId, url } = await widgetPage(bundle, 'malformed');
      const fault = {
        status: 200,
        method: 'GET',
        path: `/subscriptions/${subscriptionId}/`,
        count: 10,
        body: JSON.stringify({ public_id: subscriptionId, quantity: '1' }),
      };
      const added = await fetch(`${server.origin}${apiBase}/__sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(fault),
      });
      assert.equal(added.status, 201, await added.text());

      const context = await browser.newContext();
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      try {
        await page.goto(url);
        const widget = page.locator('prepaid-upgrade');
        await widget.locator('[part~="error"]').waitFor({ state: 'visible' });
        assert.equal(await widget.evaluate((element) => (element as HTMLElement & { state: string }).state), 'error');
        assert.match(await widget.locator('[part~="error"]').innerText(), /could not read/);
        assert.equal(consoleErrors.length, 1, consoleErrors.join('\n'));
        assert.match(consoleErrors[0]!, /load failed: GET \S+: unexpected answer \(quantity: expected number\)/);
        const requests = await getJson<RecordedRequest[]>(`${server.origin}${apiBase}/__sandbox/requests`);
        assert.ok(!requests.some((request) => request.method === 'PATCH'), 'no upgrade was sent');
      } finally {
        await context.close();
      }
    });
  }
});

describe("the demo store's token endpoint", () => {
  const customer = SANDBOX_CUSTOMERS[0]!;
  const store = 'http://store.test';
  const merchant = createMerchantServer({
    merchantPublicId: SANDBOX_MERCHANT.publicId,
    hashKey: SANDBOX_MERCHANT.hashKey,
    customers: SANDBOX_CUSTOMERS,
  });
  const get = (path: string, cookie?: string) => merchant.handle(new Request(`${store}${path}`, { headers: cookie ? { cookie } : {} }));
  const post = (path: string, body?: unknown, cookie?: string) =>
    merchant.handle(
      new Request(`${store}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: body === undefined ? null : JSON.stringify(body),
      }),
    );
  const sessionCookie = (response: Response) => response.headers.getSetCookie()[0]!.split(';')[0]!;

  it('refuses a token to a visitor who is not signed in', async () => {
    const response = await get('/merchant/token');
    assert.equal(response.status, 401);
    assert.equal(typeof ((await response.json()) as { detail: unknown }).detail, 'string');
    assert.deepEqual(await (await get('/merchant/session')).json(), { customer: null });
  });

  it('issues a token that verifies for the signed-in customer and that the sandbox accepts', async () => {
    const signIn = await post('/merchant/sign-in', { customerId: customer.customerId });
    assert.equal(signIn.status, 200);
    const setCookie = signIn.headers.getSetCookie()[0]!;
    assert.match(setCookie, /HttpOnly/i);
    const cookie = sessionCookie(signIn);

    const response = await get('/merchant/token', cookie);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('cache-control') ?? '', /no-store/);
    const token = await response.text();
    assert.deepEqual(Object.keys(JSON.parse(token) as object), ['public_id', 'ts', 'sig_field', 'sig']);

    const verified = await verifyStorefrontToken(token, { hashKey: SANDBOX_MERCHANT.hashKey });
    assert.ok(verified.valid, JSON.stringify(verified));
    assert.equal(verified.customerId, customer.customerId);
    assert.equal(verified.merchantPublicId, SANDBOX_MERCHANT.publicId);

    const sandbox = createSandbox();
    const listed = await sandbox.handle(new Request('http://sandbox.test/subscriptions/?limit=100', { headers: { authorization: token } }));
    assert.equal(listed.status, 200);
    const { results } = (await listed.json()) as { results: Array<{ customer: string }> };
    assert.ok(results.length > 0 && results.every((subscription) => subscription.customer === customer.customerId));
  });

  it('stops issuing tokens after sign-out', async () => {
    const cookie = sessionCookie(await post('/merchant/sign-in', { customerId: customer.customerId }));
    assert.equal((await post('/merchant/sign-out', undefined, cookie)).status, 204);
    assert.equal((await get('/merchant/token', cookie)).status, 401);
  });

  it('signs in only the store’s own customers', async () => {
    assert.equal((await post('/merchant/sign-in', { customerId: 'cus_nobody' })).status, 400);
    assert.equal((await get('/merchant/token')).status, 401);
  });
});
