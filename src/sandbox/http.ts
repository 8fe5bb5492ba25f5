/** Response and request helpers shared by the API and the control routes. */

/** What the server that mounts the sandbox knows of a request beyond the request itself. */
export interface ClientInfo {
  /**
   * The address of the client the request came from, such as `127.0.0.1` or `::1`, as the server's socket gives it.
   * Behind a proxy, the client's own address as the proxy says it, or nothing: the proxy's address says nothing of the
   * client. Unknown when absent.
   */
  remoteAddress?: string;
}

/** Larger request bodies are refused with 413. */
export const MAX_BODY_BYTES = 64 * 1024;

const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, PATCH, POST, DELETE, OPTIONS',
  // X-OG-API-VERSION asks a listing for production's shape (docs/service.md#listings).
  'access-control-allow-headers': 'authorization, content-type, x-api-key, x-og-api-version',
  // Without this, a cross-origin page could not read how long to wait after a 429.
  'access-control-expose-headers': 'retry-after',
  'access-control-max-age': '600',
};

/**
 * Adds the CORS headers that every API answer carries, so that a widget on any origin can call the sandbox. A network
 * error, the simulated network failure, has no headers to add to, because it is no answer at all.
 */
export function withCors(response: Response): Response {
  if (response.type === 'error') return response;
  for (const [name, value] of Object.entries(CORS_HEADERS)) response.headers.set(name, value);
  return response;
}

/**
 * Allows one named origin to read a control answer, and no other origin, because the control routes are not for every
 * page on the web.
 */
export function withCorsFor(response: Response, origin: string): Response {
  for (const [name, value] of Object.entries(CORS_HEADERS)) response.headers.set(name, value);
  response.headers.set('access-control-allow-origin', origin);
  response.headers.append('vary', 'origin');
  return response;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** The service's error shape: `{"detail": "..."}`. */
export function problem(status: number, detail: string, headers: Record<string, string> = {}): Response {
  return json(status, { detail }, headers);
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

export function methodNotAllowed(method: string, allowed: readonly string[]): Response {
  return problem(405, `Method "${method}" not allowed.`, { allow: allowed.join(', ') });
}

type BodyText = { tooLarge: false; text: string } | { tooLarge: true };

/**
 * Reads a request body as text. It stops as soon as the body passes `limit` bytes, rather than buffering whatever a
 * client sends.
 *
 * Not every engine's `Request` has a body stream. Firefox's has no `body` at all: it is `undefined`, not `null`. There
 * the body is read whole, which is fine because a browser or service worker already holds it in memory.
 */
export async function readBodyText(request: Request, limit = MAX_BODY_BYTES): Promise<BodyText> {
  if (Number(request.headers.get('content-length')) > limit) {
    await request.body?.cancel();
    return { tooLarge: true };
  }
  if (request.body === undefined) {
    const bytes = await request.arrayBuffer();
    return bytes.byteLength > limit ? { tooLarge: true } : { tooLarge: false, text: new TextDecoder().decode(bytes) };
  }
  if (request.body === null) return { tooLarge: false, text: '' };
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return { tooLarge: true };
    }
    text += decoder.decode(value, { stream: true });
  }
  return { tooLarge: false, text: text + decoder.decode() };
}

type JsonBody = { ok: true; value: unknown } | { ok: false };

/** Parses a JSON body. An empty body is not JSON either. */
export function parseJson(text: string): JsonBody {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
