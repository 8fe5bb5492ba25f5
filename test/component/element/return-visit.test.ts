/**
 * A return visit in the same tab: a widget remembers the height it settled at, for its subscription and the page's
 * width, and a later widget of that subscription holds that height while it loads rather than the viewport's, so that
 * what the page shows after it keeps still as it settles. Another width, anything else in the tab's storage, or storage
 * that cannot be used, leave it holding the viewport's height.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { PrepaidUpgrade } from '../../../src/index.js';
import '../../../src/index.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession, type SandboxSession } from '../../helpers/sandbox-session.js';

const { cancelled } = SANDBOX_SUBSCRIPTIONS;
/** A subscription the service does not know: its widget settles shorter than its placeholder. */
const nobody = 'sub_nobody';
const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
const height = (element: Element) => element.getBoundingClientRect().height;
/** What the tab's storage holds for the widgets: every entry the widget could have written, by its value. */
// The heights remembered: the tab keeps a token and the products read under keys of their own.
const remembered = () =>
  Object.keys(sessionStorage)
    .filter((key) => /^prepaid-upgrade \d+ /.test(key))
    .map((key) => sessionStorage.getItem(key)!);

/** The page of one visit: a column, in which each widget is followed by a heading of the page's own. */
async function page(session: SandboxSession) {
  const column = await fixture<HTMLDivElement>(html`<div style="inline-size: 360px"></div>`);
  /** A widget of `id` and the heading after it, appended in one go; its read waits `latencyMs`; `heading` fills its slot. */
  const widget = async (id: string, { latencyMs = 0, heading = '' } = {}) => {
    if (latencyMs) await session.fault({ method: 'GET', path: `/subscriptions/${id}/`, latencyMs });
    const el = document.createElement('prepaid-upgrade');
    el.setAttribute('subscription-id', id);
    el.setAttribute('api-base', session.apiBase);
    el.setAttribute('token', session.token);
    if (heading) el.innerHTML = heading;
    const after = document.createElement('h2');
    after.textContent = 'Your next subscription';
    column.append(el, after);
    return { el, after };
  };
  return { column, widget };
}

/** Waits until `el` has settled, and for the layout after it, when it remembers its height. */
async function settled(el: PrepaidUpgrade): Promise<number> {
  await waitUntil(() => el.state !== 'loading', `still loading`, { timeout: 5000 });
  await el.updateComplete;
  await frames();
  return height(el);
}

