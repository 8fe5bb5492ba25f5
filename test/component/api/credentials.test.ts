/**
 * The element's credentials, every source and every way they fail, in one place: which source it takes (a
 * `tokenProvider`, the `token` attribute, `auth-url`, the `og_auth` cookie with `merchant-id`), also when a framework
 * sets it late or early; credentials as merchants really give them, and their mistakes named for what they are (a JSON
 * token printed over several lines, as the vendor's own integration prints it, a token no header can carry, a `ts` in
 * milliseconds, an `auth-url` over plain http, no credential at all); a refused token, for which the customer signs in
 * again; a signature the service refuses even for a token just renewed, which no signing in again can fix; and a
 * store's token endpoint that answers a signed-out visitor the way session middleware does (the test server's
 * `/signed-out-store/` routes, in web-test-runner.config.mjs). How each source obtains and renews a token is unit-tested
 * in test/unit/api/credentials.test.ts; that the token never shows is test/component/api/token-secrecy.test.ts.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { PrepaidUpgrade } from '../../../src/index.js';
import { en } from '../../../src/i18n/en.js';
import { signMessage } from '../../../src/server/index.js';
import { captureConsole } from '../../helpers/console-capture.js';
import { mount, type Mounted } from '../../helpers/mount.js';
import { redactCredential, SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS, sandboxSession } from '../../helpers/sandbox-session.js';

const eligible = SANDBOX_SUBSCRIPTIONS.eligible.id;
const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
/** The error message the customer reads. */
const errorText = (m: Mounted) => text(m.$('[part~=error]'));

describe('<prepaid-upgrade> credentials', () => {
  it('prefers tokenProvider over the token attribute', async () => {
    const session = await sandboxSession();
    let asked = 0;
    const m = await mount(
      { 'subscription-id': eligible, 'api-base': session.apiBase, token: 'not-a-token' },
      { tokenProvider: async () => (asked++, session.token) },
    );
    await m.waitForEvent('prepaid-upgrade-ready');
    expect(asked).to.equal(1);
    const sent = await redactCredential(session.token);
    expect((await session.requests()).every((r) => r.headers.authorization === sent)).to.be.true;
  });

  it('takes a credential set right after insertion, in the same task, as frameworks set properties', async () => {
    const session = await sandboxSession();
    const errors: Event[] = [];
    document.addEventListener('prepaid-upgrade-error', (event) => errors.push(event));
    const el = document.createElement('prepaid-upgrade');
    el.subscriptionId = eligible;
    el.apiBase = session.apiBase;
    document.body.append(el);
    try {
      // The placeholder holds its place at once, and nothing is judged missing yet.
      expect(el.state).to.equal('loading');
      expect(el.shadowRoot!.querySelector('[part~="error"]')).to.equal(null);
      el.tokenProvider = async () => session.token;
      await waitUntil(() => el.state === 'ready', 'the widget is ready');
      expect(errors).to.deep.equal([]);
    } finally {
      el.remove();
    }
  });

  it('takes the properties a page set before the element was defined', async () => {
    // A page (or a framework) may set properties on the tag before the script that defines it has run. The tag here is
    // another name for the same element, defined only once the properties are set.
    const session = await sandboxSession();
    const tag = 'prepaid-upgrade-defined-late';
    const el = document.createElement(tag) as PrepaidUpgrade;
    Object.assign(el, { subscriptionId: eligible, apiBase: session.apiBase, tokenProvider: async () => session.token });
    document.body.append(el);
    try {
      customElements.define(tag, class extends PrepaidUpgrade {});
      await waitUntil(() => el.state === 'ready', 'the widget did not become ready');
      expect(el.subscription?.public_id).to.equal(eligible);
      expect(Object.hasOwn(el, 'tokenProvider'), 'the early value went through the property').to.be.false;
    } finally {
      el.remove();
    }
  });

  it('uses the og_auth cookie with merchant-id when nothing else is given', async () => {
    const session = await sandboxSession();
    const { ts, sig, sig_field, public_id } = JSON.parse(session.token);
    document.cookie = `og_auth=${sig_field}|${ts}|${sig}; path=/`;
    try {
      const m = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, 'merchant-id': public_id });
      await m.waitForEvent('prepaid-upgrade-ready');
      const [first] = await session.requests();
      // The ts goes on as the cookie's text, which is what was signed.
      const expected = JSON.stringify({ public_id, ts: String(ts), sig_field, sig });
      expect(first!.headers.authorization).to.equal(await redactCredential(expected));
    } finally {
      document.cookie = 'og_auth=; path=/; max-age=0';
    }
  });
});

