/**
 * Reading a subscription's next order (`readNextOrder`, docs/service.md#orders) against the real sandbox, its answers
 * replaced by faults where a test needs a particular one: either listing shape, every page, the unsent order with the
 * earliest date chosen, a malformed answer and a 404 refused, failures retried as every read is.
 */
import { expect } from '@open-wc/testing';
import type { ApiClient } from '../../../src/api/client.js';
import { ApiError } from '../../../src/api/errors.js';
import { readNextOrder, readOrderAmounts, type NextOrder } from '../../../src/api/orders.js';
import { SUBSCRIPTION_ID, unsentOrder } from '../../fixtures/subscriptions.js';
import { sandboxSession, sessionClient, type SandboxSession } from '../../helpers/sandbox-session.js';

async function open(maxAttempts = 1): Promise<SandboxSession & { client: ApiClient }> {
  const session = await sandboxSession();
  const client = sessionClient(session, { maxAttempts });
  return { ...session, client };
}

/** Queues `page` as the answer to the next order listing, whatever its shape. */
const serve = (s: SandboxSession, page: object) => s.fault({ method: 'GET', path: '/orders/', status: 200, body: JSON.stringify(page) });
const orderReads = async (s: SandboxSession) => (await s.requests()).filter((r) => r.path === '/orders/');

describe('reading the next order', () => {
  it('asks for the subscription’s unsent orders, and tells the one there is', async () => {
    const s = await open();
    await serve(s, { results: [unsentOrder()], paging: { next: null } });
    expect(await readNextOrder(s.client, SUBSCRIPTION_ID)).to.deep.equal({
      publicId: 'ord_7d1e0c94',
      place: '2026-12-05 00:00:00',
      subTotal: '37.50',
      total: '37.50',
      taxTotal: '0.00',
      shippingTotal: '0.00',
      currencyCode: 'USD',
    });
    const [read] = await orderReads(s);
    expect(Object.fromEntries(new URLSearchParams(read!.search))).to.deep.equal({ subscription: SUBSCRIPTION_ID, status: '1' });
  });

  it('chooses the unsent order with the earliest day, in the production shape too, and reads only the first page', async () => {
    const s = await open();
    const listing = new URL(`${s.apiBase}/orders/`, location.href).href;
    await serve(s, {
      next: `${listing}?subscription=${SUBSCRIPTION_ID}&status=1&page=2`,
      previous: null,
      // A date alone, and the same calendar day with a time: the earlier day wins, whatever the text.
      results: [
        unsentOrder({ public_id: 'ord_later', place: '2027-01-02 00:00:00' }),
        unsentOrder({ public_id: 'ord_next', place: '2026-12-05' }),
        unsentOrder({ public_id: 'ord_same_day', place: '2026-12-05 23:00:00' }),
      ],
    });
    expect((await readNextOrder(s.client, SUBSCRIPTION_ID))?.publicId).to.equal('ord_next');
    // A subscription's unsent orders are one page: the service creates its orders one at a time.
    expect(await orderReads(s)).to.have.length(1);
  });

  it('passes over what the filter should have left out: placed orders, and other subscriptions’ orders', async () => {
    const s = await open();
    await serve(s, {
      results: [
        unsentOrder({ public_id: 'ord_placed', status: 5, place: '2026-11-01 00:00:00' }),
        unsentOrder({ public_id: 'ord_other', subscription: 'sub_other', place: '2026-11-20 00:00:00' }),
        unsentOrder({ public_id: 'ord_next' }),
      ],
      paging: { next: null },
    });
    expect((await readNextOrder(s.client, SUBSCRIPTION_ID))?.publicId).to.equal('ord_next');
  });

  it('is null when the subscription has no unsent order', async () => {
    const s = await open();
    await serve(s, { results: [], paging: { next: null } });
    expect(await readNextOrder(s.client, SUBSCRIPTION_ID)).to.equal(null);
  });

  it('keeps a missing currency as null: the subscription’s is then the one', async () => {
    const s = await open();
    await serve(s, { results: [unsentOrder({ currency_code: null })], paging: { next: null } });
    expect((await readNextOrder(s.client, SUBSCRIPTION_ID))?.currencyCode).to.equal(null);
  });

  for (const [what, order] of [
    ['a place that is no date', { place: 'soon' }],
    ['a day the month does not have', { place: '2026-02-30 00:00:00' }],
    ['no public_id', { public_id: undefined }],
    ['a status that is a string', { status: '1' }],
  ] as const) {
    it(`refuses an unsent order with ${what} as a malformed answer`, async () => {
      const s = await open();
      await serve(s, { results: [unsentOrder(order)], paging: { next: null } });
      const error = await readNextOrder(s.client, SUBSCRIPTION_ID).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(ApiError);
      expect((error as ApiError).kind).to.equal('malformed');
    });
  }

  // The orders List reference documents no sub_total, and its example writes "total": "undefined".
  for (const [what, amounts, expected] of [
    [
      'no sub_total and a total of "undefined", as the List reference shows',
      { sub_total: undefined, total: 'undefined', tax_total: '5.40', shipping_total: '4.99' },
      { subTotal: null, total: null, taxTotal: '5.40', shippingTotal: '4.99' },
    ],
    [
      'amounts that are not money',
      { sub_total: '12,50', total: 37.5, tax_total: null, shipping_total: '-1.00' },
      { subTotal: null, total: null, taxTotal: null, shippingTotal: null },
    ],
  ] as const) {
    it(`keeps the date of an unsent order with ${what}, its amounts unknown`, async () => {
      const s = await open();
      await serve(s, { results: [unsentOrder(amounts)], paging: { next: null } });
      expect(await readNextOrder(s.client, SUBSCRIPTION_ID)).to.deep.equal({
        publicId: 'ord_7d1e0c94',
        place: '2026-12-05 00:00:00',
        ...expected,
        currencyCode: 'USD',
      });
    });
  }

  it('fails with the status of a 404', async () => {
    const s = await open();
    await s.fault({ method: 'GET', path: '/orders/', status: 404 });
    const error = await readNextOrder(s.client, SUBSCRIPTION_ID).catch((e: unknown) => e);
    expect(error).to.include({ kind: 'http', status: 404 });
  });

  it('retries a failure as every read does, and then reads the answer', async () => {
    const s = await open(3);
    await s.fault({ method: 'GET', path: '/orders/', status: 503 });
    await s.fault({ method: 'GET', path: '/orders/', status: 0 });
    await serve(s, { results: [unsentOrder()], paging: { next: null } });
    expect((await readNextOrder(s.client, SUBSCRIPTION_ID))?.publicId).to.equal('ord_7d1e0c94');
    expect((await orderReads(s)).map((r) => r.status)).to.deep.equal([503, 0, 200]);
  });

  it('stops when the caller aborts', async () => {
    const s = await open();
    await s.fault({ method: 'GET', path: '/orders/', latencyMs: 5000 });
    const abort = new AbortController();
    const reading = readNextOrder(s.client, SUBSCRIPTION_ID, { signal: abort.signal });
    abort.abort(new DOMException('gone', 'AbortError'));
    const error = await reading.catch((e: unknown) => e);
    expect((error as Error).name).to.equal('AbortError');
  });
});

