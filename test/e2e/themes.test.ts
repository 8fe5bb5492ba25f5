// The theming guide's two worked themes (docs/theming.md), Dawn and Midnight, pictured in every state at a phone's
// width (360 px) and a desktop's (1280 px), in Chromium, Firefox and WebKit, and under two root sizes: 100% and Dawn's
// 62.5%. The widget measures itself from the customer's preferred size, not from the root, so both roots must give the
// same picture: each is compared with one baseline, __screenshots__/themes/<engine>/<theme>-<state>-<width>.png. Every
// text of every state also has AA contrast (contrast.ts). Chromium's pictures of the ready form at 360 px are the
// guide's, kept in docs/pictures/. Run after `npm run build`; `npm run screenshots:update` rewrites the baselines (then
// look at them before committing). `BROWSERS=webkit` (comma-separated) picks engines.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertEngineInstalled, selectedEngines, type Engine } from '../engines.js';
import { baselines } from './baselines.js';
import { textsBelowContrast } from './contrast.js';
import { DRIVERS, type EngineDriver, type EnginePage } from './engine-drivers.js';
import { assertBundlesBuilt, startTestServer, type TestServer } from './server.js';
import { HOLD_MS, SANDBOX_NOW, SCENARIOS, sandboxFor, widgetTag, type StateScenario } from './states.js';

const projectDir = fileURLToPath(new URL('../../', import.meta.url));
const resultsDir = join(projectDir, 'test-results', 'themes');
const pictures = baselines(fileURLToPath(new URL('./__screenshots__/themes/', import.meta.url)), resultsDir, 'npm run screenshots:update');
const guidePictures = baselines(join(projectDir, 'docs', 'pictures'), resultsDir, 'npm run screenshots:update');

const THEMES = ['dawn', 'midnight'] as const;
const WIDTHS = [1280, 360] as const;
/** The viewport's height at each width: a laptop's and a phone's. The loading state is as tall. */
const HEIGHTS: Record<(typeof WIDTHS)[number], number> = { 1280: 800, 360: 740 };
/** The root sizes of a page: the browser's own, and the 62.5% of Dawn and many store themes (10 px for 16 px). */
const ROOT_SIZES = ['', '62.5%'];
/** The guide's pictures: Chromium's, of the ready form with discounts, at a phone's width. */
const GUIDE = new Set(['dawn-ready-savings-360', 'midnight-ready-savings-360']);

/**
 * The page around the widget: a store's own text at 1.5rem, as Dawn's body is (15 px under its root, 24 px under the
 * browser's), and the test machine's fonts named outright, so that the pictures do not depend on what the system's
 * generic families resolve to.
 */
const PAGE_STYLE = `
  body { margin: 0; font: 1.5rem/1.5 'DejaVu Sans', sans-serif; }
  .widget-area { padding: 20px; }
  .widget-area[data-theme] prepaid-upgrade { --prepaid-upgrade-font: 'DejaVu Sans', sans-serif; }
`;

// Page-side helpers: plain functions of one string, so that every driver can send them into the page.
const widgetState = () => (document.querySelector('prepaid-upgrade') as (HTMLElement & { state: string }) | null)?.state ?? '';
const inState = (state: string) => (document.querySelector('prepaid-upgrade') as (HTMLElement & { state: string }) | null)?.state === state;
const hasConfirmation = () => !!document.querySelector('prepaid-upgrade')?.shadowRoot?.querySelector('[part~=confirmation]');
const hasForm = () => !!document.querySelector('prepaid-upgrade')?.shadowRoot?.querySelector('[part~=form]');
/** Sets the root's font size (`''` for the browser's own), and resolves after the frame that draws it. */
const setRootSize = (size: string) => {
  document.documentElement.style.fontSize = size;
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
};
/**
 * Resolves once everything the picture shows has arrived: the fonts, the product images, and a frame drawn after the
 * last update. The loading placeholder's pulse is stopped at its start, so that it is drawn alike every time.
 */
const settled = async () => {
  const widget = document.querySelector('prepaid-upgrade') as HTMLElement & { updateComplete: Promise<unknown> };
  await widget.updateComplete;
  await document.fonts.ready;
  await Promise.all([...(widget.shadowRoot?.querySelectorAll('img') ?? [])].map((image) => image.decode().catch(() => undefined)));
  for (const animation of widget.shadowRoot!.getAnimations()) animation.cancel();
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  return true;
};

