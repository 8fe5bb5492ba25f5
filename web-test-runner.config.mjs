// Browser tests: every file under test/unit and test/component runs in Debian's Chromium, against the real client
// code and the real sandbox handler, which is mounted here at /sandbox (the same code `npm start` mounts in Vite).
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { tsImport } from 'tsx/esm/api';

const { createSandbox } = await tsImport('./src/sandbox/index.ts', import.meta.url);
const { serveNodeRequest } = await tsImport('./src/sandbox/node.ts', import.meta.url);
const sandbox = createSandbox({ basePath: '/sandbox' });

export const chromePath = process.env.CHROME_PATH ?? '/usr/lib/chromium/chromium';

export default {
  files: ['test/unit/**/*.test.ts', 'test/component/**/*.test.ts'],
  nodeResolve: true,
  concurrency: 2,
  testFramework: { config: { timeout: 10000 } },
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: chromePath,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
      },
    }),
  ],
  middleware: [
    async function mountSandbox(context, next) {
      if (context.path !== '/sandbox' && !context.path.startsWith('/sandbox/')) return next();
      context.respond = false;
      await serveNodeRequest((request) => sandbox.handle(request), context.req, context.res);
    },
  ],
  plugins: [esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2022' })],
};
