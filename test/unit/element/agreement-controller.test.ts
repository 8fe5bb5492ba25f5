/**
 * One subscription, one truth (`AgreementController`), with stand-ins for what the element shows and its connection:
 * what it wrote is shown and told to the other widgets of the origin, what they tell is heard when it passes the
 * schema and is about the same service, and a page shown again after a minute hidden reads again.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { Subscription } from '../../../src/api/schemas.js';
import { AgreementController, STALE_AFTER_MS } from '../../../src/element/agreement-controller.js';
import type { AttributeConnection } from '../../../src/element/attribute-connection.js';
import type { ConsoleLines } from '../../../src/element/console-lines.js';
import type { WriteTarget } from '../../../src/changes/write.js';
import type { Learned } from '../../../src/subscription/learned.js';
import { prepaidSubscription } from '../../fixtures/subscriptions.js';
import { ControllerHost } from '../../helpers/controller-host.js';

const SERVICE = 'https://api.example.com/';

function agreement(read: () => Promise<Subscription> = async () => prepaidSubscription()) {
  const learned: unknown[][] = [];
  const warnings: string[] = [];
  const client = { baseAddress: new URL(SERVICE), getSubscription: read };
  const shown = { learn: (...args: unknown[]) => learned.push(args) } as unknown as Learned;
  const link = { connected: { client } } as unknown as AttributeConnection;
  const lines = { warn: (message: string) => warnings.push(message) } as unknown as ConsoleLines;
  const host = new ControllerHost();
  const controller = new AgreementController(
    host,
    shown,
    () => ({ client, subscriptionId: 'sub_1' }) as unknown as WriteTarget,
    link,
    lines,
  );
  return { host, controller, learned, warnings, link };
}

/** Another widget of the origin, on this page or in another tab. */
function otherWidget() {
  const channel = new BroadcastChannel('prepaid-upgrade');
  const heard: unknown[] = [];
  channel.addEventListener('message', ({ data }) => heard.push(data));
  return { channel, heard };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('AgreementController', () => {
  const opened: Array<{ channel: BroadcastChannel }> = [];
  const other = () => opened[opened.push(otherWidget()) - 1]! as ReturnType<typeof otherWidget>;
  afterEach(() => opened.splice(0).forEach(({ channel }) => channel.close()));

  it('adds itself to its host', () => {
    const { host, controller } = agreement();
    expect([...host.controllers]).to.deep.equal([controller]);
  });

  it('shows what it wrote as chosen, and tells the other widgets of the service', async () => {
    const { controller, learned } = agreement();
    controller.hostConnected();
    const { heard } = other();
    const subscription = prepaidSubscription();
    controller.wrote(subscription);
    expect(learned).to.have.length(1);
    expect(learned[0]![0]).to.equal(subscription);
    expect(learned[0]![2]).to.equal(true);
    await waitUntil(() => heard.length === 1, 'the other widget heard nothing');
    expect(heard[0]).to.deep.equal({ service: SERVICE, subscription, at: learned[0]![1] });
    controller.hostDisconnected();
  });

  it('tells them even once removed from the page', async () => {
    const { controller } = agreement();
    controller.hostConnected();
    controller.hostDisconnected();
    const { heard } = other();
    controller.wrote(prepaidSubscription());
    await waitUntil(() => heard.length === 1, 'the other widget heard nothing');
  });

  it('tells nothing without a connection', async () => {
    const { controller, link, learned } = agreement();
    (link as { connected: unknown }).connected = undefined;
    controller.hostConnected();
    const { heard } = other();
    controller.wrote(prepaidSubscription());
    await settle();
    expect(learned).to.have.length(1);
    expect(heard).to.deep.equal([]);
    controller.hostDisconnected();
  });

  it('hears news of its service that passes the schema, as not chosen here, and nothing once removed', async () => {
    const { controller, learned } = agreement();
    controller.hostConnected();
    const { channel } = other();
    const subscription = prepaidSubscription();
    channel.postMessage({ service: 'https://elsewhere.example.com/', subscription, at: 1 });
    channel.postMessage({ service: SERVICE, subscription: { public_id: 42 }, at: 2 });
    channel.postMessage({ service: SERVICE, subscription, at: 'now' });
    channel.postMessage(null);
    channel.postMessage({ service: SERVICE, subscription, at: 3 });
    await waitUntil(() => learned.length > 0, 'no news heard');
    await settle();
    expect(learned).to.deep.equal([[subscription, 3]]);
    controller.hostDisconnected();
    channel.postMessage({ service: SERVICE, subscription, at: 4 });
    await settle();
    expect(learned).to.have.length(1);
  });

  it('takes no news dated past its own clock, beyond the skew between two tabs of one browser', async () => {
    const { controller, learned } = agreement();
    controller.hostConnected();
    const { channel } = other();
    const subscription = prepaidSubscription();
    const now = performance.timeOrigin + performance.now();
    // A time far ahead would otherwise outrank every later read and write of the subscription until a reload.
    for (const ahead of [60 * 60_000, 10_000, Infinity]) channel.postMessage({ service: SERVICE, subscription, at: now + ahead });
    channel.postMessage({ service: SERVICE, subscription, at: now + 500 });
    await waitUntil(() => learned.length > 0, 'no news heard');
    await settle();
    expect(learned).to.deep.equal([[subscription, now + 500]]);
    controller.hostDisconnected();
  });

  describe('when the page is shown again', () => {
    let visibility: DocumentVisibilityState = 'visible';
    let now = 0;
    const realNow = Date.now;
    beforeEach(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
      Date.now = () => now;
    });
    afterEach(() => {
      delete (document as { visibilityState?: unknown }).visibilityState;
      Date.now = realNow;
    });
    const hideFor = (ms: number) => {
      visibility = 'hidden';
      document.dispatchEvent(new Event('visibilitychange'));
      now += ms;
      visibility = 'visible';
      document.dispatchEvent(new Event('visibilitychange'));
    };

    it('reads the subscription again after more than a minute hidden, and not after less', async () => {
      let reads = 0;
      const { controller, learned } = agreement(async () => (reads++, prepaidSubscription()));
      controller.hostConnected();
      hideFor(STALE_AFTER_MS);
      await settle();
      expect(reads).to.equal(0);
      hideFor(STALE_AFTER_MS + 1);
      await waitUntil(() => learned.length === 1, 'not read again');
      expect(reads).to.equal(1);
      controller.hostDisconnected();
      hideFor(2 * STALE_AFTER_MS);
      await settle();
      expect(reads, 'removed: not watching').to.equal(1);
    });

    it('says on the console that a read again failed, and changes nothing', async () => {
      const { controller, learned, warnings } = agreement(async () => {
        throw new Error('offline');
      });
      controller.hostConnected();
      hideFor(STALE_AFTER_MS + 1);
      await waitUntil(() => warnings.length === 1, 'no warning');
      expect(warnings).to.deep.equal(['the subscription was not read again: offline']);
      expect(learned).to.deep.equal([]);
      controller.hostDisconnected();
    });
  });
});
