/**
 * `npm run test:browser`: the browser suite (web-test-runner.config.mjs) once per engine, the three engines side by
 * side. Chromium takes two test files at a time, Firefox and WebKit one each (see the config); each engine waits on
 * its pages more than it computes (alone, Firefox keeps less than a third of the two cores busy), and the three
 * together keep both busy to nearly the end: the suite takes about 180 s, against 72 s for Chromium alone, 134 s for
 * Firefox and 118 s for WebKit. Splitting Firefox's and WebKit's files between two runners each was tried, and gained
 * nothing: the cores are the limit, not the waits. Each engine has its own test runner, port, sandbox and browser process; no window of one is in
 * front of the other's. Every engine runs in a time zone of its own (`TIME_ZONES`), runs even when one fails; each
 * line a runner prints is marked with its engine, the summary says how long each took, and the exit code is 1 when
 * any failed. `BROWSERS=firefox,webkit` runs only those.
 *
 * Each run has an id. It is noted in test-results/browser-suite-run.json before the first engine starts, and handed
 * to each engine's test runner, which writes it into that engine's request audit: test/node/request-audit.test.ts
 * accepts only the audits of the latest run, so an audit left over from an earlier run, or from a test runner started
 * by hand, can never pass for this one.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { TIME_ZONES, freePort, selectedEngines, type Engine } from './engines.js';
import { browserSuiteRunFile, SUITE_RUN_ID_VARIABLE, type BrowserSuiteRun } from './helpers/request-audit.js';

const wtr = fileURLToPath(new URL('../node_modules/@web/test-runner/dist/bin.js', import.meta.url));
const results: Array<{ engine: Engine; seconds: number; code: number | null }> = [];
const engines = selectedEngines();
const run: BrowserSuiteRun = { runId: randomUUID(), startedAt: new Date().toISOString(), engines };
await mkdir(dirname(browserSuiteRunFile), { recursive: true });
await writeFile(browserSuiteRunFile, `${JSON.stringify(run, null, 1)}\n`);

/** How much lower Chromium's runner and browser run than the other engines' (a process's niceness, 0 to 19). */
const CHROMIUM_NICENESS = 10;

/** Runs the suite in one engine, on a port of its own, each line it prints marked with the engine's name. */
async function runEngine(engine: Engine): Promise<void> {
  const started = performance.now();
  const port = await freePort();
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [wtr, '--port', String(port), ...process.argv.slice(2)], {
      env: { ...process.env, BROWSERS: engine, TZ: TIME_ZONES[engine], [SUITE_RUN_ID_VARIABLE]: run.runId },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Chromium finishes well ahead of the other two, so it takes what they leave: Firefox and WebKit, the long poles,
    // get the cores first. WebKit's driver once gave up waiting for a navigation's answer in a run where the three
    // shared the cores equally. The browser that the runner starts inherits its priority.
    if (engine === 'chromium' && child.pid !== undefined) setPriority(child.pid, CHROMIUM_NICENESS);
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

await Promise.all(engines.map(runEngine));

console.log(`\nBrowser suite, run ${run.runId}, per engine:`);
for (const { engine, seconds, code } of results) {
  console.log(`  ${engine.padEnd(9)} ${seconds.toFixed(0).padStart(4)} s  ${code === 0 ? 'passed' : `FAILED (exit ${code})`}`);
}
process.exitCode = results.length === run.engines.length && results.every((result) => result.code === 0) ? 0 : 1;
