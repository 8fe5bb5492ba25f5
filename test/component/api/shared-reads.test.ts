/**
 * What the widgets of a page share (src/api/shared-reads.ts, src/api/connection.ts): the widgets inserted together
 * read their subscriptions from one listing, their next orders from another, each product once and one token; a 429
 * is waited out once for the page. And what a tab keeps for its next pages: the token from `auth-url`, used again at
 * once and confirmed beside the reads, dropped when another customer or nobody is signed in, or at a 401, and never
 * used past its life; and the product, read once for a while.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { PrepaidUpgrade } from '../../../src/index.js';
import { signMessage } from '../../../src/server/index.js';
import { mount } from '../../helpers/mount.js';
import {
  SANDBOX_MERCHANT,
  SANDBOX_SUBSCRIPTIONS,
  sandboxSession,
  redactCredential,
  type SandboxSession,
} from '../../helpers/sandbox-session.js';
import { SANDBOX_DISCOVERY } from '../../../src/sandbox/index.js';

const { eligible, prepaid, cancelled } = SANDBOX_SUBSCRIPTIONS;
/** Where a widget settles: not loading, and its next order read when it shows one. */
const settled = (el: PrepaidUpgrade) => el.state !== 'loading' && (el.state === 'error' || el.nextOrder !== undefined);

/** Inserts a widget for each id in one task, as a page's HTML holds them, and waits until every one has settled. */
async function pageOf(ids: readonly string[], attributes: Record<string, string>): Promise<PrepaidUpgrade[]> {
  const column = await fixture<HTMLDivElement>(html`<div></div>`);
  const widgets = ids.map((id) => {
    const el = document.createElement('prepaid-upgrade');
    el.setAttribute('subscription-id', id);
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    return el;
  });
  column.append(...widgets);
  await waitUntil(() => widgets.every(settled), 'every widget settled', { timeout: 8000 });
  return widgets;
}

/** The reads the sandbox saw, each as its path and query: `/subscriptions/?limit=100`, `/products/prod_x/`. */
const readsOf = async (session: SandboxSession) =>
  (await session.requests()).filter((r) => r.method === 'GET').map((r) => `${r.path}${r.search}`);

/**
 * A merchant's token endpoint on the page's own origin, whose answer a test changes: the signed-in customer's token,
 * or a 401 once nobody is. The sandbox is the service, not the store, so this one endpoint is stood in for.
 */
function storeEndpoint() {
  const url = `${location.origin}/store-token-${Math.random().toString(36).slice(2)}`;
  const pageFetch = window.fetch;
  const endpoint = { url, asked: 0, token: '' as string | undefined, hangs: false, restore: () => void (window.fetch = pageFetch) };
  window.fetch = (input, init) => {
    if ((input instanceof Request ? input.url : String(input)) !== url) return pageFetch(input, init);
    endpoint.asked++;
    // A server that never answers: only the caller's abort ends the wait, as for a real request.
    if (endpoint.hangs)
      return new Promise((_, reject) => {
        const signal = init?.signal;
        if (signal?.aborted) reject(signal.reason);
        signal?.addEventListener('abort', () => reject(signal.reason));
      });
    const { token } = endpoint;
    return Promise.resolve(
      token
        ? new Response(token, { headers: { 'content-type': 'application/json' } })
        : new Response('{"detail":"not signed in"}', { status: 401, headers: { 'content-type': 'application/json' } }),
    );
  };
  return endpoint;
}

/** A token of the session's customer, live, but signed with another hash key than the store's. */
async function forgedToken(session: SandboxSession): Promise<string> {
  const ts = Math.floor(Date.now() / 1000);
  const sig = await signMessage('not-the-stores-hash-key', `${session.customerId}|${ts}`);
  return JSON.stringify({ public_id: SANDBOX_MERCHANT.publicId, ts, sig_field: session.customerId, sig });
}

