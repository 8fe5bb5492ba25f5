// End to end: the built bundles on pages that lock themselves down with a strict Content-Security-Policy and
// Trusted Types, and the widget embedded the ways storefronts embed it: inside another component's shadow root and
// inside an iframe. Each completes an upgrade by clicking, with no policy violation and no page error.
// Run after `npm run build`.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PREPAID_UPGRADE_EVENTS } from '../../src/events.js';
import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { redactCredential, SANDBOX_MERCHANT, type RecordedRequest, type SandboxInfo } from '../../src/sandbox/index.js';
import { signStorefrontToken } from '../../src/server/index.js';
import { escapeAttribute, getJson, serverAndChromium } from './server.js';

/**
 * No inline script or style, no eval, and every HTML sink behind a Trusted Types policy: the bundle creates exactly
 * one, `lit-html` (Lit's template policy). Product images of the sandbox are `data:` addresses, hence `img-src data:`;
 * against the real service a page lists the service's image host there instead.
 */
const STRICT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "require-trusted-types-for 'script'",
  'trusted-types lit-html',
].join('; ');

const EVENT_TYPES = Object.values(PREPAID_UPGRADE_EVENTS).map((event) => event.eventName);

/**
 * Loaded first by every page, as a file (inline scripts are refused): records every policy violation, uncaught
 * error and public event of its document, where the test can read them.
 */
const RECORDER_JS = `
window.__violations = [];
window.__errors = [];
window.__events = [];
window.addEventListener('securitypolicyviolation', function (event) {
  window.__violations.push([event.effectiveDirective, event.blockedURI, event.sourceFile + ':' + event.lineNumber, event.sample].join(' | '));
}, true);
window.addEventListener('error', function (event) { window.__errors.push(String(event.message)); });
window.addEventListener('unhandledrejection', function (event) { window.__errors.push(String(event.reason)); });
${JSON.stringify(EVENT_TYPES)}.forEach(function (type) {
  document.addEventListener(type, function (event) { window.__events.push(event.type); });
});
`;

/**
 * A store's own component that renders the widget inside its open shadow root, and gives it the token through
 * \`tokenProvider\` from the store's endpoint: the way an account-page component of a theme would.
 */
const STORE_ACCOUNT_JS = `
customElements.define('store-account', class extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot) return;
    const root = this.attachShadow({ mode: 'open' });
    const heading = document.createElement('h2');
    heading.textContent = 'Your subscriptions';
    const widget = document.createElement('prepaid-upgrade');
    widget.setAttribute('subscription-id', this.dataset.subscriptionId);
    widget.setAttribute('api-base', this.dataset.apiBase);
    const tokenUrl = this.dataset.tokenUrl;
    widget.tokenProvider = function () {
      return fetch(tokenUrl, { credentials: 'same-origin' }).then(function (response) { return response.text(); });
    };
    root.append(heading, widget);
  }
});
`;

/** Deliberate violations, to show that the recorder sees them and that the policy is enforced. */
const PROBE_JS = `
try { document.body.innerHTML = '<b>not trusted</b>'; } catch (error) { window.__probe = String(error); }
`;

const JS_HEADERS = { 'content-type': 'text/javascript; charset=utf-8' };
const CSP_HEADERS = { 'content-security-policy': STRICT_CSP };

interface Customer {
  apiBase: string;
  subscriptionId: string;
  token: string;
  /** A same-origin endpoint that answers the token as JSON, as a merchant's `auth-url` does. */
  tokenUrl: string;
}