describe('a return visit in the same tab', () => {
  beforeEach(() => sessionStorage.clear());

  for (const [outcome, id] of [
    ['a notice', cancelled.id],
    ['an error, shorter than the placeholder', nobody],
  ] as const)
    it(`holds the height its subscription settled at, at this width, while it loads: ${outcome}, and what follows keeps still`, async () => {
      const session = await sandboxSession();
      const { widget } = await page(session);
      const first = await widget(id);
      const settledAt = await settled(first.el);
      expect(settledAt, 'a short widget').to.be.below(innerHeight - 100);
      const values = remembered();
      expect(values, 'one height remembered').to.have.length(1);
      expect(values[0], 'a number, and nothing else').to.match(/^\d+(\.\d+)?$/);
      expect(Number(values[0])).to.be.closeTo(settledAt, 0.5);
      first.el.remove();
      first.after.remove();

      const again = await widget(id, { latencyMs: 800 });
      await frames();
      expect(again.el.state).to.equal('loading');
      expect(height(again.el), 'held from its first frame').to.be.closeTo(settledAt, 0.5);
      await again.el.updateComplete;
      expect(again.el.state).to.equal('loading');
      expect(height(again.el), 'held while it loads').to.be.closeTo(settledAt, 0.5);
      const before = again.after.getBoundingClientRect().top;
      expect(before, "the page's heading is in view").to.be.below(innerHeight);
      expect(await settled(again.el)).to.be.closeTo(settledAt, 0.5);
      expect(again.after.getBoundingClientRect().top, "the page's heading did not move").to.equal(before);
    });

  it('takes its own height when it settles otherwise, and holds that one the next time', async () => {
    const session = await sandboxSession();
    const { widget } = await page(session);
    const first = await widget(cancelled.id);
    const short = await settled(first.el);
    first.el.remove();

    // The same subscription with a tall heading of the page's own in the slot, which shows once it has settled.
    const heading = '<h2 slot="heading" style="margin: 0; block-size: 200px">Your decaf</h2>';
    const taller = await widget(cancelled.id, { heading, latencyMs: 800 });
    await frames();
    expect(height(taller.el), 'held at the height it settled at before').to.be.closeTo(short, 0.5);
    const tall = await settled(taller.el);
    expect(tall, 'as tall as what it shows').to.be.above(short + 150);
    taller.el.remove();

    const next = await widget(cancelled.id, { heading, latencyMs: 800 });
    await frames();
    expect(next.el.state).to.equal('loading');
    expect(height(next.el), 'held at the height it settled at last').to.be.closeTo(tall, 0.5);
    next.el.remove();
  });

  it('holds the height it settled at when its subscription is set right after insertion, as React sets it', async () => {
    const session = await sandboxSession();
    const { column, widget } = await page(session);
    const first = await widget(cancelled.id);
    const settledAt = await settled(first.el);
    first.el.remove();

    // @lit/react sets properties in a layout effect: after the element is in the page, before the page is drawn.
    await session.fault({ method: 'GET', path: `/subscriptions/${cancelled.id}/`, latencyMs: 800 });
    const el = document.createElement('prepaid-upgrade');
    column.append(el);
    Object.assign(el, { apiBase: session.apiBase, token: session.token, subscriptionId: cancelled.id });
    await frames();
    expect(el.state).to.equal('loading');
    expect(height(el), 'held from its first frame').to.be.closeTo(settledAt, 0.5);
    await el.updateComplete;
    expect(height(el), 'held while it loads').to.be.closeTo(settledAt, 0.5);
    expect(await settled(el)).to.be.closeTo(settledAt, 0.5);
  });

  it('reads neither the tab’s storage nor the page’s width, which forces a layout, in the task that inserts it', async () => {
    const session = await sandboxSession();
    const { widget } = await page(session);
    const reads = { innerWidth: 0, sessionStorage: 0 };
    const originals = Object.keys(reads).map((name) => [name, Object.getOwnPropertyDescriptor(window, name)!] as const);
    for (const [name, descriptor] of originals)
      Object.defineProperty(window, name, {
        ...descriptor,
        get: () => (reads[name as keyof typeof reads]++, descriptor.get!.call(window) as unknown),
      });
    try {
      const first = await widget(cancelled.id, { latencyMs: 400 });
      await null;
      expect(reads, 'a first visit, as it is inserted').to.deep.equal({ innerWidth: 0, sessionStorage: 0 });
      await frames();
      expect(reads.innerWidth, 'nor in its first frame: no height is remembered').to.equal(0);
      const settledAt = await settled(first.el);
      expect(reads.innerWidth, 'read as it settled, to remember its height').to.be.above(0);
      first.el.remove();

      reads.innerWidth = reads.sessionStorage = 0;
      const again = await widget(cancelled.id, { latencyMs: 400 });
      await null;
      expect(reads, 'a return visit, as it is inserted').to.deep.equal({ innerWidth: 0, sessionStorage: 0 });
      await frames();
      expect(reads.innerWidth, 'read in its first frame, to find the height').to.be.above(0);
      expect(height(again.el), 'held from its first frame').to.be.closeTo(settledAt, 0.5);
    } finally {
      for (const [name, descriptor] of originals) Object.defineProperty(window, name, descriptor);
    }
  });

  it('holds the viewport at another width of the page', async () => {
    const session = await sandboxSession();
    const { widget } = await page(session);
    const settledAt = await settled((await widget(cancelled.id)).el);
    expect(settledAt).to.be.below(innerHeight - 100);

    // A page of another width, in the same tab: a frame of this page, narrower, which shares its session storage.
    const frame = await fixture<HTMLIFrameElement>(html`<iframe style="inline-size: 320px; block-size: 480px; border: 0"></iframe>`);
    const element = new URL('../../../src/index.ts', import.meta.url).href;
    frame.srcdoc = `<!doctype html><body style="margin: 0"><script type="module">import '${element}';</script></body>`;
    await waitUntil(() => frame.contentWindow?.customElements?.get('prepaid-upgrade'), 'the frame defined the element', { timeout: 8000 });
    const inner = frame.contentWindow!;
    expect(inner.innerWidth, 'another width').to.be.below(innerWidth);
    const narrow = inner.document.createElement('prepaid-upgrade');
    narrow.setAttribute('subscription-id', cancelled.id);
    narrow.setAttribute('api-base', session.apiBase);
    narrow.setAttribute('token', session.token);
    await session.fault({ method: 'GET', path: `/subscriptions/${cancelled.id}/`, latencyMs: 800 });
    inner.document.body.append(narrow);
    await frames();
    expect(narrow.state).to.equal('loading');
    expect(height(narrow), "the frame's viewport").to.be.closeTo(inner.innerHeight, 1);
    // And settled there, it is remembered at that width, beside this one's.
    await settled(narrow);
    expect(remembered()).to.have.length(2);
  });

  it('holds the viewport when storage holds anything but a height it could have settled at', async () => {
    const session = await sandboxSession();
    const { widget } = await page(session);
    const first = await widget(cancelled.id);
    await settled(first.el);
    first.el.remove();
    const [key] = Object.keys(sessionStorage).filter((name) => /^prepaid-upgrade \d+ /.test(name));
    expect(key, 'a height remembered').to.be.a('string');
    for (const junk of ['', 'tall', '120px', '-120', '0', 'NaN', 'Infinity', '1e9', '{"height":120}']) {
      sessionStorage.setItem(key!, junk);
      const { el } = await widget(cancelled.id, { latencyMs: 800 });
      await frames();
      expect(el.state).to.equal('loading');
      expect(height(el), `with ${JSON.stringify(junk)} there`).to.be.closeTo(innerHeight, 1);
      el.remove();
    }
  });

  describe('where storage cannot be used', () => {
    const descriptor = Object.getOwnPropertyDescriptor(window, 'sessionStorage')!;
    const uncaught: string[] = [];
    const listen = (event: ErrorEvent) => uncaught.push(String(event.error ?? event.message));
    beforeEach(() => {
      uncaught.length = 0;
      addEventListener('error', listen);
    });
    afterEach(() => {
      Object.defineProperty(window, 'sessionStorage', descriptor);
      removeEventListener('error', listen);
    });

    for (const [why, storage] of [
      ['refused (disabled, a sandboxed frame)', undefined],
      [
        'full',
        new Proxy(
          {},
          {
            set() {
              throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
            },
          },
        ),
      ],
    ] as const) {
      it(`holds the viewport and settles, with storage ${why}`, async () => {
        const session = await sandboxSession();
        const { widget } = await page(session);
        Object.defineProperty(window, 'sessionStorage', {
          configurable: true,
          get() {
            if (!storage) throw new DOMException('The operation is insecure.', 'SecurityError');
            return storage;
          },
        });
        for (let visit = 0; visit < 2; visit++) {
          const { el } = await widget(cancelled.id, { latencyMs: 400 });
          await frames();
          expect(el.state).to.equal('loading');
          expect(height(el), `visit ${visit + 1}, loading`).to.be.closeTo(innerHeight, 1);
          expect(await settled(el)).to.be.below(innerHeight - 100);
          expect(el.state).to.equal('ineligible');
          el.remove();
        }
        expect(uncaught).to.deep.equal([]);
      });
    }
  });
});
