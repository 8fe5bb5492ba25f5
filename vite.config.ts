// `npm start` serves the demo store (demo/) with hot reload of the element's source, plus two local back ends:
// the sandbox (an emulator of the subscription service) at /sandbox and the demo store's own server at /merchant.
// `npm run build` bundles the element into two self-contained files: dist/prepaid-upgrade.js (ES module) and
// dist/prepaid-upgrade.iife.js (classic script). tsc writes dist/lib afterwards, so neither empties dist/.
import { fileURLToPath } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { defineConfig, type Plugin } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

type FetchHandler = (request: Request) => Promise<Response>;

/** Mounts fetch handlers on path prefixes of the dev server. */
function demoBackEnds(): Plugin {
  return {
    name: 'prepaid-upgrade:demo-back-ends',
    apply: 'serve',
    async configureServer(server) {
      // Imported lazily: only the dev server runs the demo's back ends, `vite build` never starts them.
      const { createSandbox, SANDBOX_CUSTOMERS, SANDBOX_MERCHANT } = await import('./src/sandbox/index.js');
      const { serveNodeRequest } = await import('./src/sandbox/node.js');
      const { createMerchantServer } = await import('./demo/merchant-server.js');
      const sandbox = createSandbox({ basePath: '/sandbox' });
      const merchant = createMerchantServer({
        merchantPublicId: SANDBOX_MERCHANT.publicId,
        hashKey: SANDBOX_MERCHANT.hashKey,
        customers: SANDBOX_CUSTOMERS,
        basePath: '/merchant',
      });
      const mounts: Array<[prefix: string, handle: FetchHandler]> = [
        ['/sandbox', (request) => sandbox.handle(request)],
        ['/merchant', (request) => merchant.handle(request)],
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

export default defineConfig({
  root: fromRoot('./demo'),
  publicDir: false,
  plugins: [demoBackEnds()],
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
    target: 'es2022',
    sourcemap: false,
    minify: true,
    lib: {
      entry: fromRoot('./src/index.ts'),
      name: 'PrepaidUpgrade',
      formats: ['es', 'iife'],
      fileName: (format) => (format === 'es' ? 'prepaid-upgrade.js' : 'prepaid-upgrade.iife.js'),
    },
    rolldownOptions: {
      output: {
        // Library mode leaves ES output unminified by default; these files go straight into pages, so they are
        // minified and lose the bundler's annotations (licence comments stay).
        minify: true,
        comments: { legal: true, annotation: false, jsdoc: false },
      },
    },
  },
});
