/**
 * The control routes under `/__sandbox/` of each instance, for the demo's fault controls and for tests. They need
 * no credential, and are neither logged, delayed nor faulted.
 */
import type { Fault } from './faults.js';
import { isPlainObject, json, methodNotAllowed, noContent, parseJson, problem, readBodyText } from './http.js';
import type { SandboxInstance } from './instance.js';
import { openApiDocument } from './openapi.js';
import type { OrderListingShape } from './schemas.js';

type ControlHandler = (instance: SandboxInstance, body: unknown) => Response;

/**
 * Control bodies may be far larger than API bodies: a fault's raw `body` can stand for an oversized answer (a client
 * must refuse one over 1 MB), so it has to fit with room to spare.
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
    // One fault, or a list of them queued together: a test that sets up many answers at once sends one request.
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
  // How GET /orders/ lists each order: `{"shape": "complete"}` (the default) or `"reference"`, as the List reference has it.
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

/** `path` is what follows `/__sandbox`, e.g. `/faults`. */
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
