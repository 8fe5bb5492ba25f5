/**
 * `npm run test:browser`: the browser suite (web-test-runner.config.mjs) once per engine, one engine after another —
 * on two cores, three browsers side by side would turn the timing checks of the fault matrix into a test of the
 * machine. Every engine runs even when one fails; the summary says how long each took, and the exit code is 1 when any
 * failed. `BROWSERS=firefox,webkit` runs only those.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { selectedEngines } from './engines.js';

const wtr = fileURLToPath(new URL('../node_modules/@web/test-runner/dist/bin.js', import.meta.url));
const results: Array<{ engine: string; seconds: number; code: number | null }> = [];

for (const engine of selectedEngines()) {
  const started = performance.now();
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [wtr, ...process.argv.slice(2)], {
      env: { ...process.env, BROWSERS: engine },
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  results.push({ engine, seconds: (performance.now() - started) / 1000, code });
}

console.log('\nBrowser suite, per engine:');
for (const { engine, seconds, code } of results) {
  console.log(`  ${engine.padEnd(9)} ${seconds.toFixed(0).padStart(4)} s  ${code === 0 ? 'passed' : `FAILED (exit ${code})`}`);
}
process.exitCode = results.every((result) => result.code === 0) ? 0 : 1;
