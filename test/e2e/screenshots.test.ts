// Screenshot tests: the built element in a plain page, in each of the demo's themes and each state, compared pixel by
// pixel with the baselines in __screenshots__/ (see baselines.ts), and the guides' four in docs/pictures/. Run after `npm run build`; `npm run
// screenshots:update` rewrites the baselines (then look at them before committing). A mismatch leaves the actual
// picture and a diff, with the differing pixels in red, under test-results/screenshots/.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import {
  SANDBOX_DISCOVERY,
  SANDBOX_MERCHANT,
  SANDBOX_MERCHANT_PREPAID_DISABLED,
  SANDBOX_SUBSCRIPTIONS,
  type Fault,
} from '../../src/sandbox/index.js';
import { signStorefrontToken } from '../../src/server/index.js';
import { baselines } from './baselines.js';
import { escapeAttribute, serverAndChromium } from './server.js';

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

/**
 * The sandbox's clock for these pictures: it dates the seeded next orders from it, so the dates they show are the same
 * whatever day the tests run (and the tokens are signed at that time).
 */
const SANDBOX_NOW = Date.UTC(2026, 10, 20, 12);

const THEMES = ['default', 'dark', 'brand'] as const;
type Theme = (typeof THEMES)[number];
/** Who is signed in, and the subscription the widget is given; without one, the widget finds the customer's. */
type Customer = { subscriptionId?: string; customerId: string; merchantPublicId: string; hashKey: string };

/** Ada's subscriptions at the main merchant, and Rosalind's at the merchant with prepaid disabled (every upgrade is a 400). */
const ADA = {
  customerId: SANDBOX_SUBSCRIPTIONS.eligible.customerId,
  merchantPublicId: SANDBOX_MERCHANT.publicId,
  hashKey: SANDBOX_MERCHANT.hashKey,
};
const ELIGIBLE: Customer = { ...ADA, subscriptionId: SANDBOX_SUBSCRIPTIONS.eligible.id };
const PREPAID: Customer = { ...ADA, subscriptionId: SANDBOX_SUBSCRIPTIONS.prepaid.id };
const NOT_ELIGIBLE: Customer = { ...ADA, subscriptionId: SANDBOX_SUBSCRIPTIONS.notEligible.id };
/** Hedy, without an id: several subscriptions to choose from. Katherine, without an id: none at all. */
const HEDY: Customer = { ...ADA, customerId: SANDBOX_DISCOVERY.customerId };
const KATHERINE: Customer = { ...ADA, customerId: 'cus_katherine' };
const PREPAID_DISABLED: Customer = {
  subscriptionId: SANDBOX_SUBSCRIPTIONS.prepaidDisabled.id,
  customerId: SANDBOX_SUBSCRIPTIONS.prepaidDisabled.customerId,
  merchantPublicId: SANDBOX_MERCHANT_PREPAID_DISABLED.publicId,
  hashKey: SANDBOX_MERCHANT_PREPAID_DISABLED.hashKey,
};

/** Long enough to take the picture many times over, short enough not to keep the test process waiting at the end. */
const HOLD_MS = 8000;

interface StateScenario {
  state: string;
  customer: Customer;
  /** A fault queued before the page loads. */
  fault?: Fault;
  /** Confirm the upgrade with the preselected choices. */
  submit?: boolean;
  /** On a prepaid subscription: pick this renewal behaviour in the management form and save it. */
  change?: string;
  /** Without an id: choose this subscription in the picker. */
  pick?: string;
  /** The picture's name when the state is shown more than one way (default: the state). */
  name?: string;
  /** More attributes of the widget. */
  attributes?: Record<string, string>;
}

