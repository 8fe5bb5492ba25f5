/**
 * First visits of a customer to a store's account page, measured as a customer's browser meets them, beside two floors
 * built in the same run (bench/floors/): what the main thread does from navigation until every widget has settled,
 * how much the page shifts meanwhile, and how long a tap on a choice takes to show.
 *
 * The page (`accountPage`) is plain HTML that already holds four `<prepaid-upgrade>` elements of customer Ada, with
 * mixed outcomes: a form (`sub_coffee_ada`), a prepaid subscription (`sub_tea_ada`), a cancelled one (`sub_decaf_ada`)
 * and one that does not exist (`sub_nobody`), between a heading and a paragraph and a footer that show whether what
 * follows the widgets moves, and one script: `<script type="module" blocking="render">` of the built
 * `dist/prepaid-upgrade.js`, so that the task that defines the element and renders the widgets already in the page is
 * measured, not only mounts made later. `blocking="render"`
 * holds the first paint until that script has run, as a classic script in the head would: without it, whether the
 * page is first painted before or after the widgets are defined is a race, and a page painted before shows them
 * undefined, without size, and jumps when they are defined (a jump of the page's, which its own style must reserve room
 * for, and no widget can avoid). The floors' pages are the same page with the floor's script instead: each floor
 * registers itself as `prepaid-upgrade`.
 *
 * - **Lit floor**: a minimal `LitElement` with a small form (bench/floors/lit-form.ts), minified as the widget's
 *   bundle is: what the widget's main-thread work is compared with.
 * - **static floor**: a plain custom element that stamps, with `innerHTML`, the very shadow DOM and style sheets the
 *   widget showed for each subscription in this run (bench/floors/static-stamp.ts): the least any code can do to show
 *   this page; the tap is compared with it.
 *
 * Every visit is a fresh browser context (nothing cached, no compiled code), with the CPU slowed by CDP's
 * `Emulation.setCPUThrottlingRate` before navigation, and two init scripts, which the browser runs as the document
 * starts, before anything of the page and in a task of their own: bench/first-visit-observers.ts observes long tasks,
 * layout shifts and event timing, buffered, from navigation; bench/first-visit-page.ts starts the sandbox's worker and
 * routes the widgets' requests to it (a request made before the worker is ready waits for it, as a request waits on a
 * network; none of the service's work is on the page's main thread), and tells the bench when the page has settled.
 * Two settings: 1× at 1280 × 800 (a desktop) and 4× at 360 × 800 (a phone). The visits of all pages and settings are
 * taken in turn, visit by visit, so that a slow moment of the machine falls on all of them alike.
 */
import type { Browser } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import browserslistToEsbuild from 'browserslist-to-esbuild';
import { build } from 'vite';
import { SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS } from '../src/sandbox/index.js';
import { signStorefrontToken } from '../src/server/index.js';
import { terserPass } from '../tools/terser-pass.js';
import type { FirstVisitEntries } from './first-visit-observers.js';
import type { Loaded } from './first-visit-page.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The widgets of the account page, in order, and the state each settles in. */
export const ACCOUNT_WIDGETS = [
  { subscriptionId: SANDBOX_SUBSCRIPTIONS.eligible.id, outcome: 'ready' },
  { subscriptionId: SANDBOX_SUBSCRIPTIONS.prepaid.id, outcome: 'prepaid' },
  { subscriptionId: SANDBOX_SUBSCRIPTIONS.cancelled.id, outcome: 'ineligible' },
  { subscriptionId: 'sub_nobody', outcome: 'error' },
] as const;
export const PREPAID_DISCOUNTS = '3:5,6:10,12:15';
/** The radio tapped, in the first widget (the form): the second choice, "6 orders". */
export const TAPPED = '#orders-6';

/** The pages compared: the widget, and the two floors. */
export const PAGES = ['widget', 'lit', 'static'] as const;
export type PageKind = (typeof PAGES)[number];
export const PAGE_NAMES: Record<PageKind, string> = { widget: 'widget', lit: 'Lit floor', static: 'static floor' };

export interface Setting {
  /** CPU slowdown (`Emulation.setCPUThrottlingRate`). */
  rate: number;
  viewport: { width: number; height: number };
}
/** A desktop, and a phone. */
export const SETTINGS: readonly Setting[] = [
  { rate: 1, viewport: { width: 1280, height: 800 } },
  { rate: 4, viewport: { width: 360, height: 800 } },
];

/** The scripts of each page, as served (bench/bench.ts serves dist/ at /dist/, the bench's scripts and floors at /). */
const PAGE_SCRIPTS: Record<PageKind, string> = {
  widget: '/dist/prepaid-upgrade.js',
  lit: '/lit-form.js',
  static: '/static-stamp.js',
};