const documentHead = (title: string, scripts: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
  `<link rel="icon" href="data:,"><script src="/e2e/recorder.js"></script>${scripts}</head>`;

const MODULE_BUNDLE = '<script type="module" src="/dist/prepaid-upgrade.js"></script>';
const CLASSIC_BUNDLE = '<script src="/dist/prepaid-upgrade.iife.js"></script>';

const widgetTag = (customer: Customer) =>
  `<prepaid-upgrade subscription-id="${escapeAttribute(customer.subscriptionId)}" api-base="${escapeAttribute(customer.apiBase)}" ` +
  `auth-url="${escapeAttribute(customer.tokenUrl)}"></prepaid-upgrade>`;

interface Recorded {
  violations: string[];
  errors: string[];
  events: string[];
}

const recorded = (frame: Page | Frame) =>
  frame.evaluate(() => {
    const w = window as unknown as Recorded & { __violations: string[]; __errors: string[]; __events: string[] };
    return { violations: w.__violations, errors: w.__errors, events: w.__events };
  });

describe('the widget on a locked-down page, and embedded', { timeout: 180_000 }, () => {
  const running = serverAndChromium((server) => {
    server.route('/e2e/recorder.js', () => ({ headers: JS_HEADERS, body: RECORDER_JS }));
    server.route('/e2e/store-account.js', () => ({ headers: JS_HEADERS, body: STORE_ACCOUNT_JS }));
    server.route('/e2e/probe.js', () => ({ headers: JS_HEADERS, body: PROBE_JS }));
  });

  /** An isolated sandbox instance with an eligible subscription, and a token endpoint for its customer. */
  async function newCustomer(): Promise<Customer> {
    const instance = randomUUID();
    const apiBase = `/sandbox/i/${instance}`;
    const info = await getJson<SandboxInfo>(`${running.server.origin}${apiBase}/__sandbox/info`);
    const customer = info.customers[0]!;
    const subscriptionId = customer.subscriptions.find((subscription) => subscription.kind === 'eligible')?.id;
    assert.ok(subscriptionId, `${customer.customerId} has an eligible subscription`);
    const token = await signStorefrontToken({
      merchantPublicId: info.merchant.publicId,
      customerId: customer.customerId,
      hashKey: SANDBOX_MERCHANT.hashKey,
    });
    const tokenUrl = `/e2e/token/${instance}`;
    running.server.route(tokenUrl, () => ({ headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }, body: token }));
    return { apiBase, subscriptionId, token, tokenUrl };
  }

  interface Session {
    page: Page;
    context: BrowserContext;
    pageErrors: string[];
    consoleErrors: string[];
  }

  async function openPage(url: string, run: (session: Session) => Promise<void>): Promise<void> {
    const context = await running.browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const session: Session = { page, context, pageErrors: [], consoleErrors: [] };
    page.on('pageerror', (error) => session.pageErrors.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') session.consoleErrors.push(message.text());
    });
    try {
      await page.goto(url);
      await run(session);
    } finally {
      await context.close();
    }
  }

  /** Chooses 6 orders and downgrade in the widget of `frame`, confirms, and checks what the sandbox was asked. */
  async function upgradeIn(frame: Frame, customer: Customer): Promise<void> {
    await frame.waitForFunction(() => (window as unknown as { __events: string[] }).__events.includes('prepaid-upgrade-ready'));
    const widget = frame.locator('prepaid-upgrade');
    // Lit adopts its styles as constructed style sheets, which style-src 'self' does not block: they apply.
    assert.equal(await widget.locator('[part~="status"]').evaluate((element) => getComputedStyle(element).position), 'absolute');
    await widget.locator('input[type="radio"][value="6"]').check();
    await widget.locator('input[type="radio"][value="downgrade"]').check();
    await widget.locator('button[part~="submit"]').click();
    await widget.locator('[part~="success"]').waitFor({ state: 'visible' });
    assert.equal(await widget.evaluate((element) => (element as HTMLElement & { state: string }).state), 'success');
    assert.ok((await recorded(frame)).events.includes('prepaid-upgrade-success'));

    // After the success the widget reads the repriced next order again, which may still be on its way: the sandbox's log
    // and the server's audit are read until they agree on what arrived.
    const logged = () => getJson<RecordedRequest[]>(`${running.server.origin}${customer.apiBase}/__sandbox/requests`);
    const auditedHere = () => running.server.audit().requests.filter((request) => request.url.startsWith(`${customer.apiBase}/`));
    let requests = await logged();
    for (const started = Date.now(); auditedHere().length !== requests.length && Date.now() - started < 2000; requests = await logged()) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const patches = requests.filter((request) => request.method === 'PATCH');
    assert.equal(patches.length, 1, 'exactly one PATCH');
    assert.deepEqual(patches[0]!.body, { orders_per_billing: 6, renewal_behavior: 'downgrade', offer: 'live' });
    // The log shows each token as a fingerprint of its exact text.
    const sent = await redactCredential(customer.token);
    for (const request of requests) {
      assert.equal(request.headers['authorization'], sent, `${request.method} ${request.path} carries the token verbatim`);
      assert.ok(!('x-api-key' in request.headers), `${request.method} ${request.path} carries no x-api-key`);
    }
    // What the server saw on the wire for this instance: no key, no credential in any address.
    const audited = auditedHere();
    assert.equal(audited.length, requests.length);
    assert.deepEqual(
      audited.filter((request) => request.apiKey || request.credentialInUrl.length > 0),
      [],
    );
  }

  async function expectClean(session: Session, frames: Frame[]): Promise<void> {
    for (const frame of frames) {
      const { violations, errors } = await recorded(frame);
      assert.deepEqual(violations, [], `no policy violation in ${frame.url()}`);
      assert.deepEqual(errors, [], `no uncaught error in ${frame.url()}`);
    }
    assert.deepEqual(session.pageErrors, [], 'no page errors');
    assert.deepEqual(session.consoleErrors, [], 'no console errors');
  }

  it('the recorder sees violations of this policy: Trusted Types are enforced and name exactly lit-html', async () => {
    const url = running.server.page(
      '/e2e/probe.html',
      `${documentHead('Probe', '<script src="/e2e/probe.js" defer></script>')}<body><script>window.__inline = 1;</script></body></html>`,
      CSP_HEADERS,
    );
    await openPage(url, async ({ page }) => {
      await page.waitForFunction(() => (window as unknown as { __violations: string[] }).__violations.length >= 2);
      const { violations } = await recorded(page);
      assert.ok(
        violations.some((violation) => violation.startsWith('script-src-elem | inline')),
        violations.join('\n'),
      );
      assert.ok(
        violations.some((violation) => violation.startsWith('require-trusted-types-for | trusted-types-sink')),
        violations.join('\n'),
      );
      assert.equal(
        await page.evaluate(() => (window as unknown as { __inline?: number }).__inline),
        undefined,
        'the inline script did not run',
      );
    });

    // The same page with no policy name allowed: the bundle's one policy is refused, and it is lit-html.
    const refusing = running.server.page('/e2e/no-policy.html', `${documentHead('No policy', MODULE_BUNDLE)}<body></body></html>`, {
      'content-security-policy': STRICT_CSP.replace('trusted-types lit-html', "trusted-types 'none'"),
    });
    await openPage(refusing, async ({ page }) => {
      await page.waitForFunction(() => (window as unknown as { __violations: string[] }).__violations.length >= 1);
      const { violations } = await recorded(page);
      assert.deepEqual(
        violations.map((violation) => violation.split(' | ')[0] + ' ' + violation.split(' | ')[3]),
        ['trusted-types lit-html'],
      );
    });
  });

  for (const [name, bundle] of [
    ['ES module', MODULE_BUNDLE],
    ['classic script (IIFE)', CLASSIC_BUNDLE],
  ] as const) {
    it(`${name}: upgrades under a strict CSP with Trusted Types, with no violation`, async () => {
      const customer = await newCustomer();
      const path = `/e2e/strict-${name.startsWith('ES') ? 'module' : 'classic'}.html`;
      const url = running.server.page(
        path,
        `${documentHead('Account', bundle)}<body><main>${widgetTag(customer)}</main></body></html>`,
        CSP_HEADERS,
      );
      await openPage(url, async (session) => {
        await upgradeIn(session.page.mainFrame(), customer);
        await expectClean(session, [session.page.mainFrame()]);
      });
    });
  }

  it('with an import map that pins discovery.js, allowed by its hash: the pinned file runs, a wrong pin is refused', async () => {
    const integrity = JSON.parse(await readFile(new URL('../../dist/integrity.json', import.meta.url), 'utf8')) as Record<string, string>;
    /** A page of one widget without an id (it loads discovery.js), its import map allowed by the map's hash. */
    const pageWithMap = async (name: string, pin: string) => {
      const customer = await newCustomer();
      const map = JSON.stringify({ integrity: { '/dist/discovery.js': pin } });
      const hash = createHash('sha256').update(map).digest('base64');
      const widget = `<prepaid-upgrade api-base="${escapeAttribute(customer.apiBase)}" auth-url="${escapeAttribute(customer.tokenUrl)}"></prepaid-upgrade>`;
      return running.server.page(
        `/e2e/${name}.html`,
        `${documentHead('Prepay', `<script type="importmap">${map}</script>${MODULE_BUNDLE}`)}<body><main>${widget}</main></body></html>`,
        { 'content-security-policy': STRICT_CSP.replace("script-src 'self'", `script-src 'self' 'sha256-${hash}'`) },
      );
    };
    await openPage(await pageWithMap('import-map', integrity['discovery.js']!), async (session) => {
      await session.page.waitForFunction(() => (window as unknown as { __events: string[] }).__events.includes('prepaid-upgrade-ready'));
      assert.equal(
        await session.page.locator('prepaid-upgrade').evaluate((element) => (element as HTMLElement & { state: string }).state),
        'ready',
      );
      await expectClean(session, [session.page.mainFrame()]);
    });
    // The map is in force: with another file's hash, the browser refuses discovery.js, and the widget says it failed.
    await openPage(await pageWithMap('import-map-wrong-pin', integrity['i18n/de.js']!), async (session) => {
      await session.page.waitForFunction(() => (window as unknown as { __events: string[] }).__events.includes('prepaid-upgrade-error'));
      assert.deepEqual((await recorded(session.page)).violations, [], 'the import map itself was allowed');
    });
  });

  it("inside another component's open shadow root, under the same policy", async () => {
    const customer = await newCustomer();
    const url = running.server.page(
      '/e2e/shadow.html',
      `${documentHead('Account', `${MODULE_BUNDLE}<script src="/e2e/store-account.js"></script>`)}<body><main>` +
        `<store-account data-subscription-id="${escapeAttribute(customer.subscriptionId)}" data-api-base="${escapeAttribute(customer.apiBase)}" ` +
        `data-token-url="${escapeAttribute(customer.tokenUrl)}"></store-account></main></body></html>`,
      CSP_HEADERS,
    );
    await openPage(url, async (session) => {
      await upgradeIn(session.page.mainFrame(), customer);
      assert.equal(
        await session.page.evaluate(() => document.querySelector('prepaid-upgrade')),
        null,
        'the widget is not in the light DOM',
      );
      assert.equal(
        await session.page.evaluate(() => document.querySelector('store-account')!.shadowRoot!.querySelector('prepaid-upgrade')!.state),
        'success',
      );
      await expectClean(session, [session.page.mainFrame()]);
    });
  });

  it('inside a same-origin iframe, both documents under the same policy', async () => {
    const customer = await newCustomer();
    running.server.page(
      '/e2e/framed.html',
      `${documentHead('Widget', MODULE_BUNDLE)}<body>${widgetTag(customer)}</body></html>`,
      CSP_HEADERS,
    );
    const url = running.server.page(
      '/e2e/frame-host.html',
      `${documentHead('Account', '')}<body><main><iframe src="/e2e/framed.html" title="Prepay your subscription" width="600" height="900"></iframe></main></body></html>`,
      CSP_HEADERS,
    );
    await openPage(url, async (session) => {
      const widget = session.page.frameLocator('iframe').locator('prepaid-upgrade');
      await widget.locator('button[part~="submit"]').waitFor();
      const frame = session.page.frames().find((candidate) => candidate.url().endsWith('/e2e/framed.html'));
      assert.ok(frame, 'the iframe loaded');
      await upgradeIn(frame, customer);
      assert.equal(await widget.evaluate((element) => (element as HTMLElement & { state: string }).state), 'success');
      await expectClean(session, [session.page.mainFrame(), frame]);
    });
  });
});