const SCENARIOS: StateScenario[] = [
  { state: 'loading', customer: ELIGIBLE, fault: { latencyMs: HOLD_MS, method: 'GET' } },
  { state: 'submitting', customer: ELIGIBLE, fault: { latencyMs: HOLD_MS, method: 'PATCH', path: 'upgrade_to_prepaid' }, submit: true },
  { state: 'ready', customer: ELIGIBLE },
  { state: 'ready', name: 'ready-savings', customer: ELIGIBLE, attributes: { 'prepaid-discounts': '3:5,6:10,12:15' } },
  { state: 'ineligible', customer: NOT_ELIGIBLE },
  { state: 'prepaid', customer: PREPAID },
  {
    state: 'submitting',
    name: 'submitting-renewal',
    customer: PREPAID,
    fault: { latencyMs: HOLD_MS, method: 'PATCH', path: 'change_renewal_behavior' },
    change: 'cancel',
  },
  { state: 'prepaid', name: 'prepaid-changed', customer: PREPAID, change: 'cancel' },
  { state: 'success', customer: ELIGIBLE, submit: true },
  { state: 'error', customer: PREPAID_DISABLED, submit: true },
  {
    state: 'error',
    name: 'error-renewal',
    customer: PREPAID,
    fault: { status: 400, method: 'PATCH', path: 'change_renewal_behavior', detail: 'This subscription is not prepaid' },
    change: 'cancel',
  },
  { state: 'ready', name: 'picker', customer: HEDY, attributes: { 'prepaid-discounts': '3:5,6:10,12:15' } },
  { state: 'ready', name: 'picker-chosen', customer: HEDY, pick: SANDBOX_DISCOVERY.upgradeable[1] },
  { state: 'ineligible', name: 'none-found', customer: KATHERINE },
];

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
      for (const theme of THEMES.filter((name) => name !== 'default')) {
        const css = await readFile(join(themesDir, `${theme}.css`), 'utf8');
        server.route(`/themes/${theme}.css`, () => ({ headers: { 'content-type': 'text/css; charset=utf-8' }, body: css }));
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
    const apiBase = `/sandbox/i/${randomUUID()}`;
    if (fault) {
      const response = await fetch(`${running.server.origin}${apiBase}/__sandbox/faults`, { method: 'POST', body: JSON.stringify(fault) });
      assert.equal(response.status, 201, `the sandbox queued ${JSON.stringify(fault)}: ${await response.text()}`);
    }
    const token = await signStorefrontToken({
      merchantPublicId: customer.merchantPublicId,
      customerId: customer.customerId,
      hashKey: customer.hashKey,
      ts: SANDBOX_NOW / 1000,
    });
    const path = `/${randomUUID()}.html`;
    const url = running.server.page(
      path,
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Screenshot</title><link rel="icon" href="data:,">` +
        `<style>${PAGE_STYLE}</style>` +
        THEMES.filter((name) => name !== 'default')
          .map((name) => `<link rel="stylesheet" href="/themes/${name}.css">`)
          .join('') +
        `<script type="module" src="/dist/prepaid-upgrade.js"></script></head><body>` +
        `<div class="widget-area" data-theme="${theme}"><prepaid-upgrade ` +
        (customer.subscriptionId ? `subscription-id="${escapeAttribute(customer.subscriptionId)}" ` : '') +
        `api-base="${apiBase}" token="${escapeAttribute(token)}"` +
        Object.entries(attributes)
          .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
          .join('') +
        `></prepaid-upgrade></div></body></html>`,
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

  // State by state, so that the requests the sandbox holds open are over long before the last test ends.
  for (const { state, customer, fault, submit: confirm, change, pick, name = state, attributes } of SCENARIOS) {
    for (const theme of THEMES) {
      it(`${theme}, ${name}`, { timeout: 30_000 }, async () => {
        const { page, close } = await open({ theme, customer, attributes }, fault);
        try {
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
              await page.waitForFunction(() => !!document.querySelector('prepaid-upgrade')?.shadowRoot?.querySelector('.confirmation'));
            }
          }
          await waitForState(page, state);
          await expectScreenshot(page, `${theme}-${name}`);
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