const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** Customer Ada's storefront token, signed as the store's server signs it. */
export const signAdaToken = (): Promise<string> =>
  signStorefrontToken({ merchantPublicId: SANDBOX_MERCHANT.publicId, customerId: 'cus_ada', hashKey: SANDBOX_MERCHANT.hashKey });

/**
 * A store's account page: a heading, `widgets`, then a paragraph and a footer, so that what follows the widgets is seen
 * to move; `head` is what the page loads (its scripts).
 */
export function storePage(head: string, widgets: readonly string[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>My subscriptions · Northwind Pantry</title>
<link rel="icon" href="data:,">
<style>
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1f2937; }
  header, footer { padding: 1rem; background: #f3f4f6; }
  main { max-inline-size: 40rem; margin-inline: auto; padding: 1rem; }
  main > * + * { margin-block-start: 1rem; }
  h1 { margin: 0; font-size: 1.75rem; }
</style>
${head}
</head>
<body>
<header><strong>Northwind Pantry</strong></header>
<main>
<h1>My subscriptions</h1>
${widgets.join('\n')}
<p>Questions about a delivery? Write to us at help@example.com; we answer within a day.</p>
</main>
<footer><p>Northwind Pantry · Coffee, tea and what goes with them</p></footer>
</body>
</html>
`;
}

/** The account page, with `kind`'s script. */
export function accountPage(kind: PageKind, token: string): string {
  const widgets = ACCOUNT_WIDGETS.map(
    ({ subscriptionId }) =>
      `<prepaid-upgrade subscription-id="${subscriptionId}" api-base="/sandbox" token="${attribute(token)}" prepaid-discounts="${PREPAID_DISCOUNTS}"></prepaid-upgrade>`,
  );
  return storePage(`<script type="module" src="${PAGE_SCRIPTS[kind]}" blocking="render"></script>`, widgets);
}

/** What the static floor stamps: the style sheets' text, and each subscription's shadow root markup. */
export interface Stamps {
  css: string;
  html: Record<string, string>;
}

/**
 * Builds both floors into `outDir` (`lit-form.js`, `static-stamp.js`), minified as the widget's bundle is (the
 * bundler's minifier, then Terser) for the same browsers, the static one with `stamps` written in.
 */
export async function buildFloors(outDir: string, stamps: Stamps): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'error',
    plugins: [terserPass()],
    define: { STAMPS: JSON.stringify(stamps) },
    build: {
      outDir,
      emptyOutDir: false,
      target: browserslistToEsbuild(undefined, { path: root }),
      minify: true,
      lib: {
        entry: { 'lit-form': join(root, 'bench/floors/lit-form.ts'), 'static-stamp': join(root, 'bench/floors/static-stamp.ts') },
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
      rolldownOptions: { output: { minify: true, comments: { legal: true, annotation: false, jsdoc: false } } },
    },
  });
}

/** The page side (bench/first-visit-page.ts), on `window.firstVisit`. */
interface FirstVisitPage {
  done: Promise<{ at: number; states: string[] }>;
  loaded(): Promise<Loaded>;
  aim(selector: string): Promise<{ x: number; y: number }>;
  tapped(selector: string): Promise<{ checked: boolean; events: FirstVisitEntries['events'] }>;
  stamp(el: HTMLElement): { html: string; css: string };
}
declare const firstVisit: FirstVisitPage;

/** `promise`, or `message` as an error after 30 s. */
export function within<T>(promise: Promise<T>, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${message} within 30 s`)), 30_000);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Opens the widget's account page once, settled, and copies what each widget shows: the static floor's stamps. */
export async function captureStamps(browser: Browser, origin: string, initScripts: readonly string[]): Promise<Stamps> {
  const context = await browser.newContext({ viewport: SETTINGS[0]!.viewport });
  try {
    for (const path of initScripts) await context.addInitScript({ path });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${origin}/widget.html`);
    await within(
      page.evaluate(() => firstVisit.done),
      "the widget's page did not settle",
    );
    const copies = await page.evaluate(() =>
      [...document.querySelectorAll('prepaid-upgrade')].map((el) => ({
        id: el.getAttribute('subscription-id')!,
        ...firstVisit.stamp(el as HTMLElement),
      })),
    );
    if (errors.length) throw new Error(`the widget's page failed: ${errors.join('; ')}`);
    if (new Set(copies.map((copy) => copy.css)).size !== 1) throw new Error('the widgets of one page have different style sheets');
    return { css: copies[0]!.css, html: Object.fromEntries(copies.map((copy) => [copy.id, copy.html])) };
  } finally {
    await context.close();
  }
}

