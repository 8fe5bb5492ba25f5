/**
 * Tax and shipping on the sandbox's orders: the taxed customer's (Alan's, `SANDBOX_SUBSCRIPTIONS.taxed`) orders carry
 * 8 % tax on their `sub_total` and 4.99 shipping each, placed, next and repriced alike, with `total` their sum; every
 * other customer's carry neither. The rates stay the merchant's: no answer names them.
 */
import { expect } from '@open-wc/testing';
import { SANDBOX_MERCHANT_PREPAID_DISABLED, SANDBOX_SUBSCRIPTIONS, createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { toMinorUnits } from '../../src/sandbox/money.js';
import { orderAmounts } from '../../src/sandbox/orders.js';
import { asServer, call, tokenFor, type CallOptions } from '../helpers/sandbox-calls.js';

const { taxed, eligible } = SANDBOX_SUBSCRIPTIONS;
const NOON = Date.parse('2026-11-22T12:00:00Z');
const AMOUNTS = ['sub_total', 'tax_total', 'shipping_total', 'total'] as const;

type Order = Record<string, any>;

function sandboxAt(startMs: number) {
  const clock = { now: startMs };
  const sandbox = createSandbox({ now: () => clock.now, writeDurationMs: 0 });
  const as = async (customerId: string): Promise<CallOptions> => ({
    token: await tokenFor(customerId, { ts: Math.floor(clock.now / 1000) }),
  });
  return { sandbox, clock, as };
}

/** Every order of the listing at `path`, following `paging.next` to the end. */
async function listAll(sandbox: Sandbox, path: string, auth: CallOptions): Promise<Order[]> {
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
const nextOrderOf = async (sandbox: Sandbox, id: string, auth: CallOptions = asServer) =>
  (await listAll(sandbox, `/orders/?subscription=${id}&status=1`, auth))[0]!;
const upgrade = (sandbox: Sandbox, id: string, orders: number, auth: CallOptions = asServer) =>
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
    const orders = await listAll(sandbox, `/orders/?subscription=${taxed.id}`, asServer);
    expect(orders.map((order) => order.status)).to.include.members([5, 1]);
    for (const order of orders) {
      expect(amountsOf(order), order.public_id).to.deep.equal(['30.00', '2.40', '4.99', '37.39']);
      expectTotalIsItsParts(order);
    }
  });

  it('keeps the rates its own: no answer names them', async () => {
    const { sandbox, as } = sandboxAt(NOON);
    const alan = await as(taxed.customerId);
    const listed = await listAll(sandbox, `/orders/?subscription=${taxed.id}`, alan);
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
      const before = await nextOrderOf(sandbox, taxed.id, alan);
      clock.now = NOON + 60_000;
      expect((await upgrade(sandbox, taxed.id, orders, alan)).status).to.equal(200);
      const after = await nextOrderOf(sandbox, taxed.id, alan);
      const [sub_total, tax_total, shipping_total, total] = amounts;
      expect(after).to.deep.equal({ ...before, sub_total, tax_total, shipping_total, total, updated: '2026-11-22 12:01:00' });
      expectTotalIsItsParts(after);
      expect((await call(sandbox, 'GET', `/orders/${after.public_id}/`, alan)).body, 'read by id').to.deep.equal(after);
    });
  }

  it('reprices nothing but the next order: the placed ones keep their amounts', async () => {
    const { sandbox } = sandboxAt(NOON);
    const placedBefore = await listAll(sandbox, `/orders/?subscription=${taxed.id}&status=5`, asServer);
    await upgrade(sandbox, taxed.id, 3);
    expect(await listAll(sandbox, `/orders/?subscription=${taxed.id}&status=5`, asServer)).to.deep.equal(placedBefore);
  });

  it('is undone by a reset', async () => {
    const { sandbox } = sandboxAt(NOON);
    await upgrade(sandbox, taxed.id, 6);
    await call(sandbox, 'POST', '/__sandbox/reset');
    expect(amountsOf(await nextOrderOf(sandbox, taxed.id))).to.deep.equal(['30.00', '2.40', '4.99', '37.39']);
  });
});

describe('sandbox: every other customer’s orders', () => {
  it('carry neither tax nor shipping: total is sub_total, in each currency', async () => {
    const { sandbox } = sandboxAt(NOON);
    const bluebell = { apiKey: SANDBOX_MERCHANT_PREPAID_DISABLED.apiKeys.production };
    const orders = [...(await listAll(sandbox, '/orders/?limit=100', asServer)), ...(await listAll(sandbox, '/orders/', bluebell))];
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
    await upgrade(sandbox, eligible.id, 3);
    expect(amountsOf(await nextOrderOf(sandbox, eligible.id))).to.deep.equal(['35.63', '0.00', '0.00', '35.63']);
  });
});
