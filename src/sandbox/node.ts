/**
 * Serves the sandbox's fetch handler from Node's `http` module: for the CLI, and for dev servers and test runners
 * that hand over Node's request and response objects.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSandbox, type Sandbox, type SandboxOptions } from './index.js';

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
    // The handler stopped reading (a body over the limit): let the rest flow away so that the answer can be sent.
    cancel() {
      cancelled = true;
      req.resume();
    },
  });
}

function toRequest(req: IncomingMessage): Request {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  // `duplex` is required by Node's fetch for a streamed body, and is not in the DOM typings yet.
  const init: RequestInit & { duplex?: 'half' } = { method, headers };
  if (hasBody) {
    init.body = bodyStream(req);
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/**
 * What a network failure (`Response.error()`) is answered with: a head that every engine's HTTP stack must refuse, so
 * that the client's `fetch` rejects. A dropped or reset connection would not do: browsers silently resend a request
 * whose reused keep-alive connection closes without an answer, and the resent request would then succeed. Engines
 * differ in what they refuse: Chromium and Firefox refuse two different Content-Length values (RFC 9112 §6.3), which
 * WebKit (libsoup) reads as a 502; all three refuse a NUL in a field value (RFC 9110 §5.5). The head has both.
 */
const UNREADABLE_RESPONSE =
  'HTTP/1.1 502 Bad Gateway\r\nx-simulated-failure: \x00\r\ncontent-length: 1\r\ncontent-length: 2\r\nconnection: close\r\n\r\n';

/**
 * Answers a Node request with a fetch handler. A network error is answered with a head the client refuses; a body
 * that fails before its first byte is treated the same way, and one that fails later cuts the connection, so that
 * the client's read of the body fails.
 */
export async function serveNodeRequest(
  handle: (request: Request) => Promise<Response>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const response = await handle(toRequest(req));
  const unreadable = () => void res.socket?.end(UNREADABLE_RESPONSE);
  if (response.type === 'error') return unreadable();
  const reader = response.body?.getReader();
  let chunk: ReadableStreamReadResult<Uint8Array> | undefined;
  try {
    chunk = await reader?.read();
  } catch {
    return unreadable();
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

export interface SandboxServerOptions extends SandboxOptions {
  /** Default 8787; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1: the sandbox is for this machine only. */
  host?: string;
}

export interface SandboxServer {
  /** The base address, e.g. `http://127.0.0.1:8787` (plus the base path). */
  url: string;
  /** The sandbox it serves, for its programmatic API. */
  sandbox: Sandbox;
  close(): Promise<void>;
}

/** Starts the sandbox on `node:http`. */
export function startSandboxServer({ port = 8787, host = '127.0.0.1', ...options }: SandboxServerOptions = {}): Promise<SandboxServer> {
  const sandbox = createSandbox(options);
  const server = createServer((req, res) => {
    serveNodeRequest(sandbox.handle, req, res).catch((error: unknown) => {
      console.error('sandbox: could not answer a request', error);
      res.destroy();
    });
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
