/**
 * The control routes under `/__sandbox/` of each instance, for the demo's fault controls and for tests. They need no
 * credential, and they are never logged, delayed or faulted. They answer only what proves it comes from the sandbox's
 * own origin, from an origin named in `controlOrigins`, or from a program on the sandbox's own machine.
 */
import type { Fault } from './faults.js';
import { isLoopback } from './hosts.js';
import { isPlainObject, json, methodNotAllowed, noContent, parseJson, problem, readBodyText, type ClientInfo } from './http.js';
import type { SandboxInstance } from './instance.js';
import { openApiDocument } from './openapi.js';
import type { OrderListingShape } from './schemas.js';

type ControlHandler = (instance: SandboxInstance, body: unknown) => Response;

/**
 * Control bodies may be far larger than API bodies. A fault's raw `body` can stand for an oversized answer, which a
 * client must refuse when it is over 1 MB. So such a body has to fit, with room to spare.
 */
export const MAX_CONTROL_BODY_BYTES = 4 * 1024 * 1024;

/** Runs a change that the instance refuses with a TypeError saying what is wrong, and answers that as a 400. */
function refusingInvalid(change: () => Response): Response {
  try {
    return change();
  } catch (error) {
    if (error instanceof TypeError) return problem(400, error.message);
    throw error;
  }
}

const ROUTES: Readonly<Record<string, Readonly<Record<string, ControlHandler>>>> = {
  '/faults': {
    GET: (instance) => json(200, instance.faults),
    // One fault, or a list of faults queued together, so that a test that sets up many answers at once sends one
    // request.
    POST: (instance, body) =>
      refusingInvalid(() => json(201, Array.isArray(body) ? instance.addFaults(body as Fault[]) : instance.addFault(body as Fault))),
    DELETE: (instance) => {
      instance.clearFaults();
      return noContent();
    },
  },
  '/latency': {
    GET: (instance) => json(200, { latencyMs: instance.latencyMs }),
    POST: (instance, body) =>
      refusingInvalid(() => {
        instance.latencyMs = (isPlainObject(body) ? body.latencyMs : undefined) as number;
        return json(200, { latencyMs: instance.latencyMs });
      }),
  },
  // How GET /orders/ lists each order: `{"shape": "complete"}`, the default, or `"reference"`, as the List reference
  // has it.
  '/order-listing': {
    GET: (instance) => json(200, { shape: instance.orderListing }),
    POST: (instance, body) =>
      refusingInvalid(() => {
        instance.orderListing = (isPlainObject(body) ? body.shape : undefined) as OrderListingShape;
        return json(200, { shape: instance.orderListing });
      }),
  },
  '/requests': {
    GET: (instance) => json(200, instance.requests),
    DELETE: (instance) => {
      instance.clearRequests();
      return noContent();
    },
  },
  '/reset': {
    POST: (instance) => {
      instance.reset();
      return noContent();
    },
  },
  '/info': {
    GET: (instance) => json(200, instance.info()),
  },
  '/openapi.json': { GET: () => json(200, openApiDocument()) },
};

/**
 * The origins of `controlOrigins`, each as a browser writes it in `Origin`, such as `http://localhost:5173`. Anything
 * else is refused with a TypeError, rather than left to never match.
 */
export function controlOriginSet(origins: readonly string[] = []): ReadonlySet<string> {
  const parsed = origins.map((text) => [text, originOf(text)] as const);
  const wrong = parsed.filter(([, origin]) => origin === undefined).map(([text]) => `"${text}"`);
  if (wrong.length > 0)
    throw new TypeError(`controlOrigins: each must be an origin such as "http://localhost:5173", not ${wrong.join(', ')}.`);
  return new Set(parsed.map(([, origin]) => origin!));
}

/**
 * The origin that `text` names, with nothing else, such as a path or a user. A typo should not quietly allow something
 * else.
 */
function originOf(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.origin !== 'null' && url.href === `${url.origin}/` ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why a request for a control route is refused, or undefined when it may go on. A control route changes what every
 * customer of the sandbox is answered and shows what they sent, so a request needs proof of where it comes from:
 * - a page of the sandbox's own origin, or of an origin named in `allowed`. A browser says where a request comes from
 *   in `Origin` and `Sec-Fetch-Site`, and no page can change either: `Sec-Fetch-Site: same-origin` is such a page, and
 *   so is `none`, an address the developer typed or bookmarked.
 * - or a program on this machine, which sends neither header (Node, curl, a test runner): the server that mounts the
 *   sandbox says so with the client's loopback address. A request with neither header from anywhere else, or from a
 *   server that does not say where it came from, proves nothing.
 */
export function controlRefusal(request: Request, allowed: ReadonlySet<string>, client: ClientInfo): string | undefined {
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  const fix = 'Name that origin in controlOrigins (--control-origin) to allow it.';
  if (origin !== null) {
    if (origin === new URL(request.url).origin || allowed.has(origin)) return undefined;
    return `The sandbox's control routes answer only pages of the sandbox's own origin, not ${origin}. ${fix}`;
  }
  if (site !== null) {
    if (site === 'same-origin' || site === 'none') return undefined;
    return `The sandbox's control routes answer only pages of the sandbox's own origin, not another origin. ${fix}`;
  }
  if (isLoopback(client.remoteAddress)) return undefined;
  return "The sandbox's control routes answer only pages of the sandbox's own origin and programs on the sandbox's own machine (loopback); this request proves neither.";
}

/** `path` is what follows `/__sandbox`, such as `/faults`. */
export async function handleControl(instance: SandboxInstance, request: Request, path: string): Promise<Response> {
  const route = Object.hasOwn(ROUTES, path) ? ROUTES[path] : undefined;
  if (!route)
    return problem(
      404,
      `Unknown sandbox control route. Known: ${Object.keys(ROUTES)
        .map((r) => `/__sandbox${r}`)
        .join(', ')}.`,
    );
  const handler = Object.hasOwn(route, request.method) ? route[request.method] : undefined;
  if (!handler) return methodNotAllowed(request.method, Object.keys(route));
  const body = await readBodyText(request, MAX_CONTROL_BODY_BYTES);
  if (body.tooLarge) return problem(413, `The request body is larger than ${MAX_CONTROL_BODY_BYTES / 1024 / 1024} MiB.`);
  let value: unknown = null;
  if (body.text !== '') {
    const parsed = parseJson(body.text);
    if (!parsed.ok) return problem(400, 'The request body is not valid JSON.');
    value = parsed.value;
  }
  return handler(instance, value);
}