/** What the tab keeps for `auth-url`, as the widget writes it: until when, and the token. */
const keptFor = (url: string) => sessionStorage.getItem(`prepaid-upgrade token ${url}`);

describe('the reads a page of widgets shares', () => {
  it('reads the subscriptions of a page from one listing, their next orders from another, and each product once', async () => {
    const session = await sandboxSession({ customerId: SANDBOX_DISCOVERY.customerId });
    const ids = [...SANDBOX_DISCOVERY.upgradeable, ...SANDBOX_DISCOVERY.prepaid];
    const widgets = await pageOf(ids, { 'api-base': session.apiBase, token: session.token });
    expect(widgets.map((el) => el.state)).to.deep.equal(['ready', 'ready', 'ready', 'prepaid', 'prepaid']);
    const reads = await readsOf(session);
    const products = new Set(widgets.map((el) => el.subscription!.product));
    expect(
      reads.filter((read) => read.startsWith('/subscriptions/')),
      'one listing, no read alone',
    ).to.deep.equal(['/subscriptions/?limit=100']);
    expect(
      reads.filter((read) => read.startsWith('/orders/')),
      'one listing of the next orders',
    ).to.deep.equal(['/orders/?status=1&limit=100']);
    expect(reads.filter((read) => read.startsWith('/products/')).sort(), 'each product once').to.deep.equal(
      [...products].map((id) => `/products/${id}/`).sort(),
    );
    // Every widget shows its own subscription and its own next order.
    for (const [i, el] of widgets.entries()) {
      expect(el.subscription!.public_id).to.equal(ids[i]);
      if (el.state === 'ready') expect(el.nextOrder, `${ids[i]}'s next order`).to.not.equal(null);
    }
  });

  it('reads alone what the listing leaves out: another customer’s subscription is not found, the others are shown', async () => {
    const session = await sandboxSession();
    const widgets = await pageOf([eligible.id, prepaid.id, 'sub_nobody', cancelled.id], {
      'api-base': session.apiBase,
      token: session.token,
    });
    expect(widgets.map((el) => el.state)).to.deep.equal(['ready', 'prepaid', 'error', 'ineligible']);
    const subscriptionReads = (await readsOf(session)).filter((read) => read.startsWith('/subscriptions/'));
    expect(subscriptionReads.sort()).to.deep.equal(['/subscriptions/?limit=100', '/subscriptions/sub_nobody/']);
  });

  it('asks auth-url once for the page’s widgets', async () => {
    const session = await sandboxSession();
    const endpoint = storeEndpoint();
    endpoint.token = session.token;
    try {
      const widgets = await pageOf([eligible.id, prepaid.id, cancelled.id], { 'api-base': session.apiBase, 'auth-url': endpoint.url });
      expect(widgets.map((el) => el.state)).to.deep.equal(['ready', 'prepaid', 'ineligible']);
      expect(endpoint.asked).to.equal(1);
    } finally {
      endpoint.restore();
    }
  });

  it('waits out a 429 once for the page: a read that comes meanwhile waits for the Retry-After, and none is refused again', async () => {
    const session = await sandboxSession();
    // The next orders' listing is refused; the subscriptions' listing answers late, so that the products are read after
    // the refusal, while the page waits.
    await session.faults([
      { method: 'GET', path: '/orders/?status=1', status: 429, retryAfter: 1 },
      { method: 'GET', path: '/subscriptions/?limit', latencyMs: 300 },
    ]);
    const widgets = await pageOf([eligible.id, prepaid.id], { 'api-base': session.apiBase, token: session.token });
    expect(widgets.map((el) => el.state)).to.deep.equal(['ready', 'prepaid']);
    const log = await session.requests();
    const refused = log.filter((r) => r.status === 429);
    expect(refused, 'one refusal').to.have.length(1);
    const products = log.filter((r) => r.path.startsWith('/products/'));
    expect(products).to.not.have.length(0);
    for (const read of products) expect(read.at - refused[0]!.at, `${read.path} waited for the Retry-After`).to.be.at.least(950);
  });

  it('goes on waiting out a 429 when the widget that met it leaves the page meanwhile', async () => {
    const session = await sandboxSession();
    await session.fault({ method: 'GET', path: `/subscriptions/${eligible.id}/`, status: 429, retryAfter: 1 });
    const column = await fixture<HTMLDivElement>(html`<div></div>`);
    const widget = (id: string) => {
      const el = document.createElement('prepaid-upgrade');
      for (const [name, value] of Object.entries({ 'subscription-id': id, 'api-base': session.apiBase, token: session.token }))
        el.setAttribute(name, value);
      column.append(el);
      return el;
    };
    const leaving = widget(eligible.id);
    await waitUntil(async () => (await session.requests()).some((r) => r.status === 429), 'the 429 came', { timeout: 5000 });
    leaving.remove();
    const next = widget(cancelled.id);
    await waitUntil(() => settled(next), 'the next widget settled', { timeout: 8000 });
    expect(next.state).to.equal('ineligible');
    const log = await session.requests();
    const refusal = log.find((r) => r.status === 429)!;
    const after = log.filter((r) => r.at > refusal.at);
    expect(after, 'the next widget read').to.not.have.length(0);
    for (const read of after) expect(read.at - refusal.at, `${read.path} waited for the Retry-After`).to.be.at.least(950);
    expect(
      log.filter((r) => r.status === 429),
      'one refusal',
    ).to.have.length(1);
  });
});

