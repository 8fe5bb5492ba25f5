/**
 * The sandbox's order resource (docs/service.md#orders): every live subscription's unsent next order, dated from the
 * instance's clock; `GET /orders/` and `GET /orders/{id}/` in both scopes, with the `subscription` and `status` filters
 * and both listing shapes; the next order repriced at once by an upgrade, with the merchant's own prepaid discount; and
 * faults aimed at one subscription's order reads. Then the taxed customer's tax and shipping, and how an instance lists
 * orders: complete, or as the service's List reference documents the listing.
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
import { toMinorUnits } from '../../../src/sandbox/money.js';
import { nextOrderOf, orderAmounts, prepaidDiscountPercent } from '../../../src/sandbox/orders.js';
import { ListedOrderSchema, OrderSchema, numberedPageOf, pageOf } from '../../../src/sandbox/schemas.js';
import { seedData } from '../../../src/sandbox/seed.js';
import { asServer, call, expectError, tokenFor, type Answer, type CallOptions } from '../../helpers/sandbox-calls.js';

const { eligible, prepaid, cancelled, notEligible, eligibleEur, eligibleJpy, prepaidDisabled, taxed } = SANDBOX_SUBSCRIPTIONS;
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
    // Alan's, quantity 2 and taxed, is under tax and shipping below.
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

// ---- tax and shipping --------------------------------------------------------------------------------------------

/**
 * Tax and shipping on the sandbox's orders: the taxed customer's (Alan's, `SANDBOX_SUBSCRIPTIONS.taxed`) orders carry
 * 8 % tax on their `sub_total` and 4.99 shipping each, placed, next and repriced alike, with `total` their sum; every
 * other customer's carry neither. The rates stay the merchant's: no answer names them.
 */

const AMOUNTS = ['sub_total', 'tax_total', 'shipping_total', 'total'] as const;

/** Every order of the listing at `path`, following `paging.next` to the end. */
async function everyOrder(sandbox: Sandbox, path: string, auth: CallOptions): Promise<Order[]> {
  const orders: Order[] = [];
  for (let next: string | null = path; next;) {
    const answer = await call(sandbox, 'GET', next, auth);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    orders.push(...answer.body.results);
    next = answer.body.paging.next;
  }
  return orders;
}

const amountsOf = (order: Order) => AMOUNTS.map((name) => order[name] as string);
const listedNextOrder = async (sandbox: Sandbox, id: string, auth: CallOptions = asServer) =>
  (await everyOrder(sandbox, `/orders/?subscription=${id}&status=1`, auth))[0]!;
const upgradeTo = (sandbox: Sandbox, id: string, orders: number, auth: CallOptions = asServer) =>
  call(sandbox, 'PATCH', `/subscriptions/${id}/upgrade_to_prepaid/`, { ...auth, json: { orders_per_billing: orders } });

/** `total` is `sub_total` + `tax_total` + `shipping_total`, to the minor unit. */
function expectTotalIsItsParts(order: Order): void {
  const minor = (name: string) => toMinorUnits(order[name], order.currency_code);
  expect(minor('total'), `${order.public_id}: ${amountsOf(order).join(', ')}`).to.equal(
    minor('sub_total') + minor('tax_total') + minor('shipping_total'),
  );
}

