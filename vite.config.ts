// `npm start` (demo/start.ts) serves the demo store (demo/) with hot reload of the element's source, plus two local
// back ends: the sandbox (an emulator of the subscription service) at /sandbox and the demo store's own server at
// /merchant; and the guides of docs/ as pages at /docs/ (demo/documents.ts), and the built bundles at /dist/.
// `npm run build` bundles the element from src/script.ts into two self-contained files: dist/prepaid-upgrade.js
// (ES module) and dist/prepaid-upgrade.iife.js (classic script), both English only and without discovery; `vite build
// --mode chunks` then writes what both bundles import from next to themselves on demand: the other languages as
// dist/i18n/<language>.js, and dist/discovery.js for a widget without subscription-id. tsc writes dist/lib afterwards,
// so no step empties dist/.
import { fileURLToPath } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import browserslistToEsbuild from 'browserslist-to-esbuild';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { LANGUAGES } from './src/i18n/languages.js';
import type { ClientInfo } from './src/sandbox/index.js';
import { minifyLitTemplates } from './tools/minify-lit-templates.js';
import { terserPass } from './tools/terser-pass.js';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The engines of package.json's `browserslist` (the table of docs/browser-support.md), as the transform's targets:
 * syntax newer than every one of them is lowered. APIs and CSS are not polyfilled; `npm run lint` checks those against the same
 * list (eslint-plugin-compat, Stylelint).
 */
const browserTargets = browserslistToEsbuild(undefined, { path: fromRoot('.') });

type FetchHandler = (request: Request, client: ClientInfo) => Promise<Response>;

/** custom-elements.json, or a 404 that says how to make it. */
async function serveManifest(): Promise<Response> {
  const { readFile } = await import('node:fs/promises');
  try {
    return new Response(await readFile(fromRoot('./custom-elements.json')), { headers: { 'content-type': 'application/json' } });
  } catch {
    return new Response('custom-elements.json is missing: run `npm run manifest`', { status: 404 });
  }
}

/**
 * The built script and what it loads on demand, as `npm run build` wrote them to dist/ (`npm start` builds first when
 * they are older than src/): a page of this server can embed the widget as the README does, from
 * `/dist/prepaid-upgrade.js`. The bundles and integrity.json only, not dist/lib or the types.
 */
async function serveBuilt(request: Request): Promise<Response> {
  const { readFile } = await import('node:fs/promises');
  const name = /^\/dist\/((?:i18n\/)?[\w-]+(?:\.iife)?\.js|integrity\.json)$/.exec(new URL(request.url).pathname)?.[1];
  try {
    if (!name) throw new Error('not a built file');
    const type = name.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'application/json';
    return new Response(await readFile(fromRoot(`./dist/${name}`)), { headers: { 'content-type': type, 'cache-control': 'no-cache' } });
  } catch {
    return new Response('Not built: run `npm run build` (`npm start` does when dist/ is older than src/)', { status: 404 });
  }
}

/** Options of the demo's back ends. */
export interface DemoOptions {
  /**
   * The clock of the sandbox and of the store's server (which signs the tokens): default the real one. The demo's
   * screenshot tests stop it, so that the dates the sandbox gives the next orders are the same every day.
   */
  now?: () => number;
}

