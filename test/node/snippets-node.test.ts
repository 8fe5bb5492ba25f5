// The Node code a merchant copies runs as written in Express 4 and in Express 5: the Express route of the README and
// of docs/token-endpoint.md, and examples/node-token-endpoint.ts's `storefrontTokenHandler` mounted as its header
// says. Each runs in a Node process of its own, given only what the store supplies (a session that names the signed-in
// customer, MERCHANT_PUBLIC_ID and MERCHANT_HASH_KEY), and answers 401 to a visitor, the token to the signed-in
// customer, and a JSON 500 naming no secret when no token can be signed; and the process goes on answering after it,
// although Express 4 leaves a handler's rejected promise uncaught and Node then ends the process.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createSandbox, SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS } from '../../src/sandbox/index.js';
import { snippet } from '../helpers/doc-snippets.js';
import { assertIssued, assertNothingLeaks, assertRefusal, readAnswer, type EndpointAnswer } from '../helpers/token-endpoint-answers.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const { eligible } = SANDBOX_SUBSCRIPTIONS;
const SECRETS = [SANDBOX_MERCHANT.hashKey];
const TOKEN_PATH = '/account/storefront-token';
/** A customer id the service cannot take: `|` separates the signed fields. */
const UNSIGNABLE_CUSTOMER_ID = `${eligible.customerId}|gold`;

/** Express 4 and 5, each from its npm alias among the devDependencies. */
const EXPRESS_VERSIONS = ['express4', 'express5'].map((alias) => {
  const folder = dirname(fileURLToPath(import.meta.resolve(alias)));
  const { version } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string };
  return { alias, folder, version, name: `Express ${version}` };
});

/** How a document says which versions its snippet ran on: "Run as written on Express 4.22 and 5.3". */
const RAN_ON = `Run as written on Express ${EXPRESS_VERSIONS.map(({ version }) => version.split('.').slice(0, 2).join('.')).join(' and ')}`;

/** Code that runs in the store's app: its imports, and how it mounts the token endpoint on `app`. */
interface Endpoint {
  name: string;
  /** Files beside the app, by name: their code, read when the app starts. */
  files: Record<string, () => string>;
  imports: string;
  mount: string;
  /** The endpoint is TypeScript, run through tsx. */
  typescript?: boolean;
  /** The document beside whose snippet the versions it ran on are named. */
  document?: string;
}

const snippetEndpoint = (document: string, name: string): Endpoint => ({
  name: `${document}'s snippet "${name}"`,
  files: { 'storefront-token.js': () => `${snippet(document, name)}\n` },
  imports: `import { storefrontTokenRoute } from './storefront-token.js';`,
  mount: 'app.use(storefrontTokenRoute);',
  document,
});

const ENDPOINTS: Endpoint[] = [
  snippetEndpoint('README.md', 'express-token-route'),
  snippetEndpoint('docs/token-endpoint.md', 'express-token-route'),
  {
    name: "examples/node-token-endpoint.ts's storefrontTokenHandler",
    files: {},
    imports: `import { storefrontTokenHandler } from ${JSON.stringify(new URL('../../examples/node-token-endpoint.ts', import.meta.url).href)};`,
    mount: [
      `app.get(${JSON.stringify(TOKEN_PATH)}, storefrontTokenHandler({`,
      '  merchantPublicId: process.env.MERCHANT_PUBLIC_ID,',
      '  hashKey: process.env.MERCHANT_HASH_KEY,',
      '  customerIdOf: (req) => req.session?.subscriptionCustomerId,',
      '}));',
    ].join('\n'),
    typescript: true,
  },
];

/** The store's app around an endpoint, and the store's session: a test cookie names the signed-in customer. */
const appCode = ({ imports, mount }: Endpoint) => `import express from 'express';
${imports}

const app = express();
app.use((req, _res, next) => {
  const customer = /(?:^|;\\s*)customer=([^;]*)/.exec(req.headers.cookie ?? '')?.[1];
  if (customer !== undefined) req.session = { subscriptionCustomerId: decodeURIComponent(customer) };
  next();
});
${mount}
const server = app.listen(0, '127.0.0.1', () => console.log(\`listening at http://127.0.0.1:\${server.address().port}\`));
`;

interface RunningApp {
  child: ChildProcessWithoutNullStreams;
  origin: string;
  /** Standard output and standard error so far. */
  output(): string;
}

/** A folder where `express` is the version's package and `prepaid-upgrade` this package, as a store has them installed. */
function storeFolder(parent: string, name: string, express: (typeof EXPRESS_VERSIONS)[number], endpoint: Endpoint): string {
  const folder = join(parent, name);
  mkdirSync(join(folder, 'node_modules'), { recursive: true });
  symlinkSync(express.folder, join(folder, 'node_modules/express'), 'dir');
  symlinkSync(root, join(folder, 'node_modules/prepaid-upgrade'), 'dir');
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'store', private: true, type: 'module' }));
  for (const [file, code] of Object.entries(endpoint.files)) writeFileSync(join(folder, file), code());
  writeFileSync(join(folder, 'app.js'), appCode(endpoint));
  return folder;
}

function startApp(folder: string, endpoint: Endpoint, what: string): Promise<RunningApp> {
  const { MERCHANT_PUBLIC_ID: _id, MERCHANT_HASH_KEY: _key, ...inherited } = process.env;
  const loader = endpoint.typescript ? ['--import', import.meta.resolve('tsx')] : [];
  const child = spawn(process.execPath, [...loader, 'app.js'], {
    cwd: folder,
    env: { ...inherited, MERCHANT_PUBLIC_ID: SANDBOX_MERCHANT.publicId, MERCHANT_HASH_KEY: SANDBOX_MERCHANT.hashKey },
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: no address within 20 s:\n${output}`)), 20_000);
    const listen = (chunk: Buffer) => {
      output += String(chunk);
      const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, origin: match[1]!, output: () => output });
      }
    };
    child.stdout.on('data', listen);
    child.stderr.on('data', listen);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what}: the process ended (${code}) before it listened:\n${output}`));
    });
  });
}

