// End to end: a credential the page's own script sets after the bundle, in the order a page naturally has them (the
// bundle, then the store's script, which sets `tokenProvider`), is not missing: no error, no event, no console line,
// and the widget reads the subscription with it. Run after `npm run build`.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BUNDLES, escapeAttribute, serverAndChromium, widgetPage } from './server.js';

/** How long the store's script takes to arrive: long enough for the widgets' first updates to run before it. */
const LATE_MS = 600;

describe('a tokenProvider set by a script after the bundle, in Chromium', { timeout: 120_000 }, () => {
  const running = serverAndChromium();

  for (const bundle of BUNDLES) {
    it(`${bundle.name}: is not reported missing, and the widget loads with it`, { timeout: 60_000 }, async () => {
      const { server, browser } = running;
      const { apiBase, subscriptionId, token } = await widgetPage(server, bundle, 'late-provider');
      const app = `/late-provider-app-${bundle.file}.js`;
      server.route(app, async () => {
        await new Promise((resolve) => setTimeout(resolve, LATE_MS));
        return {
          headers: { 'content-type': 'text/javascript' },
          body: `document.querySelector('prepaid-upgrade').tokenProvider = async () => ${JSON.stringify(token)};`,
        };
      });
      const url = server.page(
        `/late-provider-${bundle.file}.html`,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Account</title><link rel="icon" href="data:,">` +
          `</head><body><main><prepaid-upgrade subscription-id="${escapeAttribute(subscriptionId)}" ` +
          `api-base="${escapeAttribute(apiBase)}"></prepaid-upgrade></main>` +
          `${bundle.tag(`/dist/${bundle.file}`)}<script type="module" src="${app}"></script></body></html>`,
      );
      const context = await browser.newContext();
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      const consoleLines: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') consoleLines.push(message.text());
      });
      // Every error event from the start, whenever it comes.
      await page.addInitScript(() => {
        (window as unknown as { errorEvents: unknown[] }).errorEvents = [];
        document.addEventListener('prepaid-upgrade-error', (event) =>
          (window as unknown as { errorEvents: unknown[] }).errorEvents.push((event as CustomEvent).detail),
        );
      });
      try {
        await page.goto(url);
        const widget = page.locator('prepaid-upgrade');
        await widget.locator('[part~="form"]').waitFor({ state: 'visible' });
        assert.equal(await widget.evaluate((element) => (element as HTMLElement & { state: string }).state), 'ready');
        assert.deepEqual(await page.evaluate(() => (window as unknown as { errorEvents: unknown[] }).errorEvents), []);
        assert.deepEqual(consoleLines, []);
      } finally {
        await context.close();
      }
    });
  }
});
