/**
 * `prepaid-upgrade-view`, the first step of the offer's funnel: once per element, when at least half of it has been in
 * view for one continuous second after it settled. What a merchant counts as "seen" must not count a widget far below
 * the fold, one scrolled past, or one re-rendered.
 *
 * The page's timers are a controlled clock's here: what is in view is the browser's own (its IntersectionObserver, on
 * real frames), and the element's second is set on the clock, which the test moves on. So "a second in view" and
 * "half a second, then scrolled away" are told apart exactly, and take no real time.
 */
import { expect } from '@open-wc/testing';
import { VIEW_AFTER_MS } from '../../../src/element/view-controller.js';
import { until, withClock, type ControlledClock } from '../../helpers/controlled-clock.js';
import { mount, type Mounted } from '../../helpers/mount.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession } from '../../helpers/sandbox-session.js';

const { eligible, prepaid } = SANDBOX_SUBSCRIPTIONS;

async function mountWith(subscription: { id: string; customerId: string }, extra: Record<string, string> = {}): Promise<Mounted> {
  const session = await sandboxSession({ customerId: subscription.customerId });
  return mount({ 'subscription-id': subscription.id, 'api-base': session.apiBase, token: session.token, ...extra });
}

/** Puts room of `height` px above the element, so that it starts lower on the page. */
function roomAbove(m: Mounted, height = 5000): void {
  const room = document.createElement('div');
  room.style.height = `${height}px`;
  m.el.before(room);
}

const views = (m: Mounted) => m.eventsOf('prepaid-upgrade-view');
const settled = (m: Mounted, state = 'ready') => until(() => m.el.state === state, `the widget never became ${state}`);
/** The element has started its second in view: a timer of the view controller's is set. */
const viewTimers = (clock: ControlledClock) => clock.pending(/\/src\/element\/view-controller\.ts/).length;
const counting = (clock: ControlledClock) => until(() => viewTimers(clock) === 1, 'the widget never started counting its second');
/** Two real frames, in which the browser tells the element what is in view. */
const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
/** The element counts nothing: no timer is set, after the frames that would have set one. */
async function notCounting(clock: ControlledClock): Promise<void> {
  await frames();
  await until(() => viewTimers(clock) === 0, 'the widget went on counting');
}

describe('prepaid-upgrade-view', () => {
  afterEach(() => scrollTo(0, 0));

  it('fires once, a second after the widget settled in view, with what it offered', () =>
    withClock({}, async (clock) => {
      const m = await mountWith(eligible, { 'orders-options': '3,6,12' });
      await settled(m);
      await counting(clock);
      clock.advance(VIEW_AFTER_MS - 1);
      expect(views(m).length, 'fired before its second in view').to.equal(0);
      clock.advance(1);
      expect(views(m).length).to.equal(1);
      const [view] = views(m);
      expect(view!.detail).to.deep.equal({ state: 'ready', subscriptionId: eligible.id, offered: [3, 6, 12] });
      expect([view!.bubbles, view!.composed, view!.cancelable]).to.deep.equal([true, true, false]);
    }));

  it('tells the offer it began to see, when the customer upgrades within the second', () =>
    withClock({}, async (clock) => {
      const m = await mountWith(eligible, { 'orders-options': '3,6' });
      await settled(m);
      await counting(clock);
      m.$<HTMLButtonElement>('[part~="submit"]')!.click();
      await settled(m, 'success');
      clock.advance(VIEW_AFTER_MS);
      expect(views(m)[0]?.detail).to.deep.equal({ state: 'ready', subscriptionId: eligible.id, offered: [3, 6] });
    }));

  it('counts nothing while the widget loads, in view as it is', () =>
    withClock({}, async (clock) => {
      const session = await sandboxSession();
      await session.fault({ method: 'GET', path: `/subscriptions/${eligible.id}/`, latencyMs: 300 });
      const m = await mount({ 'subscription-id': eligible.id, 'api-base': session.apiBase, token: session.token });
      expect(m.el.state).to.equal('loading');
      await notCounting(clock);
      clock.advance(5 * VIEW_AFTER_MS);
      expect(views(m).length, 'fired while loading').to.equal(0);
      await settled(m);
      await counting(clock);
      clock.advance(VIEW_AFTER_MS);
      expect(views(m).length).to.equal(1);
    }));

  it('tells a prepaid subscription, which offers no orders', () =>
    withClock({}, async (clock) => {
      const m = await mountWith(prepaid);
      await settled(m, 'prepaid');
      await counting(clock);
      clock.advance(VIEW_AFTER_MS);
      expect(views(m)[0]?.detail).to.deep.equal({ state: 'prepaid', subscriptionId: prepaid.id, offered: [] });
    }));

  it('does not fire for a widget below the fold until it is scrolled to', () =>
    withClock({}, async (clock) => {
      const m = await mountWith(eligible);
      roomAbove(m);
      await settled(m);
      await notCounting(clock);
      clock.advance(5 * VIEW_AFTER_MS);
      expect(views(m).length, 'fired below the fold').to.equal(0);
      m.el.scrollIntoView({ block: 'center' });
      await counting(clock);
      clock.advance(VIEW_AFTER_MS);
      expect(views(m).length).to.equal(1);
    }));

  it('does not fire for a widget scrolled past in less than a second', () =>
    withClock({}, async (clock) => {
      const m = await mountWith(eligible);
      roomAbove(m);
      await settled(m);
      m.el.scrollIntoView({ block: 'center' });
      await counting(clock);
      clock.advance(VIEW_AFTER_MS / 2);
      scrollTo(0, 0);
      await notCounting(clock);
      clock.advance(5 * VIEW_AFTER_MS);
      expect(views(m).length, 'fired for half a second in view').to.equal(0);
    }));

  it('does not fire while less than half of it is in view', () =>
    withClock({}, async (clock) => {
      const m = await mountWith(eligible);
      await settled(m);
      // Only its top quarter above the bottom of the window.
      const { top, height } = m.el.getBoundingClientRect();
      roomAbove(m, innerHeight - top - height / 4);
      await notCounting(clock);
      clock.advance(5 * VIEW_AFTER_MS);
      expect(views(m).length, 'fired with a quarter in view').to.equal(0);
    }));

  it('counts a widget more than twice as tall as the window once it fills half the window', () =>
    withClock({}, async (clock) => {
      const m = await mountWith(eligible);
      // As on a narrow phone: half of it never fits in the window at once.
      m.el.style.minHeight = `${3 * innerHeight}px`;
      await settled(m);
      m.el.scrollIntoView({ block: 'start' });
      await counting(clock);
      clock.advance(VIEW_AFTER_MS);
      expect(views(m).length).to.equal(1);
    }));

  it('does not fire again when the widget re-renders, changes or is moved', () =>
    withClock({}, async (clock) => {
      const m = await mountWith(eligible);
      await settled(m);
      await counting(clock);
      clock.advance(VIEW_AFTER_MS);
      m.el.setAttribute('orders-options', '2,4');
      const parent = m.el.parentElement!;
      m.el.remove();
      parent.append(m.el);
      await m.el.updateComplete;
      await notCounting(clock);
      clock.advance(5 * VIEW_AFTER_MS);
      expect(views(m).length).to.equal(1);
    }));
});
