/**
 * The read of the shown subscription's next order (`NextOrderRead`) on a host of its own, against the real sandbox:
 * read when a subscription is shown or before it is, its amounts read by id when the listing leaves them out, read
 * again on demand, and a failure told to the developer as nothing shown.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { ApiClient } from '../../../src/api/client.js';
import { shareReads } from '../../../src/api/shared-reads.js';
import { NextOrderRead } from '../../../src/subscription/next-order-read.js';
import { unsentOrder } from '../../fixtures/subscriptions.js';
import { ControllerHost } from '../../helpers/controller-host.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession, sessionClient, type SandboxSession } from '../../helpers/sandbox-session.js';

const SHOWN = SANDBOX_SUBSCRIPTIONS.eligible.id;

async function open(): Promise<SandboxSession & { client: ApiClient }> {
  const session = await sandboxSession();
  const client = sessionClient(session, { maxAttempts: 1 });
  return { ...session, client };
}

/** A read on a host of its own, showing `shownId`; `update()` runs the host's update, as an element's would. */
function nextOrderOf(client: ApiClient, shownId: string | undefined) {
  const host = new ControllerHost();
  const warnings: string[] = [];
  // The page's shared reads, which ask for nothing together here: each read is one widget's.
  const reads = shareReads(
    client,
    async () => {},
    async () => undefined,
  );
  const read = new NextOrderRead(
    host,
    () => reads,
    () => shownId,
    (message) => warnings.push(message),
  );
  const update = () => host.controllers.forEach((controller) => controller.hostUpdate?.());
  /** Updates the host until `condition` holds, as the answers that ask for an update arrive. */
  const settle = (condition: () => unknown, message: string) => waitUntil(() => (update(), condition()), message, { timeout: 4000 });
  return { read, warnings, update, settle };
}

const listings = async (s: SandboxSession) => (await s.requests()).filter((request) => request.path === '/orders/');

describe('NextOrderRead', () => {
  it('reads the next order of the subscription shown, and nothing while none is', async () => {
    const s = await open();
    const none = nextOrderOf(s.client, undefined);
    none.update();
    expect(none.read.value, 'no subscription shown').to.equal(undefined);
    expect(await listings(s)).to.deep.equal([]);

    const { read, update, settle, warnings } = nextOrderOf(s.client, SHOWN);
    update();
    expect(read.value, 'while it is read').to.equal(undefined);
    await settle(() => read.value !== undefined, 'the next order is read');
    expect(read.value).to.include({ currencyCode: 'USD' });
    expect(read.value!.place).to.match(/^\d{4}-\d{2}-\d{2}/);
    expect(warnings).to.deep.equal([]);
  });

  it('reads the next order of a subscription before it is shown, and settles once it is in', async () => {
    const s = await open();
    const { read } = nextOrderOf(s.client, undefined);
    await read.readBefore(SHOWN);
    expect(read.value).to.include({ currencyCode: 'USD' });
    expect((await listings(s)).map((request) => request.search)).to.deep.equal([`?subscription=${SHOWN}&status=1`]);
  });

  it('reads by id the amounts that the listing leaves out, and keeps the date meanwhile', async () => {
    const s = await open();
    const listed = unsentOrder({ public_id: 'ord_coffee_ada_next', subscription: SHOWN, sub_total: undefined, total: 'undefined' });
    await s.fault({ method: 'GET', path: '/orders/', status: 200, body: JSON.stringify({ results: [listed] }) });
    const { read, settle } = nextOrderOf(s.client, SHOWN);
    await settle(() => read.value !== undefined, 'the listing is read');
    expect(read.value).to.include({ publicId: 'ord_coffee_ada_next', place: '2026-12-05 00:00:00' });
    await settle(() => read.value?.subTotal != null, 'the amounts are read by id');
    expect(read.value).to.include({ publicId: 'ord_coffee_ada_next', place: '2026-12-05 00:00:00', currencyCode: 'USD' });
    expect((await s.requests()).filter((request) => request.path === '/orders/ord_coffee_ada_next/')).to.have.length(1);
  });

  it('reads again when asked, as the service reprices the order on an upgrade', async () => {
    const s = await open();
    const { read, settle } = nextOrderOf(s.client, SHOWN);
    await settle(() => read.value !== undefined, 'the next order is read');
    read.readAgain();
    expect(read.value, 'while it is read again').to.equal(undefined);
    await settle(() => read.value !== undefined, 'the next order is read again');
    expect(await listings(s)).to.have.length(2);
  });

  it('shows no next order when it cannot be read, and tells the developer why', async () => {
    const s = await open();
    await s.fault({ method: 'GET', path: '/orders/', status: 500 });
    const { read, settle, warnings } = nextOrderOf(s.client, SHOWN);
    await settle(() => read.value !== undefined, 'the read fails');
    expect(read.value).to.equal(null);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.match(/^no next-order date shown: GET .*\/orders\/.* answered 500/);
  });
});
