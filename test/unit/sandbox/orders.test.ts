/**
 * The sandbox's order resource (docs/service.md#orders): every live subscription's unsent next order, dated from the
 * instance's clock; `GET /orders/` and `GET /orders/{id}/` in both scopes, with the `subscription` and `status` filters
 * and both listing shapes; the next order repriced at once by an upgrade, with the merchant's own prepaid discount; and
 * faults aimed at one subscription's order reads.
 */
import { expect } from '@open-wc/testing';
import {
  SANDBOX_CUSTOMERS,
  SANDBOX_MERCHANT,
  SANDBOX_MERCHANT_PREPAID_DISABLED,
  SANDBOX_SUBSCRIPTIONS,
  createSandbox,
  type Sandbox,
} from '../../../src/sandbox/index.js';
import { nextOrderOf, prepaidDiscountPercent } from '../../../src/sandbox/orders.js';
import { seedData } from '../../../src/sandbox/seed.js';
import { asServer, call, expectError, tokenFor, type Answer, type CallOptions } from '../../helpers/sandbox-calls.js';

const { eligible, prepaid, cancelled, notEligible, eligibleEur, eligibleJpy, prepaidDisabled } = SANDBOX_SUBSCRIPTIONS;
const ADA = SANDBOX_CUSTOMERS[0]!.customerId;
const GRACE = SANDBOX_CUSTOMERS[1]!.customerId;
const NOON = Date.parse('2026-11-22T12:00:00Z');
const DAY_MS = 86_400_000;
const PRODUCTION = { 'X-OG-API-VERSION': '2' };
const ORDER_FIELDS = [
  'public_id',
  'subscription',
  'customer',
  'place',
  'status',
  'currency_code',
  'sub_total',
  'tax_total',
  'shipping_total',
  'total',
  'created',
  'updated',
];

type Order = Record<string, any>;

/** A sandbox whose clock reads what `clock.now` says, and storefront credentials valid at that time. */
function sandboxAt(startMs: number) {
  const clock = { now: startMs };
  const sandbox = createSandbox({ now: () => clock.now, writeDurationMs: 0 });
  const as = async (customerId: string, merchant: { publicId: string; hashKey: string } = SANDBOX_MERCHANT): Promise<CallOptions> => ({
    token: await tokenFor(customerId, { merchant, ts: Math.floor(clock.now / 1000) }),
  });
  return { sandbox, clock, as };
}

/** `YYYY-MM-DD` of `days` days after the UTC day of `ms`. */
const dateAfter = (ms: number, days: number) => new Date(ms + days * DAY_MS).toISOString().slice(0, 10);