describe('reading the next order’s amounts by id', () => {
  /** The next order as a listing without sub_total tells it: the date, tax and shipping, no sub_total or total. */
  const listed: NextOrder = {
    publicId: 'ord_coffee_ada_next',
    place: '2026-12-05 00:00:00',
    subTotal: null,
    total: null,
    taxTotal: '0.00',
    shippingTotal: '0.00',
    currencyCode: 'USD',
  };
  const byId = (s: SandboxSession) => s.requests().then((all) => all.filter((r) => r.path === `/orders/${listed.publicId}/`));

  it('reads GET /orders/{public_id}/ and takes from it what the listing left out, keeping the date', async () => {
    const s = await open();
    await s.fault({
      method: 'GET',
      path: `/orders/${listed.publicId}/`,
      status: 200,
      body: JSON.stringify(
        unsentOrder({
          public_id: listed.publicId,
          place: '2030-01-01',
          sub_total: '67.50',
          tax_total: '5.40',
          shipping_total: '4.99',
          total: '77.89',
        }),
      ),
    });
    // The listing's date and its amounts stand: the order by id only fills in what the listing did not say.
    expect(await readOrderAmounts(s.client, listed)).to.deep.equal({ ...listed, subTotal: '67.50', total: '77.89' });
    expect(await byId(s)).to.have.length(1);
  });

  it('reads the sandbox’s own order, which a storefront caller may read only when it is the customer’s', async () => {
    const s = await open();
    expect(await readOrderAmounts(s.client, listed)).to.include({ subTotal: '12.50', total: '12.50' });
    const error = await readOrderAmounts(s.client, { ...listed, publicId: 'ord_espresso_grace_next' }).catch((e: unknown) => e);
    expect(error).to.include({ kind: 'http', status: 404 });
  });

  it('refuses an answer about another order, and an id that is a path step, as malformed', async () => {
    const s = await open();
    await s.fault({ method: 'GET', path: `/orders/${listed.publicId}/`, status: 200, body: JSON.stringify(unsentOrder()) });
    expect(await readOrderAmounts(s.client, listed).catch((e: unknown) => e)).to.include({ kind: 'malformed' });
    expect(await readOrderAmounts(s.client, { ...listed, publicId: '..' }).catch((e: unknown) => e)).to.include({ kind: 'malformed' });
    expect(await byId(s)).to.have.length(1);
  });

  it('retries as every read does, and stops when the caller aborts', async () => {
    const s = await open(2);
    await s.fault({ method: 'GET', path: `/orders/${listed.publicId}/`, status: 503 });
    expect(await readOrderAmounts(s.client, listed)).to.include({ subTotal: '12.50' });
    expect((await byId(s)).map((r) => r.status)).to.deep.equal([503, 200]);
    await s.fault({ method: 'GET', path: `/orders/${listed.publicId}/`, latencyMs: 5000 });
    const abort = new AbortController();
    const reading = readOrderAmounts(s.client, listed, { signal: abort.signal });
    abort.abort(new DOMException('gone', 'AbortError'));
    expect(((await reading.catch((e: unknown) => e)) as Error).name).to.equal('AbortError');
  });
});
