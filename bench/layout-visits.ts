/**
 * Pages of four widgets embedded exactly as the README's "Embed it" says, measured for what a customer sees move and
 * for room a settled widget keeps and does not use.
 *
 * The README's snippet is read from README.md itself: its style rule and its script tag, with the script's address
 * pointing at the built bundle (and its `integrity` the bundle's real hash from dist/integrity.json), then its element,
 * once for each subscription of the page, with the sandbox as the service (`api-base`). Its `auth-url` is answered by
 * the bench's server with customer Ada's token. Nothing else of the page holds room for the widgets: no
 * `blocking="render"`, no style of the page's own.
 *
 * The widgets come in several orders (the form first, the short outcomes first, and one mixed); the short outcomes first
 * come twice more with a heading for each widget, the page's own above it or the same heading in the widget's `heading`
 * slot. Each page is visited at 1× CPU and 1280 × 800 and at 4× and 360 × 800, first in a fresh browser context
 * (nothing cached, nothing remembered), then again in the same tab (a return visit: the script from the browser's cache,
 * each widget's settled height remembered in the tab's session storage). For each visit: the layout shift from
 * navigation until every widget has settled, and each settled widget's unused room: how far its box reaches below its
 * content, less its own padding and border.
 */
import type { Browser } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SANDBOX_SUBSCRIPTIONS } from '../src/sandbox/index.js';
import { freshContext, SETTINGS, storePage, type Setting } from './first-visit.js';
import type { Loaded } from './first-visit-page.js';
import type { Verdict } from './first-visit-budgets.js';
import { BUDGETS } from './budgets.js';
import { median } from './stats.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Each subscription by the name the printout gives it, the state its widget settles in, and the page's heading for it. */
const OUTCOMES = {
  ready: { id: SANDBOX_SUBSCRIPTIONS.eligible.id, state: 'ready', heading: 'Your coffee' },
  prepaid: { id: SANDBOX_SUBSCRIPTIONS.prepaid.id, state: 'prepaid', heading: 'Your tea' },
  cancelled: { id: SANDBOX_SUBSCRIPTIONS.cancelled.id, state: 'ineligible', heading: 'Your decaf' },
  'not found': { id: 'sub_nobody', state: 'error', heading: 'Your gift box' },
} as const;
type Outcome = keyof typeof OUTCOMES;

/** The orders of the widgets on the page: the form first, the short outcomes first, and one mixed. */
export const LAYOUT_ORDERS: readonly (readonly Outcome[])[] = [
  ['ready', 'prepaid', 'cancelled', 'not found'],
  ['cancelled', 'not found', 'prepaid', 'ready'],
  ['not found', 'ready', 'cancelled', 'prepaid'],
];

/**
 * What the page puts with each widget: nothing, a heading of its own above it (outside the widget: the page's content
 * between widgets, which comes up into view as a short widget above it settles), or that heading in the widget's
 * `heading` slot, where it is held and hidden with the widget (docs/embedding.md).
 */
export type Headings = 'none' | 'page' | 'slot';

/** A page of four widgets: their order, and what the page puts with each. */
export interface LayoutPage {
  order: readonly Outcome[];
  headings: Headings;
}

/** Every order without headings, and the short outcomes first with a heading of the page's own, then in the slot. */
export const LAYOUT_PAGES: readonly LayoutPage[] = [
  ...LAYOUT_ORDERS.map((order) => ({ order, headings: 'none' as const })),
  { order: LAYOUT_ORDERS[1]!, headings: 'page' },
  { order: LAYOUT_ORDERS[1]!, headings: 'slot' },
];

/** Where the bench's server answers the snippet's `auth-url`. */
export const TOKEN_PATH = '/account/storefront-token';

/** The README's embed snippet, split into what the page loads once and the element it repeats for each widget. */
export interface Embed {
  /** The snippet without its element: what it puts in the page's head (the style rule and the script tag), as written. */
  head: string;
  /** The element, as written. */
  element: string;
}