/** Mounts fetch handlers on path prefixes of the dev server. */
function demoBackEnds({ now }: DemoOptions = {}): Plugin {
  return {
    name: 'prepaid-upgrade:demo-back-ends',
    apply: 'serve',
    async configureServer(server) {
      // Imported lazily: only the dev server runs the demo's back ends, `vite build` never starts them.
      const { createSandbox, SANDBOX_CUSTOMERS, SANDBOX_MERCHANT } = await import('./src/sandbox/index.js');
      const { serveNodeRequest } = await import('./src/sandbox/node.js');
      const { createMerchantServer } = await import('./demo/merchant-server.js');
      const { DOCUMENT_PREFIXES, serveDocument } = await import('./demo/documents.js');
      // The service's own limit, about 6,000 requests a minute: a demo customer with 30 subscriptions reloaded a few
      // times must not meet the sandbox's stricter default (the fault controls make a 429 on purpose).
      const sandbox = createSandbox({ basePath: '/sandbox', rateLimit: { limit: 6000, windowMs: 60_000 }, ...(now && { now }) });
      const merchant = createMerchantServer({
        merchantPublicId: SANDBOX_MERCHANT.publicId,
        hashKey: SANDBOX_MERCHANT.hashKey,
        customers: SANDBOX_CUSTOMERS,
        basePath: '/merchant',
        ...(now && { now }),
      });
      const mounts: Array<[prefix: string, handle: FetchHandler]> = [
        ['/sandbox', (request, client) => sandbox.handle(request, client)],
        ['/merchant', (request) => merchant.handle(request)],
        // The reference page reads the manifest that `npm run manifest` writes at the project's root.
        ['/custom-elements.json', () => serveManifest()],
        ['/dist', (request) => serveBuilt(request)],
        // The guides as pages, and what they link: see demo/documents.ts.
        ...DOCUMENT_PREFIXES.map((prefix): [string, FetchHandler] => [prefix, (request) => serveDocument(request)]),
      ];
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
        const path = (req.url ?? '/').split('?')[0]!;
        const mount = mounts.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
        if (!mount) return next();
        serveNodeRequest(mount[1], req, res).catch(next);
      });
    },
  };
}

const minifiedOutput = {
  // Library mode leaves ES output unminified by default; these files go straight into pages, so they are
  // minified and lose the bundler's annotations (licence comments stay).
  minify: true,
  comments: { legal: true, annotation: false, jsdoc: false },
} as const;

/**
 * What the script bundles import by address when a page needs it: the languages other than English, and discovery.
 * Each is a standalone ES module: it shares no code with the bundle that imports it, so it can be loaded from wherever
 * that bundle is (a `?v=` on its address included) without loading the bundle a second time.
 */
const chunksBuild: UserConfig = {
  publicDir: false,
  plugins: [minifyLitTemplates(), terserPass()],
  build: {
    outDir: fromRoot('./dist'),
    emptyOutDir: false,
    target: browserTargets,
    minify: true,
    lib: {
      entry: {
        ...Object.fromEntries(
          LANGUAGES.filter((language) => language !== 'en').map((language) => [
            `i18n/${language}`,
            fromRoot(`./src/i18n/locales/${language}.ts`),
          ]),
        ),
        discovery: fromRoot('./src/discovery/index.ts'),
      },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    rolldownOptions: { output: { ...minifiedOutput, chunkFileNames: 'i18n/[name].js' } },
  },
};

const mainConfig: UserConfig = {
  root: fromRoot('./demo'),
  publicDir: false,
  plugins: [demoBackEnds()],
  // Each page is a file of demo/: an address that is none answers 404 (not the store's page), so a broken link shows.
  appType: 'mpa',
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: false,
    // The demo imports the element from ../src.
    fs: { allow: [fromRoot('.')] },
  },
  build: {
    outDir: fromRoot('./dist'),
    emptyOutDir: false,
    target: browserTargets,
    sourcemap: false,
    minify: true,
    lib: {
      entry: fromRoot('./src/script.ts'),
      name: 'PrepaidUpgrade',
      formats: ['es', 'iife'],
      fileName: (format) => (format === 'es' ? 'prepaid-upgrade.js' : 'prepaid-upgrade.iife.js'),
    },
    rolldownOptions: {
      output: minifiedOutput,
      onLog(level, log, handler) {
        // The classic script finds its address through document.currentScript; only the module reads import.meta.
        if (log.code === 'EMPTY_IMPORT_META') return;
        handler(level, log);
      },
    },
  },
};

/** The dev server's configuration with the back ends' options: for tests of the demo that set its clock. */
export const demoServerConfig = (options: DemoOptions): UserConfig => ({ ...mainConfig, plugins: [demoBackEnds(options)] });

export default defineConfig(({ command, mode }) => {
  if (mode === 'chunks') return chunksBuild;
  if (command !== 'build') return mainConfig;
  return { ...mainConfig, plugins: [...(mainConfig.plugins ?? []), minifyLitTemplates(), terserPass()] };
});
