/**
 * A bare storefront for the end-to-end tests: static pages (with the response headers a test gives them), small
 * routes, the files of dist/, and the sandbox at /sandbox, every API request of which is audited for leaked
 * credentials (see test/helpers/request-audit.ts).
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { createSandbox, SANDBOX_MERCHANT, type SandboxInfo } from '../../src/sandbox/index.js';
import { serveNodeRequest } from '../../src/sandbox/node.js';
import { signStorefrontToken } from '../../src/server/index.js';
import { chromePath } from '../engines.js';
import { createRequestAudit, type RequestAuditReport } from '../helpers/request-audit.js';

export const distDir = fileURLToPath(new URL('../../dist/', import.meta.url));

export const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.map': 'application/json',
};

export const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

export interface RouteAnswer {
  status?: number;
  headers?: Record<string, string>;
  body: string;
}

export interface TestServer {
  origin: string;
  /** Serves `html` at `path`, with `headers` added, until the server closes; returns its address. */
  page(path: string, html: string, headers?: Record<string, string>): string;
  /** Answers GET `path` with whatever `answer` returns for the request. */
  route(path: string, answer: (request: IncomingMessage) => RouteAnswer | Promise<RouteAnswer>): void;
  /** Every API request the sandbox has seen since the server started. */
  audit(): RequestAuditReport;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** The sandbox's clock: what it checks tokens against and dates its seeded orders from (default: the real one). */
  now?: () => number;
}

export async function startTestServer({ now }: TestServerOptions = {}): Promise<TestServer> {
  const sandbox = createSandbox({ basePath: '/sandbox', ...(now && { now }) });
  const audit = createRequestAudit({ basePath: '/sandbox' });
  const handleSandbox = audit.wrap((request, client) => sandbox.handle(request, client));
  const pages = new Map<string, { html: string; headers: Record<string, string> }>();
  const routes = new Map<string, (request: IncomingMessage) => RouteAnswer | Promise<RouteAnswer>>();

  async function serveDist(pathname: string, res: ServerResponse): Promise<void> {
    const file = normalize(join(distDir, decodeURIComponent(pathname.slice('/dist/'.length))));
    if (!file.startsWith(distDir) || file.endsWith(sep)) return void res.writeHead(404).end();
    try {
      if (!(await stat(file)).isFile()) return void res.writeHead(404).end();
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === '/sandbox' || pathname.startsWith('/sandbox/')) return serveNodeRequest(handleSandbox, req, res);
    if (pathname.startsWith('/dist/')) return serveDist(pathname, res);
    const page = pages.get(pathname);
    if (page !== undefined) return void res.writeHead(200, { 'content-type': CONTENT_TYPES['.html']!, ...page.headers }).end(page.html);
    const route = routes.get(pathname);
    if (route !== undefined && req.method === 'GET') {
      const { status = 200, headers = {}, body } = await route(req);
      return void res.writeHead(status, headers).end(body);
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    page(path, html, headers = {}) {
      pages.set(path, { html, headers });
      return `${origin}${path}`;
    },
    route(path, answer) {
      routes.set(path, answer);
    },
    audit: () => audit.report(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
  assert.equal(response.status, 200, `GET ${url}`);
  return (await response.json()) as T;
}

/** The two script bundles a storefront can load, and the tag that loads each. */
export const BUNDLES = [
  { name: 'ES module', file: 'prepaid-upgrade.js', tag: (src: string) => `<script type="module" src="${src}"></script>` },
  { name: 'classic script (IIFE)', file: 'prepaid-upgrade.iife.js', tag: (src: string) => `<script src="${src}"></script>` },
] as const;
export type Bundle = (typeof BUNDLES)[number];

/** Fails, saying what to do, when the bundles have not been built. */
export async function assertBundlesBuilt(): Promise<void> {
  for (const { file } of BUNDLES) {
    await stat(join(distDir, file)).catch(() => assert.fail(`dist/${file} is missing: run \`npm run build\` first`));
  }
}

export interface WidgetPageOptions {
  /** Who is signed in: default the first seeded customer. */
  customerId?: string;
  /** Leaves out `subscription-id`: the widget finds the customer's subscriptions itself. */
  discover?: boolean;
}

/**
 * An eligible subscription in a sandbox instance of its own (so that each test finds it as seeded), with a token
 * for its customer and a plain page that loads `bundle` and shows the widget for it. `head` goes into the page's
 * head before the bundle (e.g. an inline script that records what happens in the page).
 */
export async function widgetPage(
  server: TestServer,
  bundle: Bundle,
  name: string,
  head = '',
  attributes: Record<string, string> = {},
  { customerId, discover = false }: WidgetPageOptions = {},
) {
  const apiBase = `/sandbox/i/${randomUUID()}`;
  const info = await getJson<SandboxInfo>(`${server.origin}${apiBase}/__sandbox/info`);
  const customer = customerId ? info.customers.find((candidate) => candidate.customerId === customerId) : info.customers[0];
  assert.ok(customer, `${customerId} is a seeded customer`);
  const subscriptionId = customer.subscriptions.find((subscription) => subscription.kind === 'eligible')?.id;
  assert.ok(subscriptionId, `${customer.customerId} has an eligible pay-as-you-go subscription`);
  const token = await signStorefrontToken({
    merchantPublicId: info.merchant.publicId,
    customerId: customer.customerId,
    hashKey: SANDBOX_MERCHANT.hashKey,
  });
  const widgetAttributes = { ...(discover ? {} : { 'subscription-id': subscriptionId }), 'api-base': apiBase, token, ...attributes };
  const url = server.page(
    `/${name}-${bundle.file}.html`,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Account</title>` +
      `<link rel="icon" href="data:,">${head}${bundle.tag(`/dist/${bundle.file}`)}</head><body><main>` +
      `<prepaid-upgrade` +
      Object.entries(widgetAttributes)
        .map(([attribute, value]) => ` ${attribute}="${escapeAttribute(value)}"`)
        .join('') +
      `></prepaid-upgrade></main></body></html>`,
  );
  return { apiBase, subscriptionId, token, url };
}

/** Queues a fault in the sandbox instance at `apiBase` (see src/sandbox/faults.ts). */
export async function addFault(server: TestServer, apiBase: string, fault: Record<string, unknown>): Promise<void> {
  const added = await fetch(`${server.origin}${apiBase}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
    signal: AbortSignal.timeout(5000),
  });
  assert.equal(added.status, 201, await added.text());
}

/**
 * The test server and a Chromium for the tests of one `describe`: started before its first test, once the bundles are
 * known to be built (then `setUp` adds what its pages need, such as routes), and closed after its last. Read
 * `server` and `browser` inside the tests, once they have started.
 */
export function serverAndChromium(
  setUp?: (server: TestServer) => Promise<void> | void,
  options: TestServerOptions = {},
): {
  readonly server: TestServer;
  readonly browser: Browser;
} {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  before(
    async () => {
      await assertBundlesBuilt();
      server = await startTestServer(options);
      await setUp?.(server);
      browser = await launchChromium();
    },
    { timeout: 60_000 },
  );
  after(
    async () => {
      await browser?.close();
      await server?.close();
    },
    { timeout: 30_000 },
  );
  return {
    get server() {
      return server!;
    },
    get browser() {
      return browser!;
    },
  };
}

/** Chromium as the tests drive it (see `chromePath`), as root. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    timeout: 30_000,
  });
}
