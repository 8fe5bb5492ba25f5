/**
 * A customer's first visit, as the page sees it: the placeholder promises nothing and takes the height of the
 * viewport, so that what follows the widget is out of view while it loads; each widget settles as tall as its content,
 * and what comes up into view from below shows only where it lands, so that nothing the customer sees moves, whatever
 * each widget turns out to be; and inserting widgets is cheap: the reads start in a task after the one that inserts
 * them.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { PrepaidUpgrade } from '../../../src/index.js';
import { recordFetches } from '../../helpers/fetch-record.js';
import { mount } from '../../helpers/mount.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession, type SandboxSession } from '../../helpers/sandbox-session.js';

const { eligible, prepaid, cancelled } = SANDBOX_SUBSCRIPTIONS;
/** Settled: what it shows is read, with its next order when it has one (a subscription not found has none to read). */
const settled = (el: PrepaidUpgrade) => el.state === 'error' || (el.state !== 'loading' && el.nextOrder !== undefined);
const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

const shown = (element: Element) => getComputedStyle(element).visibility !== 'hidden';
/** Whether the customer can see `element` now: shown, and in the view. */
const seen = (element: Element) => {
  const { top, bottom } = element.getBoundingClientRect();
  return shown(element) && top < innerHeight && bottom > 0;
};

/**
 * Watches what the customer sees move, from now on, in every engine: each frame, the top of each of `elements`; a move
 * of one that was shown in the frame before and is in the view before or after it is told as `element: from → to`
 * (one hidden before was not seen anywhere: where it shows, it appears). Where the engine reports layout shifts
 * (Chromium), their sum too, the page's CLS over that time.
 */
function watchMoves(elements: Element[]) {
  const moves: string[] = [];
  let shifts = 0;
  const observer =
    'PerformanceObserver' in window && PerformanceObserver.supportedEntryTypes.includes('layout-shift')
      ? new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
            if (!entry.hadRecentInput) shifts += entry.value;
          }
        })
      : undefined;
  observer?.observe({ type: 'layout-shift' });
  const look = () => elements.map((element) => ({ top: element.getBoundingClientRect().top, shown: shown(element), seen: seen(element) }));
  let last = look();
  let watching = true;
  const frame = () => {
    if (!watching) return;
    const now = look();
    now.forEach(({ top, seen }, i) => {
      const before = last[i]!;
      if (top !== before.top && before.shown && (before.seen || seen)) moves.push(`${elements[i]!.nodeName} ${i}: ${before.top} → ${top}`);
    });
    last = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  return {
    stop() {
      watching = false;
      observer?.disconnect();
      return { moves, shifts };
    },
  };
}

/** How far `el`'s box reaches below its content, less its own padding and border, in px. */
function unusedRoom(el: PrepaidUpgrade): number {
  const base = el.shadowRoot!.querySelector('[part~="base"]')!;
  const style = getComputedStyle(base);
  // The status region is out of the flow (visually hidden): what the customer sees is the rest.
  const shown = [...base.children].filter((child) => getComputedStyle(child).position !== 'absolute');
  const contentBottom = Math.max(...shown.map((child) => child.getBoundingClientRect().bottom));
  return el.getBoundingClientRect().bottom - contentBottom - parseFloat(style.paddingBlockEnd) - parseFloat(style.borderBlockEndWidth);
}

/** Widgets for `ids`, in a page column, with a paragraph after them, appended in one go; `slow` delays the reads. */
async function page(session: SandboxSession, ids: string[], slow = 300) {
  await session.faults(ids.map((id) => ({ method: 'GET', path: `/subscriptions/${id}/`, latencyMs: slow })));
  const column = await fixture<HTMLDivElement>(html`<div style="inline-size: 360px"></div>`);
  const widgets = ids.map((id) => {
    const el = document.createElement('prepaid-upgrade');
    el.setAttribute('subscription-id', id);
    el.setAttribute('api-base', session.apiBase);
    el.setAttribute('token', session.token);
    el.setAttribute('prepaid-discounts', '3:5,6:10,12:15');
    return el;
  });
  const after = document.createElement('p');
  after.textContent = 'What the page says after the widgets';
  return { column, widgets, after };
}

/**
 * Appends a page's widgets and what follows them in one go, and waits until every widget has settled: nothing in view
 * moved meanwhile, and the page did not shift.
 */
async function expectStillAsTheySettle({ column, widgets, after }: Awaited<ReturnType<typeof page>>) {
  column.append(...widgets, after);
  await frames();
  const watch = watchMoves([...widgets, after]);
  await waitUntil(() => widgets.every(settled), 'every widget settled', { timeout: 8000 });
  await frames();
  const { moves, shifts } = watch.stop();
  expect(moves, 'what moved in view').to.deep.equal([]);
  expect(shifts, 'layout shift').to.equal(0);
  return { widgets };
}

