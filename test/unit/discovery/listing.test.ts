/**
 * Finding the customer's subscriptions without an id (`listSubscriptions`, `findSubscriptions`)
 * against the real sandbox: every page in either listing shape, at most 10 pages, a `next` elsewhere not followed,
 * each product read once and at most 4 at a time, a failed product read marking only its subscriptions.
 */
import { expect } from '@open-wc/testing';
import type { ApiClient } from '../../../src/api/client.js';
import { MAX_PAGES, PRODUCT_READS_AT_ONCE, findSubscriptions, listSubscriptions } from '../../../src/discovery/listing.js';
import { ApiError } from '../../../src/api/errors.js';
import { SANDBOX_DISCOVERY, SANDBOX_PAGING_CUSTOMER_ID, SANDBOX_SUBSCRIPTIONS, type RecordedRequest } from '../../../src/sandbox/index.js';
import { payAsYouGoSubscription } from '../../fixtures/subscriptions.js';
import { sandboxSession, sessionClient, type SandboxSession } from '../../helpers/sandbox-session.js';
import { recordFetches } from '../../helpers/fetch-record.js';

/** Margaret: 30 subscriptions of 5 products, 3 of them cancelled; 27 live, over 2 pages of 20. */
const MARGARET = SANDBOX_PAGING_CUSTOMER_ID;
const MARGARET_LIVE = 27;
const MARGARET_PRODUCTS = 5;

async function open(customerId: string = MARGARET): Promise<SandboxSession & { client: ApiClient; warnings: string[] }> {
  const session = await sandboxSession({ customerId });
  const client = sessionClient(session, { maxAttempts: 1 });
  return { ...session, client, warnings: [] };
}

const listings = (log: RecordedRequest[]) => log.filter((r) => r.method === 'GET' && r.path === '/subscriptions/');
const productReads = (log: RecordedRequest[]) => log.filter((r) => r.path.startsWith('/products/'));
/** The listing's own address, absolute, as the service writes `next`. */
const listingAddress = (session: SandboxSession) => new URL(`${session.apiBase}/subscriptions/`, location.href).href;
/** Queues `page` as the sandbox's answer to the next listing request, whatever its shape. */
const servePage = (s: SandboxSession, page: object) =>
  s.fault({ method: 'GET', path: '/subscriptions/', status: 200, body: JSON.stringify(page) });
const subscriptions = (ids: string[]) => ids.map((id) => payAsYouGoSubscription({ public_id: id, product: 'prod_morning_roast' }));

