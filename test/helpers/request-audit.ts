/**
 * The request audit: wraps a mounted sandbox handler and notes, for every API request that reaches it, the signs of
 * a leaked credential: an `x-api-key` header (the master key must never leave the merchant's server), or a token, or
 * a part of one, in the path or query (URLs end up in logs, history and referrers).
 *
 * Runs in Node, next to a server: the test runner mounts it around its sandbox and writes the report when it stops
 * (test/node/request-audit.test.ts checks that report); the end-to-end server keeps one per run.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FetchHandler } from '../../src/sandbox/node.js';

/** Where the test runner writes its audit of one engine's run. */
export const requestAuditFile = (engine: string) =>
  fileURLToPath(new URL(`../../test-results/request-audit-${engine}.json`, import.meta.url));

/**
 * The browser suite's run id travels to the test runner it starts for each engine in this environment variable, and
 * the runner writes it into its audit; a runner started otherwise (`npx wtr`, one file) audits under an id of its own.
 */
export const SUITE_RUN_ID_VARIABLE = 'BROWSER_SUITE_RUN_ID';

/** The latest run of the browser suite (`npm run test:browser`), noted by it before it starts the first engine. */
export interface BrowserSuiteRun {
  runId: string;
  startedAt: string;
  engines: string[];
}

/** Where the browser suite notes its latest run. */
export const browserSuiteRunFile = fileURLToPath(new URL('../../test-results/browser-suite-run.json', import.meta.url));

export interface AuditedRequest {
  method: string;
  /** Path and query as they arrived, e.g. `/sandbox/i/t0f3…/subscriptions/sub_coffee_ada/`. */
  url: string;
  /** The sandbox instance (`/i/{id}/`), or `default`. */
  instance: string;
  apiKey: boolean;
  authorization: boolean;
  cookie: boolean;
  /** Why the path or query looks like it carries a credential; empty when it does not. */
  credentialInUrl: string[];
}

export interface RequestAuditReport {
  /** The run that wrote it: the browser suite's run, or an id of its own when there was none. */
  runId: string;
  startedAt: string;
  finishedAt: string;
  /** API requests seen: the sandbox's own `/__sandbox/…` control routes are not API requests and are left out. */
  total: number;
  requests: AuditedRequest[];
}

export interface RequestAudit {
  /** The same handler, noting each API request before it answers. */
  wrap(handle: FetchHandler): FetchHandler;
  report(): RequestAuditReport;
  /** Writes the report as JSON to `file`, creating the folder. */
  write(file: string): Promise<RequestAuditReport>;
}

/** Query parameters a credential would travel in, were it ever put in a URL. */
const CREDENTIAL_PARAMETER =
  /^(sig|sig_field|signature|token|access_token|id_token|authorization|auth|api[-_]?key|x-api-key|og_auth|hash[-_]?key|secret)$/i;
/** The shape of an HMAC-SHA256 in standard base64: 43 characters and one `=`. */
const HMAC_BASE64 = /[A-Za-z0-9+/]{43}=/;
const INSTANCE_PATH = /^\/i\/([^/]+)(?=\/|$)/;

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Every signature (and whole token text) an `authorization` header of this run carried. */
function secretsOf(authorization: string): string[] {
  const secrets = [authorization];
  try {
    const parsed: unknown = JSON.parse(authorization);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { sig?: unknown }).sig === 'string')
      secrets.push((parsed as { sig: string }).sig);
  } catch {
    // Not a JSON token (a test's deliberately malformed one): the whole text is what must not leak.
  }
  return secrets.filter((secret) => secret.length >= 8);
}

function shapeProblems(url: URL): string[] {
  const problems: string[] = [];
  for (const name of url.searchParams.keys()) {
    if (CREDENTIAL_PARAMETER.test(name)) problems.push(`query parameter "${name}"`);
  }
  const text = decode(url.pathname + url.search);
  if (HMAC_BASE64.test(text)) problems.push('a base64 HMAC-shaped value');
  if (/"sig"|"sig_field"|og_auth|x-api-key/i.test(text)) problems.push('token text');
  return problems;
}

export function createRequestAudit(options: { basePath: string; runId?: string | undefined }): RequestAudit {
  const basePath = options.basePath.replace(/\/+$/, '');
  const runId = options.runId ?? randomUUID();
  const startedAt = new Date().toISOString();
  const requests: AuditedRequest[] = [];
  const secrets = new Set<string>();

  /** The path below the mount and its instance, or undefined for control routes and other paths. */
  function apiPath(pathname: string): { instance: string } | undefined {
    if (pathname !== basePath && !pathname.startsWith(`${basePath}/`)) return undefined;
    let local = pathname.slice(basePath.length) || '/';
    let instance = 'default';
    const isolated = INSTANCE_PATH.exec(local);
    if (isolated) {
      instance = isolated[1]!;
      local = local.slice(isolated[0].length) || '/';
    }
    if (local === '/__sandbox' || local.startsWith('/__sandbox/')) return undefined;
    return { instance };
  }

  function note(request: Request): void {
    const url = new URL(request.url);
    const api = apiPath(url.pathname);
    if (!api) return;
    const authorization = request.headers.get('authorization');
    if (authorization) for (const secret of secretsOf(authorization)) secrets.add(secret);
    requests.push({
      method: request.method,
      url: url.pathname + url.search,
      instance: api.instance,
      apiKey: request.headers.has('x-api-key'),
      authorization: authorization !== null,
      cookie: request.headers.has('cookie'),
      credentialInUrl: shapeProblems(url),
    });
  }

  function report(): RequestAuditReport {
    // Checked at the end, against every token of the run: a URL may carry a token that is sent as a header later.
    const audited = requests.map((request) => {
      const raw = request.url;
      const decoded = decode(raw);
      const leaked = [...secrets].some(
        (secret) => raw.includes(secret) || decoded.includes(secret) || raw.includes(encodeURIComponent(secret)),
      );
      return leaked ? { ...request, credentialInUrl: [...request.credentialInUrl, 'a token sent by this run'] } : request;
    });
    return { runId, startedAt, finishedAt: new Date().toISOString(), total: audited.length, requests: audited };
  }

  return {
    wrap: (handle) => (request, client) => {
      note(request);
      return handle(request, client);
    },
    report,
    async write(file) {
      const result = report();
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, `${JSON.stringify(result, null, 1)}\n`);
      return result;
    },
  };
}
