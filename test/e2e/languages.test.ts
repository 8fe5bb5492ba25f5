// End to end: the built script bundles carry English only and fetch another language from dist/i18n/, next to
// themselves, when the page asks for it. Run after `npm run build`.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS } from '../../src/sandbox/index.js';
import { signStorefrontToken } from '../../src/server/index.js';
import { LANGUAGES } from '../../src/i18n/languages.js';
import fr from '../../src/i18n/locales/fr.js';
import ar from '../../src/i18n/locales/ar.js';
import { en } from '../../src/i18n/en.js';
import { distDir, escapeAttribute, launchChromium, startTestServer, type TestServer } from './server.js';

const BUNDLES = [
  { name: 'ES module', tag: '<script type="module" src="/dist/prepaid-upgrade.js"></script>' },
  { name: 'classic script', tag: '<script src="/dist/prepaid-upgrade.iife.js"></script>' },
];

describe('languages in the built bundles', () => {
  let server: TestServer;
  let browser: Browser;
  before(async () => {
    server = await startTestServer();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('ships every other language as its own file, and none of them in the main bundles', async () => {
    const files = (await readdir(join(distDir, 'i18n'))).filter((file) => file.endsWith('.js'));
    for (const language of LANGUAGES.filter((l) => l !== 'en')) assert.ok(files.includes(`${language}.js`), `dist/i18n/${language}.js`);
    for (const bundle of ['prepaid-upgrade.js', 'prepaid-upgrade.iife.js']) {
      const code = await readFile(join(distDir, bundle), 'utf8');
      assert.ok(code.includes(en.ordersLegend), `${bundle} carries English`);
      assert.ok(!code.includes(fr.ordersLegend), `${bundle} must not carry French`);
      assert.ok(!code.includes(ar.ordersLegend), `${bundle} must not carry Arabic`);
    }
  });

  async function open(bundleTag: string, lang: string) {
    const token = await signStorefrontToken({
      merchantPublicId: SANDBOX_MERCHANT.publicId,
      customerId: SANDBOX_SUBSCRIPTIONS.eligible.customerId,
      hashKey: SANDBOX_MERCHANT.hashKey,
    });
    const path = `/${randomUUID()}.html`;
    const url = server.page(
      path,
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>languages</title>${bundleTag}</head><body>` +
        `<prepaid-upgrade subscription-id="${SANDBOX_SUBSCRIPTIONS.eligible.id}" api-base="/sandbox/i/${randomUUID()}" token="${escapeAttribute(token)}"></prepaid-upgrade></body></html>`,
    );
    const page = await browser.newPage();
    const scripts: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(url);
    await page.waitForFunction(() => document.querySelector('prepaid-upgrade')?.state === 'ready', null, { timeout: 10_000 });
    const heading = await page.locator('prepaid-upgrade [part~=heading]').textContent();
    const dir = await page.locator('prepaid-upgrade [part~=base]').getAttribute('dir');
    await page.close();
    assert.deepEqual(errors, []);
    return { heading: heading?.trim(), dir, scripts };
  }

  for (const bundle of BUNDLES) {
    it(`${bundle.name}: English needs no other file`, async () => {
      const { heading, scripts } = await open(bundle.tag, 'en');
      assert.equal(heading, en.heading);
      assert.deepEqual(
        scripts.filter((s) => s.startsWith('/dist/i18n/')),
        [],
      );
    });

    it(`${bundle.name}: French is fetched from dist/i18n/ on demand`, async () => {
      const { heading, scripts, dir } = await open(bundle.tag, 'fr-FR');
      assert.equal(heading, fr.heading);
      assert.equal(dir, 'ltr');
      assert.ok(scripts.includes('/dist/i18n/fr.js'), `fetched ${scripts.join(', ')}`);
      assert.deepEqual(
        scripts.filter((s) => s.startsWith('/dist/i18n/') && !/\/(fr|formatters)\.js$/.test(s)),
        [],
      );
    });

    it(`${bundle.name}: Arabic is fetched and laid out right to left`, async () => {
      const { heading, dir } = await open(bundle.tag, 'ar');
      assert.equal(heading, ar.heading);
      assert.equal(dir, 'rtl');
    });
  }
});