describe('listing the customer’s subscriptions', () => {
  it('follows the default listing’s pages to the end: every live subscription, once', async () => {
    const s = await open();
    const found = await listSubscriptions(s.client);
    expect(found).to.have.length(MARGARET_LIVE);
    expect(new Set(found.map((f) => f.public_id)).size).to.equal(MARGARET_LIVE);
    expect(found.every((f) => f.live === true)).to.be.true;
    const asked = listings(await s.requests());
    expect(asked).to.have.length(2);
    expect(asked[0]!.search).to.equal('?live=true');
    expect(new URLSearchParams(asked[1]!.search).get('live')).to.equal('true');
    expect(new URLSearchParams(asked[1]!.search).get('cursor')).to.be.a('string');
  });

  it('reads the production shape too: {next, previous, results} at the top level', async () => {
    const s = await open();
    const second = `${listingAddress(s)}?live=true&page=2`;
    await servePage(s, { next: second, previous: null, results: subscriptions(['sub_a', 'sub_b']) });
    await servePage(s, { next: null, previous: `${listingAddress(s)}?live=true`, results: subscriptions(['sub_c']) });
    const found = await listSubscriptions(s.client);
    expect(found.map((f) => f.public_id)).to.deep.equal(['sub_a', 'sub_b', 'sub_c']);
    expect(listings(await s.requests()).map((r) => r.search)).to.deep.equal(['?live=true', '?live=true&page=2']);
  });

  it('follows the sandbox’s production pages as well (the header added on the way, as production’s gateway would ask)', async () => {
    const s = await open(SANDBOX_DISCOVERY.customerId);
    const original = window.fetch;
    window.fetch = (input, init) =>
      original(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-og-api-version': '2' } });
    let found;
    try {
      found = await listSubscriptions(s.client);
    } finally {
      window.fetch = original;
    }
    expect(found).to.have.length(24);
    expect(new Set(found.map((f) => f.public_id)).size).to.equal(24);
    const asked = listings(await s.requests());
    expect(asked.map((r) => new URLSearchParams(r.search).get('page'))).to.deep.equal([null, '2']);
  });

  it(`stops after ${MAX_PAGES} pages with a warning, and keeps what they held`, async () => {
    const s = await open();
    // A listing that never ends: every page names another.
    for (let page = 1; page <= MAX_PAGES + 3; page++) {
      await servePage(s, {
        results: subscriptions([`sub_page_${page}`]),
        paging: { next: `${listingAddress(s)}?cursor=p${page + 1}` },
      });
    }
    const found = await listSubscriptions(s.client, { onWarning: (w) => s.warnings.push(w) });
    expect(found.map((f) => f.public_id)).to.deep.equal(Array.from({ length: MAX_PAGES }, (_, i) => `sub_page_${i + 1}`));
    expect(listings(await s.requests())).to.have.length(MAX_PAGES);
    expect(s.warnings).to.deep.equal([
      `the listing has more than ${MAX_PAGES} pages: only the subscriptions of the first ${MAX_PAGES} are used`,
    ]);
  });

  for (const [name, next] of [
    ['another origin', 'https://collector.example/subscriptions/?cursor=abc'],
    ['another path on the same origin', '/elsewhere/subscriptions/?cursor=abc'],
    ['the same path as a protocol-relative address elsewhere', '//collector.example/sandbox/subscriptions/'],
  ] as const) {
    it(`does not follow a next page on ${name}: the token stays home`, async () => {
      const s = await open();
      await servePage(s, { results: subscriptions(['sub_a']), paging: { next } });
      const { addresses: sent, restore } = recordFetches();
      try {
        const found = await listSubscriptions(s.client, { onWarning: (w) => s.warnings.push(w) });
        expect(found.map((f) => f.public_id)).to.deep.equal(['sub_a']);
      } finally {
        restore();
      }
      expect(sent).to.have.length(1);
      expect(listings(await s.requests())).to.have.length(1);
      expect(s.warnings).to.have.length(1);
      expect(s.warnings[0]).to.match(/next page is at .* not followed/);
    });
  }

  it('has a client that sends nothing to an address outside the service’s, whoever asks', async () => {
    const s = await open();
    for (const address of ['https://collector.example/subscriptions/', '/elsewhere/subscriptions/', '../subscriptions/']) {
      const error = await s.client.readSubscriptionPage(address).catch((e: unknown) => e);
      expect(error, address).to.be.instanceOf(ApiError);
      expect((error as ApiError).message, address).to.contain('is not an address of the service');
    }
    expect(await s.requests()).to.deep.equal([]);
  });

  it('refuses a page whose results are not a list of subscriptions', async () => {
    const s = await open();
    await servePage(s, { results: [{ public_id: 7 }], next: null });
    const error = await listSubscriptions(s.client).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ApiError);
    expect((error as ApiError).kind).to.equal('malformed');
    expect((error as ApiError).message).to.contain('results.0.public_id: expected string');
  });
});

