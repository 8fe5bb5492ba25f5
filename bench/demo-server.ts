/**
 * The demo's dev server (`npm start`'s Vite, with the sandbox, the store's server and the guides mounted), started on a
 * free port of 127.0.0.1, without hot reload: for the Lighthouse audit and for the tests that ask the demo for a page.
 * `now` stops the clock of the sandbox and the store's server (see vite.config.ts), for pictures that do not change by
 * the day.
 */
import { createServer, type ViteDevServer } from 'vite';
import { demoServerConfig, type DemoOptions } from '../vite.config.js';

export async function startDemoServer(options: DemoOptions = {}): Promise<{ server: ViteDevServer; base: string }> {
  const config = demoServerConfig(options);
  const server = await createServer({
    ...config,
    // The configuration is the one of vite.config.ts, taken from it with the options above.
    configFile: false,
    server: { ...config.server, host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
    logLevel: 'error',
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('the demo server has no port');
  return { server, base: `http://127.0.0.1:${address.port}` };
}
