// `npm start` (demo/start.ts) as a developer runs it: it prints where the store is, serves the store and the guides
// there, and SIGTERM to npm (and to npm alone) leaves nothing running or listening. Run after `npm run build`: with
// dist/ older than src/, `npm start` would build it first, which this test does not wait for.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { staleDist } from '../../demo/start.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** This process's environment without what the npm running the tests set (as test/node/package.test.ts does). */
function npmEnvironment(): NodeJS.ProcessEnv {
  const keep = new Set(['npm_config_registry', 'npm_config_cache', 'npm_config_userconfig']);
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_') || keep.has(name.toLowerCase())),
  );
}

/** The processes of process group `group`, as `pid command` lines. */
async function processesOf(group: number): Promise<string[]> {
  const { stdout } = await promisify(execFile)('ps', ['-A', '-o', 'pid=,pgid=,args=']);
  return stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, pgid]) => Number(pgid) === group)
    .map(([pid, , ...command]) => `${pid} ${command.join(' ')}`);
}

/** Whether something accepts connections on the port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('npm start', () => {
  it('serves the store and the guides where it says, and SIGTERM to npm leaves no process and no port', { timeout: 30_000 }, async () => {
    assert.equal(await staleDist(), false, 'dist/ is older than src/: run `npm run build` first (npm start would build it)');
    // A process group of its own, led by npm: whatever npm starts stays in it, even once its parent is gone.
    const npm = spawn('npm', ['start', '--', '--port', '0'], { cwd: root, env: npmEnvironment(), detached: true });
    const group = npm.pid!;
    let output = '';
    npm.stdout.on('data', (chunk) => (output += chunk));
    npm.stderr.on('data', (chunk) => (output += chunk));
    try {
      let timer: NodeJS.Timeout | undefined;
      const base = await new Promise<string>((resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no address printed within 20 s:\n${output}`)), 20_000);
        npm.stdout.on('data', () => {
          const address = /is at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output)?.[1];
          if (address) resolve(address);
        });
        npm.once('exit', (code) => reject(new Error(`npm start ended (${code}) before printing an address:\n${output}`)));
      }).finally(() => clearTimeout(timer));
      assert.doesNotMatch(output, /Building dist/, 'dist/ was fresh: nothing is built');
      for (const path of ['prepay.html', 'reference.html', 'docs/', 'dist/prepaid-upgrade.js'])
        assert.ok(output.includes(`${base}${path}`), path);

      const store = await fetch(base);
      assert.equal(store.status, 200);
      assert.match(await store.text(), /Northwind Pantry/);
      const guide = await fetch(new URL('docs/api.md', base));
      assert.equal(guide.status, 200);
      assert.match(guide.headers.get('content-type') ?? '', /^text\/html/);
      await guide.body?.cancel();
      const port = Number(new URL(base).port);

      npm.kill('SIGTERM');
      if (npm.exitCode === null && npm.signalCode === null) await once(npm, 'exit');
      // npm passes the signal to the server (the script `exec`s it) and ends with it; allow them a moment to go.
      let left = await processesOf(group);
      for (let waited = 0; left.length && waited < 5000; waited += 100) {
        await sleep(100);
        left = await processesOf(group);
      }
      assert.deepEqual(left, [], 'no process of npm start is left');
      assert.equal(await listening(port), false, `nothing listens on port ${port}`);
    } finally {
      // Whatever the outcome, nothing of this test outlives it.
      if ((await processesOf(group)).length) process.kill(-group, 'SIGKILL');
    }
  });
});
