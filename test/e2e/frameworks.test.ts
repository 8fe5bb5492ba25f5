// The element in the frameworks a store is built with: each app of test/frameworks/ is bundled by Vite with its own
// vite.config.ts (its framework's plugin), the package imported by its name (the built files, through package.json's
// exports), and clicked through in Chromium against the sandbox. The checks are those custom-elements-everywhere.com
// makes of a framework, applied to this element: an attribute, a function and an object set as properties,
// declarative kebab-case events, light-DOM children in slots, a re-render with a new value, and an unmount.
//
// Each app's prepaid-panel file is the frameworks guide's snippet for its framework
// (test/node/framework-snippets.test.ts holds them equal); its main file is the store's page around it: a "Next subscription" button that re-renders the panel
// with the next id of `#app`'s `data-subscriptions`, and a "Close" button that unmounts it.
//
// The apps use the production service address, as a store's code would; the browser's requests to it are answered
// by this run's sandbox. Run after `npm run build`.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { ENVIRONMENT_BASE_ADDRESSES } from '../../src/api/base-address.js';
import { SANDBOX_DISCOVERY, SANDBOX_MERCHANT } from '../../src/sandbox/index.js';
import type { RecordedRequest } from '../../src/sandbox/index.js';
import { signStorefrontToken } from '../../src/server/index.js';
import { bundleApp } from './bundle-app.js';
import { addFault, escapeAttribute, getJson, serverAndChromium } from './server.js';

const frameworksDir = fileURLToPath(new URL('../frameworks/', import.meta.url));
const TOKEN_PATH = '/account/storefront-token';
const [firstId, secondId] = SANDBOX_DISCOVERY.upgradeable;

interface FrameworkApp {
  name: string;
  /** Its folder in test/frameworks/, with a vite.config.ts. */
  dir: string;
  /** The module that mounts the app, in that folder. */
  entry: string;
  /** The wrapper sets every prop as a property: its `subscriptionId` is not an attribute. */
  subscriptionIdAs?: 'attribute' | 'property';
}

const APPS = (
  [
    { name: 'React 19, the plain tag', dir: 'react', entry: 'main.tsx' },
    { name: 'React 19, prepaid-upgrade/react', dir: 'react-wrapper', entry: 'main.tsx', subscriptionIdAs: 'property' },
    { name: 'Vue 3', dir: 'vue', entry: 'main.ts' },
    { name: 'Svelte 5', dir: 'svelte', entry: 'main.ts' },
    { name: 'Preact', dir: 'preact', entry: 'main.tsx' },
    { name: 'Solid', dir: 'solid', entry: 'main.tsx' },
    { name: 'Angular', dir: 'angular', entry: 'main.ts' },
  ] satisfies FrameworkApp[] as FrameworkApp[]
).filter((app) => !process.env.FRAMEWORKS || process.env.FRAMEWORKS.split(',').includes(app.dir));

type Widget = HTMLElement & { state: string; subscription?: { public_id: string }; [property: string]: unknown };

const running = serverAndChromium((server) => {
  server.route(TOKEN_PATH, async () => ({
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    body: await signStorefrontToken({
      merchantPublicId: SANDBOX_MERCHANT.publicId,
      customerId: SANDBOX_DISCOVERY.customerId,
      hashKey: SANDBOX_MERCHANT.hashKey,
    }),
  }));
});

