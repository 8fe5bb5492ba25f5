// Screenshot tests: the built element in a plain page, in each of the demo's themes and each state, compared pixel by
// pixel with the baselines in __screenshots__/ (see baselines.ts), and the guides' four in docs/pictures/; and the
// contrast of every text in each (contrast.ts), and in a dark theme made of custom properties alone. The theming
// guide's own themes are pictured in three engines by themes.test.ts. Run after `npm run build`; `npm run
// screenshots:update` rewrites the baselines (then look at them before committing). A mismatch leaves the actual
// picture and a diff, with the differing pixels in red, under test-results/screenshots/.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { Fault } from '../../src/sandbox/index.js';
import { baselines } from './baselines.js';
import { textsBelowContrast } from './contrast.js';
import { serverAndChromium } from './server.js';
import { customPropertiesOnly } from './theme-sheets.js';
import { ELIGIBLE, SANDBOX_NOW, SCENARIOS, sandboxFor, widgetTag, type Customer } from './states.js';

const projectDir = fileURLToPath(new URL('../../', import.meta.url));
const themesDir = join(projectDir, 'demo', 'themes');
const pictures = baselines(
  fileURLToPath(new URL('./__screenshots__/', import.meta.url)),
  join(projectDir, 'test-results', 'screenshots'),
  'npm run screenshots:update',
);
/**
 * The pictures the README and the theming guide show are kept in docs/pictures/, which the package carries: these
 * tests make them as they make every other, and compare them there.
 */
const GUIDE_PICTURES = ['default-ready-savings', 'default-prepaid', 'dark-ready-savings', 'brand-ready-savings'];
const guidePictures = baselines(
  join(projectDir, 'docs', 'pictures'),
  join(projectDir, 'test-results', 'screenshots'),
  'npm run screenshots:update',
);

const THEMES = ['default', 'dark', 'brand'] as const;
/**
 * The theming guide's dark theme made of its custom properties alone, without its part rules: its contrast is checked
 * in every state, not pictured.
 */
const PROPERTIES_ONLY = 'midnight-properties';
type Theme = (typeof THEMES)[number] | typeof PROPERTIES_ONLY;
/** The style sheets every page links, the demo's and the properties-only theme. */
const STYLESHEETS = ['dark', 'brand', PROPERTIES_ONLY];

interface PageOptions {
  theme: Theme;
  customer: Customer;
  lang?: string;
  attributes?: Record<string, string>;
}

/**
 * The test machine's fonts, named outright so that the pictures do not depend on what the system's generic
 * families resolve to. The brand theme asks for serif faces that Linux machines lack and ends in DejaVu Serif
 * anyway; pinning it keeps a machine that has one of them from failing.
 */
const PAGE_STYLE = `
  body { margin: 0; font: 16px/1.5 'DejaVu Sans', sans-serif; }
  .widget-area { padding: 20px; }
  [data-theme='brand'] prepaid-upgrade { --prepaid-upgrade-font: 'DejaVu Serif', serif; }
`;