/** One first visit. */
export interface Visit {
  /** From navigation to every widget settled in its final state (then two animation frames more), in ms. */
  settledMs: number;
  /** The elements' final states (`rendered` for a floor). */
  states: string[];
  /** Durations of the main thread's long tasks (over 50 ms) from navigation until settled. */
  longTasks: number[];
  /**
   * What ran in the animation frame of the longest of them (`long-animation-frame`): its scripts of 5 ms or more, in ms,
   * with what called them, and the frame's rendering: `prepaid-upgrade.js 180 (module-script), rendering 40`.
   */
  longestTaskRan: string;
  /** The sum of the layout shifts without recent input, from navigation until settled. */
  cls: number;
  /**
   * How far what follows the widgets moved after the first paint until settled, in px: the changes of the height of
   * the page's `<main>`, summed, in the view or below it (a layout shift counts only what moves in the view).
   */
  movedBelowPx: number;
  /** The height of the page's `<main>` once settled, in px: the static floor's is the widget's, if it stamps the same DOM. */
  mainHeightPx: number;
  /**
   * The tap on `TAPPED` in the first element: the longest event timing entry of the interaction, or `null` when none
   * reached 16 ms.
   */
  tapMs: number | null;
  /** Its entries, `click 24` and so on. */
  tapEvents: string;
}

/**
 * A fresh browser context (nothing cached, no compiled code) with `setting`'s viewport and CPU slowdown and the init
 * scripts, its page, and the page's errors as they come.
 */
export async function freshContext(browser: Browser, setting: Setting, initScripts: readonly string[]) {
  const context = await browser.newContext({ viewport: setting.viewport });
  for (const path of initScripts) await context.addInitScript({ path });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: setting.rate });
  return { context, page, errors };
}

/** One first visit of `kind`'s page with `setting`. */
export async function firstVisitOf(
  browser: Browser,
  origin: string,
  kind: PageKind,
  setting: Setting,
  initScripts: readonly string[],
): Promise<Visit> {
  const { context, page, errors } = await freshContext(browser, setting, initScripts);
  try {
    await page.goto(`${origin}/${kind}.html`);
    const loaded = await within(
      page.evaluate(() => firstVisit.loaded()),
      `the ${kind} page did not settle`,
    ).catch((error: unknown) => {
      throw errors.length ? new Error(`the ${kind} page failed: ${errors.join('; ')}`) : error;
    });
    // A real click of the mouse in the middle of the radio, scrolled into view first.
    const { x, y } = await page.evaluate((selector) => firstVisit.aim(selector), TAPPED);
    await page.mouse.click(x, y);
    const tap = await page.evaluate((selector) => firstVisit.tapped(selector), TAPPED);
    if (!tap.checked) throw new Error(`the ${kind} page: the tap did not check ${TAPPED}`);
    if (new Set(tap.events.map((event) => event.interactionId)).size > 1) throw new Error(`the ${kind} page: more than one interaction`);
    if (errors.length) throw new Error(`the ${kind} page failed: ${errors.join('; ')}`);
    return {
      settledMs: loaded.at,
      states: loaded.states,
      longTasks: loaded.longTasks,
      longestTaskRan: loaded.longestTaskRan,
      cls: loaded.cls,
      movedBelowPx: loaded.movedBelow,
      mainHeightPx: loaded.mainHeight,
      tapMs: tap.events.length ? Math.max(...tap.events.map((event) => event.duration)) : null,
      tapEvents: tap.events.map((event) => `${event.name} ${event.duration}`).join(', '),
    };
  } finally {
    await context.close();
  }
}

export interface FirstVisitRun {
  kind: PageKind;
  setting: Setting;
  visits: Visit[];
}

/**
 * `visits` first visits of each page with each setting, taken in turn: all pages, one visit each, then again. The
 * floors are measured at 4× CPU, where the budgets compare with them, and at 1× too with `floorsAt1x`.
 */
export async function runFirstVisits(
  browser: Browser,
  origin: string,
  initScripts: readonly string[],
  { visits, floorsAt1x }: { visits: number; floorsAt1x: boolean },
): Promise<FirstVisitRun[]> {
  const runs: FirstVisitRun[] = SETTINGS.flatMap((setting) =>
    PAGES.filter((kind) => kind === 'widget' || floorsAt1x || setting.rate !== 1).map((kind) => ({ kind, setting, visits: [] })),
  );
  for (let i = 0; i < visits; i++) {
    for (const run of runs) run.visits.push(await firstVisitOf(browser, origin, run.kind, run.setting, initScripts));
  }
  return runs;
}
