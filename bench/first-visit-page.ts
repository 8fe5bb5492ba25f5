/**
 * The page side of a first visit (bench/first-visit.ts): an init script, which the browser runs as the document starts,
 * before anything of the page and in a task of its own (so none of its work is in the task of the widget's bundle, or
 * a floor's, whose length is measured). It wraps `fetch` so that the widgets' requests to /sandbox/ are answered by
 * the sandbox's worker (bench/page-sandbox.ts; a request made before the worker is ready waits for it), and gives the
 * bench `done` and `loaded`, which tell when every element of the page has reached its final state and what the load
 * did until then, `aim` and `tapped` for the tap, and `stamp`, which copies what a widget shows for the static floor.
 * Until the page has settled it checks the page every 20 ms, and does nothing else on the main thread.
 */
import type { FirstVisitEntries } from './first-visit-observers.js';
import { traffic } from './page-sandbox.js';

declare const firstVisitEntries: FirstVisitEntries;

/** An element of the page under test: the widget, or a floor. */
type Shown = HTMLElement & { state?: string; updateComplete?: Promise<unknown> };

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every element is defined, rendered and past `loading`, and no request to the sandbox is under way. */
function stillNow(elements: Shown[]): boolean {
  return (
    traffic().inFlight === 0 &&
    elements.every((el) => el.matches(':defined') && !!el.shadowRoot?.childElementCount && el.state !== 'loading')
  );
}

/**
 * Resolves once every `tag` of the page has settled in its final state: defined, rendered, out of `loading`, no request
 * under way, its update done, and still so two animation frames later with no request started or answered meanwhile.
 * Resolves to that moment (ms from navigation) and each element's final state. Checks every 20 ms: a timer, not
 * animation frames, so that the check asks for no frame the page would not have painted.
 */
async function settled(tag: string): Promise<{ at: number; states: string[] }> {
  await customElements.whenDefined(tag);
  watchMain();
  const elements = [...document.querySelectorAll<Shown>(tag)];
  for (;;) {
    if (stillNow(elements)) {
      const { answered } = traffic();
      await Promise.all(elements.map((el) => el.updateComplete));
      await frame();
      await frame();
      if (stillNow(elements) && traffic().answered === answered) {
        return { at: performance.now(), states: elements.map((el) => el.state ?? 'rendered') };
      }
    }
    await sleep(20);
  }
}

/**
 * What `el` shows, for the static floor: its shadow root's markup without Lit's comment markers (radios checked by
 * property written as `checked` attributes, so that the copy shows the same choice), and the text of its style sheets.
 */
function stamp(el: HTMLElement): { html: string; css: string } {
  const root = el.shadowRoot!;
  const copy = document.createElement('div');
  copy.append(...[...root.childNodes].map((node) => node.cloneNode(true)));
  const originals = root.querySelectorAll('input');
  copy.querySelectorAll('input').forEach((input, i) => input.toggleAttribute('checked', originals[i]!.checked));
  const html = copy.innerHTML.replace(/<!--[^]*?-->/g, '');
  const css = root.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join('\n');
  return { html, css };
}

// Watched from the start, so that the bench asks nothing of the page while it loads.
const done = settled('prepaid-upgrade');

/**
 * How far what follows the widgets moved after the first paint, in the view or below it: the changes of `<main>`'s
 * height, summed, from its first layout on. A layout shift counts only what moves inside the view; this says what
 * moved further down, where a customer who scrolls meets it. Watched from the element's definition (a microtask in the
 * task that defines it, before the first paint, which that task holds back: `blocking="render"`).
 */
let mainHeight: number | undefined;
let movedBelow = 0;
function watchMain(): void {
  new ResizeObserver(([entry]) => {
    const height = entry!.borderBoxSize[0]!.blockSize;
    if (mainHeight !== undefined) movedBelow += Math.abs(height - mainHeight);
    mainHeight = height;
  }).observe(document.querySelector('main')!);
}

/**
 * What the load did, once settled: the long tasks until then and what ran in the longest one's frame, the layout shifts
 * (without recent input), how far what follows the widgets moved, and `<main>`'s final height.
 */
/** What `loaded` tells of a first visit. */
export interface Loaded {
  at: number;
  states: string[];
  longTasks: number[];
  cls: number;
  movedBelow: number;
  mainHeight: number;
  longestTaskRan: string;
}

async function loaded(): Promise<Loaded> {
  const { at, states } = await done;
  const moved = movedBelow;
  // Entries are delivered a little after their frame: wait for those of the frames up to `at`.
  await sleep(50);
  const { longTasks, shifts, frames } = firstVisitEntries;
  const before = longTasks.filter((task) => task.start < at);
  const longest = before.reduce<(typeof before)[number] | undefined>((a, b) => (a && a.duration >= b.duration ? a : b), undefined);
  // The frame the longest task was in: its scripts of 5 ms or more (by file and caller, summed), and its rendering.
  const longFrame = longest && frames.find((f) => f.start <= longest.start + 1 && longest.start < f.start + f.duration);
  const scripts = new Map<string, { file: string; invoker: string; ms: number; count: number }>();
  for (const { file, invoker, ms } of longFrame?.scripts ?? []) {
    const same = scripts.get(`${file} ${invoker}`) ?? { file: file || '?', invoker, ms: 0, count: 0 };
    scripts.set(`${file} ${invoker}`, { ...same, ms: same.ms + ms, count: same.count + 1 });
  }
  const longestTaskRan = longFrame
    ? [
        ...[...scripts.values()].map(
          ({ file, invoker, ms, count }) => `${file} ${ms.toFixed(0)} (${invoker}${count > 1 ? ` ×${count}` : ''})`,
        ),
        `rendering ${longFrame.renderMs.toFixed(0)}`,
      ].join(', ')
    : '';
  return {
    at,
    states,
    longTasks: before.map((task) => task.duration),
    longestTaskRan,
    movedBelow: moved,
    mainHeight: mainHeight ?? 0,
    cls: shifts.filter((shift) => shift.start <= at && !shift.hadRecentInput).reduce((sum, shift) => sum + shift.value, 0),
  };
}

/** The first element's `selector` (in its shadow root), scrolled into the middle of the view: where to tap it. */
async function aim(selector: string): Promise<{ x: number; y: number }> {
  const target = document.querySelector('prepaid-upgrade')?.shadowRoot?.querySelector(selector);
  if (!target) throw new Error(`nothing to tap: ${selector} is not in the first element`);
  target.scrollIntoView({ block: 'center' });
  await frame();
  const { left, top, width, height } = target.getBoundingClientRect();
  return { x: left + width / 2, y: top + height / 2 };
}

/**
 * After the bench's tap on `selector` in the first element: whether it is checked now, and the event timing entries
 * of interactions, once the frames after the tap are painted and their entries delivered.
 */
async function tapped(selector: string): Promise<{ checked: boolean; events: FirstVisitEntries['events'] }> {
  await frame();
  await frame();
  // The click comes last of the interaction's events; one shorter than 16 ms has no entry, and then none comes.
  for (let waited = 0; waited < 100 && !firstVisitEntries.events.some((event) => event.name === 'click'); waited += 10) await sleep(10);
  const checked = !!document.querySelector('prepaid-upgrade')?.shadowRoot?.querySelector<HTMLInputElement>(selector)?.checked;
  return { checked, events: [...firstVisitEntries.events] };
}

Object.assign(window, { firstVisit: { done, loaded, aim, tapped, stamp } });
