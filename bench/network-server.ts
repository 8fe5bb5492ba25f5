/**
 * The bench's store, CDN and service in one node server, for the visits over the network (bench/chain-visits.ts,
 * bench/scale-visits.ts): the store's pages, the built bundles under /dist/ with the headers a CDN serves a versioned,
 * integrity-pinned file with, the merchant's token endpoint at the README's `auth-url`, and the sandbox's fetch handler
 * under /sandbox/, each request answered `latencyMs` late, as a slow network answers. It keeps a log of what it was
 * asked, and of what each listing answered, which the scale table counts: the server sees every request, and counting
 * there adds nothing to the page's main thread.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sandbox } from '../src/sandbox/index.js';
import { serveNodeRequest } from '../src/sandbox/node.js';
import { requestKind, type Addresses, type RequestKind } from './request-chain.js';

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));

/**
 * How the bundle is served: a file whose address names its version and whose integrity the page pins never changes,
 * so a browser may keep it a year and never ask again (`immutable`: not even when the page is reloaded).
 */
export const BUNDLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** One request the server was asked, with what a listing answered. */
export interface ServedRequest {
  method: string;
  /** Its path, with its query. */
  path: string;
  kind: RequestKind;
  /** A listing's answer: the subscriptions it named (a subscriptions listing's ids; an orders listing's orders' subscriptions). */
  listed?: string[];
}

export interface NetworkServer {
  origin: string;
  addresses: Addresses;
  /** What the server was asked since it started or the log was last emptied, in the order asked. */
  log: ServedRequest[];
  close(): Promise<void>;
}

export interface NetworkServerOptions {
  /** The store's pages, by path. */
  pages: Record<string, string>;
  /** The sandbox mounted at /sandbox (its `basePath`). */
  sandbox: Sandbox;
  /** Where the token endpoint answers, and how it signs a token for the signed-in customer. */
  tokenPath: string;
  signToken: () => Promise<string>;
  /** How late each request is answered, in ms. */
  latencyMs: number;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The subscriptions a listing's answer names: its results' ids, or for orders, the subscription of each. */
async function listedIn(response: Response, kind: RequestKind): Promise<string[] | undefined> {
  if (!response.ok || (kind !== 'subscription listing' && kind !== 'orders listing')) return undefined;
  const { results } = (await response.clone().json()) as { results?: Array<{ public_id?: string; subscription?: string }> };
  return (results ?? []).map((item) => (kind === 'orders listing' ? item.subscription : item.public_id) ?? '');
}

/** Starts the server on a free port of 127.0.0.1. */
export function startNetworkServer({ pages, sandbox, tokenPath, signToken, latencyMs }: NetworkServerOptions): Promise<NetworkServer> {
  const addresses: Addresses = { bundlePath: '/dist/prepaid-upgrade.js', tokenPath, apiBase: '/sandbox' };
  const log: ServedRequest[] = [];
  const server = createServer(async (req, res) => {
    const path = req.url ?? '/';
    const { pathname } = new URL(path, 'http://localhost');
    const kind = requestKind(path, addresses);
    const served: ServedRequest = { method: req.method ?? 'GET', path, kind };
    log.push(served);
    await wait(latencyMs);
    try {
      if (pathname.startsWith(`${addresses.apiBase}/`)) {
        return await serveNodeRequest(
          async (request, client) => {
            const response = await sandbox.handle(request, client);
            const listed = await listedIn(response, kind);
            if (listed) served.listed = listed;
            return response;
          },
          req,
          res,
        );
      }
      const page = pages[pathname];
      if (page !== undefined)
        return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page);
      if (pathname === tokenPath)
        return void res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(await signToken());
      const file = normalize(join(distDir, pathname.slice('/dist/'.length)));
      if (pathname.startsWith('/dist/') && file.startsWith(distDir) && file.endsWith('.js')) {
        const bytes = await readFile(file);
        return void res
          .writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': BUNDLE_CACHE_CONTROL })
          .end(bytes);
      }
    } catch {
      // Falls through to 404: a file that is not there.
    }
    if (!res.headersSent) res.writeHead(404).end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({
        origin,
        addresses,
        log,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Kept-alive connections of the browser would otherwise hold close() open.
            server.closeAllConnections();
          }),
      });
    }),
  );
}
