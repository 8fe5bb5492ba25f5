// The sandbox's description of its API, as an API explorer or a client generator reads it: every operation has an
// operationId, and Redocly's linter, with the rules of redocly.yaml, finds no error and no warning in it.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { openApiDocument } from '../../src/sandbox/openapi.js';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const redocly = fileURLToPath(new URL('../../node_modules/@redocly/cli/bin/cli.js', import.meta.url));

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

describe("the sandbox's OpenAPI document", () => {
  it('names every operation, each once', () => {
    const operations = Object.entries(openApiDocument().paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { operationId?: string }>)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation.operationId] as const),
    );
    assert.ok(operations.length >= 8);
    for (const [operation, id] of operations) assert.match(id ?? '', /^[a-z][A-Za-z]+$/, operation);
    const ids = operations.map(([, id]) => id);
    assert.equal(new Set(ids).size, ids.length);
  });

  it("passes Redocly's recommended rules, the service's trailing slashes allowed", async (t) => {
    const folder = mkdtempSync(join(tmpdir(), 'openapi-'));
    t.after(() => rmSync(folder, { recursive: true, force: true }));
    const file = join(folder, 'openapi.json');
    writeFileSync(file, JSON.stringify(openApiDocument(), null, 1));
    const output = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        [redocly, 'lint', '--config', 'redocly.yaml', '--format', 'json', file],
        { cwd: projectRoot, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
        (error, stdout) => (stdout ? resolve(stdout) : reject(error ?? new Error('the linter printed nothing'))),
      ),
    );
    const { totals, problems } = JSON.parse(output) as {
      totals: Record<string, number>;
      problems: Array<{ ruleId: string; message: string }>;
    };
    assert.deepEqual(
      problems.map((problem) => `${problem.ruleId}: ${problem.message}`),
      [],
    );
    assert.deepEqual(totals, { errors: 0, warnings: 0, ignored: 0 });
  });
});
