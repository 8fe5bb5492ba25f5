/**
 * `npm run audit`: Lighthouse's accessibility and best-practices audits of the demo store, the widgets in it ready,
 * as an outside check of what the project's own tests check from inside.
 *
 * It starts the demo's dev server (the sandbox and the store's server with it) on a free port, and Chromium as the
 * tests drive it (test/engines.ts), then audits each page of AUDITED_PAGES with its customer signed in: the account
 * page as Ada (a form, twice, a prepaid subscription's management form, two notices) and the "Prepay and save" page as
 * Hedy (the picker). Lighthouse gathers only once every widget has left `loading`, so the audit sees the widgets, not
 * their placeholders. Prints the scores and each failing audit, and writes test-results/audit.json;
 * test/node/audit.test.ts compares the scores with bench/budgets.ts.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { desktopConfig, navigation } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { chromePath } from '../test/engines.js';
import { startDemoServer } from './demo-server.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The categories audited: the ones whose every failing audit is a fault of the page, not of the machine it runs on. */
export const AUDITED_CATEGORIES = ['accessibility', 'best-practices'] as const;
type Category = (typeof AUDITED_CATEGORIES)[number];

export const AUDITED_PAGES = [
  { name: 'account page', path: '/', customerId: 'cus_ada', picker: false },
  { name: '"Prepay and save"', path: '/prepay.html', customerId: 'cus_hedy', picker: true },
] as const;

export interface PageAudit {
  name: string;
  /** Each category's score, 0 to 100. */
  scores: Record<Category, number>;
  /** The audits that did not pass, with the elements they name. */
  failing: string[];
  /** The widgets' states when Lighthouse gathered. */
  states: string[];
}

export interface AuditFigures {
  lighthouseVersion: string;
  pages: PageAudit[];
}

/** Every widget on the page has loaded without an error; on the picker's page, the picker is shown. */
function widgetsReady(picker: boolean): boolean {
  const widgets = [...document.querySelectorAll('prepaid-upgrade')] as Array<HTMLElement & { state?: string }>;
  if (!widgets.length || widgets.some((widget) => !widget.state || widget.state === 'loading' || widget.state === 'error')) return false;
  return !picker || widgets.some((widget) => !!widget.shadowRoot?.querySelector('[part~="picker"]'));
}

export async function runAudit(): Promise<AuditFigures> {
  const { server, base } = await startDemoServer();
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  // The requestor below waits until every widget is ready, so the waits Lighthouse makes for its load metrics (quiet
  // network and CPU, pauses after paint and load) add nothing these categories read: each costs about two seconds a
  // page. Nor do they read the full-page screenshot, the report's picture.
  const config = {
    ...desktopConfig,
    settings: {
      ...desktopConfig.settings,
      onlyCategories: [...AUDITED_CATEGORIES],
      pauseAfterFcpMs: 0,
      pauseAfterLoadMs: 0,
      networkQuietThresholdMs: 0,
      cpuQuietThresholdMs: 0,
      disableFullPageScreenshot: true,
    },
  };
  const pages: PageAudit[] = [];
  let lighthouseVersion = '';
  try {
    for (const target of AUDITED_PAGES) {
      const page = await browser.newPage();
      // Signed in as the page's form signs in, but from here: the audited run loads the page and nothing else.
      const signIn = await fetch(`${base}/merchant/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ customerId: target.customerId }),
      });
      const cookie = /^([^=;]+)=([^;]*)/.exec(signIn.headers.get('set-cookie') ?? '');
      if (!signIn.ok || !cookie) throw new Error(`signing in as ${target.customerId} failed: HTTP ${signIn.status}`);
      await browser.setCookie({ name: cookie[1]!, value: cookie[2]!, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' });
      const result = await navigation(
        page,
        async () => {
          await page.goto(`${base}${target.path}`);
          await page.waitForFunction(widgetsReady, { timeout: 30_000, polling: 100 }, target.picker);
        },
        { config, flags: { logLevel: 'error' } },
      );
      if (!result) throw new Error(`Lighthouse returned nothing for the ${target.name}`);
      const { lhr } = result;
      lighthouseVersion = lhr.lighthouseVersion;
      const scores = Object.fromEntries(AUDITED_CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])) as Record<
        Category,
        number
      >;
      const failing = AUDITED_CATEGORIES.flatMap((id) =>
        (lhr.categories[id]?.auditRefs ?? []).flatMap((ref) => {
          const audit = lhr.audits[ref.id];
          if (!audit || audit.score === null || audit.score === 1) return [];
          const items = ((audit.details as { items?: Array<{ node?: { selector?: string } }> } | undefined)?.items ?? [])
            .map((item) => item.node?.selector)
            .filter(Boolean);
          return [`${audit.id}: ${audit.title}${items.length ? ` (${items.join(', ')})` : ''}`];
        }),
      );
      const states = await page.evaluate(() =>
        [...document.querySelectorAll('prepaid-upgrade')].map((widget) => (widget as HTMLElement & { state: string }).state),
      );
      pages.push({ name: target.name, scores, failing, states });
      await page.close();
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
    await server.close();
  }
  return { lighthouseVersion, pages };
}

export function formatAudit({ lighthouseVersion, pages }: AuditFigures): string {
  const lines = [`Lighthouse ${lighthouseVersion}, desktop`];
  for (const page of pages) {
    lines.push(
      `${page.name.padEnd(20)} accessibility ${page.scores.accessibility}   best practices ${page.scores['best-practices']}   widgets: ${page.states.join(', ')}`,
    );
    for (const failure of page.failing) lines.push(`  failing: ${failure}`);
  }
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  const figures = await runAudit();
  console.log(formatAudit(figures));
  await mkdir(join(root, 'test-results'), { recursive: true });
  await writeFile(join(root, 'test-results/audit.json'), `${JSON.stringify(figures, null, 2)}\n`);
}