describe('sandbox: an order’s amounts', () => {
  it('adds tax, rounded half up to the minor unit, and shipping once, in whole minor units', () => {
    const alan = { taxPercent: 8, shipping: '4.99' };
    expect(orderAmounts('85.50', 'USD', alan)).to.deep.equal({
      sub_total: '85.50',
      tax_total: '6.84',
      shipping_total: '4.99',
      total: '97.33',
    });
    expect(orderAmounts('30.00', 'USD', alan)).to.deep.equal({
      sub_total: '30.00',
      tax_total: '2.40',
      shipping_total: '4.99',
      total: '37.39',
    });
    // 8 % of 10.06 is 0.8048; 5 % of 0.10 is half a cent, rounded up; 5 % of 0.09 is 0.45 of a cent, rounded down.
    expect(orderAmounts('10.06', 'USD', alan).tax_total).to.equal('0.80');
    expect(orderAmounts('0.10', 'USD', { taxPercent: 5, shipping: '0' }).tax_total).to.equal('0.01');
    expect(orderAmounts('0.09', 'USD', { taxPercent: 5, shipping: '0' }).tax_total).to.equal('0.00');
    expect(orderAmounts('1800', 'JPY', { taxPercent: 8, shipping: '500' })).to.deep.equal({
      sub_total: '1800',
      tax_total: '144',
      shipping_total: '500',
      total: '2444',
    });
    expect(orderAmounts('12.50', 'EUR', { taxPercent: 0, shipping: '0' })).to.deep.equal({
      sub_total: '12.50',
      tax_total: '0.00',
      shipping_total: '0.00',
      total: '12.50',
    });
  });
});

describe('sandbox: the taxed customer’s orders', () => {
  it('is Alan’s subscription, 2 × 15.00 USD and pay-as-you-go', async () => {
    const { sandbox } = sandboxAt(NOON);
    expect(taxed).to.deep.equal({ id: 'sub_cold_brew_alan', customerId: 'cus_alan' });
    const subscription = (await call(sandbox, 'GET', `/subscriptions/${taxed.id}/`, asServer)).body;
    expect(subscription).to.include({ customer: taxed.customerId, quantity: 2, price: '15.00', currency_code: 'USD' });
    expect(subscription.prepaid_subscription_context).to.equal(null);
  });

  it('bills 8 % tax and 4.99 shipping on every order, placed and next: 30.00 + 2.40 + 4.99 = 37.39', async () => {
    const { sandbox } = sandboxAt(NOON);
    const orders = await everyOrder(sandbox, `/orders/?subscription=${taxed.id}`, asServer);
    expect(orders.map((order) => order.status)).to.include.members([5, 1]);
    for (const order of orders) {
      expect(amountsOf(order), order.public_id).to.deep.equal(['30.00', '2.40', '4.99', '37.39']);
      expectTotalIsItsParts(order);
    }
  });

  it('keeps the rates its own: no answer names them', async () => {
    const { sandbox, as } = sandboxAt(NOON);
    const alan = await as(taxed.customerId);
    const listed = await everyOrder(sandbox, `/orders/?subscription=${taxed.id}`, alan);
    const read = (await call(sandbox, 'GET', `/orders/${listed[0]!.public_id}/`, alan)).body;
    for (const text of [JSON.stringify(listed), JSON.stringify(read)]) expect(text).to.not.match(/charges|taxPercent|"shipping"/);
  });

  const repriced: Array<[orders: number, amounts: string[]]> = [
    // 3 × 2 × 15.00 = 90.00, less 5 % = 85.50; 8 % of it is 6.84; 85.50 + 6.84 + 4.99 = 97.33.
    [3, ['85.50', '6.84', '4.99', '97.33']],
    // 6 × 30.00 = 180.00, less 10 % = 162.00; 8 % is 12.96; 162.00 + 12.96 + 4.99 = 179.95.
    [6, ['162.00', '12.96', '4.99', '179.95']],
    // 12 × 30.00 = 360.00, less 15 % = 306.00; 8 % is 24.48; 306.00 + 24.48 + 4.99 = 335.47.
    [12, ['306.00', '24.48', '4.99', '335.47']],
  ];
  for (const [orders, amounts] of repriced) {
    it(`reprices the next order on an upgrade to ${orders} orders, tax following the new sub_total: ${amounts.join(', ')}`, async () => {
      const { sandbox, clock, as } = sandboxAt(NOON);
      const alan = await as(taxed.customerId);
      const before = await listedNextOrder(sandbox, taxed.id, alan);
      clock.now = NOON + 60_000;
      expect((await upgradeTo(sandbox, taxed.id, orders, alan)).status).to.equal(200);
      const after = await listedNextOrder(sandbox, taxed.id, alan);
      const [sub_total, tax_total, shipping_total, total] = amounts;
      expect(after).to.deep.equal({ ...before, sub_total, tax_total, shipping_total, total, updated: '2026-11-22 12:01:00' });
      expectTotalIsItsParts(after);
      expect((await call(sandbox, 'GET', `/orders/${after.public_id}/`, alan)).body, 'read by id').to.deep.equal(after);
    });
  }

  it('reprices nothing but the next order: the placed ones keep their amounts', async () => {
    const { sandbox } = sandboxAt(NOON);
    const placedBefore = await everyOrder(sandbox, `/orders/?subscription=${taxed.id}&status=5`, asServer);
    await upgradeTo(sandbox, taxed.id, 3);
    expect(await everyOrder(sandbox, `/orders/?subscription=${taxed.id}&status=5`, asServer)).to.deep.equal(placedBefore);
  });

  it('is undone by a reset', async () => {
    const { sandbox } = sandboxAt(NOON);
    await upgradeTo(sandbox, taxed.id, 6);
    await call(sandbox, 'POST', '/__sandbox/reset');
    expect(amountsOf(await listedNextOrder(sandbox, taxed.id))).to.deep.equal(['30.00', '2.40', '4.99', '37.39']);
  });
});

