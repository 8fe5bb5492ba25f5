/**
 * When an element counts as seen (`ViewController`), on a plain host element in the page, with the page's timers on a
 * controlled clock and what is in view the browser's own: once at least half of it has been in view for one continuous
 * second after it settled, once only, and never while it has not settled, is out of view or has left the page.
 */
import { expect } from '@open-wc/testing';
import { PrepaidUpgradeViewEvent, type ViewDetail } from '../../../src/events.js';
import { VIEW_AFTER_MS, ViewController } from '../../../src/element/view-controller.js';
import { ControllerElement } from '../../helpers/controller-host.js';
import { until, withClock, type ControlledClock } from '../../helpers/controlled-clock.js';

const SETTLED: ViewDetail = { state: 'ready', subscriptionId: 'sub_1', offered: [3, 6, 12] };
const placed: Element[] = [];

/** A host of `height` px at the top of the page, or `below` px further down, its controller told what `detail` says. */
function hostWith(detail: { value: ViewDetail | undefined }, below = 0) {
  const host = document.createElement('controller-element') as ControllerElement;
  host.style.cssText = `display: block; height: 200px; margin-top: ${below}px`;
  const views: ViewDetail[] = [];
  host.addEventListener('prepaid-upgrade-view', (event) => views.push((event as PrepaidUpgradeViewEvent).detail));
  new ViewController(host, () => detail.value);
  placed.push(document.body.appendChild(host));
  return { host, views };
}

/** The view controller's timers that are set. */
const counting = (clock: ControlledClock) => clock.pending(/\/src\/element\/view-controller\.ts/).length;
/** Two real frames, in which the browser tells the controller what is in view. */
const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

describe('ViewController', () => {
  afterEach(() => placed.splice(0).forEach((element) => element.remove()));

  it('tells once, a second after the settled element came half into view, what it showed', () =>
    withClock({}, async (clock) => {
      const { views, host } = hostWith({ value: SETTLED });
      await until(() => counting(clock) === 1, 'the controller never started counting');
      clock.advance(VIEW_AFTER_MS - 1);
      expect(views).to.deep.equal([]);
      clock.advance(1);
      expect(views).to.deep.equal([SETTLED]);
      host.updated();
      await frames();
      clock.advance(10 * VIEW_AFTER_MS);
      expect(views, 'once only').to.have.length(1);
    }));

  it('counts nothing until the element settled, and starts once an update says it did', () =>
    withClock({}, async (clock) => {
      const detail: { value: ViewDetail | undefined } = { value: undefined };
      const { host, views } = hostWith(detail);
      await frames();
      expect(counting(clock)).to.equal(0);
      detail.value = SETTLED;
      host.updated();
      expect(counting(clock)).to.equal(1);
      clock.advance(VIEW_AFTER_MS);
      expect(views).to.have.length(1);
    }));

  it('counts nothing for an element far below the fold', () =>
    withClock({}, async (clock) => {
      const { views } = hostWith({ value: SETTLED }, 5 * innerHeight);
      await frames();
      await frames();
      expect(counting(clock)).to.equal(0);
      clock.advance(10 * VIEW_AFTER_MS);
      expect(views).to.deep.equal([]);
    }));

  it('stops counting when the element leaves the page, and starts anew where it lands', () =>
    withClock({}, async (clock) => {
      const { host, views } = hostWith({ value: SETTLED });
      await until(() => counting(clock) === 1, 'the controller never started counting');
      clock.advance(VIEW_AFTER_MS / 2);
      host.remove();
      expect(counting(clock), 'no timer left').to.equal(0);
      clock.advance(VIEW_AFTER_MS);
      expect(views).to.deep.equal([]);
      document.body.append(host);
      await until(() => counting(clock) === 1, 'the controller never counted anew');
      clock.advance(VIEW_AFTER_MS);
      expect(views).to.have.length(1);
    }));
});
