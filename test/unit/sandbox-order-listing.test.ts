/**
 * How a sandbox instance lists orders, chosen through `/__sandbox/order-listing` or `SandboxInstance.orderListing`:
 * complete by default, or as the service's List reference documents the listing (no `sub_total`, and `total` the text
 * "undefined", as the reference's example), in both listing shapes and both scopes. `GET /orders/{id}/` answers the
 * complete order either way, and only to its own customer in the storefront scope.
 */
import { expect } from '@open-wc/testing';
import { SANDBOX_CUSTOMERS, SANDBOX_SUBSCRIPTIONS, createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { ListedOrderSchema, OrderSchema, numberedPageOf, pageOf } from '../../src/sandbox/schemas.js';
import { ORIGIN, asServer, call, expectError, tokenFor, type Answer, type CallOptions } from '../helpers/sandbox-calls.js';

const { taxed, eligible } = SANDBOX_SUBSCRIPTIONS;
const ADA = SANDBOX_CUSTOMERS[0]!.customerId;
const PRODUCTION = { 'X-OG-API-VERSION': '2' };
const ORDER_FIELDS = Object.keys(OrderSchema.shape);
const REFUSED = /^shape must be "complete" or "reference"\.$/;

type Order = Record<string, any>;

const asCustomer = async (customerId: string): Promise<CallOptions> => ({ token: await tokenFor(customerId) });

/** A GET with the credential of `auth` and any other `headers`. */
async function get(sandbox: Sandbox, path: string, auth: CallOptions, headers: Record<string, string> = {}): Promise<Answer> {
  const request = new Headers(headers);
  if (auth.token !== undefined) request.set('authorization', auth.token);
  if (auth.apiKey !== undefined) request.set('x-api-key', auth.apiKey);
  const response = await sandbox.handle(new Request(new URL(path, ORIGIN), { headers: request }));
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** Every order of a listing in either shape, following its next addresses to the end. */
async function listAll(sandbox: Sandbox, path: string, auth: CallOptions, headers: Record<string, string> = {}): Promise<Order[]> {
  const orders: Order[] = [];
  for (let next: string | null = path; next;) {
    const answer = await get(sandbox, next, auth, headers);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    orders.push(...answer.body.results);
    next = headers['X-OG-API-VERSION'] ? answer.body.next : answer.body.paging.next;
  }
  return orders;
}

const setListing = (sandbox: Sandbox, json: unknown, base = '') => call(sandbox, 'POST', `${base}/__sandbox/order-listing`, { json });
const listingOf = async (sandbox: Sandbox, base = '') => (await call(sandbox, 'GET', `${base}/__sandbox/order-listing`)).body;

/** Each order listed as the List reference documents it: every field but `sub_total`, and `total` "undefined". */
function expectReferenceShape(orders: Order[]): void {
  expect(orders).to.not.be.empty;
  for (const order of orders) {
    expect(order, order.public_id).to.have.all.keys(ORDER_FIELDS.filter((field) => field !== 'sub_total'));
    expect(order.total, order.public_id).to.equal('undefined');
    expect(order.tax_total).to.match(/^\d+(\.\d+)?$/);
    expect(order.shipping_total).to.match(/^\d+(\.\d+)?$/);
  }
}

describe('sandbox: the orders listing, complete by default', () => {
  it('lists every field of each order, sub_total and the real total included', async () => {
    const sandbox = createSandbox();
    expect(await listingOf(sandbox)).to.deep.equal({ shape: 'complete' });
    expect(sandbox.instance().orderListing).to.equal('complete');
    const [order] = await listAll(sandbox, `/orders/?subscription=${taxed.id}&status=1`, asServer);
    expect(order).to.have.all.keys(ORDER_FIELDS);
    expect(order).to.include({ sub_total: '30.00', tax_total: '2.40', shipping_total: '4.99', total: '37.39' });
  });
});

describe('sandbox: the orders listing as the List reference documents it', () => {
  it('leaves out sub_total and writes total "undefined", keeping tax and shipping, in the default listing shape', async () => {
    const sandbox = createSandbox();
    const set = await setListing(sandbox, { shape: 'reference' });
    expect(set.status).to.equal(200);
    expect(set.body).to.deep.equal({ shape: 'reference' });
    expect(await listingOf(sandbox)).to.deep.equal({ shape: 'reference' });
    expect(sandbox.instance().orderListing).to.equal('reference');

    const all = await listAll(sandbox, '/orders/?limit=100', asServer);
    expectReferenceShape(all);
    const alans = all.filter((order) => order.subscription === taxed.id);
    expect(alans.map((order) => [order.tax_total, order.shipping_total])).to.deep.equal(alans.map(() => ['2.40', '4.99']));
    const checked = pageOf(ListedOrderSchema.strict())
      .strict()
      .safeParse((await get(sandbox, '/orders/?limit=5', asServer)).body);
    expect(checked.success, checked.error?.message).to.equal(true);
  });

  it('does the same in production’s shape, with X-OG-API-VERSION: 2, and in the storefront scope', async () => {
    const sandbox = createSandbox();
    await setListing(sandbox, { shape: 'reference' });
    const production = await listAll(sandbox, '/orders/?status=1&page_size=20', asServer, PRODUCTION);
    expect(production.length).to.be.above(20);
    expectReferenceShape(production);
    const page = await get(sandbox, '/orders/?page_size=5&page=2', asServer, PRODUCTION);
    const checked = numberedPageOf(ListedOrderSchema.strict()).strict().safeParse(page.body);
    expect(checked.success, checked.error?.message).to.equal(true);

    const alan = await asCustomer(taxed.customerId);
    for (const headers of [{}, PRODUCTION]) {
      const orders = await listAll(sandbox, '/orders/', alan, headers);
      expectReferenceShape(orders);
      expect(orders.every((order) => order.customer === taxed.customerId)).to.equal(true);
    }
  });

  it('still filters and pages as before: the same orders, in the same order', async () => {
    const sandbox = createSandbox();
    const complete = await listAll(sandbox, '/orders/?status=5&limit=7', asServer);
    await setListing(sandbox, { shape: 'reference' });
    const reference = await listAll(sandbox, '/orders/?status=5&limit=7', asServer);
    expect(reference.map((order) => order.public_id)).to.deep.equal(complete.map((order) => order.public_id));
    expect(reference).to.deep.equal(complete.map(({ sub_total: _subTotal, ...order }) => ({ ...order, total: 'undefined' })));
  });

  it('is the instance’s own: another instance lists complete orders meanwhile', async () => {
    const sandbox = createSandbox({ basePath: '/sandbox' });
    await setListing(sandbox, { shape: 'reference' }, '/sandbox/i/listing-a');
    expect(await listingOf(sandbox, '/sandbox/i/listing-a')).to.deep.equal({ shape: 'reference' });
    expect(await listingOf(sandbox, '/sandbox/i/listing-b')).to.deep.equal({ shape: 'complete' });
    expect(await listingOf(sandbox, '/sandbox')).to.deep.equal({ shape: 'complete' });
    expectReferenceShape(await listAll(sandbox, '/sandbox/i/listing-a/orders/', asServer));
    const [order] = await listAll(sandbox, '/sandbox/i/listing-b/orders/?limit=1', asServer);
    expect(order).to.have.all.keys(ORDER_FIELDS);
  });
});

describe('sandbox: reading one order by its id', () => {
  for (const shape of ['complete', 'reference'] as const) {
    it(`answers the complete order in both scopes, the listing ${shape}`, async () => {
      const sandbox = createSandbox();
      await setListing(sandbox, { shape });
      const path = '/orders/ord_cold_brew_alan_next/';
      const expected = { subscription: taxed.id, sub_total: '30.00', tax_total: '2.40', shipping_total: '4.99', total: '37.39' };
      for (const auth of [asServer, await asCustomer(taxed.customerId)]) {
        const answer = await call(sandbox, 'GET', path, auth);
        expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
        expect(answer.body).to.have.all.keys(ORDER_FIELDS);
        expect(answer.body).to.include(expected);
      }
    });

    it(`answers another customer’s order as a missing one, 404, to a storefront caller, the listing ${shape}`, async () => {
      const sandbox = createSandbox();
      await setListing(sandbox, { shape });
      const alan = await asCustomer(taxed.customerId);
      const someoneElses = await call(sandbox, 'GET', '/orders/ord_coffee_ada_next/', alan);
      expectError(someoneElses, 404);
      expect(someoneElses.body).to.deep.equal((await call(sandbox, 'GET', '/orders/ord_nothing/', alan)).body);
      expectError(await call(sandbox, 'GET', '/orders/ord_cold_brew_alan_next/', await asCustomer(ADA)), 404);
      expect((await call(sandbox, 'GET', '/orders/ord_coffee_ada_next/', await asCustomer(ADA))).status).to.equal(200);
      expect((await get(sandbox, `/orders/?subscription=${eligible.id}`, alan)).body.results).to.deep.equal([]);
    });
  }
});

describe('sandbox: the order-listing control route', () => {
  it('refuses anything but the two shapes with 400, saying what it takes, and keeps the shape it had', async () => {
    const sandbox = createSandbox();
    await setListing(sandbox, { shape: 'reference' });
    for (const json of [
      { shape: 'documented' },
      { shape: 'REFERENCE' },
      { shape: 1 },
      { shape: null },
      {},
      'reference',
      ['complete'],
      null,
    ]) {
      expectError(await setListing(sandbox, json), 400, REFUSED);
    }
    expectError(await call(sandbox, 'POST', '/__sandbox/order-listing'), 400, REFUSED);
    expectError(await call(sandbox, 'POST', '/__sandbox/order-listing', { body: '{"shape":' }), 400, /not valid JSON/);
    expect(await listingOf(sandbox)).to.deep.equal({ shape: 'reference' });
    expect((await setListing(sandbox, { shape: 'complete' })).body).to.deep.equal({ shape: 'complete' });
    expect(await listingOf(sandbox)).to.deep.equal({ shape: 'complete' });
  });

  it('answers other methods with 405', async () => {
    const answer = await call(createSandbox(), 'DELETE', '/__sandbox/order-listing');
    expectError(answer, 405);
  });

  it('is set back to complete by a reset', async () => {
    const sandbox = createSandbox();
    await setListing(sandbox, { shape: 'reference' });
    expect((await call(sandbox, 'POST', '/__sandbox/reset')).status).to.equal(204);
    expect(await listingOf(sandbox)).to.deep.equal({ shape: 'complete' });
    const [order] = await listAll(sandbox, '/orders/?limit=1', asServer);
    expect(order).to.have.all.keys(ORDER_FIELDS);
  });

  it('is the instance’s orderListing property, which refuses other values with a TypeError, and reset() forgets', () => {
    const instance = createSandbox().instance('property');
    instance.orderListing = 'reference';
    expect(instance.orderListing).to.equal('reference');
    expect(() => {
      instance.orderListing = 'documented' as never;
    }).to.throw(TypeError, REFUSED);
    expect(instance.orderListing).to.equal('reference');
    instance.reset();
    expect(instance.orderListing).to.equal('complete');
  });

  it('starts every instance, and comes back after a reset, to the shape of the sandbox’s options', async () => {
    const sandbox = createSandbox({ orderListing: 'reference' });
    expect(sandbox.instance().orderListing).to.equal('reference');
    expect(sandbox.instance('other').orderListing).to.equal('reference');
    await setListing(sandbox, { shape: 'complete' });
    expect((await call(sandbox, 'POST', '/__sandbox/reset')).status).to.equal(204);
    expect(await listingOf(sandbox)).to.deep.equal({ shape: 'reference' });
  });
});