describe('sandbox: every other customer’s orders', () => {
  it('carry neither tax nor shipping: total is sub_total, in each currency', async () => {
    const { sandbox } = sandboxAt(NOON);
    const bluebell = { apiKey: SANDBOX_MERCHANT_PREPAID_DISABLED.apiKeys.production };
    const orders = [...(await everyOrder(sandbox, '/orders/?limit=100', asServer)), ...(await everyOrder(sandbox, '/orders/', bluebell))];
    const others = orders.filter((order) => order.customer !== taxed.customerId);
    expect(others.length).to.be.above(100);
    expect(new Set(others.map((order) => order.currency_code))).to.have.all.keys('USD', 'EUR', 'JPY');
    for (const order of others) {
      const zero = order.currency_code === 'JPY' ? '0' : '0.00';
      expect([order.tax_total, order.shipping_total, order.total], order.public_id).to.deep.equal([zero, zero, order.sub_total]);
    }
  });

  it('stay untaxed after an upgrade', async () => {
    const { sandbox } = sandboxAt(NOON);
    await upgradeTo(sandbox, eligible.id, 3);
    expect(amountsOf(await listedNextOrder(sandbox, eligible.id))).to.deep.equal(['35.63', '0.00', '0.00', '35.63']);
  });
});

// ---- how an instance lists orders --------------------------------------------------------------------------------

/**
 * How a sandbox instance lists orders, chosen through `/__sandbox/order-listing` or `SandboxInstance.orderListing`:
 * complete by default, or as the service's List reference documents the listing (no `sub_total`, and `total` the text
 * "undefined", as the reference's example), in both listing shapes and both scopes. `GET /orders/{id}/` answers the
 * complete order either way, and only to its own customer in the storefront scope.
 */

const SCHEMA_ORDER_FIELDS = Object.keys(OrderSchema.shape);
const REFUSED = /^shape must be "complete" or "reference"\.$/;

const asCustomer = async (customerId: string): Promise<CallOptions> => ({ token: await tokenFor(customerId) });

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
    expect(order, order.public_id).to.have.all.keys(SCHEMA_ORDER_FIELDS.filter((field) => field !== 'sub_total'));
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
    expect(order).to.have.all.keys(SCHEMA_ORDER_FIELDS);
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
    expect(order).to.have.all.keys(SCHEMA_ORDER_FIELDS);
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
        expect(answer.body).to.have.all.keys(SCHEMA_ORDER_FIELDS);
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
    expect(order).to.have.all.keys(SCHEMA_ORDER_FIELDS);
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
