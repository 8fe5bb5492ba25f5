// `npm start`: the demo store on Vite's dev server (vite.config.ts: the sandbox, the store's server, the guides), in
// this process. It first writes what the pages read and the dev server does not make, when it is missing or older than
// src/: dist/ for trying the README's embed (`npm run build`), else custom-elements.json for the reference page (`npm
// run manifest`; the build writes it too). Left alone when up to date, neither is rewritten under the tests that read
// them as `npm test` runs this. It prints where everything is and opens nothing. SIGINT (Ctrl-C) and SIGTERM close the server and its file watchers, then
// exit: nothing is left running or listening.
//
//   npm start [-- --port 5173] [-- --host 127.0.0.1]   (Vite's defaults; the next free port if that one is taken)
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createServer, type ViteDevServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What the README's embed loads from dist/: the bundles, and the files they fetch on demand. */
const BUILT = ['prepaid-upgrade.js', 'prepaid-upgrade.iife.js', 'discovery.js', 'i18n'];

/** The latest modification time of a file, or under a folder: of its files and folders (a file removed changes its folder's). */
async function newest(path: string): Promise<number> {
  const entries = (await stat(path)).isDirectory() ? await readdir(path, { recursive: true }) : [];
  const times = await Promise.all([path, ...entries.map((entry) => join(path, entry))].map(async (file) => (await stat(file)).mtimeMs));
  return Math.max(...times);
}

/** Whether one of `outputs` is missing, or older than something of `inputs` (paths of the project). */
async function outdated(outputs: string[], inputs: string[]): Promise<boolean> {
  try {
    const made = await Promise.all(outputs.map(async (output) => (await stat(join(root, output))).mtimeMs));
    const changed = await Promise.all(inputs.map((input) => newest(join(root, input))));
    return Math.min(...made) < Math.max(...changed);
  } catch {
    return true;
  }
}

/** dist/ lacks a file of `BUILT`, or one of them is older than a file of src/. */
export const staleDist = () =>
  outdated(
    BUILT.map((name) => `dist/${name}`),
    ['src'],
  );
const staleManifest = () => outdated(['custom-elements.json'], ['src', 'custom-elements-manifest.config.mjs']);

let running: ChildProcess | undefined;
let server: ViteDevServer | undefined;
let stopping = false;

/** `npm run <script>`, its output on this terminal; rejects when it fails. */
function npmRun(script: string): Promise<void> {
  return new Promise((resolve, reject) => {
    running = spawn('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
    running.on('error', reject);
    running.on('exit', (code, signal) => {
      running = undefined;
      if (code === 0) resolve();
      else reject(new Error(`npm run ${script} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/**
 * Closes the dev server (its HTTP server, WebSocket and watchers) and exits. A terminal's Ctrl-C reaches this process
 * twice, once from the terminal and once forwarded by npm: the second finds it stopping already.
 */
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  running?.kill('SIGTERM');
  try {
    await server?.close();
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // npm runs the script through `sh -c`, which `exec`s this process (package.json), so npm's SIGTERM and Ctrl-C reach it.
  // Should npm end without passing a signal on (killed outright), the end of the process that started this one ends it.
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && void stop(), 200).unref();
  const { values } = parseArgs({ options: { port: { type: 'string' }, host: { type: 'string' } } });
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port < 65536)) throw new Error(`--port ${values.port}: not a port`);

  if (await staleDist()) {
    console.log('Building dist/ … (it is missing or older than src/)');
    await npmRun('build');
  } else if (await staleManifest()) {
    console.log('Writing custom-elements.json …');
    await npmRun('manifest');
  } else {
    console.log('dist/ and custom-elements.json are up to date.');
  }
  if (stopping) return;

  server = await createServer({
    configFile: join(root, 'vite.config.ts'),
    server: { ...(port !== undefined && { port }), ...(values.host !== undefined && { host: values.host }) },
  });
  await server.listen();
  const urls = server.resolvedUrls;
  const base = urls?.local[0] ?? urls?.network[0];
  if (!base) throw new Error('the dev server has no address');
  const pages = [
    ['The store (My subscriptions)', '/'],
    ['Prepay and save', '/prepay.html'],
    ['Reference and playground', '/reference.html'],
    ['Guides (docs/)', '/docs/'],
    ["Built script (the README's embed)", '/dist/prepaid-upgrade.js'],
    ["Sandbox's customers", '/sandbox/__sandbox/info'],
  ];
  console.log(
    [
      '',
      `The demo store, Northwind Pantry, is at ${base}`,
      '',
      ...pages.map(([name, path]) => `  ${name!.padEnd(34)} ${new URL(path!, base).href}`),
      ...(urls?.network.length ? ['', `  On the network: ${urls.network.join(', ')}`] : []),
      '',
      'Ctrl-C stops it.',
    ].join('\n'),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