describe('<prepaid-upgrade> credentials as merchants give them', () => {
  const { warnings, errors } = captureConsole();

  it('sends a JSON token given pretty-printed, through the attribute or a tokenProvider, as compact JSON', async () => {
    const session = await sandboxSession();
    const pretty = JSON.stringify(JSON.parse(session.token), null, 5);
    expect(pretty).to.contain('\n');
    for (const [attributes, properties] of [
      [{ token: pretty }, {}],
      [{}, { tokenProvider: async () => pretty }],
    ] as const) {
      const m = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, ...attributes }, properties);
      await m.waitForEvent('prepaid-upgrade-ready');
      expect(m.el.state).to.equal('ready');
    }
    const sent = (await session.requests()).map((request) => request.headers.authorization);
    expect(sent).to.have.length.greaterThan(0);
    expect(new Set(sent)).to.deep.equal(new Set([await redactCredential(session.token)]));
    expect([...warnings, ...errors]).to.deep.equal([]);
  });

  it('names a token attribute no header can carry as a configuration error, sends nothing, and never prints it', async () => {
    const session = await sandboxSession();
    const token = session.token.replace('"sig":"', '"sig":"€');
    const m = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, token });
    const error = await m.waitForEvent('prepaid-upgrade-error');
    expect(error.detail).to.deep.equal({ phase: 'config', status: 0, retryable: false, message: error.detail.message });
    expect(error.detail.message).to.equal('the token from token cannot be sent as a header: it holds U+20AC, which is not Latin-1');
    expect(await session.requests()).to.deep.equal([]);
    expect(errorText(m)).to.contain(en.failure('config', 'config'));
    const { sig } = JSON.parse(session.token) as { sig: string };
    for (const line of [...warnings, ...errors]) expect(line).not.to.contain(sig);
  });

  it("names a tokenProvider's token no header can carry as the set-up it is, not as a store out of reach", async () => {
    const session = await sandboxSession();
    const m = await mount(
      { 'subscription-id': eligible, 'api-base': session.apiBase },
      { tokenProvider: async () => 'line one\nline two' },
    );
    const error = await m.waitForEvent('prepaid-upgrade-error');
    expect(error.detail).to.include({ phase: 'load', status: 0, retryable: false });
    expect(error.detail.message).to.equal('the token from tokenProvider cannot be sent as a header: it holds a line break');
    expect(errorText(m)).to.contain(en.failure('config', 'load')).and.not.contain(en.failure('network', 'load'));
    expect(await session.requests()).to.deep.equal([]);
  });

  it('reports a 401 for a token just renewed as the store’s set-up: no token-expired, the signature named', async () => {
    // Another hash key than the sandbox's: every token the store's server signs is refused, however new.
    const session = await sandboxSession({ merchant: { ...SANDBOX_MERCHANT, hashKey: 'not-the-stores-hash-key' } });
    let asked = 0;
    const m = await mount(
      { 'subscription-id': eligible, 'api-base': session.apiBase },
      { tokenProvider: async () => (asked++, session.token) },
    );
    const error = await m.waitForEvent('prepaid-upgrade-error');
    expect(error.detail).to.include({ phase: 'load', status: 401, retryable: false });
    expect(error.detail.message).to.match(
      /answered 401: .*, though its token was just renewed: the signature is refused \(check the hash key/,
    );
    expect(asked, 'asked once, and once more after the 401').to.equal(2);
    expect(m.eventsOf('prepaid-upgrade-token-expired')).to.deep.equal([]);
    expect(errorText(m)).to.contain(en.failure('config', 'load')).and.not.contain(en.failure('unauthorized', 'load'));
    expect(errors.join('\n')).to.match(/load failed: .*the signature is refused/);
    // The subscription and its next order, read side by side, each refused once and not sent again with the same token.
    // The next order's refusal may still be on its way to the log when the subscription's failure is shown.
    const log = await session.requests();
    expect(log.map((request) => request.path).sort()).to.deep.equal(['/orders/', `/subscriptions/${eligible}/`]);
    expect(log.filter((request) => request.status !== 401 && request.status !== null)).to.deep.equal([]);
  });
});