describe('the theming guide’s themes in three engines', { timeout: 600_000, concurrency: true }, () => {
  let server: TestServer;

  before(
    async () => {
      await assertBundlesBuilt();
      server = await startTestServer({ now: () => SANDBOX_NOW });
      for (const theme of THEMES) {
        const css = await readFile(join(projectDir, 'demo', 'themes', `${theme}.css`), 'utf8');
        server.route(`/themes/${theme}.css`, () => ({ headers: { 'content-type': 'text/css; charset=utf-8' }, body: css }));
      }
      await pictures.prepare();
    },
    { timeout: 30_000 },
  );
  after(() => server?.close(), { timeout: 10_000 });

  /** The page of one widget in `theme`, for the scenario's customer, on a fresh sandbox instance. */
  async function themePage(theme: string, { customer, fault, attributes }: StateScenario): Promise<string> {
    const { apiBase, token } = await sandboxFor(server, customer, fault);
    return server.page(
      `/${randomUUID()}.html`,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Theme</title><link rel="icon" href="data:,">` +
        `<style>${PAGE_STYLE}</style><link rel="stylesheet" href="/themes/${theme}.css">` +
        `<script type="module" src="/dist/prepaid-upgrade.js"></script></head><body>` +
        `<div class="widget-area" data-theme="${theme}">${widgetTag(customer, apiBase, token, attributes)}</div></body></html>`,
    );
  }

  /** Makes the customer's moves of `scenario`, with real clicks, and waits for its state. */
  async function reach(page: EnginePage, { state, submit, change, pick }: StateScenario): Promise<void> {
    if (submit) {
      await page.waitFor(inState, 'ready', 'the form');
      await page.click('button[part~="submit"]');
    }
    if (pick) {
      await page.waitFor(inState, 'ready', 'the picker');
      await page.click(`[part~="picker"] input[value="${pick}"]`);
      await page.click('[part~="picker"] button');
      await page.waitFor(hasForm, '', 'the form of the subscription chosen');
    }
    if (change) {
      await page.waitFor(inState, 'prepaid', 'the prepaid terms');
      await page.click(`[part~="manage"] input[value="${change}"]`);
      await page.click('button[part~="manage-submit"]');
      // A state the picture waits for may be the one it started from: wait for the change's own outcome.
      if (state === 'prepaid') await page.waitFor(hasConfirmation, '', 'the confirmation');
    }
    await page.waitFor(inState, state, `the ${state} state`);
  }

  for (const engine of selectedEngines()) {
    // The engines side by side; within one, a test at a time (WebKit's driver has one window).
    describe(engine, { concurrency: 1 }, () => {
      let driver: EngineDriver | undefined;
      before(
        async () => {
          assertEngineInstalled(engine);
          driver = await DRIVERS[engine]({ pictures: true });
        },
        { timeout: 60_000 },
      );
      after(() => driver?.quit(), { timeout: 30_000 });

      for (const scenario of SCENARIOS) {
        const name = scenario.name ?? scenario.state;
        for (const theme of THEMES) {
          it(`${theme}, ${name}`, { timeout: HOLD_MS + 20_000 }, async () => {
            assert.ok(driver, `${engine} is running`);
            const url = await themePage(theme, scenario);
            const page = await driver.open();
            try {
              // The first width before the page loads: WebKit does not lay a legend out again when its window widens.
              await page.resize(WIDTHS[0], HEIGHTS[WIDTHS[0]]);
              await page.goto(url);
              await reach(page, scenario);
              for (const width of WIDTHS) {
                await page.resize(width, HEIGHTS[width]);
                for (const rootSize of ROOT_SIZES) {
                  await page.run(setRootSize, rootSize);
                  await page.run(settled);
                  const picture = await page.widgetPicture();
                  await expectPicture(engine, `${theme}-${name}-${width}`, picture);
                }
                assert.deepEqual(await page.run(textsBelowContrast), [], `every text has AA contrast at ${width} px`);
              }
              // A held request must still be held, or the pictures may show the next state.
              assert.equal(await page.run(widgetState), scenario.state);
            } finally {
              await page.close();
            }
          });
        }
      }
    });
  }
});

/** Compares a picture with its engine's baseline, and Chromium's pictures of the guide with the guide's too. */
async function expectPicture(engine: Engine, name: string, picture: Buffer): Promise<void> {
  await pictures.expectMatch(picture, `${engine}/${name}`);
  if (engine === 'chromium' && GUIDE.has(name)) await guidePictures.expectMatch(picture, name);
}
