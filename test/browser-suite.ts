/**
 * `npm run test:browser`: the browser suite (web-test-runner.config.mjs) once per engine, one engine after another —
 * on two cores, three browsers side by side would only slow each other down. Every engine runs even when one fails;
 * the summary says how long each took, and the exit code is 1 when any failed. `BROWSERS=firefox,webkit` runs only
 * those.
 *
 * Each run has an id. It is noted in test-results/browser-suite-run.json before the first engine starts, and handed
 * to each engine's test runner, which writes it into that engine's request audit: test/node/request-audit.test.ts
 * accepts only the audits of the latest run, so an audit left over from an earlier run, or from a test runner started
 * by hand, can never pass for this one.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { selectedEngines } from './engines.js';
import { browserSuiteRunFile, SUITE_RUN_ID_VARIABLE, type BrowserSuiteRun } from './helpers/request-audit.js';

const wtr = fileURLToPath(new URL('../node_modules/@web/test-runner/dist/bin.js', import.meta.url));
const results: Array<{ engine: string; seconds: number; code: number | null }> = [];
const run: BrowserSuiteRun = { runId: randomUUID(), startedAt: new Date().toISOString(), engines: selectedEngines() };
await mkdir(dirname(browserSuiteRunFile), { recursive: true });
await writeFile(browserSuiteRunFile, `${JSON.stringify(run, null, 1)}\n`);

for (const engine of run.engines) {
  const started = performance.now();
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [wtr, ...process.argv.slice(2)], {
      env: { ...process.env, BROWSERS: engine, [SUITE_RUN_ID_VARIABLE]: run.runId },
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  results.push({ engine, seconds: (performance.now() - started) / 1000, code });
}

console.log(`\nBrowser suite, run ${run.runId}, per engine:`);
for (const { engine, seconds, code } of results) {
  console.log(`  ${engine.padEnd(9)} ${seconds.toFixed(0).padStart(4)} s  ${code === 0 ? 'passed' : `FAILED (exit ${code})`}`);
}
process.exitCode = results.every((result) => result.code === 0) ? 0 : 1;
