/**
 * The layout shift of the demo store's pages, as `npm start` serves them, on first visits of a signed-in customer: the
 * account page (demo/index.html, a widget each, and the first live subscription's again above them, "On your next
 * order") of Ada (four subscriptions: a form, a prepaid subscription, two notices) and of Hedy (25 subscriptions), and
 * "Prepay and save" (demo/prepay.html, one widget without an id) of Hedy (a choice among several) and of Grace (the
 * form at once). Printed by `npm run bench` only: the dev server and its
 * unbundled modules take about a minute more, and its main thread, busy with the demo's own modules, says nothing of
 * the widget's tasks; only the shift is read.
 *
 * Each visit is a fresh browser context with the customer's session cookie and the first visits' init script
 * (bench/first-visit-observers.ts), at 1280 × 800 and 360 × 800, the CPU not slowed. The page is as the demo has it:
 * the store's script lists the customer's subscriptions, then adds a widget for each; the first paint comes before.
 * Settled: every widget out of `loading`, still so 300 ms later, then two animation frames.
 */
import type { Browser } from 'playwright-core';
import { startDemoServer } from './demo-server.js';
import type { FirstVisitEntries } from './first-visit-observers.js';
import { median } from './stats.js';

/** Each page visited, and whose visit. */
export const DEMO_PAGES = [
  { page: 'account', path: '/', name: 'Ada', customerId: 'cus_ada' },
  { page: 'account', path: '/', name: 'Hedy', customerId: 'cus_hedy' },
  { page: 'Prepay and save', path: '/prepay.html', name: 'Hedy', customerId: 'cus_hedy' },
  { page: 'Prepay and save', path: '/prepay.html', name: 'Grace', customerId: 'cus_grace' },
] as const;
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 360, height: 800 },
] as const;

export interface DemoRun {
  page: string;
  customer: string;
  width: number;
  /** The layout shift of each visit, navigation to settled. */
  cls: number[];
  widgets: number;
}

declare const firstVisitEntries: FirstVisitEntries;

/** `visits` first visits of each of the demo's pages, for its customer, at each width. */
export async function runDemoVisits(browser: Browser, observers: string, visits: number): Promise<DemoRun[]> {
  const { server, base } = await startDemoServer();
  const runs: DemoRun[] = [];
  try {
    const sessions = new Map<string, { name: string; value: string }>();
    for (const customerId of new Set(DEMO_PAGES.map((visited) => visited.customerId))) {
      const signIn = await fetch(`${base}/merchant/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ customerId }),
      });
      const cookie = /^([^=;]+)=([^;]*)/.exec(signIn.headers.get('set-cookie') ?? '');
      if (!signIn.ok || !cookie) throw new Error(`signing in as ${customerId} failed: HTTP ${signIn.status}`);
      sessions.set(customerId, { name: cookie[1]!, value: cookie[2]! });
    }
    const visit = async (path: string, customerId: string, viewport: { width: number; height: number }) => {
      const context = await browser.newContext({ viewport });
      try {
        await context.addCookies([{ ...sessions.get(customerId)!, url: base }]);
        await context.addInitScript({ path: observers });
        const page = await context.newPage();
        await page.goto(`${base}${path}`);
        // A string, so that nothing of this file's compiled helpers is sent to the page.
        const settledNow = `(() => {
          const widgets = [...document.querySelectorAll('prepaid-upgrade')];
          return widgets.length > 0 && widgets.every((w) => w.state && w.state !== 'loading') ? widgets.length : 0;
        })()`;
        let widgets = 0;
        for (;;) {
          await page.waitForFunction(settledNow, null, { timeout: 30_000, polling: 50 });
          await page.waitForTimeout(300);
          widgets = (await page.evaluate(settledNow)) as number;
          if (widgets) break;
        }
        const at = (await page.evaluate(
          'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now()))))',
        )) as number;
        await page.waitForTimeout(50);
        const shifts = await page.evaluate(() => firstVisitEntries.shifts);
        return {
          widgets,
          cls: shifts.filter((shift) => shift.start <= at && !shift.hadRecentInput).reduce((sum, shift) => sum + shift.value, 0),
        };
      } finally {
        await context.close();
      }
    };
    // One visit of each page first, not counted: the dev server transforms each module on its first request.
    const firstOfEach = new Map(DEMO_PAGES.map((visited) => [visited.path, visited.customerId]));
    for (const [path, customerId] of firstOfEach) await visit(path, customerId, VIEWPORTS[0]);
    for (const viewport of VIEWPORTS) {
      for (const { page, path, name, customerId } of DEMO_PAGES) {
        const run: DemoRun = { page, customer: name, width: viewport.width, cls: [], widgets: 0 };
        for (let i = 0; i < visits; i++) {
          const { cls, widgets } = await visit(path, customerId, viewport);
          run.cls.push(cls);
          run.widgets = widgets;
        }
        runs.push(run);
      }
    }
  } finally {
    await server.close();
  }
  return runs;
}

export function formatDemoVisits(runs: readonly DemoRun[]): string[] {
  return [
    `the demo store's pages (npm start), signed in, 1× CPU: layout shift, median, then each visit`,
    ...runs.map(
      (run) =>
        `  ${`${run.page}, ${run.customer}, ${run.widgets} widget${run.widgets === 1 ? '' : 's'}, ${run.width} px`.padEnd(48)}${median(run.cls).toFixed(3).padStart(6)}  ${run.cls.map((cls) => cls.toFixed(3).padStart(6)).join('')}`,
    ),
  ];
}
