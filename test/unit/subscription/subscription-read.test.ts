/**
 * The read of what the widget is about (`SubscriptionRead`) on a host of its own, against the real sandbox: nothing
 * without a connection; the subscription named by id with its next order beside it; without an id, the picker over what
 * discovery found; the texts waited for; a failure counted as settled and shown as an error; and a read cut short by the
 * element leaving the page counted as loading, then run again when it comes back.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { html, nothing } from 'lit';
import { connect, type Connection } from '../../../src/api/connection.js';
import { isAbortError } from '../../../src/api/errors.js';
import { useDiscoveryLoader, type PickerHost } from '../../../src/discovery/loader.js';
import { formatMoney } from '../../../src/i18n/money.js';
import { SubscriptionRead } from '../../../src/subscription/subscription-read.js';
import { ControllerHost, deferred } from '../../helpers/controller-host.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession, type SandboxSession } from '../../helpers/sandbox-session.js';

const ELIGIBLE = SANDBOX_SUBSCRIPTIONS.eligible.id;

useDiscoveryLoader(() => import('../../../src/discovery/index.js'));

/** The connection of `session`, to `subscriptionId` or, without it, to the customer's subscriptions. */
function connectTo(session: SandboxSession, subscriptionId?: string): Connection {
  const connection = connect(
    { apiBase: session.apiBase, token: session.token, subscriptionId },
    { pageUrl: location.href, readCookies: () => '', onWarning: () => {} },
  );
  if ('error' in connection) throw new Error(connection.error);
  return connection;
}

/** A read on a host of its own, through whatever connection `connection` holds; `update()` runs the host's update. */
function readOn(source: { connection?: Connection; texts?: Promise<void>; shownId?: string }) {
  const host = new ControllerHost();
  const warnings: string[] = [];
  const pickerHost: PickerHost = {
    lit: { html, nothing },
    formatMoney,
    root: () => document.createElement('div').attachShadow({ mode: 'open' }),
    requestUpdate: () => host.requestUpdate(),
    chose: () => {},
    wentBack: () => {},
  };
  const read = new SubscriptionRead(
    host,
    {
      connection: () => source.connection,
      textsArrived: () => source.texts ?? Promise.resolve(),
      shownId: () => source.shownId,
      warn: (message) => warnings.push(message),
    },
    pickerHost,
  );
  const update = () => host.controllers.forEach((controller) => controller.hostUpdate?.());
  /** Updates the host until `condition` holds, as the answers that ask for an update arrive. */
  const settle = (condition: () => unknown, message: string) => waitUntil(() => (update(), condition()), message, { timeout: 4000 });
  return { host, read, warnings, update, settle };
}

/** The subscription named by id that the read found, as the element shows it. */
const loadedBy = ({ value }: SubscriptionRead) => (value && 'eligibility' in value ? value : undefined);

describe('SubscriptionRead', () => {
  it('reads nothing while there is no connection, and is loading', async () => {
    const { read, update, host } = readOn({});
    update();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read.value).to.equal(undefined);
    expect(read.state(undefined, true)).to.equal('loading');
    expect(read.settled).to.equal(0);
    expect([...host.controllers]).to.include(read);
  });

  it('reads the subscription named by id, with its next order beside it, and leaves the widget ready', async () => {
    const s = await sandboxSession();
    const { read, settle, warnings } = readOn({ connection: connectTo(s, ELIGIBLE) });
    const before = performance.timeOrigin + performance.now();
    await settle(() => read.settled, 'the read settles');
    const loaded = loadedBy(read);
    expect(loaded?.subscription.public_id).to.equal(ELIGIBLE);
    expect(read.picker).to.equal(undefined);
    expect(read.state(loaded, true)).to.equal('ready');
    expect(read.sentAt, 'when it was sent').to.be.at.least(before);
    expect(read.nextOrder.value, 'the next order, read before it is shown').to.include({ currencyCode: 'USD' });
    expect(warnings).to.deep.equal([]);
    const paths = (await s.requests()).map((request) => request.path);
    expect(paths).to.include.members([`/subscriptions/${ELIGIBLE}/`, '/orders/']);
  });

  it('leaves the widget where the subscription allows: prepaid, or ineligible with the reason', async () => {
    const s = await sandboxSession();
    for (const [id, state] of [
      [SANDBOX_SUBSCRIPTIONS.prepaid.id, 'prepaid'],
      [SANDBOX_SUBSCRIPTIONS.cancelled.id, 'ineligible'],
    ] as const) {
      const { read, settle } = readOn({ connection: connectTo(s, id) });
      await settle(() => read.settled, `${id} is read`);
      expect(read.state(loadedBy(read), true), id).to.equal(state);
    }
  });

  it('without an id, completes with the picker over what discovery found', async () => {
    const s = await sandboxSession();
    const { read, settle } = readOn({ connection: connectTo(s) });
    await settle(() => read.settled, 'discovery settles');
    expect(read.picker, 'the picker').to.not.equal(undefined);
    expect(read.value).to.equal(read.picker);
    expect(read.picker!.candidates.map(({ public_id }) => public_id)).to.include(ELIGIBLE);
    expect(read.state(undefined, true), 'the picker asks').to.equal('ready');
  });

  it('completes only once the texts in the page’s language are in', async () => {
    const s = await sandboxSession();
    const texts = deferred<void>();
    const { read, update } = readOn({ connection: connectTo(s, ELIGIBLE), texts: texts.promise });
    update();
    await waitUntil(async () => (await s.requests()).some((request) => request.path === '/orders/'), 'the reads are answered');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read.settled, 'waiting for the texts').to.equal(0);
    expect(read.state(undefined, true)).to.equal('loading');
    texts.resolve();
    await read.task.taskComplete;
    expect(read.settled).to.equal(1);
  });

  it('counts a failed read as settled, and leaves the widget in error', async () => {
    const s = await sandboxSession();
    await s.fault({ method: 'GET', path: `/subscriptions/${ELIGIBLE}/`, status: 404 });
    const { read, settle } = readOn({ connection: connectTo(s, ELIGIBLE) });
    await settle(() => read.settled, 'the read settles');
    expect(read.value).to.equal(undefined);
    expect(read.state(undefined, true)).to.equal('error');
    expect(read.task.error).to.include({ status: 404 });
  });

  it('aborts a read under way when the element leaves the page, still loading, and reads again when it comes back', async () => {
    const s = await sandboxSession();
    const { read, update, settle } = readOn({ connection: connectTo(s, ELIGIBLE) });
    update();
    read.hostDisconnected();
    await settle(() => read.settled, 'the aborted read settles');
    expect(isAbortError(read.task.error), 'cut short').to.equal(true);
    expect(read.state(undefined, true), 'cut short, it counts as loading').to.equal('loading');
    read.hostConnected();
    await settle(() => read.settled === 2, 'the read runs again');
    expect(read.state(loadedBy(read), true)).to.equal('ready');
  });

  it('does not read again on coming back when nothing was cut short', async () => {
    const s = await sandboxSession();
    const { read, settle } = readOn({ connection: connectTo(s, ELIGIBLE) });
    await settle(() => read.settled, 'the read settles');
    read.hostDisconnected();
    read.hostConnected();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(read.settled).to.equal(1);
    expect(read.state(loadedBy(read), true)).to.equal('ready');
  });
});