describe('screenshots of every theme and state', { timeout: 300_000 }, () => {
  const running = serverAndChromium(
    async (server) => {
      const sheets: Record<string, string> = {
        dark: await readFile(join(themesDir, 'dark.css'), 'utf8'),
        brand: await readFile(join(themesDir, 'brand.css'), 'utf8'),
        [PROPERTIES_ONLY]: customPropertiesOnly(await readFile(join(themesDir, 'midnight.css'), 'utf8')).replaceAll(
          "[data-theme='midnight']",
          `[data-theme='${PROPERTIES_ONLY}']`,
        ),
      };
      for (const [name, css] of Object.entries(sheets)) {
        server.route(`/themes/${name}.css`, () => ({ headers: { 'content-type': 'text/css; charset=utf-8' }, body: css }));
      }
      await pictures.prepare();
    },
    { now: () => SANDBOX_NOW },
  );

  /** A fresh sandbox instance, the page that shows one widget, and a browser page with motion reduced. */
  async function open(
    { theme, customer, lang = 'en', attributes = {} }: PageOptions,
    fault?: Fault,
  ): Promise<{ page: Page; close: () => Promise<void> }> {
    const { apiBase, token } = await sandboxFor(running.server, customer, fault);
    const path = `/${randomUUID()}.html`;
    const url = running.server.page(
      path,
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Screenshot</title><link rel="icon" href="data:,">` +
        `<style>${PAGE_STYLE}</style>` +
        STYLESHEETS.map((name) => `<link rel="stylesheet" href="/themes/${name}.css">`).join('') +
        `<script type="module" src="/dist/prepaid-upgrade.js"></script></head><body>` +
        `<div class="widget-area" data-theme="${theme}">${widgetTag(customer, apiBase, token, attributes)}</div></body></html>`,
    );
    const context = await running.browser.newContext({
      viewport: { width: 520, height: 900 },
      deviceScaleFactor: 1,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(url);
    return {
      page,
      close: async () => {
        await context.close();
        assert.deepEqual(errors, [], 'no page errors');
      },
    };
  }

  async function waitForState(page: Page, state: string): Promise<void> {
    await page.waitForFunction(
      (expected) => (document.querySelector('prepaid-upgrade') as (HTMLElement & { state: string }) | null)?.state === expected,
      state,
    );
    // Everything the picture shows has arrived: fonts, the product image, and a rendered frame after the last update.
    await page.evaluate(async () => {
      const widget = document.querySelector('prepaid-upgrade') as HTMLElement & { updateComplete: Promise<unknown> };
      await widget.updateComplete;
      await document.fonts.ready;
      await Promise.all([...(widget.shadowRoot?.querySelectorAll('img') ?? [])].map((image) => image.decode().catch(() => undefined)));
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
  }

  async function submit(page: Page): Promise<void> {
    await page.locator('prepaid-upgrade button[part~="submit"]').click();
    // Out of the way, so that no hover style shows in the picture.
    await page.mouse.move(0, 0);
  }

  async function changeRenewal(page: Page, behavior: string): Promise<void> {
    await page.locator(`prepaid-upgrade [part~="manage"] input[value="${behavior}"]`).click();
    await page.locator('prepaid-upgrade button[part~="manage-submit"]').click();
    await page.mouse.move(0, 0);
  }

  async function expectScreenshot(page: Page, name: string): Promise<void> {
    const shown = GUIDE_PICTURES.includes(name) ? guidePictures : pictures;
    await shown.expectMatch(await page.locator('prepaid-upgrade').screenshot({ animations: 'disabled', caret: 'hide' }), name);
  }

  /** Makes the customer's moves of `scenario` on a page just opened, and waits for its state. */
  async function reach(page: Page, { state, submit: confirm, change, pick }: (typeof SCENARIOS)[number]): Promise<void> {
    if (confirm) {
      await waitForState(page, 'ready');
      await submit(page);
    }
    if (pick) {
      await waitForState(page, 'ready');
      await page.locator(`prepaid-upgrade [part~="picker"] input[value="${pick}"]`).click();
      await page.locator('prepaid-upgrade [part~="picker"] button').click();
      await page.locator('prepaid-upgrade [part~="form"]').waitFor();
    }
    if (change) {
      await waitForState(page, 'prepaid');
      await changeRenewal(page, change);
      // A state the picture waits for may be the one it started from: wait for the change's own outcome.
      if (state === 'prepaid') {
        await page.waitForFunction(() => !!document.querySelector('prepaid-upgrade')?.shadowRoot?.querySelector('[part~=confirmation]'));
      }
    }
    await waitForState(page, state);
  }

  // State by state, so that the requests the sandbox holds open are over long before the last test ends.
  for (const scenario of SCENARIOS) {
    const { state, customer, fault, name = state, attributes } = scenario;
    for (const theme of THEMES) {
      it(`${theme}, ${name}`, { timeout: 30_000 }, async () => {
        const { page, close } = await open({ theme, customer, attributes }, fault);
        try {
          await reach(page, scenario);
          await expectScreenshot(page, `${theme}-${name}`);
          assert.deepEqual(await page.evaluate(textsBelowContrast), [], 'every text has AA contrast');
          // A held request must still be held, or the picture may show the next state.
          assert.equal(
            await page.locator('prepaid-upgrade').evaluate((element) => (element as HTMLElement & { state: string }).state),
            state,
          );
        } finally {
          await close();
        }
      });
    }
    it(`${PROPERTIES_ONLY}, ${name}: every text has AA contrast`, { timeout: 30_000 }, async () => {
      const { page, close } = await open({ theme: PROPERTIES_ONLY, customer, attributes }, fault);
      try {
        await reach(page, scenario);
        assert.deepEqual(await page.evaluate(textsBelowContrast), []);
      } finally {
        await close();
      }
    });
  }

  it('default, ready, right to left (Arabic)', { timeout: 30_000 }, async () => {
    const { page, close } = await open({ theme: 'default', customer: ELIGIBLE, lang: 'ar' });
    try {
      await waitForState(page, 'ready');
      assert.equal(await page.locator('prepaid-upgrade [part~="base"]').getAttribute('dir'), 'rtl');
      await expectScreenshot(page, 'default-ready-rtl');
    } finally {
      await close();
    }
  });

  it('default, ready, forced colours', { timeout: 30_000 }, async () => {
    const { page, close } = await open({ theme: 'default', customer: ELIGIBLE });
    try {
      await page.emulateMedia({ forcedColors: 'active' });
      await waitForState(page, 'ready');
      await expectScreenshot(page, 'default-ready-forced-colors');
    } finally {
      await close();
    }
  });
});
