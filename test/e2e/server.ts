/**
 * A bare storefront for the end-to-end tests: static pages (with the response headers a test gives them), small
 * routes, the files of dist/, and the sandbox at /sandbox, every API request of which is audited for leaked
 * credentials (see test/helpers/request-audit.ts).
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { createSandbox } from '../../src/sandbox/index.js';
import { serveNodeRequest } from '../../src/sandbox/node.js';
import { createRequestAudit, type RequestAuditReport } from '../helpers/request-audit.js';

export const distDir = fileURLToPath(new URL('../../dist/', import.meta.url));
export const chromePath = process.env.CHROME_PATH ?? '/usr/lib/chromium/chromium';

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

export async function startTestServer(): Promise<TestServer> {
  const sandbox = createSandbox({ basePath: '/sandbox' });
  const audit = createRequestAudit({ basePath: '/sandbox' });
  const handleSandbox = audit.wrap((request) => sandbox.handle(request));
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

/** Debian's Chromium, headless, as root. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    timeout: 30_000,
  });
}
