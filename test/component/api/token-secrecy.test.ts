/**
 * The storefront token goes into the `authorization` header and nowhere else (docs/security.md): whatever happens to a
 * request, neither the token nor its signature shows up in the console, an event, the element's DOM or attributes,
 * the page's address, cookies or storage, or the address of any request the page made.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { mount, type Mounted } from '../../helpers/mount.js';
import { recordFetches } from '../../helpers/fetch-record.js';
import {
  redactCredential,
  SANDBOX_MERCHANT_PREPAID_DISABLED,
  SANDBOX_SUBSCRIPTIONS,
  sandboxSession,
  type SandboxSession,
} from '../../helpers/sandbox-session.js';

const eligible = SANDBOX_SUBSCRIPTIONS.eligible.id;
const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

/** The token as it could appear: whole, JSON-escaped or URL-encoded, and its signature alone. */
function secretForms(token: string): Array<[form: string, text: string]> {
  const { sig } = JSON.parse(token) as { sig: string };
  return [
    ['the token', token],
    ['the JSON-escaped token', JSON.stringify(token).slice(1, -1)],
    ['the URL-encoded token', encodeURIComponent(token)],
    ['the signature', sig],
    ['the URL-encoded signature', encodeURIComponent(sig)],
  ];
}

/** Everything a value logged to the console says, including an error's stack and causes. */
function describeLogged(value: unknown, depth = 0): string {
  if (depth > 5) return '';
  if (value instanceof Error) return `${value.name}: ${value.message}\n${value.stack ?? ''}\n${describeLogged(value.cause, depth + 1)}`;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Every console line and uncaught error of the page while a test runs. */
function captureConsole() {
  const lines: string[] = [];
  const originals = CONSOLE_METHODS.map((method) => [method, console[method]] as const);
  for (const method of CONSOLE_METHODS) {
    console[method] = (...args: unknown[]) => void lines.push(`${method}: ${args.map((arg) => describeLogged(arg)).join(' ')}`);
  }
  const onError = (event: ErrorEvent) => lines.push(`uncaught: ${describeLogged(event.error ?? event.message)}`);
  const onRejection = (event: PromiseRejectionEvent) => lines.push(`unhandled rejection: ${describeLogged(event.reason)}`);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return {
    lines,
    restore() {
      for (const [method, original] of originals) console[method] = original;
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    },
  };
}

function storageText(storage: Storage): string {
  const entries: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index)!;
    entries.push(`${key}=${storage.getItem(key)}`);
  }
  return entries.join('\n');
}

/** The page's light DOM as markup, with the `token` attribute the page itself set left out. */
function lightDomWithoutTokenAttributes(): string {
  const copy = document.documentElement.cloneNode(true) as HTMLElement;
  for (const element of copy.querySelectorAll('prepaid-upgrade')) element.removeAttribute('token');
  return copy.outerHTML;
}

interface Places {
  [place: string]: string;
}

/** Every place a token must not reach, as text. */
function placesToSearch(m: Mounted, consoleLines: string[]): Places {
  return {
    console: consoleLines.join('\n'),
    'event details': m.events.map((event) => `${event.type} ${JSON.stringify(event.detail ?? null)}`).join('\n'),
    'shadow root': m.shadow.innerHTML,
    'attributes other than token': m.el
      .getAttributeNames()
      .filter((name) => name !== 'token')
      .map((name) => `${name}=${m.el.getAttribute(name)}`)
      .join('\n'),
    'light DOM': lightDomWithoutTokenAttributes(),
    'subscription property': JSON.stringify(m.el.subscription ?? null),
    'location.href': location.href,
    'history.state': JSON.stringify(history.state),
    'window.name': window.name,
    'document.cookie': document.cookie,
    localStorage: storageText(localStorage),
    sessionStorage: storageText(sessionStorage),
    'request addresses': performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .join('\n'),
  };
}

function expectNoSecret(places: Places, token: string): void {
  const found: string[] = [];
  for (const [place, text] of Object.entries(places)) {
    for (const [form, secret] of secretForms(token)) if (text.includes(secret)) found.push(`${place} contains ${form}`);
  }
  expect(found).to.deep.equal([]);
}

