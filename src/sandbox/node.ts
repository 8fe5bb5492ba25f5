/**
 * `prepaid-upgrade/sandbox/node` serves the sandbox's fetch handler from Node's `http` module. `toNodeListener` is for
 * a store's own Node server. `startSandboxServer` is for the CLI, and for a server of the sandbox's own.
 * `serveNodeRequest` is for dev servers and test runners that hand over Node's request and response objects.
 */
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { networkInterfaces } from 'node:os';
import { hostNameOf, isAllowedHost } from './hosts.js';
import type { ClientInfo } from './http.js';
import { createSandbox, type Sandbox, type SandboxOptions } from './index.js';

/** A fetch handler, such as a sandbox's `handle`, which is told what the server knows of the client. */
export type FetchHandler = (request: Request, client: ClientInfo) => Promise<Response>;

/** The request body as a web stream that pulls from Node's stream only as fast as the handler reads. */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        if (cancelled) return;
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.once('end', () => cancelled || controller.close());
      req.once('error', (error) => cancelled || controller.error(error));
    },
    pull() {
      req.resume();
    },
    // The handler stopped reading, as for a body over the limit. The rest flows away, so that the answer can be sent.
    cancel() {
      cancelled = true;
      req.resume();
    },
  });
}

function toRequest(req: IncomingMessage, origin: string): Request {
  const url = new URL(req.url ?? '/', origin);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  // Node's fetch requires `duplex` for a streamed body, and the DOM typings do not have it yet.
  const init: RequestInit & { duplex?: 'half' } = { method, headers };
  if (hasBody) {
    init.body = bodyStream(req);
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/**
 * What a network failure (`Response.error()`) is over HTTP: the connection is reset after the request has arrived. The
 * reset is what fails the request. The well-formed bytes before it make sure that the request fails in every engine,
 * instead of being sent again by the browser.
 *
 * A browser resends a request by itself when a connection fails before the answer has begun. It takes the connection
 * for a kept-alive one that the server had closed meanwhile, and the resent request would meet no fault. What counts as
 * begun differs between engines:
 * - Chromium, on a reused connection, needs a whole head, and a `1xx` head counts.
 * - WebKit (libsoup), which resends GETs on a reused connection, needs a line of a head.
 * - Firefox, which resends a GET on any connection, needs one byte.
 *
 * So the sandbox answers `100 Continue`, which says that the request has been received (RFC 9110 §15.2.1). It begins to
 * say it again, and then resets the connection. No status is ever read, and `fetch` rejects.
 */
const ANSWER_BEGUN = 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 100 Continue\r\n';

function resetMidAnswer(socket: Socket): void {
  socket.write(ANSWER_BEGUN, (error) => (error ? socket.destroy() : socket.resetAndDestroy()));
}

/** How `serveNodeRequest` reads a request. */
export interface ServeOptions {
  /**
   * The origin the request was sent to, which the addresses the handler answers with (a listing's `next`) are made
   * from: behind a proxy that ends TLS, the public one, such as `https://store.example`. Default `http://` and the
   * request's `Host`.
   */
  origin?: string;
}

/**
 * Answers a Node request with a fetch handler, which is given the client's address as the socket has it. A network
 * error resets the connection mid-answer, and so does a body that fails before its first byte. A body that fails later
 * cuts the connection, so that the client's read of the body fails.
 */
export async function serveNodeRequest(
  handle: FetchHandler,
  req: IncomingMessage,
  res: ServerResponse,
  { origin = `http://${req.headers.host ?? 'localhost'}` }: ServeOptions = {},
): Promise<void> {
  const response = await handle(toRequest(req, origin), { remoteAddress: req.socket.remoteAddress });
  if (response.type === 'error') return resetMidAnswer(req.socket);
  const reader = response.body?.getReader();
  let chunk: ReadableStreamReadResult<Uint8Array> | undefined;
  try {
    chunk = await reader?.read();
  } catch {
    return resetMidAnswer(req.socket);
  }
  res.writeHead(response.status, Object.fromEntries(response.headers));
  try {
    while (chunk && !chunk.done) {
      res.write(chunk.value);
      chunk = await reader!.read();
    }
  } catch {
    res.destroy();
    return;
  }
  res.end();
}

/**
 * A listener for `http.createServer`, or a route of a framework built on `node:http`. It answers every request that it
 * is given with `handle`, a sandbox's `handle`. Mount it where the sandbox's `basePath` says, with the request's path
 * unchanged: `if (req.url.startsWith('/sandbox/')) return listener(req, res)`. When the handler throws, the error is
 * logged and the connection closed, so that the server goes on.
 */
export function toNodeListener(handle: FetchHandler): RequestListener {
  return (req, res) => {
    serveNodeRequest(handle, req, res).catch((error: unknown) => {
      console.error('sandbox: could not answer a request', error);
      res.destroy();
    });
  };
}

export interface SandboxServerOptions extends SandboxOptions {
  /** Default 8787. 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1, because the sandbox is for this machine only. */
  host?: string;
  /**
   * The host names it answers besides loopback (`localhost` and its subdomains, `127.0.0.1`, `[::1]`) and the address it
   * listens on (each of this machine's addresses, when it listens on all of them), such as `sandbox.test`; one that
   * starts with a dot allows its subdomains too. Default none. A request for any other name gets a 421: a site whose
   * name was made to point at this machine (DNS rebinding) would otherwise be a page of the sandbox's own origin.
   */
  allowedHosts?: readonly string[];
}

export interface SandboxServer {
  /** The base address, such as `http://127.0.0.1:8787`, plus the base path. */
  url: string;
  /** The sandbox it serves, for its programmatic API. */
  sandbox: Sandbox;
  close(): Promise<void>;
}

/** The addresses a server listening on `host` is reached at: that one, or every address of this machine for a wildcard. */
function addressesOf(host: string): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [host];
  return Object.values(networkInterfaces()).flatMap((addresses) => (addresses ?? []).map(({ address }) => address));
}

/** Starts the sandbox on `node:http`. */
export function startSandboxServer({
  port = 8787,
  host = '127.0.0.1',
  allowedHosts = [],
  ...options
}: SandboxServerOptions = {}): Promise<SandboxServer> {
  const sandbox = createSandbox(options);
  const answer = toNodeListener(sandbox.handle);
  const served = [...allowedHosts, ...addressesOf(host)];
  const server = createServer((req, res) => {
    if (isAllowedHost(hostNameOf(req.headers.host), served)) return answer(req, res);
    const names = served.length > 0 ? `, ${served.join(', ')}` : '';
    const detail = `This sandbox answers at localhost, 127.0.0.1, [::1]${names} only. Name another host with --allowed-host.`;
    res.writeHead(421, { 'content-type': 'application/json', 'x-content-type-options': 'nosniff' });
    res.end(JSON.stringify({ detail }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const { address, port: actualPort } = server.address() as AddressInfo;
      const hostname = address.includes(':') ? `[${address}]` : address;
      resolve({
        url: `http://${hostname}:${actualPort}${options.basePath ?? ''}`.replace(/\/$/, ''),
        sandbox,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            // Keep-alive connections would otherwise hold close() open until they time out.
            server.closeAllConnections();
          }),
      });
    });
  });
}
