// What `npm pack` ships, and that it works once installed: the exact list of files, the entry points of
// package.json, the guides whose every link leads inside the tarball, and, in a project that installed the tarball,
// the sandbox command run through npx, the sandbox's Node adapter, and the example store in a browser. Run after
// `npm run build`.
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import puppeteer from 'puppeteer-core';
import { LANGUAGES } from '../../src/i18n/languages.js';
import { chromePath } from '../engines.js';
import { checkLinks, missingInlineTargets } from './markdown-links.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/**
 * The environment for a child npm: without the variables an npm script sets for the `npm test` it runs in (they
 * would point the child at this project), but with the user's registry and cache settings.
 */
function npmEnvironment(): NodeJS.ProcessEnv {
  const keep = new Set(['npm_config_registry', 'npm_config_cache', 'npm_config_userconfig']);
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_') || keep.has(name.toLowerCase())),
  );
}

const npm = (args: string[], cwd: string) => run('npm', args, { cwd, env: npmEnvironment(), maxBuffer: 64 * 1024 * 1024 });

interface PackResult {
  filename: string;
  files: Array<{ path: string; mode: number }>;
}

async function sourceFiles(dir = join(root, 'src')): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : [relative(join(root, 'src'), join(dir, entry.name))],
    ),
  );
  return files.flat().filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'));
}

/**
 * The framework types: each entry `prepaid-upgrade/types/<framework>` of package.json (types/<framework>.d.ts and the
 * empty module beside it), and the props they declare, which @wc-toolkit/jsx-types generates with the manifest.
 */
