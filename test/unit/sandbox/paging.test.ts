/**
 * The sandbox's listings in both shapes (docs/service.md#listings): the default `{results, paging: {next}}`,
 * and production's `{next, previous, results}`, paged by `page_size` and `page`, for a request with
 * `X-OG-API-VERSION: 2`; and the customer seeded for discovery, whose few upgradeable subscriptions are spread over
 * several pages.
 */
import { expect } from '@open-wc/testing';
import { SANDBOX_CUSTOMERS, SANDBOX_DISCOVERY, SANDBOX_MERCHANT, createSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { ORIGIN, asServer, call, expectError, tokenFor, type Answer, type CallOptions } from '../../helpers/sandbox-calls.js';

const ADA = SANDBOX_CUSTOMERS[0]!.customerId;
const HEDY = SANDBOX_DISCOVERY.customerId;
/** Hedy's live subscriptions: 2 pages of 20, 3 of 10. */
const HEDY_LIVE = 24;
const PRODUCTION = { 'X-OG-API-VERSION': '2' };

type Subscription = Record<string, any>;

/** A GET with the credential of `auth` and any other `headers`, as `call` makes it. */
async function get(sandbox: Sandbox, path: string, auth: CallOptions, headers: Record<string, string> = PRODUCTION): Promise<Answer> {
  const request = new Headers(headers);
  if (auth.token !== undefined) request.set('authorization', auth.token);
  if (auth.apiKey !== undefined) request.set('x-api-key', auth.apiKey);
  const response = await sandbox.handle(new Request(new URL(path, ORIGIN), { headers: request }));
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** Follows production's `next` from `path` to the end; returns every page's body. */
async function walkNumbered(sandbox: Sandbox, path: string, auth: CallOptions): Promise<Array<Record<string, any>>> {
  const pages: Array<Record<string, any>> = [];
  for (let next: string | null = path; next; next = pages.at(-1)!.next) {
    const answer = await get(sandbox, next, auth);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(answer.body).to.have.all.keys('next', 'previous', 'results');
    pages.push(answer.body);
  }
  return pages;
}

/** Follows the default shape's `paging.next` from `path` to the end; returns every page's results. */
async function walkSpec(sandbox: Sandbox, path: string, auth: CallOptions): Promise<Subscription[][]> {
  const pages: Subscription[][] = [];
  for (let next: string | null = path; next;) {
    const answer = await call(sandbox, 'GET', next, auth);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    pages.push(answer.body.results);
    next = answer.body.paging.next;
  }
  return pages;
}

const ids = (subscriptions: Subscription[]) => subscriptions.map((s) => s.public_id as string);
const asHedy = async (): Promise<CallOptions> => ({ token: await tokenFor(HEDY) });

describe('sandbox: listing in production’s shape (X-OG-API-VERSION: 2)', () => {
  it('answers {next, previous, results} at the top level, 20 to a page, with next on the request’s origin and path', async () => {
    const first = await get(createSandbox(), '/subscriptions/?live=true', await asHedy());
    expect(first.status).to.equal(200);
    expect(first.body).to.have.all.keys('next', 'previous', 'results');
    expect(first.body.results).to.have.length(20);
    expect(first.body.previous).to.equal(null);
    const next = new URL(first.body.next);
    expect(next.origin + next.pathname).to.equal(`${ORIGIN}/subscriptions/`);
    expect(Object.fromEntries(next.searchParams)).to.deep.equal({ live: 'true', page: '2' });
  });

  it('yields every live subscription of the customer once, in the default shape’s order, and leads back with previous', async () => {
    const sandbox = createSandbox();
    const hedy = await asHedy();
    const pages = await walkNumbered(sandbox, '/subscriptions/?live=true', hedy);
    expect(pages.map((page) => page.results.length)).to.deep.equal([20, HEDY_LIVE - 20]);
    const found = pages.flatMap((page) => page.results as Subscription[]);
    expect(new Set(ids(found)).size).to.equal(HEDY_LIVE);
    expect(found.every((s) => s.live === true && s.customer === HEDY)).to.equal(true);
    expect(ids(found)).to.deep.equal(ids((await walkSpec(sandbox, '/subscriptions/?live=true', hedy)).flat()));

    // As Django REST framework writes it: the first page's address is the request's without `page`.
    expect(pages[1]!.previous).to.equal(`${ORIGIN}/subscriptions/?live=true`);
    const back = await get(sandbox, pages[1]!.previous, hedy);
    expect(back.body).to.deep.equal(pages[0]);
  });

  it('pages by page_size: 10 takes 3 pages for the discovery customer, keeping page_size in next and previous', async () => {
    const sandbox = createSandbox();
    const pages = await walkNumbered(sandbox, '/subscriptions/?live=true&page_size=10', await asHedy());
    expect(pages.map((page) => page.results.length)).to.deep.equal([10, 10, HEDY_LIVE - 20]);
    expect(new URL(pages[0]!.next).searchParams.get('page_size')).to.equal('10');
    expect(Object.fromEntries(new URL(pages[2]!.previous).searchParams)).to.deep.equal({ live: 'true', page_size: '10', page: '2' });
    expect(pages[2]!.next).to.equal(null);
  });

  it('refuses a page_size that is not a whole number from 1 to 100 with 400', async () => {
    const sandbox = createSandbox();
    const hedy = await asHedy();
    for (const size of ['0', '101', 'x', '-1', '2.5', '']) {
      const answer = await get(sandbox, `/subscriptions/?page_size=${size}`, hedy);
      expectError(answer, 400, /page_size/);
    }
    expect((await get(sandbox, '/subscriptions/?page_size=1', hedy)).body.results).to.have.length(1);
    expect((await get(sandbox, '/subscriptions/?page_size=100', hedy)).body.results).to.have.length(HEDY_LIVE + 1);
  });

  it('answers 404 "Invalid page." to a page that is not one of the list’s, as Django REST framework does', async () => {
    const sandbox = createSandbox();
    const hedy = await asHedy();
    for (const page of ['3', '0', 'x', '-1', '']) {
      const answer = await get(sandbox, `/subscriptions/?live=true&page=${page}`, hedy);
      expectError(answer, 404);
      expect(answer.body).to.deep.equal({ detail: 'Invalid page.' });
    }
    expect((await get(sandbox, '/subscriptions/?live=true&page=2', hedy)).status).to.equal(200);
    // The first page exists even for an empty list.
    const katherine = { token: await tokenFor('cus_katherine') };
    expect((await get(sandbox, '/subscriptions/', katherine)).body).to.deep.equal({ next: null, previous: null, results: [] });
    expectError(await get(sandbox, '/subscriptions/?page=2', katherine), 404);
  });

  it('takes the header’s name in any case, and gives the default shape for any other value', async () => {
    const sandbox = createSandbox();
    const hedy = await asHedy();
    for (const name of ['x-og-api-version', 'X-Og-Api-Version']) {
      expect((await get(sandbox, '/subscriptions/', hedy, { [name]: '2' })).body).to.have.all.keys('next', 'previous', 'results');
    }
    for (const value of ['1', '3', '2.0', 'v2', '']) {
      const answer = await get(sandbox, '/subscriptions/?page_size=10&page=2', hedy, { 'X-OG-API-VERSION': value });
      expect(answer.body, value).to.have.all.keys('results', 'paging');
      expect(answer.body.results, 'page and page_size mean nothing in the default shape').to.have.length(20);
    }
    const cursorless = await get(sandbox, '/subscriptions/?limit=5&cursor=bogus', hedy);
    expect(cursorless.body.results, 'limit and cursor mean nothing in production’s shape').to.have.length(20);
  });

  it('shows a storefront caller only their own subscriptions, and the application all of the merchant’s', async () => {
    const sandbox = createSandbox();
    const adas = (await walkNumbered(sandbox, '/subscriptions/', { token: await tokenFor(ADA) })).flatMap((page) => page.results);
    expect(adas).to.have.length(4);
    expect(adas.every((s: Subscription) => s.customer === ADA)).to.equal(true);
    const hedys = (await walkNumbered(sandbox, '/subscriptions/', await asHedy())).flatMap((page) => page.results);
    expect(hedys.every((s: Subscription) => s.customer === HEDY)).to.equal(true);
    const all = (await walkNumbered(sandbox, '/subscriptions/?page_size=100', asServer)).flatMap((page) => page.results);
    expect(new Set(all.map((s: Subscription) => s.customer))).to.include.keys(ADA, HEDY);
    expect(all.every((s: Subscription) => s.merchant === SANDBOX_MERCHANT.publicId)).to.equal(true);
  });

  it('lists the merchant’s customers the same way, to the application scope only', async () => {
    const sandbox = createSandbox();
    const pages = await walkNumbered(sandbox, '/customers?page_size=2', asServer);
    expect(pages).to.have.length(Math.ceil(SANDBOX_CUSTOMERS.length / 2));
    const customers = pages.flatMap((page) => page.results.map((c: { customer_id: string }) => c.customer_id));
    expect(customers).to.deep.equal(SANDBOX_CUSTOMERS.map((c) => c.customerId));
    expectError(await get(sandbox, '/customers', { token: await tokenFor(ADA) }), 403);
  });

  it('keeps the base path and the instance in next and previous', async () => {
    const sandbox = createSandbox({ basePath: '/sandbox' });
    const pages = await walkNumbered(sandbox, '/sandbox/i/listing/subscriptions/?live=true&page_size=10', await asHedy());
    for (const address of [pages[0]!.next, pages[1]!.previous, pages[1]!.next, pages[2]!.previous]) {
      expect(new URL(address).pathname).to.equal('/sandbox/i/listing/subscriptions/');
    }
  });

  it('lets a page on any origin send the header', async () => {
    const preflight = await call(createSandbox(), 'OPTIONS', '/subscriptions/');
    expect(preflight.headers.get('access-control-allow-headers')).to.include('x-og-api-version');
  });
});

describe('sandbox: the customer seeded for discovery', () => {
  /** Hedy's live subscriptions by page at the default size, in the default shape, and each one's product. */
  async function hedysListing(sandbox: Sandbox) {
    const hedy = await asHedy();
    const pages = await walkSpec(sandbox, '/subscriptions/?live=true', hedy);
    const products = new Map<string, Record<string, any>>();
    for (const subscription of pages.flat()) {
      if (!products.has(subscription.product))
        products.set(subscription.product, (await call(sandbox, 'GET', `/products/${subscription.product}/`, hedy)).body);
    }
    return { pages, products };
  }

  it('has exactly the exported 3 upgradeable and 2 prepaid subscriptions among her 24 live ones', async () => {
    const { pages, products } = await hedysListing(createSandbox());
    const live = pages.flat();
    expect(live).to.have.length(HEDY_LIVE);
    const upgradeable = live.filter((s) => s.prepaid_subscription_context === null && products.get(s.product)!.prepaid_eligible);
    expect(ids(upgradeable)).to.deep.equal([...SANDBOX_DISCOVERY.upgradeable]);
    const prepaid = live.filter((s) => s.prepaid_subscription_context?.prepaid_orders_per_billing > 0);
    expect(ids(prepaid)).to.deep.equal([...SANDBOX_DISCOVERY.prepaid]);
    expect(prepaid.every((s) => products.get(s.product)!.prepaid_eligible)).to.equal(true);
    const others = live.filter((s) => !upgradeable.includes(s) && !prepaid.includes(s));
    expect(others).to.have.length(19);
    expect(others.every((s) => s.prepaid_subscription_context === null && !products.get(s.product)!.prepaid_eligible)).to.equal(true);
  });

  it('spreads the upgradeable ones over pages 1 and 2 at the default size, on three different products', async () => {
    const { pages, products } = await hedysListing(createSandbox());
    const [first, second, third] = SANDBOX_DISCOVERY.upgradeable;
    expect(pages).to.have.length(2);
    expect(ids(pages[0]!)).to.include.members([first, second]).and.not.include(third);
    expect(ids(pages[1]!)).to.include(third);
    const upgradeable = SANDBOX_DISCOVERY.upgradeable.map((id) => pages.flat().find((s) => s.public_id === id)!);
    expect(new Set(upgradeable.map((s) => s.product)).size).to.equal(3);
    expect(new Set(upgradeable.map((s) => products.get(s.product)!.price)).size).to.equal(3);
    expect(new Set(upgradeable.map((s) => s.frequency_days)).size).to.equal(3);
  });

  it('can upgrade the 3, and only them, and leaves the cancelled one out of her live listing', async () => {
    const sandbox = createSandbox({ writeDurationMs: 0 });
    const hedy = await asHedy();
    const all = (await walkSpec(sandbox, '/subscriptions/', hedy)).flat();
    expect(all).to.have.length(HEDY_LIVE + 1);
    const cancelled = all.find((s) => s.public_id === SANDBOX_DISCOVERY.cancelled)!;
    expect(cancelled).to.include({ live: false, customer: HEDY });
    const upgraded: string[] = [];
    for (const { public_id: id } of all) {
      const answer = await call(sandbox, 'PATCH', `/subscriptions/${id}/upgrade_to_prepaid/`, { ...hedy, json: { orders_per_billing: 3 } });
      expect([200, 400], JSON.stringify(answer.body)).to.include(answer.status);
      if (answer.status === 200) upgraded.push(id);
    }
    expect(upgraded).to.deep.equal([...SANDBOX_DISCOVERY.upgradeable]);
  });

  it('is one of the merchant’s customers in /__sandbox/info, with 3 eligible subscriptions', async () => {
    const info = (await call(createSandbox(), 'GET', '/__sandbox/info')).body;
    const hedy = info.customers.find((c: { customerId: string }) => c.customerId === HEDY);
    const kinds = hedy.subscriptions.map((s: { kind: string }) => s.kind);
    expect(kinds.filter((kind: string) => kind === 'eligible')).to.have.length(3);
    expect(kinds.filter((kind: string) => kind === 'prepaid')).to.have.length(2);
    expect(kinds.filter((kind: string) => kind === 'not-live')).to.have.length(1);
  });
});