for (const app of APPS) {
  describe(`<prepaid-upgrade> in ${app.name}`, { timeout: 120_000 }, () => {
    const apiBase = `/sandbox/i/${randomUUID()}`;
    let context: BrowserContext;
    let page: Page;
    const problems: string[] = [];
    const widget = () => page.locator('prepaid-upgrade');
    const requests = () => getJson<RecordedRequest[]>(`${running.server.origin}${apiBase}/__sandbox/requests`);
    const message = async () => (await page.locator('#panel-message').textContent())?.trim();
    const waitForState = (state: string, subscriptionId: string) =>
      page.waitForFunction(
        ([state, subscriptionId]) => {
          const element = document.querySelector('prepaid-upgrade') as Widget | null;
          return element?.state === state && element.subscription?.public_id === subscriptionId;
        },
        [state, subscriptionId] as const,
      );

    before(
      async () => {
        const root = join(frameworksDir, app.dir);
        const code = await bundleApp({ root, entry: app.entry, configFile: join(root, 'vite.config.ts'), expect: 'lib/' });
        const { server, browser } = running;
        server.route(`/apps/${app.dir}.js`, () => ({ headers: { 'content-type': 'text/javascript; charset=utf-8' }, body: code }));
        const url = server.page(
          `/${app.dir}.html`,
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Your subscriptions</title>' +
            `<link rel="icon" href="data:,"><script type="module" src="/apps/${app.dir}.js"></script></head>` +
            `<body><div id="app" data-subscriptions="${escapeAttribute(`${firstId} ${secondId}`)}"></div></body></html>`,
        );
        context = await browser.newContext();
        // The service's address, answered by this app's own sandbox instance, as the service would answer it.
        await context.route(`${ENVIRONMENT_BASE_ADDRESSES.production}**`, async (route) => {
          const { pathname, search } = new URL(route.request().url());
          const response = await route.fetch({ url: `${server.origin}${apiBase}${pathname}${search}` });
          await route.fulfill({ response });
        });
        page = await context.newPage();
        page.setDefaultTimeout(10_000);
        page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
        });
        await page.addInitScript(() => {
          addEventListener('unhandledrejection', (event) => console.error(`unhandled rejection: ${String(event.reason)}`));
        });
        await page.goto(url);
        await waitForState('ready', firstId);
      },
      { timeout: 90_000 },
    );

    after(() => context?.close());

    it('passes subscription-id, and sets tokenProvider and strings as properties, never as attributes', async () => {
      const seen = await widget().evaluate((element) => {
        const widget = element as Widget;
        return {
          attribute: widget.getAttribute('subscription-id'),
          property: widget.subscriptionId,
          tokenProvider: typeof widget.tokenProvider,
          submitString: typeof (widget.strings as Record<string, unknown> | undefined)?.submit,
          attributes: widget.getAttributeNames().filter((name) => name !== 'class' && !name.startsWith('_ng')),
        };
      });
      if (app.subscriptionIdAs === 'property') {
        assert.equal(seen.property, firstId);
        assert.deepEqual(seen.attributes, []);
      } else {
        assert.equal(seen.attribute, firstId);
        assert.deepEqual(seen.attributes, ['subscription-id']);
      }
      assert.equal(seen.tokenProvider, 'function');
      assert.equal(seen.submitString, 'function');
      // The strings were read: the confirm button says what the app's `submit` says.
      assert.equal((await widget().locator('[part~="submit"]').textContent())?.trim(), 'Prepay 3 orders');
      // The token came from the store's endpoint, through the function.
      const reads = (await requests()).filter((request) => request.method === 'GET' && request.path.includes(firstId));
      assert.ok(reads.length > 0, `the sandbox was asked for ${firstId}`);
      // Only a token of that customer reads the subscription: another's gets a 404, and no token a 401.
      assert.ok(reads.every((request) => request.status === 200 && request.headers.authorization?.startsWith('[redacted sha256:')));
    });

    it('shows the light-DOM heading and terms in their slots', async () => {
      const slotted = await widget().evaluate((element) =>
        ['heading', 'terms'].map((name) => {
          const slot = element.shadowRoot!.querySelector<HTMLSlotElement>(`slot[name="${name}"]`);
          return slot?.assignedElements().map((assigned) => `${assigned.localName}: ${assigned.textContent!.trim()}`);
        }),
      );
      assert.deepEqual(slotted, [['h3: Prepay and save'], ['p: Prepaid orders are billed today. Terms of prepaid billing']]);
      assert.ok(await page.getByRole('heading', { name: 'Prepay and save' }).isVisible());
      assert.ok(await page.getByRole('link', { name: 'Terms of prepaid billing' }).isVisible());
    });

    it('hears prepaid-upgrade-change and prepaid-upgrade-success through its declarative listeners', async () => {
      await widget().locator('input[name="orders"][value="6"]').check();
      await page.waitForFunction(() => document.getElementById('panel-message')?.textContent?.includes('6'));
      assert.equal(await message(), 'You chose 6 orders.');
      await widget().locator('[part~="submit"]').click();
      await waitForState('success', firstId);
      await page.waitForFunction(() => document.getElementById('panel-message')?.textContent?.includes('Prepaid'));
      assert.equal(await message(), 'Prepaid: 6 orders.');
      const upgrades = (await requests()).filter((request) => request.method === 'PATCH');
      assert.deepEqual(
        upgrades.map((request) => request.path),
        [`/subscriptions/${firstId}/upgrade_to_prepaid/`],
      );
    });

    it('reloads the widget when the app re-renders it with another subscription-id', async () => {
      await page.getByRole('button', { name: 'Next subscription' }).click();
      await waitForState('ready', secondId);
      if (app.subscriptionIdAs !== 'property') assert.equal(await widget().getAttribute('subscription-id'), secondId);
      // The same element, reloaded: the app's heading is still in its slot.
      assert.ok(await page.getByRole('heading', { name: 'Prepay and save' }).isVisible());
      const reads = (await requests()).filter((request) => request.method === 'GET' && request.path === `/subscriptions/${secondId}/`);
      assert.equal(reads.length, 1);
    });

    it('is unmounted in the middle of a request without an error', async () => {
      await addFault(running.server, apiBase, { method: 'GET', path: `/subscriptions/${firstId}/`, latencyMs: 800 });
      const before = (await requests()).length;
      await page.getByRole('button', { name: 'Next subscription' }).click();
      await page.waitForFunction(() => (document.querySelector('prepaid-upgrade') as Widget | null)?.state === 'loading');
      // The widget shows loading a moment before its read is sent: close only once the held read has reached
      // the sandbox, which holds it for 800 ms, so that the app lets go of the widget in the middle of that request.
      const held = async () => (await requests()).slice(before).some((request) => request.path === `/subscriptions/${firstId}/`);
      for (const started = Date.now(); !(await held());) {
        assert.ok(Date.now() - started < 2000, 'the held request never reached the sandbox');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await page.getByRole('button', { name: 'Close' }).click();
      // Some frameworks render a change at once, others at the next frame. Then wait past the held answer, which nobody
      // is left to read.
      await widget().waitFor({ state: 'detached' });
      await page.waitForTimeout(1000);
      assert.deepEqual(problems, []);
    });
  });
}