const frameworkTypeFiles = (exports: Record<string, unknown>) => [
  ...Object.entries(exports).flatMap(([name, conditions]) =>
    name.startsWith('./types/') ? Object.values(conditions as Record<string, string>).map((path) => path.replace(/^\.\//, '')) : [],
  ),
  'dist/types/jsx.d.ts',
];

/** The language files of the script bundles, and the shared chunks they import, as paths under dist/i18n/. */
async function languageFiles(): Promise<string[]> {
  const files = new Set<string>();
  const queue = LANGUAGES.filter((language) => language !== 'en').map((language) => `${language}.js`);
  while (queue.length) {
    const file = queue.shift()!;
    if (files.has(file)) continue;
    files.add(file);
    const code = await readFile(join(root, 'dist/i18n', file), 'utf8');
    for (const [, imported] of code.matchAll(/\bfrom\s*["'`]\.\/([^"'`]+)["'`]/g)) queue.push(imported!);
  }
  return [...files].map((file) => `dist/i18n/${file}`);
}

/** The address a server started as `child` prints once it listens (the first group of `pattern`). */
function printedAddress(child: ChildProcessWithoutNullStreams, pattern: RegExp): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += String(chunk);
      const match = pattern.exec(output);
      if (match) resolve(match[1]!);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.once('close', (code) => reject(new Error(`it ended (${code}) before it was ready:\n${output}`)));
  });
}

/** The documents the package ships: the README, the guides, CONTRIBUTING.md and CHANGELOG.md. */
async function documents(): Promise<string[]> {
  const guides = (await readdir(join(root, 'docs'))).filter((file) => file.endsWith('.md')).map((file) => `docs/${file}`);
  return ['README.md', 'CHANGELOG.md', 'CONTRIBUTING.md', ...guides];
}

function setDifference(actual: string[], expected: string[]): string | undefined {
  const extra = actual.filter((path) => !expected.includes(path));
  const missing = expected.filter((path) => !actual.includes(path));
  if (extra.length + missing.length === 0) return undefined;
  return [
    'npm pack ships other files than expected:',
    ...missing.map((path) => `  - ${path}    (expected, not in the package: build first, or add it to "files")`),
    ...extra.map((path) => `  + ${path}    (in the package, not expected: keep it out through "files", or expect it here)`),
  ].join('\n');
}

describe('the npm package', { timeout: 180_000 }, () => {
  let pack: PackResult;
  let packageJson: Record<string, any>;

  before(async () => {
    assert.ok(existsSync(join(root, 'dist/lib/index.js')) && existsSync(join(root, 'custom-elements.json')), 'run `npm run build` first');
    const { stdout } = await npm(['pack', '--dry-run', '--json', '--ignore-scripts'], root);
    pack = (JSON.parse(stdout) as PackResult[])[0]!;
    packageJson = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
  });

  it('contains exactly the built library, both script bundles, their languages, discovery, their hashes, the framework types and the documents', async () => {
    // The script bundles' own entry and language loader are built into them, not into dist/lib.
    const { exclude = [] } = JSON.parse(await readFile(join(root, 'tsconfig.build.json'), 'utf8')) as { exclude?: string[] };
    const library = (await sourceFiles()).filter((file) => !exclude.includes(`src/${file}`));
    const compiled = library.flatMap((file) => {
      const base = `dist/lib/${file.replace(/\.ts$/, '')}`;
      return [`${base}.js`, `${base}.d.ts`, `${base}.js.map`];
    });
    const expected = [
      ...compiled,
      'dist/prepaid-upgrade.js',
      'dist/prepaid-upgrade.iife.js',
      'dist/discovery.js',
      'dist/integrity.json',
      ...(await languageFiles()),
      ...frameworkTypeFiles(packageJson.exports),
      'custom-elements.json',
      ...(await documents()),
      ...(await readdir(join(root, 'examples'))).map((file) => `examples/${file}`),
      // The README's pictures and the guides', which the screenshot tests make (docs/theming.md).
      ...(await readdir(join(root, 'docs', 'pictures'))).map((file) => `docs/pictures/${file}`),
      'LICENSE',
      'package.json',
    ];
    const message = setDifference(pack.files.map((file) => file.path).sort(), expected.sort());
    if (message) assert.fail(message);
  });

  it('names no document it does not ship: its sources, types and every shipped text cite only the project’s files', async () => {
    const texts = [...pack.files.map((file) => file.path), ...(await sourceFiles()).map((file) => `src/${file}`)].filter(
      (path) => !path.endsWith('.png'),
    );
    const citing: string[] = [];
    for (const path of texts) if (/DESIGN(\.md)?\s*§|DESIGN\.md/.test(await readFile(join(root, path), 'utf8'))) citing.push(path);
    assert.deepEqual(citing, [], 'these cite DESIGN.md, a document the project does not carry: cite docs/service.md');
  });

  it('is a version past 0.2.0 with its own CHANGELOG section, and every pinned address names that version', async () => {
    const { version } = packageJson as { version: string };
    const [major, minor] = version.split('.').map(Number);
    assert.ok(major! > 0 || minor! > 2, `version ${version}`);
    const changelog = await readFile(join(root, 'CHANGELOG.md'), 'utf8');
    assert.match(
      changelog,
      new RegExp(`^## \\[${version.replaceAll('.', '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm'),
      'CHANGELOG.md has a dated section for it',
    );
    for (const document of await documents()) {
      if (document === 'CHANGELOG.md') continue;
      const pinned = (await readFile(join(root, document), 'utf8')).matchAll(/prepaid-upgrade@(\d+\.\d+\.\d+)/g);
      for (const [address, pin] of pinned) assert.equal(pin, version, `${document} pins ${address}`);
    }
  });

  it('has source maps that carry their sources, since src/ is not shipped', async () => {
    for (const { path } of pack.files.filter((file) => file.path.endsWith('.js.map'))) {
      const map = JSON.parse(await readFile(join(root, path), 'utf8')) as { sources: string[]; sourcesContent?: Array<string | null> };
      assert.equal(
        map.sourcesContent?.filter((content) => typeof content === 'string').length,
        map.sources.length,
        `${path} inlines its sources`,
      );
    }
  });

  it('points every entry, type, bin and side effect at a shipped file, types first', () => {
    const shipped = new Set(pack.files.map((file) => file.path));
    const target = (path: string) => path.replace(/^\.\//, '');
    const problems: string[] = [];
    const check = (where: string, path: string) => {
      // A wildcard target names files by pattern: at least one shipped file must match it.
      const pattern = new RegExp(
        `^${target(path)
          .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
          .replace('*', '.+')}$`,
      );
      if (![...shipped].some((file) => pattern.test(file))) problems.push(`${where}: ${path} is not in the package`);
    };
    check('main', packageJson.main);
    check('types', packageJson.types);
    check('customElements', packageJson.customElements);
    for (const [name, path] of Object.entries<string>(packageJson.bin)) check(`bin ${name}`, path);
    for (const path of packageJson.sideEffects as string[]) check('sideEffects', path);
    for (const [entry, conditions] of Object.entries<string | Record<string, string>>(packageJson.exports)) {
      if (typeof conditions === 'string') {
        check(`exports["${entry}"]`, conditions);
        continue;
      }
      if (Object.keys(conditions)[0] !== 'types') problems.push(`exports["${entry}"]: "types" is not the first condition`);
      for (const [condition, path] of Object.entries(conditions)) check(`exports["${entry}"].${condition}`, path);
    }
    assert.deepEqual(problems, []);
    for (const entry of [
      '.',
      './server',
      './sandbox',
      './react',
      './prepaid-upgrade.js',
      './prepaid-upgrade.iife.js',
      './custom-elements.json',
    ]) {
      assert.ok(entry in packageJson.exports, `exports has ${entry}`);
    }
  });

  it('marks as side effects the files that register the element, and only those', async () => {
    const registers: string[] = [];
    for (const { path } of pack.files.filter((file) => file.path.endsWith('.js'))) {
      if ((await readFile(join(root, path), 'utf8')).includes('customElements.define(')) registers.push(`./${path}`);
    }
    assert.deepEqual([...packageJson.sideEffects].sort(), registers.sort());
  });

  it('keeps discovery out of the script bundles, and a second lit-html out of discovery', async () => {
    // A message of the listing (src/discovery/listing.ts) marks its code; lit-html's marker attribute marks lit-html.
    const listing = 'so its subscriptions cannot be checked';
    const litHtml = '$lit$';
    for (const bundle of ['dist/prepaid-upgrade.js', 'dist/prepaid-upgrade.iife.js']) {
      const code = await readFile(join(root, bundle), 'utf8');
      assert.ok(code.includes(litHtml), `${bundle} carries lit-html`);
      assert.ok(!code.includes(listing), `${bundle} carries the discovery code`);
    }
    const discovery = await readFile(join(root, 'dist/discovery.js'), 'utf8');
    assert.ok(discovery.includes(listing), 'dist/discovery.js carries the listing');
    assert.ok(!discovery.includes(litHtml), 'dist/discovery.js carries a lit-html of its own');
  });

  it('carries exactly one copy of Lit, @lit/task and zod in each script bundle, and none in discovery', async () => {
    // Each part of Lit registers its version on a global of its own, once per copy; @lit/task and zod mark themselves
    // with the message of an error of theirs, which no minifier changes.
    const markers = {
      'lit-html': 'litHtmlVersions',
      '@lit/reactive-element': 'reactiveElementVersions',
      'lit-element': 'litElementVersions',
      '@lit/task': 'The args function must return an array',
      zod: 'Encountered Promise during synchronous parse',
    };
    const copies = (code: string, marker: string) => code.split(marker).length - 1;
    for (const bundle of ['dist/prepaid-upgrade.js', 'dist/prepaid-upgrade.iife.js']) {
      const code = await readFile(join(root, bundle), 'utf8');
      for (const [name, marker] of Object.entries(markers)) assert.equal(copies(code, marker), 1, `copies of ${name} in ${bundle}`);
    }
    const discovery = await readFile(join(root, 'dist/discovery.js'), 'utf8');
    for (const [name, marker] of Object.entries(markers))
      assert.equal(copies(discovery, marker), 0, `copies of ${name} in dist/discovery.js`);
  });

  it('keeps React out of the script bundles', async () => {
    for (const bundle of ['dist/prepaid-upgrade.js', 'dist/prepaid-upgrade.iife.js']) {
      const code = await readFile(join(root, bundle), 'utf8');
      // @lit/react's wrapper is made of React's forwardRef and useLayoutEffect; nothing in lit uses those names.
      const found = /\b(createComponent|forwardRef|useLayoutEffect)\b/.exec(code);
      assert.equal(found?.[0], undefined, `${bundle} carries React code`);
    }
  });

  it('leaves Lit, @lit/task and zod to the app in the module for bundlers, and imports no other package', async () => {
    /** The packages that an entry of dist/lib imports, itself or through its own modules. */
    async function packagesImportedBy(entry: string): Promise<Set<string>> {
      const packages = new Set<string>();
      const seen = new Set<string>();
      const queue = [join(root, 'dist/lib', entry)];
      while (queue.length) {
        const file = queue.pop()!;
        if (seen.has(file)) continue;
        seen.add(file);
        const code = await readFile(file, 'utf8');
        for (const [, specifier] of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)) {
          if (specifier!.startsWith('.')) queue.push(join(file, '..', specifier!));
          // A package's name: its first step, or its first two when it is scoped (`@lit/task`).
          else packages.add(/^(@[^/]+\/)?[^/]+/.exec(specifier!)![0]);
        }
      }
      return packages;
    }
    // They are the module's dependencies, not bundled: an app that ships Lit or zod shares one copy with the widget.
    assert.deepEqual([...(await packagesImportedBy('index.js'))].sort(), ['@lit/task', 'lit', 'zod']);
    for (const name of ['lit', '@lit/task', 'zod']) assert.ok(name in packageJson.dependencies, `${name} is a dependency`);
    assert.ok((await packagesImportedBy('server/index.js')).has('zod'), 'the server entry needs zod at run time');
    assert.ok((await packagesImportedBy('sandbox/index.js')).has('zod'), 'the sandbox entry needs zod at run time');
  });

  describe('installed from its tarball', () => {
    let work: string;
    let consumer: string;
    /** What `npm install` of the tarball printed on its standard error. */
    let installWarnings: string;
    /** The installed package's folder. */
    let installed: string;

    before(
      async () => {
        work = await mkdtemp(join(tmpdir(), 'prepaid-upgrade-pack-'));
        const { stdout } = await npm(['pack', '--json', '--ignore-scripts', '--pack-destination', work], root);
        const tarball = join(work, (JSON.parse(stdout) as PackResult[])[0]!.filename);
        consumer = join(work, 'consumer');
        await mkdir(consumer);
        await writeFile(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
        // From npm's cache when it can: the dependencies were downloaded when this project was installed.
        ({ stderr: installWarnings } = await npm(
          ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', tarball],
          consumer,
        ));
        installed = join(consumer, 'node_modules/prepaid-upgrade');
      },
      { timeout: 120_000 },
    );

    after(() => rm(work, { recursive: true, force: true }));

    it('installs on this Node without a warning about engines', () => {
      assert.doesNotMatch(installWarnings, /EBADENGINE/, installWarnings);
    });

    it('ships a README, guides and CHANGELOG whose every relative link and picture resolves inside the package', async () => {
      const shipped = await documents();
      const { failed, report } = await checkLinks(installed, shipped);
      assert.equal(failed, false, report);
      const { missing, checked } = await missingInlineTargets(installed, shipped);
      assert.ok(checked >= 2, `only ${checked} inline HTML addresses found`);
      assert.deepEqual(missing, []);
    });

    it("runs `npx prepaid-upgrade-sandbox --port 0` on Node's own server", async () => {
      const cli = join(consumer, 'node_modules/prepaid-upgrade/dist/lib/cli/sandbox.js');
      assert.ok(((await stat(cli)).mode & 0o111) !== 0, 'the installed bin file is executable');
      // A process group of its own: npx runs the command as its child, and both must stop when the test ends.
      const child = spawn('npx', ['--no-install', 'prepaid-upgrade-sandbox', '--port', '0'], {
        cwd: consumer,
        env: npmEnvironment(),
        detached: true,
      });
      const closed = new Promise((resolve) => child.once('close', resolve));
      try {
        const url = await printedAddress(child, /Sandbox running at (http:\/\/\S+)/);
        const info = await fetch(`${url}/__sandbox/info`);
        assert.equal(info.status, 200);
        assert.ok(((await info.json()) as { customers: unknown[] }).customers.length > 0);
      } finally {
        process.kill(-child.pid!, 'SIGTERM');
        await closed;
      }
    });

    it('resolves its entry points from an installed project', async () => {
      const script = `
        import { signStorefrontToken, verifyStorefrontToken } from 'prepaid-upgrade/server';
        import { createSandbox, SANDBOX_MERCHANT, SANDBOX_SUBSCRIPTIONS } from 'prepaid-upgrade/sandbox';
        import manifest from 'prepaid-upgrade/custom-elements.json' with { type: 'json' };
        const { eligible } = SANDBOX_SUBSCRIPTIONS;
        const token = await signStorefrontToken({ merchantPublicId: SANDBOX_MERCHANT.publicId, customerId: eligible.customerId, hashKey: SANDBOX_MERCHANT.hashKey });
        const verified = await verifyStorefrontToken(token, { hashKey: SANDBOX_MERCHANT.hashKey });
        const response = await createSandbox().handle(new Request('http://sandbox.test/subscriptions/' + eligible.id + '/', { headers: { authorization: token } }));
        const tags = manifest.modules.flatMap((m) => m.declarations ?? []).map((d) => d.tagName).filter(Boolean);
        console.log(JSON.stringify({ valid: verified.valid, status: response.status, tags }));
      `;
      const { stdout } = await run(process.execPath, ['--input-type=module', '--no-warnings', '-e', script], { cwd: consumer });
      assert.deepEqual(JSON.parse(stdout), { valid: true, status: 200, tags: ['prepaid-upgrade'] });
    });

    it('serves the sandbox from a Node server of the store’s own with `prepaid-upgrade/sandbox/node`', async () => {
      const script = `
        import { createServer } from 'node:http';
        import { createSandbox } from 'prepaid-upgrade/sandbox';
        import { startSandboxServer, toNodeListener } from 'prepaid-upgrade/sandbox/node';
        const sandbox = createSandbox({ basePath: '/sandbox' });
        const store = createServer(toNodeListener(sandbox.handle));
        await new Promise((resolve) => store.listen(0, '127.0.0.1', resolve));
        const mounted = await fetch('http://127.0.0.1:' + store.address().port + '/sandbox/__sandbox/info');
        const alone = await startSandboxServer({ port: 0 });
        const own = await fetch(alone.url + '/__sandbox/info');
        console.log(JSON.stringify({ mounted: mounted.status, alone: own.status, customers: (await own.json()).customers.length > 0 }));
        store.close();
        await alone.close();
      `;
      const { stdout } = await run(process.execPath, ['--input-type=module', '--no-warnings', '-e', script], { cwd: consumer });
      assert.deepEqual(JSON.parse(stdout), { mounted: 200, alone: 200, customers: true });
    });

    it('runs the example store from the installed package: a customer signs in and prepays in a browser', async () => {
      const child = spawn(process.execPath, [join(installed, 'examples/sandbox-store.js'), '--port', '0'], { cwd: consumer });
      const closed = new Promise((resolve) => child.once('close', resolve));
      const browser = await puppeteer.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
      try {
        const url = await printedAddress(child, /Sandbox store at (http:\/\/\S+)/);
        const page = await browser.newPage();
        const problems: string[] = [];
        page.on('pageerror', (error) => problems.push(String(error)));
        page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
        await page.evaluateOnNewDocument(() =>
          document.addEventListener('prepaid-upgrade-success', () => ((window as { upgraded?: boolean }).upgraded = true)),
        );
        await page.goto(url);
        // Grace's one subscription that can be prepaid: the widget finds it and shows its form at once.
        await Promise.all([page.waitForNavigation(), page.click('button[value="cus_grace"]')]);
        const prepay = await page.waitForSelector('prepaid-upgrade >>> button[type="submit"]:not([disabled])', { timeout: 15_000 });
        assert.match(await prepay!.evaluate((button) => button.textContent ?? ''), /Prepay 3 orders/);
        await prepay!.click();
        await page.waitForFunction(() => (window as { upgraded?: boolean }).upgraded === true, { timeout: 15_000 });
        assert.deepEqual(problems, []);
        // Signing out ends the session on the store's server: its cookie, kept, gets no more tokens.
        const cookie = (await page.cookies()).find(({ name }) => name === 'store_session')!;
        const tokenWith = async () =>
          (await fetch(new URL('/account/storefront-token', url), { headers: { cookie: `store_session=${cookie.value}` } })).status;
        assert.equal(await tokenWith(), 200);
        await Promise.all([page.waitForNavigation(), page.click('form[action="/sign-out"] button')]);
        assert.equal(await tokenWith(), 401);
      } finally {
        await browser.close();
        child.kill('SIGTERM');
        await closed;
      }
    });
  });
});