describe('<prepaid-upgrade> ts as the merchant sends it', () => {
  const { warnings, errors } = captureConsole();

  const authUrls: string[] = [];
  afterEach(() => authUrls.splice(0).forEach((url) => URL.revokeObjectURL(url)));
  /** An auth-url of the page's own origin that answers `body` as JSON. */
  function authUrlAnswering(body: unknown): string {
    const url = URL.createObjectURL(new Blob([JSON.stringify(body)], { type: 'application/json' }));
    authUrls.push(url);
    return url;
  }

  it('takes an auth-url token whose ts is a string of digits, and sends that very string', async () => {
    const session = await sandboxSession();
    // A leading zero: the signed text differs from the number's, so only the string as sent verifies.
    const ts = `0${Math.floor(Date.now() / 1000)}`;
    const sig = await signMessage(SANDBOX_MERCHANT.hashKey, `${session.customerId}|${ts}`);
    const authUrl = authUrlAnswering({ public_id: SANDBOX_MERCHANT.publicId, ts, sig_field: session.customerId, sig });
    const m = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, 'auth-url': authUrl });
    await m.waitForEvent('prepaid-upgrade-ready');
    expect(m.el.state).to.equal('ready');
    const [request] = await session.requests();
    const expected = JSON.stringify({ public_id: SANDBOX_MERCHANT.publicId, ts, sig_field: session.customerId, sig });
    expect(request!.headers.authorization).to.equal(await redactCredential(expected));
    expect(warnings).to.deep.equal([]);
  });

  it('warns once that a ts of milliseconds must be Unix seconds, and never prints the token', async () => {
    const session = await sandboxSession();
    const token = await tokenInMilliseconds(session.customerId);
    const m = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, token });
    const error = await m.waitForEvent('prepaid-upgrade-error');
    expect(warnings).to.deep.equal([
      `<prepaid-upgrade subscription-id="${eligible}">: the token from token has a ts that looks like milliseconds: ts must be Unix seconds`,
    ]);
    expect(error.detail).to.include({ phase: 'load', status: 401, retryable: false });
    // The sandbox, like the service, refuses it; its reason reaches the console line.
    expect(error.detail.message).to.match(/answered 401: .*looks like milliseconds/);
    expect(errors.join('\n')).to.match(/looks like milliseconds/);
    const { sig } = JSON.parse(token);
    for (const line of [...warnings, ...errors, error.detail.message]) expect(line).not.to.contain(sig);
  });

  it('names auth-url as the source of a ts in milliseconds', async () => {
    const session = await sandboxSession();
    const token = JSON.parse(await tokenInMilliseconds(session.customerId));
    const m = await mount({
      'subscription-id': eligible,
      'api-base': session.apiBase,
      'auth-url': authUrlAnswering({ ...token, ts: String(token.ts) }),
    });
    await m.waitForEvent('prepaid-upgrade-error');
    // Renewing after the 401 fetches the same token again: still one warning.
    expect(warnings).to.deep.equal([
      `<prepaid-upgrade subscription-id="${eligible}">: the token from auth-url has a ts that looks like milliseconds: ts must be Unix seconds`,
    ]);
  });
});

