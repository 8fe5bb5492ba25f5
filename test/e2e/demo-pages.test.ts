// The demo's pages as `npm start` serves them, at 1280 and 360 px wide: the store signed in, "Prepay and save" after
// another customer signs in, the reference, and a guide. Their layout is checked by its geometry (the header on one
// line at 1280 px, nothing wider than a phone at 360, radio buttons that keep their size beside a label of two lines,
// one name for the side panel, the store's header on the reference page, an event log of the customer signed in now),
// and each page is pictured and compared with its baseline in __screenshots__/demo/ (see baselines.ts). The store's
// two widgets of one subscription ("On your next order" and the list) are checked to agree after a change in either. The clock of
// the sandbox, of the store's server and of the browser is stopped, so that the dates shown are the same every day.
// `UPDATE_SCREENSHOTS=1 node --import tsx --test test/e2e/demo-pages.test.ts` rewrites the baselines.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import type { ViteDevServer } from 'vite';
import { startDemoServer } from '../../bench/demo-server.js';
import { baselines } from './baselines.js';
import { launchChromium } from './server.js';

const pictures = baselines(
  fileURLToPath(new URL('./__screenshots__/demo/', import.meta.url)),
  fileURLToPath(new URL('../../test-results/demo-pages/', import.meta.url)),
  'UPDATE_SCREENSHOTS=1 node --import tsx --test test/e2e/demo-pages.test.ts',
);

/** The day the demo is pictured on: the sandbox dates the next orders from it. */
const NOW = Date.UTC(2026, 10, 20, 12);
const WIDTHS = [1280, 360] as const;

/** Every widget of the page has its content: none is loading. */
const widgetsSettled = () => {
  const widgets = [...document.querySelectorAll('prepaid-upgrade')] as Array<HTMLElement & { state?: string }>;
  return widgets.length > 0 && widgets.every((widget) => widget.state && widget.state !== 'loading');
};

