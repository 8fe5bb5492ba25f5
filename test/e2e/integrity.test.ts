// Subresource Integrity: dist/integrity.json (written by `npm run build`) names every file a page loads from dist/
// with the SHA-384 hash of its bytes, and Chromium runs a bundle pinned with that hash and refuses one whose hash
// differs. Run after `npm run build`.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { BUNDLES, assertBundlesBuilt, distDir, escapeAttribute, serverAndChromium } from './server.js';

const readIntegrity = async (): Promise<Record<string, string>> => JSON.parse(await readFile(join(distDir, 'integrity.json'), 'utf8'));
const sha384 = (bytes: Buffer) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

describe('dist/integrity.json', () => {
  before(assertBundlesBuilt);

  it('names every script a page loads from dist/, and only those', async () => {
    const scripts = (await readdir(distDir, { recursive: true }))
      .map((path) => path.split('\\').join('/'))
      // lib/ is for bundlers: no page loads it.
      .filter((path) => path.endsWith('.js') && !path.startsWith('lib/'))
      .sort();
    assert.deepEqual(Object.keys(await readIntegrity()).sort(), scripts);
    for (const file of ['prepaid-upgrade.js', 'prepaid-upgrade.iife.js', 'discovery.js', 'i18n/fr.js']) {
      assert.ok(scripts.includes(file), `${file} is built`);
    }
  });

  it('holds the SHA-384 hash of each file as it is', async () => {
    for (const [path, hash] of Object.entries(await readIntegrity())) {
      assert.equal(hash, sha384(await readFile(join(distDir, path))), path);
    }
  });
});

describe('a bundle pinned with its integrity hash, in Chromium', { timeout: 60_000 }, () => {
  const running = serverAndChromium();

  /** Whether the page defined the element after loading `bundle` with `integrity`. */
  async function defines(bundle: (typeof BUNDLES)[number], integrity: string): Promise<boolean> {
    const tag = bundle
      .tag(`/dist/${bundle.file}`)
      .replace('<script ', `<script integrity="${escapeAttribute(integrity)}" crossorigin="anonymous" `);
    const url = running.server.page(`/integrity-${Math.random().toString(36).slice(2)}.html`, `<!doctype html><title>SRI</title>${tag}`);
    const context = await running.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'load' });
      return await page.evaluate(() => customElements.get('prepaid-upgrade') !== undefined);
    } finally {
      await context.close();
    }
  }

  for (const bundle of BUNDLES) {
    it(`${bundle.name}: runs with the hash of integrity.json, and not with another`, async () => {
      const hash = (await readIntegrity())[bundle.file]!;
      assert.equal(await defines(bundle, hash), true, 'the pinned bundle ran');
      const other = `sha384-${createHash('sha384').update('another file').digest('base64')}`;
      assert.equal(await defines(bundle, other), false, 'a bundle whose hash differs did not run');
    });
  }
});
