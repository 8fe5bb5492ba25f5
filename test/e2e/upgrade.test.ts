// End to end: the built bundles, loaded by plain HTML pages the way a storefront loads them (no dev server, no
// bundler), refuse a malformed answer in Chromium, and tell the next order's date and total from the orders listing as
// the service documents it; the upgrade itself, clicked through in all three engines, is in engines.test.ts. Run after
// `npm run build`.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  createSandbox,
  SANDBOX_CUSTOMERS,
  SANDBOX_MERCHANT,
  SANDBOX_SUBSCRIPTIONS,
  type RecordedRequest,
} from '../../src/sandbox/index.js';
import { verifyStorefrontToken } from '../../src/server/index.js';
import { createMerchantServer } from '../../demo/merchant-server.js';
import { addFault, BUNDLES, getJson, serverAndChromium, widgetPage } from './server.js';

describe('the built bundles in a plain page, in Chromium', { timeout: 120_000 }, () => {
  const running = serverAndChromium();

  for (const bundle of BUNDLES) {
    it(`${bundle.name}: a quantity sent as text is an error naming the field, and nothing is upgraded`, { timeout: 60_000 }, async () => {
      // The answer checker (src/api/schemas.ts), driven end to end in each built bundle.
      const { apiBase, subscriptionId, url } = await widgetPage(running.server, bundle, 'malformed');
      await addFault(running.server, apiBase, {
        status: 200,
        method: 'GET',
        path: `/subscriptions/${subscriptionId}/`,
        count: 10,
        body: JSON.stringify({ public_id: subscriptionId, quantity: '1' }),
      });

      const context = await running.browser.newContext();
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
        const requests = await getJson<RecordedRequest[]>(`${running.server.origin}${apiBase}/__sandbox/requests`);
        assert.ok(!requests.some((request) => request.method === 'PATCH'), 'no upgrade was sent');
      } finally {
        await context.close();
      }
    });
  }
});

describe('the next order as the service lists it, in Chromium', { timeout: 120_000 }, () => {
  const running = serverAndChromium();

  for (const bundle of BUNDLES) {
    it(
      `${bundle.name}: dates the choices from a listing without sub_total, and tells the total with tax after the upgrade`,
      {
        timeout: 60_000,
      },
      async () => {
        const { customerId } = SANDBOX_SUBSCRIPTIONS.taxed;
        const { apiBase, url } = await widgetPage(
          running.server,
          bundle,
          'documented-listing',
          '',
          { 'prepaid-discounts': '3:5,6:10,12:15' },
          {
            customerId,
          },
        );
        // The orders List reference documents no sub_total, and its example's total is "undefined".
        const shaped = await fetch(`${running.server.origin}${apiBase}/__sandbox/order-listing`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ shape: 'reference' }),
        });
        assert.equal(shaped.status, 200, await shaped.text());

        const context = await running.browser.newContext();
        const page = await context.newPage();
        page.setDefaultTimeout(10_000);
        try {
          await page.goto(url);
          const widget = page.locator('prepaid-upgrade');
          const hint = widget.locator('#orders-3-hint');
          // The date, from the listing; the amount, before the tax and shipping the next order carries.
          await hint.filter({ hasText: /on [A-Z][a-z]+\s\d{1,2}, before tax and shipping/ }).waitFor();
          assert.match(await hint.innerText(), /\$85\.50 on [A-Z][a-z]+\s\d{1,2}, before tax and shipping/);
          await widget.locator('[part~="submit"]').click();
          const success = widget.locator('[part~="success"]');
          await success.filter({ hasText: 'for 3 orders:' }).waitFor();
          assert.match(
            await success.innerText(),
            /Your next order, on [A-Z][a-z]+\s\d{1,2},\s\d{4}, bills \$97\.33 for 3 orders: \$85\.50, plus \$6\.84 tax and \$4\.99 shipping\./,
          );
          const requests = await getJson<RecordedRequest[]>(`${running.server.origin}${apiBase}/__sandbox/requests`);
          const byId = requests.filter((request) => /^\/orders\/[^/]+\/$/.test(request.path));
          assert.equal(byId.length, 2, 'the order read by id, before and after the upgrade');
        } finally {
          await context.close();
        }
      },
    );
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