/** Reads the first HTML block of README.md's "Embed it" section. */
export async function readmeEmbed(): Promise<Embed> {
  const readme = await readFile(join(root, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith('Embed it'));
  const snippet = section && /```html\n([^]*?)```/.exec(section)?.[1];
  if (!snippet) throw new Error('README.md has no html block under "## Embed it"');
  const element = /<prepaid-upgrade\b[^>]*><\/prepaid-upgrade>/.exec(snippet)?.[0];
  if (!element) throw new Error("README.md's embed snippet has no <prepaid-upgrade> element");
  return { head: snippet.replace(element, '').trim(), element };
}

/**
/**
 * A store's account page of the widgets of `subscriptionIds`, embedded as `embed` says, the bundle served at /dist/
 * with `integrity`, the sandbox at /sandbox as the service and the bench's server at `TOKEN_PATH` as the token
 * endpoint. With `headingOf`, each widget has a heading as `headings` says: the page's own above it, or in its slot.
 */
export function embedPage(
  embed: Embed,
  subscriptionIds: readonly string[],
  integrity: string,
  headings: Headings = 'none',
  headingOf: (id: string) => string = () => '',
): string {
  const script = embed.head
    .replace(/src="[^"]*\/dist\/prepaid-upgrade\.js"/, 'src="/dist/prepaid-upgrade.js"')
    .replace(/integrity="[^"]*"/, `integrity="${integrity}"`);
  if (!script.includes('src="/dist/prepaid-upgrade.js"')) throw new Error("the README's snippet does not load dist/prepaid-upgrade.js");
  const widgets = subscriptionIds.map((id) => {
    const element = embed.element
      .replace(/subscription-id="[^"]*"/, `subscription-id="${id}"`)
      .replace(/auth-url="[^"]*"/, `auth-url="${TOKEN_PATH}"`)
      .replace('<prepaid-upgrade ', '<prepaid-upgrade api-base="/sandbox" prepaid-discounts="3:5,6:10,12:15" ');
    if (headings === 'page') return `<h2>${headingOf(id)}</h2>\n${element}`;
    if (headings === 'slot') return element.replace('></prepaid-upgrade>', `><h2 slot="heading">${headingOf(id)}</h2></prepaid-upgrade>`);
    return element;
  });
  return storePage(script, widgets);
}

/** The account page of `order`'s widgets, each with what `headings` says, embedded as `embed` says. */
export const layoutPage = (embed: Embed, { order, headings }: LayoutPage, integrity: string): string =>
  embedPage(
    embed,
    order.map((outcome) => OUTCOMES[outcome].id),
    integrity,
    headings,
    (id) => Object.values(OUTCOMES).find((outcome) => outcome.id === id)!.heading,
  );

/** The page's path. */
export const layoutPath = ({ order, headings }: LayoutPage) =>
  `/layout-${order.map((outcome) => outcome.replace(' ', '-')).join('-')}${headings === 'none' ? '' : `-${headings}-headings`}.html`;

export interface LayoutRun extends LayoutPage {
  setting: Setting;
  visit: 'first' | 'repeat';
  /** Each visit's layout shift, navigation to settled. */
  cls: number[];
  /** Each visit's largest unused room of a settled widget, in px. */
  unusedPx: number[];
  /** Each visit's widgets' final states, in order. */
  states: string[][];
  /** In each visit, how many widgets were still hidden once the page had settled. */
  hidden: number[];
}

/**
 * Each widget of the page: its unused room, in px (below its content, less its own padding and border), and whether
 * it is hidden. Run in the page (`page.evaluate` sends its text): it uses nothing from outside itself.
 */
function settledPlaces(): Array<{ unused: number; hidden: boolean }> {
  return [...document.querySelectorAll('prepaid-upgrade')].map((host) => {
    const base = host.shadowRoot!.querySelector('[part~="base"]')!;
    const style = getComputedStyle(base);
    // The status region is out of the flow (visually hidden): what the customer sees is the rest.
    const shown = [...base.children].filter((child) => getComputedStyle(child).position !== 'absolute');
    const contentBottom = Math.max(...shown.map((child) => child.getBoundingClientRect().bottom));
    const ownBelow = parseFloat(style.paddingBlockEnd) + parseFloat(style.borderBlockEndWidth);
    const unused = Math.max(0, host.getBoundingClientRect().bottom - contentBottom - ownBelow);
    return { unused, hidden: getComputedStyle(host).visibility === 'hidden' };
  });
}

declare const firstVisit: { loaded(): Promise<Loaded> };

/** `visits` first and repeat visits of each page with each setting, in turn. */
export async function runLayoutVisits(
  browser: Browser,
  origin: string,
  initScripts: readonly string[],
  visits: number,
): Promise<LayoutRun[]> {
  const runs: LayoutRun[] = SETTINGS.flatMap((setting) =>
    LAYOUT_PAGES.flatMap((layout) =>
      (['first', 'repeat'] as const).map((visit) => ({ ...layout, setting, visit, cls: [], unusedPx: [], states: [], hidden: [] })),
    ),
  );
  for (let i = 0; i < visits; i++) {
    for (const setting of SETTINGS) {
      for (const layout of LAYOUT_PAGES) {
        const { context, page, errors } = await freshContext(browser, setting, initScripts);
        try {
          for (const visit of ['first', 'repeat'] as const) {
            await page.goto(`${origin}${layoutPath(layout)}`);
            const loaded = await page.evaluate(() => firstVisit.loaded());
            const places = await page.evaluate(settledPlaces);
            if (errors.length) throw new Error(`the page of ${layoutName({ ...layout, visit })} failed: ${errors.join('; ')}`);
            const run = runs.find(
              (r) => r.order === layout.order && r.headings === layout.headings && r.setting === setting && r.visit === visit,
            )!;
            run.cls.push(loaded.cls);
            run.unusedPx.push(Math.max(...places.map((place) => place.unused)));
            run.hidden.push(places.filter((place) => place.hidden).length);
            run.states.push(loaded.states);
          }
        } finally {
          await context.close();
        }
      }
    }
  }
  return runs;
}

const HEADINGS_NAMES: Record<Headings, string> = { none: '', page: ", the page's headings", slot: ', headings in the slot' };

export const layoutName = (run: LayoutPage & Pick<LayoutRun, 'visit'>) =>
  `${run.order.join(', ')}${HEADINGS_NAMES[run.headings]}, ${run.visit} visit`;

export function formatLayoutVisits(runs: readonly LayoutRun[]): string[] {
  const lines = [
    `pages embedded as the README says, four widgets in ${LAYOUT_ORDERS.length} orders, one with headings of the page's own and in the`,
    `slot: layout shift (CLS) and the largest unused room of a settled widget (px), the median, then each visit`,
  ];
  for (const setting of SETTINGS) {
    lines.push('', `${setting.rate}× CPU, ${setting.viewport.width} × ${setting.viewport.height}`);
    for (const run of runs.filter((r) => r.setting === setting)) {
      const cls = `${median(run.cls).toFixed(3).padStart(6)}  ${run.cls.map((v) => v.toFixed(3).padStart(6)).join('')}`;
      const unused = `${median(run.unusedPx).toFixed(0).padStart(4)}  ${run.unusedPx.map((v) => v.toFixed(0).padStart(4)).join('')}`;
      lines.push(`  ${layoutName(run).padEnd(78)}${cls}   ${unused}`);
    }
  }
  return lines;
}

/**
 * Each page's verdict at each width, first and repeat visits apart: the median layout shift at most the budget's, no
 * settled widget with more unused room than the budget's in any visit, none left hidden, each in the state it is there
 * to show.
 *
 * The first visit of the page with headings of its own is not held to the layout shift: each heading stands between
 * widgets, outside them, and comes up into view as the short widget above it settles, by as much as the page's own
 * content is tall, which no widget can know before it has settled once. That page is held to it on the return visit,
 * where each widget holds the height it settled at; the page that puts its headings in the slot is held to it on both.
 */
export function layoutVerdicts(runs: readonly LayoutRun[]): Verdict[] {
  const { layoutShift, unusedRoomPx } = BUDGETS.firstVisit;
  return runs.map((run) => {
    const cls = median(run.cls);
    const shiftGated = run.headings !== 'page' || run.visit === 'repeat';
    const unused = Math.max(...run.unusedPx);
    const hidden = Math.max(...run.hidden);
    const expected = run.order.map((outcome) => OUTCOMES[outcome].state).join(', ');
    const wrong = run.states.map((states) => states.join(', ')).filter((states) => states !== expected);
    return {
      check: `${layoutName(run)} at ${run.setting.viewport.width} px`,
      detail:
        `layout shift ${cls.toFixed(3)}${shiftGated ? ` ≤ ${layoutShift}` : ' (not held to it)'}, unused room ${unused.toFixed(0)} px ≤ ${unusedRoomPx}, ` +
        `${hidden} left hidden${wrong.length ? `, settled as ${wrong[0]} (not ${expected})` : ''}`,
      pass: (!shiftGated || cls <= layoutShift) && unused <= unusedRoomPx && hidden === 0 && wrong.length === 0,
    };
  });
}