describe('findSubscriptions', () => {
  it('reads each distinct product once', async () => {
    const s = await open();
    const found = await findSubscriptions(s.client);
    expect(found).to.have.length(MARGARET_LIVE);
    expect(found.every((f) => f.product && f.product.product_id === f.subscription.product && !f.unchecked)).to.be.true;
    const reads = productReads(await s.requests());
    expect(reads).to.have.length(MARGARET_PRODUCTS);
    expect(new Set(reads.map((r) => r.path)).size).to.equal(MARGARET_PRODUCTS);
  });

  it(`reads at most ${PRODUCT_READS_AT_ONCE} products at a time, as the sandbox sees them arrive`, async () => {
    const s = await open();
    // Long enough that "together" and "after an answer" stay apart on a machine busy with three engines at once.
    const latencyMs = 1000;
    await s.fault({ method: 'GET', path: '/products/', latencyMs, count: MARGARET_PRODUCTS });
    await findSubscriptions(s.client);
    const arrivals = productReads(await s.requests())
      .map((r) => r.at)
      .sort((a, b) => a - b);
    expect(arrivals).to.have.length(MARGARET_PRODUCTS);
    // The first four leave together; the fifth only once one of them has been answered.
    expect(arrivals[PRODUCT_READS_AT_ONCE - 1]! - arrivals[0]!).to.be.below(latencyMs / 2);
    expect(arrivals[PRODUCT_READS_AT_ONCE]! - arrivals[0]!).to.be.at.least(latencyMs - 50);
  });

  it('lists a subscription once even when two pages both hold it', async () => {
    const s = await open();
    await servePage(s, { results: subscriptions(['sub_a', 'sub_b']), next: `${listingAddress(s)}?page=2` });
    await servePage(s, { results: subscriptions(['sub_b', 'sub_c']) });
    const found = await findSubscriptions(s.client);
    expect(found.map((f) => f.subscription.public_id)).to.deep.equal(['sub_a', 'sub_b', 'sub_c']);
  });

  it('marks only the subscriptions of a product that could not be read', async () => {
    const s = await open();
    await s.fault({ method: 'GET', path: '/products/prod_cold_brew/', status: 500 });
    const found = await findSubscriptions(s.client, { onWarning: (w) => s.warnings.push(w) });
    expect(found).to.have.length(MARGARET_LIVE);
    const unchecked = found.filter((f) => f.unchecked);
    expect(unchecked.length).to.be.greaterThan(0);
    expect(unchecked.every((f) => f.subscription.product === 'prod_cold_brew' && f.product === undefined)).to.be.true;
    expect(found.filter((f) => !f.unchecked).every((f) => f.product !== undefined)).to.be.true;
    expect(s.warnings).to.have.length(1);
    expect(s.warnings[0]).to.match(/^product prod_cold_brew could not be read, so its subscriptions cannot be checked: .*500/);
  });

  it('fails as a whole on a refused credential, and reads no more products after it', async () => {
    const s = await open();
    await s.fault({ method: 'GET', path: '/products/', status: 401 });
    const error = await findSubscriptions(s.client).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ApiError);
    expect((error as ApiError).status).to.equal(401);
  });

  it('fails when the listing itself fails', async () => {
    const s = await open();
    await s.fault({ method: 'GET', path: '/subscriptions/', status: 404 });
    const error = await findSubscriptions(s.client).catch((e: unknown) => e);
    expect((error as ApiError).status).to.equal(404);
    expect(productReads(await s.requests())).to.have.length(0);
  });

  it('stops when the caller aborts, with the caller’s reason', async () => {
    const s = await open();
    await s.fault({ method: 'GET', path: '/products/', latencyMs: 500, count: MARGARET_PRODUCTS });
    const controller = new AbortController();
    const finding = findSubscriptions(s.client, { signal: controller.signal });
    setTimeout(() => controller.abort(new DOMException('left the page', 'AbortError')), 100);
    const error = await finding.catch((e: unknown) => e);
    expect((error as DOMException).message).to.equal('left the page');
  });

  it('finds nothing for a customer with no subscription', async () => {
    const s = await open('cus_katherine');
    expect(await findSubscriptions(s.client)).to.deep.equal([]);
  });

  it('sees only the signed-in customer’s own subscriptions', async () => {
    const s = await open(SANDBOX_SUBSCRIPTIONS.eligible.customerId);
    const found = await findSubscriptions(s.client);
    expect(found.length).to.be.greaterThan(0);
    expect(found.every((f) => f.subscription.customer === SANDBOX_SUBSCRIPTIONS.eligible.customerId)).to.be.true;
  });
});