describe('the demo’s pages at 1280 and 360 px', { timeout: 60_000 }, () => {
  let server: ViteDevServer;
  let base: string;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  /** What the store's page calls its side panel, and the links of its header. */
  let storePanel = '';
  let storeLinks: string[] = [];

  before(
    async () => {
      await pictures.prepare();
      ({ server, base } = await startDemoServer({ now: () => NOW }));
      browser = await launchChromium();
      const context = await browser.newContext({
        viewport: { width: WIDTHS[0], height: 800 },
        deviceScaleFactor: 1,
        reducedMotion: 'reduce',
        timezoneId: 'UTC',
        locale: 'en-US',
      });
      await context.clock.setFixedTime(NOW);
      page = await context.newPage();
      page.setDefaultTimeout(15_000);
      page.on('pageerror', (error) => errors.push(String(error)));
    },
    { timeout: 60_000 },
  );

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  async function signIn(customerId: string): Promise<void> {
    if (await page.locator('#sign-out:not([data-signed-out])').isVisible()) await page.click('#sign-out');
    await page.locator(`#customer option[value="${customerId}"]`).waitFor({ state: 'attached' });
    await page.selectOption('#customer', customerId);
    await page.click('#sign-in-form [type="submit"]');
    await page.waitForFunction(widgetsSettled);
  }

  /** Lays the page out at `width`, with everything it shows arrived and no hover or caret in the picture. */
  async function atWidth(width: number): Promise<void> {
    await page.setViewportSize({ width, height: 800 });
    await page.mouse.move(0, 0);
    await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
  }

  /** The page's layout at this width: what must hold at each, whatever the page. */
  async function checkLayout(name: string, width: number): Promise<void> {
    const { rows, scrollWidth, viewport } = await page.evaluate(() => {
      // The header's items are on one line when each starts above where the ones before it end.
      let bottom = -Infinity;
      let rows = 0;
      for (const item of document.querySelector('.site-header__inner')!.children) {
        const box = item.getBoundingClientRect();
        if (box.top >= bottom) rows++;
        bottom = Math.max(bottom, box.bottom);
      }
      return { rows, scrollWidth: document.documentElement.scrollWidth, viewport: window.innerWidth };
    });
    if (width === 1280) assert.equal(rows, 1, `${name}: the header is one line at 1280 px`);
    assert.ok(scrollWidth <= viewport, `${name} at ${width} px: ${scrollWidth} px wide, the page scrolls sideways`);
  }

  /** The page, whole or its first screen; what `mask` selects is painted over. */
  async function picture(name: string, fullPage: boolean, mask: string[] = []): Promise<void> {
    const shot = await page.screenshot({
      fullPage,
      animations: 'disabled',
      caret: 'hide',
      mask: mask.map((selector) => page.locator(selector)),
    });
    await pictures.expectMatch(shot, name);
  }

  it('the store, signed in: one header line, radio buttons their size beside two lines of label', async () => {
    await page.goto(`${base}/`);
    await signIn('cus_ada');
    storePanel = await page.locator('#devtools-heading').innerText();
    storeLinks = await page.locator('.store-nav a').allInnerTexts();
    for (const width of WIDTHS) {
      await atWidth(width);
      await checkLayout('the store', width);
      const radios = await page.locator('.radio-row').evaluateAll((rows) =>
        rows.map((row) => ({
          label: row.querySelector('label')!.getBoundingClientRect().height,
          radio: row.querySelector('input')!.getBoundingClientRect().width,
        })),
      );
      const lineHeight = Math.min(...radios.map(({ label }) => label));
      if (width === 1280)
        assert.ok(
          radios.some(({ label }) => label > lineHeight * 1.5),
          'a label takes two lines at 1280 px',
        );
      for (const { radio } of radios) assert.ok(radio >= 16, `a radio button is ${radio} px wide at ${width} px`);
      // The widgets load side by side: their events come in any order.
      // The log and the funnel's counts depend on how far the widgets' events have come.
      await picture(`store-${width}`, true, ['.event-log__list', '#funnel dd']);
    }
  });

  it('the store: "On your next order" and the list show one subscription, and agree after a change in either', async () => {
    await page.goto(`${base}/`);
    // Whoever the session names is shown first (Ada, after the test above); then Ada signs in afresh.
    await page.locator('#main[aria-busy="false"]').waitFor();
    await page.locator('#reset-funnel').click();
    await signIn('cus_ada');
    const ids = await page
      .locator('prepaid-upgrade')
      .evaluateAll((widgets) => widgets.map((widget) => widget.getAttribute('subscription-id')));
    assert.deepEqual(
      ids,
      ['sub_coffee_ada', 'sub_coffee_ada', 'sub_tea_ada', 'sub_decaf_ada', 'sub_descaler_ada'],
      'Ada’s first live one twice',
    );
    assert.equal(await page.locator('#subscriptions-status').innerText(), 'You have 4 subscriptions.');
    const aside = page.locator('#next-order prepaid-upgrade');
    const listed = page.locator('#subscription-list prepaid-upgrade').first();
    assert.match(await page.locator('#next-order').innerText(), /a second widget of sub_coffee_ada, which the list below shows too/);

    // The developer tools' funnel counts the offer seen: the first widget, a second in view after it settled.
    const counted = (event: string) => page.locator(`#funnel dd[data-event="prepaid-upgrade-${event}"]`).innerText();
    // Half of it in view: at 360 px the widget is taller than at 1280, and its top is not enough.
    await aside.evaluate((widget) => widget.scrollIntoView({ block: 'start' }));
    await page.waitForFunction(() => Number(document.querySelector('#funnel dd[data-event="prepaid-upgrade-view"]')?.textContent) >= 1);

    // Upgraded in "On your next order": the list's widget shows it prepaid, and only the widget that upgraded says so.
    await aside.locator('[part~="form"] input[type="radio"][value="6"]').click();
    await aside.locator('[part~="submit"]').click();
    await aside.locator('[part~="success"]').waitFor();
    await page.waitForFunction(
      () => document.querySelector<HTMLElement & { state: string }>('#subscription-list prepaid-upgrade')!.state === 'prepaid',
    );
    assert.match(await listed.locator('[part~=notice]').innerText(), /6 prepaid orders/);
    const logged = () => page.locator('#event-log code').allInnerTexts();
    assert.equal((await logged()).filter((type) => type === 'prepaid-upgrade-success').length, 1, 'one success, the upgrading widget’s');
    // The funnel counts the upgrade sent and made.
    assert.equal(await counted('submit'), '1');
    assert.equal(await counted('success'), '1');

    // Changed in the list: "On your next order" has the new renewal checked, and tells the page nothing of its own.
    await listed.locator('[part~="manage"] input[type="radio"][value="cancel"]').click();
    await listed.locator('[part~="manage-submit"]').click();
    await listed.locator('[part~=confirmation]').waitFor();
    await aside.locator('[part~="manage"] input[type="radio"][value="cancel"]:checked').waitFor({ state: 'attached' });
    assert.equal((await logged()).filter((type) => type === 'prepaid-upgrade-renewal-change').length, 1, 'one renewal change, the list’s');
  });

  it('Prepay and save: the event log shows only what the customer signed in now saw', async () => {
    await page.goto(`${base}/prepay.html`);
    await page.waitForFunction(widgetsSettled);
    await signIn('cus_hedy');
    // Hedy's events are marked: none may be left once Grace is signed in.
    const marked = await page.locator('#event-log > li').evaluateAll((entries) => {
      for (const entry of entries) entry.setAttribute('data-before', '');
      return entries.length;
    });
    assert.ok(marked > 0, 'the log has the events of the first customer');
    await signIn('cus_grace');
    await page.locator('#event-log > li').first().waitFor();
    assert.equal(await page.locator('#event-log > li[data-before]').count(), 0, 'the log has no event of the customer before');
    assert.equal(await page.locator('#devtools-heading').innerText(), storePanel, 'the side panel has the same name on both pages');
    assert.deepEqual(await page.locator('.store-nav a').allInnerTexts(), storeLinks);
    for (const width of WIDTHS) {
      await atWidth(width);
      await checkLayout('Prepay and save', width);
      // At 1280 px her widget is in view, and a second later tells the page it was seen: the pictures wait for that, so
      // that each shows the log as it then stays, however long the page took to be pictured.
      if (width === 1280) await page.locator('#event-log > li', { hasText: 'prepaid-upgrade-view' }).waitFor();
      await picture(`prepay-${width}`, true, ['#funnel dd']);
    }
  });

  it('the reference: the store’s header, its links and account', async () => {
    await page.goto(`${base}/reference.html`);
    await page.waitForFunction(widgetsSettled);
    assert.deepEqual(await page.locator('.store-nav a').allInnerTexts(), storeLinks, 'the same links as the store');
    assert.ok(await page.locator('#sign-out').isVisible(), 'the signed-in customer can sign out here too');
    for (const width of WIDTHS) {
      await atWidth(width);
      await checkLayout('the reference', width);
      // Its top only: the tables below are custom-elements.json's, which change with every documented property.
      await picture(`reference-${width}`, false);
    }
  });

  it('a guide: readable at 360 px, its tables and code scrolling inside themselves', async () => {
    await page.goto(`${base}/docs/troubleshooting.md`);
    for (const width of WIDTHS) {
      await atWidth(width);
      await checkLayout('a guide', width);
      const boxes = await page
        .locator('.guide :is(pre, .table-scroll)')
        .evaluateAll((elements) =>
          elements.map((box) => ({ scrolls: box.scrollWidth > box.clientWidth, right: box.getBoundingClientRect().right })),
        );
      assert.ok(
        boxes.every(({ right }) => right <= width),
        `${width} px: a code block or table reaches out of the page`,
      );
      if (width === 360)
        assert.ok(
          boxes.some(({ scrolls }) => scrolls),
          'at 360 px, a table or code block scrolls inside itself',
        );
      await picture(`guide-${width}`, false);
    }
    assert.deepEqual(errors, [], 'no page errors');
  });
});