/** A GET with the credential of `auth` and any other `headers`. */
async function get(sandbox: Sandbox, path: string, auth: CallOptions, headers: Record<string, string> = {}): Promise<Answer> {
  const request = new Headers(headers);
  if (auth.token !== undefined) request.set('authorization', auth.token);
  if (auth.apiKey !== undefined) request.set('x-api-key', auth.apiKey);
  const response = await sandbox.handle(new Request(new URL(path, 'https://sandbox.test'), { headers: request }));
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/**
 * Every order of a listing, following the default shape's `paging.next` (or production's `next`) to the end; and its
 * pages.
 */
async function walk(sandbox: Sandbox, path: string, auth: CallOptions, headers: Record<string, string> = {}) {
  const pages: Order[][] = [];
  const addresses: string[] = [];
  for (let next: string | null = path; next;) {
    const answer = await get(sandbox, next, auth, headers);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    pages.push(answer.body.results);
    next = headers['X-OG-API-VERSION'] ? answer.body.next : answer.body.paging.next;
    if (next) addresses.push(next);
  }
  return { orders: pages.flat(), pages, addresses };
}

const ids = (orders: Order[]) => orders.map((order) => order.public_id as string);
const nextOrderPath = (subscriptionId: string) => `/orders/?subscription=${subscriptionId}&status=1`;

/** The subscription's unsent next order, read as the widget reads it. */
async function readNextOrder(sandbox: Sandbox, subscriptionId: string, auth: CallOptions = asServer): Promise<Order> {
  const answer = await get(sandbox, nextOrderPath(subscriptionId), auth);
  expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
  expect(answer.body.results, subscriptionId).to.have.length(1);
  return answer.body.results[0];
}

const upgrade = (sandbox: Sandbox, id: string, json: unknown, auth: CallOptions = asServer) =>
  call(sandbox, 'PATCH', `/subscriptions/${id}/upgrade_to_prepaid/`, { ...auth, json });

describe('sandbox: seeded orders', () => {
  it('gives every live subscription exactly one unsent order, 3 to 30 days after the instance’s today', async () => {
    const { sandbox } = sandboxAt(NOON);
    const live = (await walk(sandbox, '/subscriptions/?live=true&limit=100', asServer)).orders;
    const unsent = (await walk(sandbox, '/orders/?status=1&limit=100', asServer)).orders;
    expect(unsent.map((order) => order.subscription)).to.have.members(ids(live));
    const earliest = `${dateAfter(NOON, 3)} 00:00:00`;
    const latest = `${dateAfter(NOON, 30)} 00:00:00`;
    for (const order of unsent) {
      expect(order.place, order.public_id).to.match(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
      expect(order.place >= earliest && order.place <= latest, `${order.public_id} on ${order.place}`).to.equal(true);
    }
    expect(new Set(unsent.map((order) => order.place)).size, 'dates varied per subscription').to.be.above(10);
    // The other merchant's live subscription has one too.
    const bluebell = { apiKey: SANDBOX_MERCHANT_PREPAID_DISABLED.apiKeys.production };
    expect(ids((await walk(sandbox, '/orders/?status=1', bluebell)).orders)).to.deep.equal(['ord_chamomile_rosalind_next']);
  });

  it('names the demo cases’ next orders readably, dated from today, after their placed orders', async () => {
    const { sandbox } = sandboxAt(NOON);
    const adas = (await walk(sandbox, '/orders/', asServer)).orders.filter((order) => order.customer === ADA);
    expect(adas.map((order) => [order.public_id, order.status, order.place])).to.deep.equal([
      ['ord_coffee_ada_placed_1', 5, '2026-11-06 00:00:00'],
      ['ord_coffee_ada_next', 1, '2026-12-04 00:00:00'],
      ['ord_tea_ada_placed_1', 5, '2026-10-20 00:00:00'],
      ['ord_tea_ada_placed_2', 5, '2026-11-17 00:00:00'],
      ['ord_tea_ada_next', 1, '2026-12-15 00:00:00'],
      ['ord_decaf_ada_placed_1', 5, '2026-09-14 00:00:00'],
      ['ord_descaler_ada_placed_1', 5, '2026-06-24 00:00:00'],
      ['ord_descaler_ada_placed_2', 5, '2026-09-16 00:00:00'],
      ['ord_descaler_ada_next', 1, '2026-12-09 00:00:00'],
    ]);
    const data = seedData(NOON);
    expect(nextOrderOf(data, eligible.id)).to.include({ public_id: 'ord_coffee_ada_next', place: '2026-12-04 00:00:00' });
    expect(nextOrderOf(data, cancelled.id)).to.equal(undefined);
  });

  it('gives a cancelled subscription placed orders only, up to the day it was cancelled', async () => {
    const { sandbox } = sandboxAt(NOON);
    const { orders } = await walk(sandbox, `/orders/?subscription=${cancelled.id}`, asServer);
    expect(orders.length).to.be.within(1, 2);
    expect(orders.every((order) => order.status === 5 && order.place <= '2026-09-14 10:22:05')).to.equal(true);
  });

  it('bills one order pay-as-you-go, nothing while prepaid orders remain, with the currency’s minor digits', async () => {
    const { sandbox } = sandboxAt(NOON);
    const totals = async (id: string) => {
      const order = await readNextOrder(sandbox, id);
      expect(order.total, id).to.equal(order.sub_total);
      return [order.currency_code, order.sub_total, order.tax_total, order.shipping_total];
    };
    expect(await totals(eligible.id)).to.deep.equal(['USD', '12.50', '0.00', '0.00']);
    expect(await totals(prepaid.id)).to.deep.equal(['USD', '0.00', '0.00', '0.00']);
    expect(await totals(eligibleEur.id)).to.deep.equal(['EUR', '11.90', '0.00', '0.00']);
    expect(await totals(eligibleJpy.id)).to.deep.equal(['JPY', '1800', '0', '0']);
    // Alan's, quantity 2 and taxed, is in sandbox-order-charges.test.ts.
  });

  it('dates by the calendar day in UTC, whatever the hour of the clock', async () => {
    const beforeMidnight = Date.parse('2026-11-22T23:59:59Z');
    expect(nextOrderOf(seedData(beforeMidnight), eligible.id)!.place).to.equal('2026-12-04 00:00:00');
    expect(nextOrderOf(seedData(beforeMidnight + 2000), eligible.id)!.place).to.equal('2026-12-05 00:00:00');
    expect(nextOrderOf(seedData(Date.parse('2026-11-22T00:00:00Z')), eligible.id)!.place).to.equal('2026-12-04 00:00:00');
  });

  it('shows each subscription’s next order date in /__sandbox/info, null for one without', async () => {
    const { sandbox } = sandboxAt(NOON);
    const info = (await call(sandbox, 'GET', '/__sandbox/info')).body;
    const adas = info.customers[0].subscriptions.map((s: { id: string; nextOrderPlace: string | null }) => [s.id, s.nextOrderPlace]);
    expect(adas).to.deep.equal([
      [eligible.id, '2026-12-04 00:00:00'],
      [prepaid.id, '2026-12-15 00:00:00'],
      [cancelled.id, null],
      [notEligible.id, '2026-12-09 00:00:00'],
    ]);
  });
});

describe('sandbox: reading orders', () => {
  it('lists a storefront caller’s own orders only, and reads one of them with every field', async () => {
    const { sandbox, as } = sandboxAt(NOON);
    const ada = await as(ADA);
    const { orders } = await walk(sandbox, '/orders/', ada);
    expect(orders.length).to.equal(9);
    expect(orders.every((order) => order.customer === ADA)).to.equal(true);

    const answer = await call(sandbox, 'GET', '/orders/ord_coffee_ada_next/', ada);
    expect(answer.status).to.equal(200);
    expect(answer.body).to.have.all.keys(ORDER_FIELDS);
    expect(answer.body).to.deep.equal(orders.find((order) => order.public_id === 'ord_coffee_ada_next'));
    expect(answer.body).to.include({ subscription: eligible.id, customer: ADA, status: 1, currency_code: 'USD' });
  });

  it('answers another customer’s order exactly like a missing one, 404', async () => {
    const { sandbox, as } = sandboxAt(NOON);
    const ada = await as(ADA);
    const someoneElses = await call(sandbox, 'GET', '/orders/ord_espresso_grace_next/', ada);
    const missing = await call(sandbox, 'GET', '/orders/ord_does_not_exist/', ada);
    expectError(someoneElses, 404);
    expect(someoneElses.body).to.deep.equal(missing.body);
    expect((await call(sandbox, 'GET', '/orders/ord_espresso_grace_next/', await as(GRACE))).status).to.equal(200);
    // Her subscription's orders are not listed to him either: an empty list, as for a subscription without any.
    expect((await get(sandbox, nextOrderPath(eligibleEur.id), ada)).body.results).to.deep.equal([]);
  });

  it('shows the application scope every order of its merchant, and no other merchant’s', async () => {
    const { sandbox } = sandboxAt(NOON);
    const { orders } = await walk(sandbox, '/orders/?limit=100', asServer);
    expect(new Set(orders.map((order) => order.customer))).to.include.keys(ADA, GRACE, 'cus_margaret', 'cus_hedy');
    expect(ids(orders)).to.not.include('ord_chamomile_rosalind_next');
    expect((await call(sandbox, 'GET', '/orders/ord_matcha_kenji_next/', asServer)).status).to.equal(200);
    expectError(await call(sandbox, 'GET', '/orders/ord_chamomile_rosalind_next/', asServer), 404);
  });

  it('filters by subscription and status', async () => {
    const { sandbox, as } = sandboxAt(NOON);
    const ada = await as(ADA);
    expect(ids((await walk(sandbox, nextOrderPath(eligible.id), ada)).orders)).to.deep.equal(['ord_coffee_ada_next']);
    expect(ids((await walk(sandbox, `/orders/?subscription=${prepaid.id}`, ada)).orders)).to.deep.equal([
      'ord_tea_ada_placed_1',
      'ord_tea_ada_placed_2',
      'ord_tea_ada_next',
    ]);
    const placed = (await walk(sandbox, '/orders/?status=5', ada)).orders;
    expect(placed.length).to.equal(6);
    expect(placed.every((order) => order.status === 5)).to.equal(true);
    expect((await walk(sandbox, '/orders/?status=2', ada)).orders).to.deep.equal([]);
  });

  it('refuses a status that is not a whole number with 400', async () => {
    const { sandbox, as } = sandboxAt(NOON);
    const ada = await as(ADA);
    for (const status of ['x', '-1', '1.5', '', 'true']) {
      expectError(await call(sandbox, 'GET', `/orders/?status=${status}`, ada), 400, /status/);
    }
  });

  it('pages in both listing shapes, keeping the filters in every next address', async () => {
    const { sandbox } = sandboxAt(NOON);
    const all = ids((await walk(sandbox, '/orders/?status=1&limit=100', asServer)).orders);
    expect(all.length).to.be.above(40);

    const spec = await walk(sandbox, '/orders/?status=1&limit=20', asServer);
    expect(spec.pages.length).to.equal(Math.ceil(all.length / 20));
    expect(ids(spec.orders)).to.deep.equal(all);
    for (const address of spec.addresses) expect(new URL(address).searchParams.get('status')).to.equal('1');

    const production = await walk(sandbox, '/orders/?status=1&page_size=20', asServer, PRODUCTION);
    expect(production.pages.map((page) => page.length)).to.deep.equal(spec.pages.map((page) => page.length));
    expect(ids(production.orders)).to.deep.equal(all);
    for (const address of production.addresses) {
      expect(Object.fromEntries(new URL(address).searchParams)).to.include({ status: '1', page_size: '20' });
    }
    const first = await get(sandbox, '/orders/?status=1&page_size=20', asServer, PRODUCTION);
    expect(first.body).to.have.all.keys('next', 'previous', 'results');
  });

  it('pages a storefront caller’s orders, one at a time', async () => {
    const { sandbox, as } = sandboxAt(NOON);
    const ada = await as(ADA);
    const paged = await walk(sandbox, `/orders/?subscription=${prepaid.id}&limit=1`, ada);
    expect(paged.pages.map((page) => page.length)).to.deep.equal([1, 1, 1]);
    for (const address of paged.addresses) expect(new URL(address).searchParams.get('subscription')).to.equal(prepaid.id);
  });
});

describe('sandbox: the merchant’s prepaid discount', () => {
  it('is tiered: the discount of the longest term not longer than the orders prepaid', () => {
    const northwind = { 3: 5, 6: 10, 12: 15 };
    const discounts = [2, 3, 4, 5, 6, 11, 12, 24].map((orders) => prepaidDiscountPercent(northwind, orders));
    expect(discounts).to.deep.equal([0, 5, 5, 5, 10, 10, 15, 15]);
    expect(prepaidDiscountPercent({}, 12), 'a merchant without any').to.equal(0);
  });
});

describe('sandbox: an upgrade reprices the next order', () => {
  const cases: Array<[subscription: string, orders: number, billed: string]> = [
    [eligible.id, 12, '127.50'],
    [eligible.id, 6, '67.50'],
    [eligible.id, 3, '35.63'],
    [eligible.id, 4, '47.50'],
    [eligibleJpy.id, 12, '18360'],
    [eligibleJpy.id, 4, '6840'],
    [eligibleEur.id, 12, '121.38'],
  ];
  for (const [subscription, orders, billed] of cases) {
    it(`bills ${billed} for ${orders} orders of ${subscription}, less the merchant’s discount, on the same date`, async () => {
      const { sandbox, clock } = sandboxAt(NOON);
      const before = await readNextOrder(sandbox, subscription);
      clock.now = NOON + 60_000;
      expect((await upgrade(sandbox, subscription, { orders_per_billing: orders })).status).to.equal(200);
      const after = await readNextOrder(sandbox, subscription);
      expect(after).to.deep.equal({ ...before, sub_total: billed, total: billed, updated: '2026-11-22 12:01:00' });
    });
  }

  it('reprices from the storefront scope too, and the order read by id agrees', async () => {
    const { sandbox, as } = sandboxAt(NOON);
    const ada = await as(ADA);
    expect((await upgrade(sandbox, eligible.id, { orders_per_billing: 12 }, ada)).status).to.equal(200);
    expect((await call(sandbox, 'GET', '/orders/ord_coffee_ada_next/', ada)).body).to.include({ sub_total: '127.50', total: '127.50' });
  });

  it('reprices nothing when the upgrade is refused', async () => {
    const { sandbox, as } = sandboxAt(NOON);
    const refusals: Array<[string, unknown, CallOptions]> = [
      [eligible.id, { orders_per_billing: 2 }, asServer],
      [notEligible.id, { orders_per_billing: 6 }, asServer],
      [prepaid.id, { orders_per_billing: 6 }, asServer],
      [prepaidDisabled.id, { orders_per_billing: 6 }, await as(prepaidDisabled.customerId, SANDBOX_MERCHANT_PREPAID_DISABLED)],
    ];
    for (const [id, body, auth] of refusals) {
      const before = await readNextOrder(sandbox, id, auth);
      expect((await upgrade(sandbox, id, body, auth)).status, id).to.equal(400);
      expect(await readNextOrder(sandbox, id, auth), id).to.deep.equal(before);
    }
  });

  it('reprices nothing on a renewal change', async () => {
    const { sandbox, clock } = sandboxAt(NOON);
    const change = (id: string, renewal_behavior: string) =>
      call(sandbox, 'PATCH', `/subscriptions/${id}/change_renewal_behavior/`, { ...asServer, json: { renewal_behavior } });
    const prepaidBefore = await readNextOrder(sandbox, prepaid.id);
    expect((await change(prepaid.id, 'cancel')).status).to.equal(200);
    expect(await readNextOrder(sandbox, prepaid.id)).to.deep.equal(prepaidBefore);

    await upgrade(sandbox, eligible.id, { orders_per_billing: 6 });
    const upgraded = await readNextOrder(sandbox, eligible.id);
    clock.now += 60_000;
    expect((await change(eligible.id, 'downgrade')).status).to.equal(200);
    expect(await readNextOrder(sandbox, eligible.id)).to.deep.equal(upgraded);
  });

  it('reprices when an apply fault loses the upgrade’s answer', async () => {
    const { sandbox } = sandboxAt(NOON);
    await call(sandbox, 'POST', '/__sandbox/faults', { json: { status: 503, method: 'PATCH', apply: true } });
    expectError(await upgrade(sandbox, eligible.id, { orders_per_billing: 12 }), 503);
    expect(await readNextOrder(sandbox, eligible.id)).to.include({ sub_total: '127.50', total: '127.50' });
  });

  it('is undone by a reset, which also dates the next orders from the clock’s new today', async () => {
    const { sandbox, clock, as } = sandboxAt(NOON);
    await upgrade(sandbox, eligible.id, { orders_per_billing: 12 });
    clock.now = NOON + 3 * DAY_MS;
    expect((await call(sandbox, 'POST', '/__sandbox/reset')).status).to.equal(204);
    const next = await readNextOrder(sandbox, eligible.id, await as(ADA));
    expect(next).to.include({ public_id: 'ord_coffee_ada_next', sub_total: '12.50', place: '2026-12-07 00:00:00' });
  });
});

describe('sandbox: faults aimed at order reads', () => {
  const addFault = (sandbox: Sandbox, fault: Record<string, unknown>) => call(sandbox, 'POST', '/__sandbox/faults', { json: fault });

  it('reach one subscription’s order reads by their query, and no other request', async () => {
    const { sandbox, as } = sandboxAt(NOON);
    const ada = await as(ADA);
    expect((await addFault(sandbox, { status: 503, method: 'GET', path: `/orders/?subscription=${eligible.id}` })).status).to.equal(201);
    for (const path of [nextOrderPath(prepaid.id), `/subscriptions/${eligible.id}/`, '/orders/ord_coffee_ada_next/', '/orders/?status=1']) {
      expect((await call(sandbox, 'GET', path, ada)).status, path).to.equal(200);
    }
    expectError(await call(sandbox, 'GET', nextOrderPath(eligible.id), ada), 503);
    expect((await call(sandbox, 'GET', nextOrderPath(eligible.id), ada)).status).to.equal(200);
  });

  it('leave order reads alone when aimed as the tests and the demo aim them at subscriptions, upgrades and products', async () => {
    const { sandbox, as } = sandboxAt(NOON);
    const ada = await as(ADA);
    const paths = [`/subscriptions/${eligible.id}/`, '/subscriptions/', 'subscriptions', 'upgrade_to_prepaid', 'products'];
    for (const path of paths) await addFault(sandbox, { status: 503, path });
    expect((await call(sandbox, 'GET', nextOrderPath(eligible.id), ada)).status).to.equal(200);
    expect((await call(sandbox, 'GET', '/orders/ord_coffee_ada_next/', ada)).status).to.equal(200);
    expect((await call(sandbox, 'GET', '/__sandbox/faults')).body).to.have.length(paths.length);
  });

  it('reach every order read when aimed at /orders/', async () => {
    const { sandbox, as } = sandboxAt(NOON);
    const ada = await as(ADA);
    await addFault(sandbox, { status: 0, method: 'GET', path: '/orders/', count: 2 });
    expect((await call(sandbox, 'GET', `/subscriptions/${eligible.id}/`, ada)).status).to.equal(200);
    expect((await call(sandbox, 'GET', nextOrderPath(prepaid.id), ada)).status, 'a network failure').to.equal(0);
    expect((await call(sandbox, 'GET', '/orders/ord_coffee_ada_next/', ada)).status).to.equal(0);
    expect((await call(sandbox, 'GET', nextOrderPath(prepaid.id), ada)).status).to.equal(200);
  });
});