/**
 * A token over a ts in milliseconds (`Date.now()`), as a merchant's server makes one by mistake: signed by hand, as the
 * signer itself refuses it.
 */
async function tokenInMilliseconds(customerId: string): Promise<string> {
  const ts = Date.now();
  const sig = await signMessage(SANDBOX_MERCHANT.hashKey, `${customerId}|${ts}`);
  return JSON.stringify({ public_id: SANDBOX_MERCHANT.publicId, ts, sig_field: customerId, sig });
}

describe('<prepaid-upgrade> bad attributes', () => {
  captureConsole();

  it('refuses an auth-url of another origin over plain http', async () => {
    const m = await mount({
      'subscription-id': eligible,
      'api-base': (await sandboxSession()).apiBase,
      'auth-url': 'http://tokens.example.com/token',
    });
    const error = await m.waitForEvent('prepaid-upgrade-error');
    expect(error.detail).to.include({ phase: 'config', retryable: false });
    expect(error.detail.message).to.match(/auth-url must use https/);
  });

  it('refuses to run without a credential', async () => {
    const session = await sandboxSession();
    const m = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase });
    const error = await m.waitForEvent('prepaid-upgrade-error');
    expect(error.detail.message).to.match(/no credential/);
    expect(await session.requests()).to.deep.equal([]);
  });
});

describe('<prepaid-upgrade> refused credential', () => {
  it('fires token-expired and tells the customer to sign in again when the token is refused', async () => {
    const session = await sandboxSession({ ts: Math.floor(Date.now() / 1000) - 3 * 60 * 60 });
    const m = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, token: session.token });
    await m.waitForEvent('prepaid-upgrade-token-expired');
    const error = m.eventsOf('prepaid-upgrade-error')[0]!;
    expect(error.detail).to.include({ phase: 'load', status: 401, retryable: false });
    expect(m.el.state).to.equal('error');
    expect(text(m.$('[part~=error]'))).to.equal(`${en.failure('unauthorized', 'load')} ${en.reload}`);
    expect(text(m.$('[part~=retry]')), 'a reload of the page brings a new token').to.equal('Reload the page');
  });
});

describe('<prepaid-upgrade> whose auth-url answers as for a visitor who is not signed in', () => {
  const { errors } = captureConsole();

  for (const [how, authUrl, named] of [
    ['a redirect to its sign-in page', '/signed-out-store/token-redirecting', `${location.origin}/signed-out-store/sign-in`],
    ['its sign-in page itself', '/signed-out-store/token-as-page', 'answered with a page'],
    ['a redirect to a sign-in page of another origin', '/signed-out-store/token-redirecting-elsewhere', 'redirected to another origin'],
  ] as const) {
    it(`takes ${how} for a customer signed out`, async () => {
      const session = await sandboxSession();
      const m = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, 'auth-url': authUrl });
      await m.waitForState('error');
      expect(m.eventsOf('prepaid-upgrade-token-expired').length).to.equal(1);
      const [error] = m.eventsOf('prepaid-upgrade-error');
      expect(error?.detail).to.include({ phase: 'load', status: 401, retryable: false });
      expect(m.$('[part="error"]')?.textContent).to.contain(en.failure('unauthorized', 'load'));
      // What the customer can do is sign in again: the page's reload, not a retry of the same.
      expect(m.$('[part="retry"]')?.textContent?.trim()).to.equal(en.reload);
      expect(errors.join('\n')).to.contain(named).and.contain('the customer is signed out');
      // The query of the address it landed on is left out of the console line.
      expect(errors.join('\n')).not.to.contain('next=');
      // Nothing reached the service: there was no token to send.
      expect(await session.requests()).to.deep.equal([]);
    });
  }
});
