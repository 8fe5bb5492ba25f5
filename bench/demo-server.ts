/**
 * The demo's dev server (`npm start`'s Vite, with the sandbox and the store's server mounted), started on a free port
 * of 127.0.0.1, without hot reload: for the Lighthouse audit and for the tests that ask the demo for a page.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

export async function startDemoServer(): Promise<{ server: ViteDevServer; base: string }> {
  const server = await createServer({
    configFile: join(root, 'vite.config.ts'),
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
    logLevel: 'error',
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('the demo server has no port');
  return { server, base: `http://127.0.0.1:${address.port}` };
}