describe('a first visit', () => {
  // Nothing remembered from a visit before (return-visit.test.ts): each test is a first visit.
  beforeEach(() => sessionStorage.clear());

  it('shows a placeholder that promises nothing: no heading, price, saving or choice; the status says it loads', async () => {
    const session = await sandboxSession();
    await session.fault({ method: 'GET', latencyMs: 1500 });
    const m = await mount({
      'subscription-id': eligible.id,
      'api-base': session.apiBase,
      token: session.token,
      'prepaid-discounts': '3:5,6:10,12:15',
    });
    expect(m.el.state).to.equal('loading');
    expect(m.$('[part~=header]'), 'no heading').to.equal(null);
    expect(m.$$('[part~=savings]'), 'no saving').to.deep.equal([]);
    expect(m.$$('input, button'), 'no choice').to.deep.equal([]);
    expect(m.$('.placeholder')!.getAttribute('aria-hidden')).to.equal('true');
    expect(m.$('.placeholder')!.textContent!.trim()).to.equal('');
    expect(m.$('[part~=status]')!.textContent!.trim()).to.equal('Loading your subscription…');
    // The height of the viewport: what follows the widget is out of view while it loads.
    expect(m.el.getBoundingClientRect().height).to.be.at.least(innerHeight);
    await expect(m.el).to.be.accessible();
  });

  it('sends its reads from its first update, a task after its insertion, together with those of the widgets inserted with it', async () => {
    const session = await sandboxSession();
    const container = await fixture<HTMLDivElement>(html`<div></div>`);
    const { addresses: asked, restore } = recordFetches();
    try {
      const widgets = [eligible.id, prepaid.id].map((id) => {
        const el = document.createElement('prepaid-upgrade');
        el.setAttribute('subscription-id', id);
        el.setAttribute('api-base', session.apiBase);
        el.setAttribute('token', session.token);
        return el;
      });
      container.append(widgets[0]!);
      container.append(widgets[1]!);
      // The inserting task may insert more widgets yet: nothing is sent in it.
      expect(asked, 'no request yet').to.deep.equal([]);
      await widgets[0]!.updateComplete;
      expect(widgets[0]!.shadowRoot!.querySelector('.placeholder'), 'the placeholder at its first render').not.to.equal(null);
      await waitUntil(() => asked.length >= 2, 'the reads go out');
      // Both subscriptions from one listing, and both next orders from another.
      expect(
        asked
          .slice(0, 2)
          .map((address) => new URL(address).pathname.replace(/.*\/i\/[^/]+/, ''))
          .sort(),
      ).to.deep.equal(['/orders/', '/subscriptions/']);
    } finally {
      restore();
    }
  });

  for (const [order, ids] of [
    ['the form first', [eligible.id, prepaid.id, cancelled.id, 'sub_nobody']],
    ['the short outcomes first', ['sub_nobody', cancelled.id, prepaid.id, eligible.id]],
  ] as const) {
    it(`keeps a page of four widgets still, ${order}: nothing in view moves, and each is as tall as its content`, async () => {
      const session = await sandboxSession();
      const { widgets } = await expectStillAsTheySettle(await page(session, [...ids]));
      for (const el of widgets) {
        expect(unusedRoom(el), `${el.state}: no room below its content`).to.be.within(-1, 1);
        expect(getComputedStyle(el).visibility, `${el.state}: shown once the page has settled`).to.equal('visible');
      }
    });
  }

  it('hides a widget out of view only while another loads: one added later hides those below the view until it settles', async () => {
    const session = await sandboxSession();
    const { column, widgets, after } = await page(session, [eligible.id, cancelled.id], 100);
    const [form, notice] = widgets as [PrepaidUpgrade, PrepaidUpgrade];
    // Page content between them puts the notice out of view.
    const between = document.createElement('div');
    between.style.blockSize = '150vh';
    column.append(form, between, notice, after);
    await waitUntil(() => widgets.every(settled), 'the first two settled');
    expect(seen(notice), 'the notice is out of view').to.equal(false);
    expect(getComputedStyle(notice).visibility, 'settled, it is shown').to.equal('visible');
    await session.fault({ method: 'GET', path: `/subscriptions/${prepaid.id}/`, latencyMs: 400 });
    const later = document.createElement('prepaid-upgrade');
    for (const name of ['api-base', 'token', 'prepaid-discounts']) later.setAttribute(name, form.getAttribute(name)!);
    later.setAttribute('subscription-id', prepaid.id);
    column.prepend(later);
    await waitUntil(() => getComputedStyle(notice).visibility === 'hidden', 'the notice below the view hides while it loads');
    expect(getComputedStyle(later).visibility, 'the one loading in view shows').to.equal('visible');
    await waitUntil(() => settled(later), 'the one added settled');
    await waitUntil(() => widgets.every((el) => getComputedStyle(el).visibility === 'visible'), 'all shown once it settled');
  });

  it('takes its own size as it settles when nothing follows it on the page', async () => {
    const session = await sandboxSession();
    const m = await mount({ 'subscription-id': cancelled.id, 'api-base': session.apiBase, token: session.token });
    await m.waitForState('ineligible');
    expect(m.el.getBoundingClientRect().height).to.be.below(innerHeight / 2);
  });

  it('keeps a single ready widget and what follows it still', async () => {
    const session = await sandboxSession();
    const { widgets } = await expectStillAsTheySettle(await page(session, [eligible.id], 400));
    expect(widgets[0]!.state).to.equal('ready');
  });
});