async function stopApp({ child }: RunningApp): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise((resolve) => child.once('close', resolve));
  child.kill();
  await ended;
}

/** `GET /account/storefront-token`, signed in as `customerId` or not at all. */
const requestToken = async (app: RunningApp, customerId?: string): Promise<EndpointAnswer> =>
  readAnswer(
    await fetch(`${app.origin}${TOKEN_PATH}`, {
      headers: customerId === undefined ? {} : { cookie: `customer=${encodeURIComponent(customerId)}` },
    }),
  );

/** The service (the sandbox) accepts the token for the customer's own subscription. */
async function assertServiceAccepts(token: string): Promise<void> {
  const response = await createSandbox().handle(
    new Request(`http://sandbox.test/subscriptions/${eligible.id}/`, { headers: { authorization: token } }),
  );
  assert.equal(response.status, 200, await response.text());
}

/** What the process has written from `since` on, once it has written something that matches `pattern`. */
async function outputOnceItShows(app: RunningApp, since: number, pattern: RegExp): Promise<string> {
  for (const deadline = Date.now() + 5_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (pattern.test(app.output().slice(since))) break;
  }
  return app.output().slice(since);
}

let workFolder: string;
/**
 * The app of each endpoint under each version, by the endpoint's name and then the version's alias: all started at once,
 * and each endpoint's tests fail on their own when its app does not start.
 */
const apps = new Map<string, Map<string, Promise<RunningApp>>>();

before(() => {
  // The snippets import `prepaid-upgrade/server` as a store does: through the package's exports, which are built.
  if (!existsSync(join(root, 'dist/lib/server/index.js'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    assert.equal(build.status, 0, 'npm run build');
  }
  workFolder = mkdtempSync(join(tmpdir(), 'snippets-node-'));
  ENDPOINTS.forEach((endpoint, index) => {
    const byVersion = new Map<string, Promise<RunningApp>>();
    for (const express of EXPRESS_VERSIONS) {
      const what = `${endpoint.name} under ${express.name}`;
      const app = (async () => startApp(storeFolder(workFolder, `${index}-${express.alias}`, express, endpoint), endpoint, what))();
      // A test that awaits it reports its failure.
      app.catch(() => {});
      byVersion.set(express.alias, app);
    }
    apps.set(endpoint.name, byVersion);
  });
});

after(async () => {
  const started = await Promise.allSettled([...apps.values()].flatMap((byVersion) => [...byVersion.values()]));
  await Promise.all(started.flatMap((result) => (result.status === 'fulfilled' ? [stopApp(result.value)] : [])));
  if (workFolder) rmSync(workFolder, { recursive: true, force: true });
});

/** Runs `check` against the endpoint under each version of Express at once, and reports the failure under each. */
async function underEachVersion(endpoint: Endpoint, check: (app: RunningApp, what: string) => Promise<void>): Promise<void> {
  const results = await Promise.allSettled(
    EXPRESS_VERSIONS.map(async ({ alias, name }) => {
      const what = `${endpoint.name} under ${name}`;
      const app = await apps.get(endpoint.name)!.get(alias)!;
      try {
        await check(app, what);
      } catch (error) {
        // A request cut short by the process ending says only "fetch failed": the ending is the failure to report.
        await Promise.race([once(app.child, 'exit'), new Promise((resolve) => setTimeout(resolve, 1_000))]);
        if (app.child.exitCode === null) throw error;
        throw new Error(`${what}: the process ended (${app.child.exitCode}):\n${app.output()}`, { cause: error });
      }
    }),
  );
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, `${endpoint.name}: failed under ${failures.length} versions of Express`);
}

for (const endpoint of ENDPOINTS) {
  describe(endpoint.name, () => {
    if (endpoint.document) {
      it(`is said to run on the versions it runs on here ("${RAN_ON}")`, () => {
        assert.ok(readFileSync(join(root, endpoint.document!), 'utf8').includes(RAN_ON), `${endpoint.document} says "${RAN_ON}"`);
      });
    }

    it('answers 401 with JSON and no-store to a visitor who is not signed in, in Express 4 and 5', () =>
      underEachVersion(endpoint, async (app, what) => assertRefusal(await requestToken(app), 401, SECRETS, what)));

    it('answers the signed-in customer a token for their id that the service accepts, in Express 4 and 5', () =>
      underEachVersion(endpoint, async (app) => {
        const answer = await requestToken(app, eligible.customerId);
        await assertIssued(answer, eligible.customerId, SANDBOX_MERCHANT);
        await assertServiceAccepts(answer.body);
      }));

    it('answers a JSON 500 naming no secret when the customer id cannot be signed, and goes on answering, in Express 4 and 5', () =>
      underEachVersion(endpoint, async (app, what) => {
        const since = app.output().length;
        assertRefusal(await requestToken(app, UNSIGNABLE_CUSTOMER_ID), 500, SECRETS, `${what}: a 500`);
        const log = await outputOnceItShows(app, since, /customerId must not contain "\|"/);
        assert.match(log, /customerId must not contain "\|"/, `${what}: the log names what is wrong`);
        assertNothingLeaks({ status: 500, headers: new Map(), body: log }, SECRETS, `${what}: the log`);
        await assertIssued(await requestToken(app, eligible.customerId), eligible.customerId, SANDBOX_MERCHANT);
        assert.equal(app.child.exitCode, null, `${what}: the process is still running`);
      }));
  });
}
