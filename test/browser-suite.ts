/**
 * `npm run test:browser`: the browser suite (web-test-runner.config.mjs) in each engine, in two stages.
 *
 * Chromium runs first, alone. It takes two test files at a time and keeps both cores busy. Firefox and WebKit then run
 * side by side. Each of them takes one test file at a time (see the config), and a test file spends much of its time
 * waiting: on real timers (backoffs, late answers) and on the driver. So each of them splits its test files in two
 * parts of about the same time (`PARTS`; the seconds are test/browser-file-seconds.json's, see
 * helpers/file-seconds.ts), and each part has a test runner and a browser process of its own. Four such runners fill
 * the two cores about as one Chromium runner does. Each runner also has its own port and sandbox, and no window of one
 * is in front of another's.
 *
 * Every engine runs in a time zone of its own (`TIME_ZONES`), and runs even when another fails. Each line a runner
 * prints is marked with its engine and part, the summary says how long each took, and the exit code is 1 when any
 * failed. `BROWSERS=firefox,webkit` runs only those engines; files named on the command line (`--files …`) run in one
 * part per engine.
 *
 * Each run has an id. It is noted in test-results/browser-suite-run.json before the first runner starts, and handed
 * to each runner, which writes it into its request audit: test/node/request-audit.test.ts accepts only the audits of
 * the latest run, so an audit left over from an earlier run, or from a test runner started by hand, can never pass for
 * this one.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { BROWSER_TEST_FOLDERS, TIME_ZONES, freePort, selectedEngines, type Engine } from './engines.js';
import { browserSuiteRunFile, SUITE_PART_VARIABLE, SUITE_RUN_ID_VARIABLE, type BrowserSuiteRun } from './helpers/request-audit.js';
import { readFileSeconds, recordedSecondsFile, runnerSecondsFile, type FileSeconds } from './helpers/file-seconds.js';

/** Which engines run together: one stage after the other. */
const STAGES: Engine[][] = [['chromium'], ['firefox', 'webkit']];
/** How many runners share each engine's test files. */
const PARTS: Record<Engine, number> = { chromium: 1, firefox: 2, webkit: 2 };

const projectDir = fileURLToPath(new URL('..', import.meta.url));
const wtr = join(projectDir, 'node_modules/@web/test-runner/dist/bin.js');
const RECORD = '--record-seconds';
const recordSeconds = process.argv.includes(RECORD);
const argv = process.argv.slice(2).filter((arg) => arg !== RECORD);
const filesNamed = argv.some((arg) => arg === '--files' || arg.startsWith('--files='));

const engines = selectedEngines();
const run: BrowserSuiteRun = {
  runId: randomUUID(),
  startedAt: new Date().toISOString(),
  engines,
  parts: Object.fromEntries(engines.map((engine) => [engine, filesNamed ? 1 : PARTS[engine]])),
};
const results: Array<{ runner: string; seconds: number; code: number | null }> = [];
await mkdir(dirname(browserSuiteRunFile), { recursive: true });
await writeFile(browserSuiteRunFile, `${JSON.stringify(run, null, 1)}\n`);

/**
 * The suite's test files split in `count` parts of about the same time in `engine`: the longest file first, each into
 * the part that is shortest so far. A file's time is its recorded seconds; a file not recorded yet counts the recorded
 * files' average seconds per byte.
 */
async function splitFiles(engine: Engine, count: number): Promise<string[][]> {
  const recorded = (await readFileSeconds(recordedSecondsFile))[engine] ?? {};
  const files: Array<{ path: string; size: number; seconds: number | undefined }> = [];
  for (const folder of BROWSER_TEST_FOLDERS) {
    for (const name of await readdir(join(projectDir, folder), { recursive: true })) {
      if (!name.endsWith('.test.ts')) continue;
      const path = join(folder, name);
      files.push({ path, size: (await stat(join(projectDir, path))).size, seconds: recorded[path] });
    }
  }
  const known = files.filter((file) => file.seconds !== undefined);
  const perByte = known.reduce((sum, file) => sum + file.seconds!, 0) / (known.reduce((sum, file) => sum + file.size, 0) || 1);
  const timed = files.map((file) => ({ path: file.path, seconds: file.seconds ?? file.size * (perByte || 1) }));
  const parts = Array.from({ length: count }, () => ({ seconds: 0, paths: [] as string[] }));
  for (const file of timed.sort((a, b) => b.seconds - a.seconds || a.path.localeCompare(b.path))) {
    const shortest = parts.reduce((least, part) => (part.seconds < least.seconds ? part : least));
    shortest.seconds += file.seconds;
    shortest.paths.push(file.path);
  }
  return parts.map((part) => part.paths.sort());
}

/** Runs one part of the suite in `engine` (`files`, else the config's), each line it prints marked with its name. */
async function runPart(engine: Engine, part: number, files: string[] | undefined): Promise<void> {
  const runner = run.parts[engine]! > 1 ? `${engine} ${part}` : engine;
  const started = performance.now();
  const port = await freePort();
  const args = [wtr, '--port', String(port), ...argv, ...(files ? ['--files', ...files] : [])];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: projectDir,
      env: {
        ...process.env,
        BROWSERS: engine,
        TZ: TIME_ZONES[engine],
        [SUITE_RUN_ID_VARIABLE]: run.runId,
        [SUITE_PART_VARIABLE]: String(part),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`${runner.padEnd(10)} | ${line}\n`));
    }
    child.once('error', reject);
    child.once('close', resolve);
  });
  results.push({ runner, seconds: (performance.now() - started) / 1000, code });
}

async function runEngine(engine: Engine): Promise<void> {
  const count = run.parts[engine]!;
  const parts = count > 1 ? await splitFiles(engine, count) : [undefined];
  await Promise.all(parts.map((files, index) => runPart(engine, index + 1, files)));
}

for (const stage of STAGES) {
  await Promise.all(stage.filter((engine) => engines.includes(engine)).map(runEngine));
}

console.log(`\nBrowser suite, run ${run.runId}, per runner:`);
for (const { runner, seconds, code } of results) {
  console.log(`  ${runner.padEnd(10)} ${seconds.toFixed(0).padStart(4)} s  ${code === 0 ? 'passed' : `FAILED (exit ${code})`}`);
}
const expected = engines.reduce((sum, engine) => sum + run.parts[engine]!, 0);
const passed = results.length === expected && results.every((result) => result.code === 0);
process.exitCode = passed ? 0 : 1;

// After a whole run that passed, `--record-seconds` keeps its figures for the engines it split.
if (recordSeconds && passed && !filesNamed) {
  const seconds: FileSeconds = await readFileSeconds(recordedSecondsFile);
  for (const engine of engines.filter((engine) => run.parts[engine]! > 1)) {
    seconds[engine] = {};
    for (let part = 1; part <= run.parts[engine]!; part++)
      Object.assign(seconds[engine], await readFileSeconds<Record<string, number>>(runnerSecondsFile(engine, part)));
    seconds[engine] = Object.fromEntries(Object.entries(seconds[engine]).sort(([a], [b]) => a.localeCompare(b)));
  }
  await writeFile(recordedSecondsFile, `${JSON.stringify(seconds, null, 1)}\n`);
  console.log(`Each test file's seconds written to ${relative(projectDir, recordedSecondsFile)}`);
}