describe('what a tab keeps for its next pages', () => {
  let endpoint: ReturnType<typeof storeEndpoint>;
  beforeEach(() => (endpoint = storeEndpoint()));
  afterEach(() => endpoint.restore());

  it('uses a token still live again at once, with auth-url asked beside the reads, and the product it read', async () => {
    const session = await sandboxSession();
    endpoint.token = session.token;
    const attributes = { 'subscription-id': eligible.id, 'api-base': session.apiBase, 'auth-url': endpoint.url };
    const first = await mount(attributes);
    await first.waitForEvent('prepaid-upgrade-ready');
    expect(keptFor(endpoint.url)).to.match(/^\d+ /);
    first.el.remove();
    const before = (await session.requests()).length;

    // The next page of the tab: the reads go out in the same task as the confirmation, not after it.
    const asked: string[] = [];
    const pageFetch = window.fetch;
    window.fetch = (input, init) => (asked.push(input instanceof Request ? input.url : String(input)), pageFetch(input, init));
    try {
      const next = await mount(attributes);
      await next.waitForEvent('prepaid-upgrade-ready');
      expect(
        asked
          .slice(0, 3)
          .map((address) => (address === endpoint.url ? 'auth-url' : new URL(address).pathname.replace(/.*\/i\/[^/]+/, '')))
          .sort(),
      ).to.deep.equal(['/orders/', `/subscriptions/${eligible.id}/`, 'auth-url']);
    } finally {
      window.fetch = pageFetch;
    }
    expect(endpoint.asked, 'once for each page').to.equal(2);
    const again = (await readsOf(session)).slice(before);
    expect(
      again.some((read) => read.startsWith('/products/')),
      'the product kept',
    ).to.equal(false);
    const sent = await redactCredential(session.token);
    expect((await session.requests()).every((r) => r.headers.authorization === sent)).to.equal(true);
  });

  it('shows nothing that a kept token read once another customer is signed in, and reads again as that one', async () => {
    // Ada's token is kept in the tab; Hedy signed in since, on the same computer.
    const ada = await sandboxSession();
    const hedy = await sandboxSession({ customerId: SANDBOX_DISCOVERY.customerId });
    sessionStorage.setItem(`prepaid-upgrade token ${endpoint.url}`, `${Date.now() + 3_600_000} ${ada.token}`);
    endpoint.token = hedy.token;
    const m = await mount({ 'subscription-id': eligible.id, 'api-base': ada.apiBase, 'auth-url': endpoint.url });
    const states: string[] = [];
    const watching = setInterval(() => states.push(m.el.state), 5);
    try {
      await m.waitForState('error');
    } finally {
      clearInterval(watching);
    }
    // Ada's subscription is not Hedy's: the service does not find it for her. It was never shown.
    expect(states).to.not.include('ready');
    expect(m.el.subscription).to.equal(undefined);
    expect(m.eventsOf('prepaid-upgrade-error')[0]!.detail).to.include({ status: 404 });
    expect(keptFor(endpoint.url)).to.satisfy((kept: string) => kept.endsWith(hedy.token));
  });

  it('drops the kept token once auth-url says nobody is signed in, and shows nothing it read', async () => {
    const session = await sandboxSession();
    sessionStorage.setItem(`prepaid-upgrade token ${endpoint.url}`, `${Date.now() + 3_600_000} ${session.token}`);
    endpoint.token = undefined;
    const m = await mount({ 'subscription-id': eligible.id, 'api-base': session.apiBase, 'auth-url': endpoint.url });
    await m.waitForEvent('prepaid-upgrade-token-expired');
    expect(m.el.state).to.equal('error');
    expect(m.el.subscription).to.equal(undefined);
    expect(keptFor(endpoint.url)).to.equal(null);
  });

  it('drops a kept token that the service refuses, and reads with a new one', async () => {
    const session = await sandboxSession();
    const forged = await forgedToken(session);
    sessionStorage.setItem(`prepaid-upgrade token ${endpoint.url}`, `${Date.now() + 3_600_000} ${forged}`);
    endpoint.token = session.token;
    const m = await mount({ 'subscription-id': eligible.id, 'api-base': session.apiBase, 'auth-url': endpoint.url });
    await m.waitForEvent('prepaid-upgrade-ready');
    expect(keptFor(endpoint.url)).to.satisfy((kept: string) => kept.endsWith(session.token));
    expect(m.eventsOf('prepaid-upgrade-token-expired')).to.deep.equal([]);
  });

  it('keeps nothing after a sign-out page runs the security guide’s snippet: the next page reads nothing before auth-url', async () => {
    const session = await sandboxSession();
    endpoint.token = session.token;
    const first = await mount({ 'subscription-id': eligible.id, 'api-base': session.apiBase, 'auth-url': endpoint.url });
    await first.waitForEvent('prepaid-upgrade-ready');
    await waitUntil(() => Object.keys(sessionStorage).length >= 3, 'the token, the product and the height kept', { timeout: 5000 });
    first.el.remove();
    sessionStorage.setItem('cart', '2 × Morning Roast');

    // The sign-out page runs the guide's snippet as written.
    const guide = await (await fetch(new URL('../../../docs/security.md', import.meta.url))).text();
    const snippet = /begins with\s+`prepaid-upgrade `:\s+```js\n([\s\S]*?)```/.exec(guide)?.[1];
    expect(snippet, 'the guide’s snippet').to.be.a('string');
    new Function(snippet!)();
    expect(Object.keys(sessionStorage), 'only what the store keeps').to.deep.equal(['cart']);

    endpoint.token = undefined;
    const readsBefore = (await session.requests()).length;
    const next = await mount({ 'subscription-id': eligible.id, 'api-base': session.apiBase, 'auth-url': endpoint.url });
    await next.waitForEvent('prepaid-upgrade-token-expired');
    expect(await session.requests(), 'nothing read with a token of the customer who signed out').to.have.length(readsBefore);
  });

  it('never uses a kept token past its life: auth-url is asked before anything is read', async () => {
    const session = await sandboxSession();
    // Were it sent, the service would refuse it.
    sessionStorage.setItem(`prepaid-upgrade token ${endpoint.url}`, `${Date.now() - 1} ${await forgedToken(session)}`);
    endpoint.token = session.token;
    const m = await mount({ 'subscription-id': eligible.id, 'api-base': session.apiBase, 'auth-url': endpoint.url });
    await m.waitForEvent('prepaid-upgrade-ready');
    expect(endpoint.asked).to.equal(1);
    expect((await session.requests()).map((r) => r.status)).to.not.include(401);
    expect(Number(keptFor(endpoint.url)!.split(' ')[0])).to.be.above(Date.now() + 3_600_000);
  });

  it('shows the signed-in customer’s own subscription after a kept token of another customer’s was refused it', async () => {
    // Ada's token is kept; Hedy signed in since, and the widget shows Hedy's own subscription, which Ada's token cannot read.
    const ada = await sandboxSession();
    const hedy = await sandboxSession({ customerId: SANDBOX_DISCOVERY.customerId });
    sessionStorage.setItem(`prepaid-upgrade token ${endpoint.url}`, `${Date.now() + 3_600_000} ${ada.token}`);
    endpoint.token = hedy.token;
    const m = await mount({ 'subscription-id': SANDBOX_DISCOVERY.upgradeable[0], 'api-base': ada.apiBase, 'auth-url': endpoint.url });
    await m.waitForEvent('prepaid-upgrade-ready');
    expect(m.el.subscription!.public_id).to.equal(SANDBOX_DISCOVERY.upgradeable[0]);
    expect(m.eventsOf('prepaid-upgrade-error')).to.deep.equal([]);
  });

  for (const [visit, kept] of [
    ['a first visit', false],
    ['a return visit, whose kept token auth-url is asked to confirm', true],
  ] as const)
    it(`ends in a timeout, with a retry, when auth-url never answers: ${visit}`, async () => {
      const session = await sandboxSession();
      if (kept) sessionStorage.setItem(`prepaid-upgrade token ${endpoint.url}`, `${Date.now() + 3_600_000} ${session.token}`);
      endpoint.hangs = true;
      const m = await mount({ 'subscription-id': eligible.id, 'api-base': session.apiBase, 'auth-url': endpoint.url, timeout: '800' });
      await m.waitForState('error');
      expect(m.el.subscription, 'nothing read is shown').to.equal(undefined);
      expect(m.$('[part~=retry]'), 'the customer can try again').to.not.equal(null);
    });

  it('keeps a product for its merchant: another store’s product of the same id is not shown', async () => {
    const session = await sandboxSession();
    const base = new URL(`${session.apiBase}/`, location.href).href;
    const theirs = { name: 'Another store’s roast', price: '1.00', prepaid_eligible: true, live: true };
    sessionStorage.setItem(
      `prepaid-upgrade product mer_another_store ${base}prod_morning_roast`,
      `${Date.now() + 60_000} ${JSON.stringify(theirs)}`,
    );
    endpoint.token = session.token;
    const m = await mount({ 'subscription-id': eligible.id, 'api-base': session.apiBase, 'auth-url': endpoint.url });
    await m.waitForEvent('prepaid-upgrade-ready');
    expect((await readsOf(session)).filter((read) => read.startsWith('/products/'))).to.have.length(1);
    expect(m.shadow.textContent).to.not.contain(theirs.name);
  });

  it('ignores what a page’s script wrote where the widget keeps things', async () => {
    const session = await sandboxSession();
    sessionStorage.setItem(`prepaid-upgrade token ${endpoint.url}`, 'not what the widget writes');
    const base = new URL(`${session.apiBase}/`, location.href).href;
    sessionStorage.setItem(
      `prepaid-upgrade product ${SANDBOX_MERCHANT.publicId} ${base}prod_morning_roast`,
      `${Date.now() + 60_000} {"name": 42}`,
    );
    endpoint.token = session.token;
    const m = await mount({ 'subscription-id': eligible.id, 'api-base': session.apiBase, 'auth-url': endpoint.url });
    await m.waitForEvent('prepaid-upgrade-ready');
    expect((await readsOf(session)).filter((read) => read.startsWith('/products/'))).to.have.length(1);
    expect(m.el.state).to.equal('ready');
  });
});
