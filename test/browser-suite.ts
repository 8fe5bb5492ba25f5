/**
 * `npm run test:browser`: the browser suite (web-test-runner.config.mjs) once per engine, in two stages. Chromium runs
 * first, alone: it takes two test files at a time and keeps both cores busy. Firefox and WebKit then run side by side:
 * each takes one test file at a time (see the config) and waits on its page more than it computes, about half of the
 * two cores each (measured with the suite on its own), so together they fill what one of them leaves idle. Each engine
 * has its own test runner, port, sandbox and browser process; no window of one is in front of the other's. Every
 * engine runs in a time zone of its own (`TIME_ZONES`), runs even when one fails; each line a runner prints is marked with its engine, the summary says how long each
 * took, and the exit code is 1 when any failed. `BROWSERS=firefox,webkit` runs only those.
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
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { TIME_ZONES, freePort, selectedEngines, type Engine } from './engines.js';
import { browserSuiteRunFile, SUITE_RUN_ID_VARIABLE, type BrowserSuiteRun } from './helpers/request-audit.js';

/** Which engines run together: one stage after the other. */
const STAGES: Engine[][] = [['chromium'], ['firefox', 'webkit']];

const wtr = fileURLToPath(new URL('../node_modules/@web/test-runner/dist/bin.js', import.meta.url));
const results: Array<{ engine: Engine; seconds: number; code: number | null }> = [];
const run: BrowserSuiteRun = { runId: randomUUID(), startedAt: new Date().toISOString(), engines: selectedEngines() };
await mkdir(dirname(browserSuiteRunFile), { recursive: true });
await writeFile(browserSuiteRunFile, `${JSON.stringify(run, null, 1)}\n`);

/** Runs the suite in one engine, on a port of its own, each line it prints marked with the engine's name. */
async function runEngine(engine: Engine): Promise<void> {
  const started = performance.now();
  const port = await freePort();
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [wtr, '--port', String(port), ...process.argv.slice(2)], {
      env: { ...process.env, BROWSERS: engine, TZ: TIME_ZONES[engine], [SUITE_RUN_ID_VARIABLE]: run.runId },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`${engine.padEnd(8)} | ${line}\n`));
    }
    child.once('error', reject);
    child.once('close', resolve);
  });
  results.push({ engine, seconds: (performance.now() - started) / 1000, code });
}

for (const stage of STAGES) {
  await Promise.all(stage.filter((engine) => run.engines.includes(engine)).map(runEngine));
}

console.log(`\nBrowser suite, run ${run.runId}, per engine:`);
for (const { engine, seconds, code } of results) {
  console.log(`  ${engine.padEnd(9)} ${seconds.toFixed(0).padStart(4)} s  ${code === 0 ? 'passed' : `FAILED (exit ${code})`}`);
}
process.exitCode = results.length === run.engines.length && results.every((result) => result.code === 0) ? 0 : 1;
