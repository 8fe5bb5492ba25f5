/**
 * The credential audit of the whole browser suite: the test runner noted every API request that reached its sandbox
 * (test/helpers/request-audit.ts) and wrote the list when it stopped, under the id of the browser suite's run that
 * started it (test/browser-suite.ts). Run after the browser tests (`npm test` does): only the audits of the suite's
 * latest run are read, so an audit of an earlier run, or of a test runner started by hand, fails here.
 *
 * No browser test sends an `x-api-key` over HTTP, not even deliberately: the sandbox's own tests of the application
 * scope (test/unit/sandbox/index.test.ts) call `createSandbox().handle` inside the page, so their requests never reach
 * the mounted sandbox. Every request audited here therefore must carry no key and no credential in its URL.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { selectedEngines, type Engine } from '../engines.js';
import {
  browserSuiteRunFile,
  createRequestAudit,
  requestAuditFile,
  type BrowserSuiteRun,
  type RequestAuditReport,
} from '../helpers/request-audit.js';

async function readJson<T>(file: string): Promise<T> {
  const text = await readFile(file, 'utf8').catch(() =>
    assert.fail(`${file} is missing: run the browser tests (\`npm run test:browser\`) first`),
  );
  return JSON.parse(text) as T;
}

/** The audit of `engine` written by the browser suite's latest run; fails for any other. */
async function readReport(engine: Engine): Promise<RequestAuditReport> {
  const run = await readJson<BrowserSuiteRun>(browserSuiteRunFile);
  assert.ok(
    run.engines.includes(engine),
    `the latest browser suite run (${run.runId}, started ${run.startedAt}) ran ${run.engines.join(', ')}, not ${engine}: run \`npm run test:browser\` with the same BROWSERS`,
  );
  const report = await readJson<RequestAuditReport>(requestAuditFile(engine));
  assert.equal(
    report.runId,
    run.runId,
    `the ${engine} audit was written by run ${report.runId} (finished ${report.finishedAt}), not by the latest browser suite run (${run.runId}, started ${run.startedAt}): it is left over from an earlier run or a test runner started by hand, or ${engine} did not finish; run \`npm run test:browser\` again`,
  );
  return report;
}

const describeRequest = (request: RequestAuditReport['requests'][number]) => `${request.method} ${request.url}`;

for (const engine of selectedEngines()) {
  describe(`the requests of the browser suite in ${engine}, as the sandbox saw them`, () => {
    it('were audited by the latest run of the browser suite', async (t) => {
      const report = await readReport(engine);
      assert.ok(Date.parse(report.startedAt) <= Date.parse(report.finishedAt), 'the run finished after it started');
      assert.equal(report.total, report.requests.length);
      assert.ok(
        report.total > 100,
        `only ${report.total} API requests were audited: did the browser tests run against the mounted sandbox?`,
      );
      const instances = new Set(report.requests.map((request) => request.instance));
      const withToken = report.requests.filter((request) => request.authorization).length;
      t.diagnostic(
        `run ${report.runId}: ${report.total} API requests to ${instances.size} sandbox instances, ${withToken} with an authorization header`,
      );
    });

    it('never carried an x-api-key', async () => {
      const { requests } = await readReport(engine);
      assert.deepEqual(requests.filter((request) => request.apiKey).map(describeRequest), []);
    });

    it('never carried a token, a signature or a key in the path or query', async () => {
      const { requests } = await readReport(engine);
      const leaks = requests.filter((request) => request.credentialInUrl.length > 0);
      assert.deepEqual(
        leaks.map((request) => `${describeRequest(request)}: ${request.credentialInUrl.join(', ')}`),
        [],
      );
    });
  });
}

describe('the audit itself', () => {
  const sig = 'q3Nw2mJ0o7y5m1dYc8vGQ0PcvPp1kq0oQ6cXoKx7f2Y=';
  const token = JSON.stringify({ public_id: 'mer_x', ts: 1_700_000_000, sig_field: 'cus_x', sig });

  async function audit(requests: Request[]) {
    const recorder = createRequestAudit({ basePath: '/sandbox' });
    const handle = recorder.wrap(async () => new Response(null, { status: 204 }));
    for (const request of requests) await handle(request, {});
    return recorder.report();
  }

  it('carries the run id it is given, or one of its own', () => {
    assert.equal(createRequestAudit({ basePath: '/sandbox', runId: 'run-1' }).report().runId, 'run-1');
    const own = createRequestAudit({ basePath: '/sandbox' }).report().runId;
    assert.match(own, /^[0-9a-f-]{36}$/);
    assert.notEqual(createRequestAudit({ basePath: '/sandbox' }).report().runId, own);
  });

  it('notes API requests of every instance and leaves out the control routes', async () => {
    const report = await audit([
      new Request('http://t.test/sandbox/subscriptions/sub_a/', { headers: { authorization: token } }),
      new Request('http://t.test/sandbox/i/abc/products/prod_a/'),
      new Request('http://t.test/sandbox/__sandbox/requests'),
      new Request('http://t.test/sandbox/i/abc/__sandbox/faults', { method: 'POST', body: '{}' }),
      new Request('http://t.test/other/page'),
    ]);
    assert.deepEqual(
      report.requests.map((request) => [request.method, request.url, request.instance, request.authorization]),
      [
        ['GET', '/sandbox/subscriptions/sub_a/', 'default', true],
        ['GET', '/sandbox/i/abc/products/prod_a/', 'abc', false],
      ],
    );
  });

  it('flags an x-api-key, and a token or signature in the URL even before that token is sent', async () => {
    const report = await audit([
      new Request('http://t.test/sandbox/customers', { headers: { 'x-api-key': 'key' } }),
      new Request(`http://t.test/sandbox/subscriptions/?x=${encodeURIComponent(sig)}`),
      new Request(`http://t.test/sandbox/subscriptions/?token=${encodeURIComponent(token)}`),
      new Request('http://t.test/sandbox/subscriptions/?sig=abc'),
      new Request(`http://t.test/sandbox/subscriptions/${sig.slice(0, 20)}/`, { headers: { authorization: token } }),
    ]);
    const [apiKey, signature, wholeToken, parameter, clean] = report.requests;
    assert.equal(apiKey!.apiKey, true);
    assert.ok(signature!.credentialInUrl.includes('a token sent by this run'), signature!.credentialInUrl.join());
    assert.ok(signature!.credentialInUrl.includes('a base64 HMAC-shaped value'));
    assert.ok(wholeToken!.credentialInUrl.includes('query parameter "token"'));
    assert.ok(wholeToken!.credentialInUrl.includes('token text'));
    assert.deepEqual(parameter!.credentialInUrl, ['query parameter "sig"']);
    assert.deepEqual(clean!.credentialInUrl, []);
  });
});