describe('the storefront token stays out of sight', () => {
  let capture: ReturnType<typeof captureConsole>;
  beforeEach(() => {
    performance.clearResourceTimings();
    capture = captureConsole();
  });
  afterEach(() => capture.restore());

  const waitForEvent = (m: Mounted, name: Parameters<Mounted['eventsOf']>[0]) =>
    waitUntil(() => m.eventsOf(name).length > 0, `${name} was not fired (state ${m.el.state})`, { timeout: 15_000 });

  async function mountWith(session: SandboxSession, subscriptionId: string = eligible) {
    return mount({ 'subscription-id': subscriptionId, 'api-base': session.apiBase, token: session.token });
  }

  it('after a successful upgrade', async () => {
    const session = await sandboxSession();
    const m = await mountWith(session);
    await waitForEvent(m, 'prepaid-upgrade-ready');
    m.$('[part~=submit]')!.click();
    await waitForEvent(m, 'prepaid-upgrade-success');
    await waitUntil(() => m.el.nextOrder, 'the next order read again');
    // The subscription, its product and next order, the upgrade, and the next order again: each with the token as it is.
    expect((await session.requests()).map((request) => request.headers.authorization)).to.deep.equal(
      Array(5).fill(await redactCredential(session.token)),
    );
    expectNoSecret(placesToSearch(m, capture.lines), session.token);
  });

  it('after an upgrade refused with 400', async () => {
    const session = await sandboxSession({
      merchant: SANDBOX_MERCHANT_PREPAID_DISABLED,
      customerId: SANDBOX_SUBSCRIPTIONS.prepaidDisabled.customerId,
    });
    const m = await mountWith(session, SANDBOX_SUBSCRIPTIONS.prepaidDisabled.id);
    await waitForEvent(m, 'prepaid-upgrade-ready');
    m.$('[part~=submit]')!.click();
    await waitForEvent(m, 'prepaid-upgrade-error');
    expect(m.eventsOf('prepaid-upgrade-error')[0]!.detail.status).to.equal(400);
    expect(capture.lines.join('\n')).to.match(/upgrade failed/);
    expectNoSecret(placesToSearch(m, capture.lines), session.token);
  });

  it('after the token is refused as expired (401)', async () => {
    const session = await sandboxSession({ ts: Math.floor(Date.now() / 1000) - 3 * 60 * 60 });
    const m = await mountWith(session);
    await waitForEvent(m, 'prepaid-upgrade-token-expired');
    expect(m.eventsOf('prepaid-upgrade-error')[0]!.detail.status).to.equal(401);
    expectNoSecret(placesToSearch(m, capture.lines), session.token);
  });

  it('after the service cannot be reached', async function () {
    this.timeout(20_000);
    const session = await sandboxSession();
    await session.fault({ status: 0, count: 10 });
    const m = await mountWith(session);
    await waitForEvent(m, 'prepaid-upgrade-error');
    expect(m.eventsOf('prepaid-upgrade-error')[0]!.detail).to.include({ phase: 'load', status: 0 });
    expectNoSecret(placesToSearch(m, capture.lines), session.token);
  });

  it('after a configuration error (plain http: to a host that is not loopback)', async () => {
    const session = await sandboxSession();
    const m = await mount({ 'subscription-id': eligible, 'api-base': 'http://shop.example.com/api', token: session.token });
    await waitForEvent(m, 'prepaid-upgrade-error');
    expect(m.eventsOf('prepaid-upgrade-error')[0]!.detail.phase).to.equal('config');
    expect(capture.lines.join('\n')).to.match(/https/);
    expectNoSecret(placesToSearch(m, capture.lines), session.token);
  });

  it('when it comes from tokenProvider, in no attribute at all', async () => {
    const session = await sandboxSession();
    const m = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase }, { tokenProvider: async () => session.token });
    await waitForEvent(m, 'prepaid-upgrade-ready');
    m.$('[part~=submit]')!.click();
    await waitForEvent(m, 'prepaid-upgrade-success');
    const places = placesToSearch(m, capture.lines);
    places['all attributes'] = m.el
      .getAttributeNames()
      .map((name) => `${name}=${m.el.getAttribute(name)}`)
      .join('\n');
    expectNoSecret(places, session.token);
  });

  it('when it comes from auth-url, in no attribute and no request address', async () => {
    const session = await sandboxSession();
    // A blob: address stands in for the merchant's endpoint: it answers the token without the token being in it.
    const authUrl = URL.createObjectURL(new Blob([session.token], { type: 'application/json' }));
    try {
      const m = await mount({ 'subscription-id': eligible, 'api-base': session.apiBase, 'auth-url': authUrl });
      await waitForEvent(m, 'prepaid-upgrade-ready');
      m.$('[part~=submit]')!.click();
      await waitForEvent(m, 'prepaid-upgrade-success');
      const sent = await redactCredential(session.token);
      expect((await session.requests()).every((request) => request.headers.authorization === sent)).to.be.true;
      const places = placesToSearch(m, capture.lines);
      // The tab keeps the token that auth-url gave for its next pages, which the page's scripts could ask auth-url for
      // as well (docs/security.md): there and nowhere else.
      expect(sessionStorage.getItem(`prepaid-upgrade token ${authUrl}`))
        .to.match(/^\d+ /)
        .and.satisfy((kept: string) => kept.endsWith(session.token));
      delete places.sessionStorage;
      places['all attributes'] = m.el
        .getAttributeNames()
        .map((name) => `${name}=${m.el.getAttribute(name)}`)
        .join('\n');
      expectNoSecret(places, session.token);
    } finally {
      URL.revokeObjectURL(authUrl);
    }
  });
});

describe('the token never travels in clear text', () => {
  // Plain http: is allowed on loopback hosts only: localhost, 127.0.0.1 and [::1] (docs/security.md). Everything below
  // only looks like one, or is another loopback address the rule does not name.
  const refused = [
    'http://localhost.example.com/api',
    'http://127.0.0.1.example.com/api',
    'http://127.0.0.2/api',
    'http://0.0.0.0/api',
    'http://[::2]/api',
    'http://[::ffff:127.0.0.1]/api',
    'http://localhost@shop.example.com/api',
    'http://shop.example.com/api#localhost',
    // Protocol-relative: on a page served over http it is plain http to another host.
    '//shop.example.com/api',
  ];
  let fetched: string[];
  let fetches: ReturnType<typeof recordFetches>;
  let capture: ReturnType<typeof captureConsole>;
  beforeEach(() => {
    fetches = recordFetches();
    fetched = fetches.addresses;
    capture = captureConsole();
  });
  afterEach(() => {
    fetches.restore();
    capture.restore();
  });

  for (const apiBase of refused) {
    it(`refuses api-base="${apiBase}" and sends nothing`, async () => {
      const session = await sandboxSession();
      const m = await mount({ 'subscription-id': eligible, 'api-base': apiBase, token: session.token });
      await waitUntil(() => m.eventsOf('prepaid-upgrade-error').length > 0, 'no configuration error');
      expect(m.eventsOf('prepaid-upgrade-error')[0]!.detail).to.include({ phase: 'config', status: 0 });
      expect(m.el.state).to.equal('error');
      expect(fetched).to.deep.equal([]);
      expectNoSecret(placesToSearch(m, capture.lines), session.token);
    });
  }
});
