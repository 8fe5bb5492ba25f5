// Browser tests: every file under test/unit and test/component runs in Debian's Chromium, against the real client
// code and the real sandbox handler, which is mounted here at /sandbox (the same code `npm start` mounts in Vite).
// Every API request that reaches the sandbox is audited for leaked credentials; the audit is written to
// test-results/request-audit.json when the run ends and checked by test/node/request-audit.test.ts.
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { tsImport } from 'tsx/esm/api';

const { createSandbox } = await tsImport('./src/sandbox/index.ts', import.meta.url);
const { serveNodeRequest } = await tsImport('./src/sandbox/node.ts', import.meta.url);
const { createRequestAudit } = await tsImport('./test/helpers/request-audit.ts', import.meta.url);
const sandbox = createSandbox({ basePath: '/sandbox' });
const audit = createRequestAudit({ basePath: '/sandbox' });
const handleSandbox = audit.wrap((request) => sandbox.handle(request));

export const chromePath = process.env.CHROME_PATH ?? '/usr/lib/chromium/chromium';

export default {
  files: ['test/unit/**/*.test.ts', 'test/component/**/*.test.ts'],
  nodeResolve: true,
  concurrency: 2,
  // The limit of the whole run, not of one test: the fault matrix waits out real backoffs and Retry-After delays.
  testsFinishTimeout: 5 * 60 * 1000,
  testFramework: { config: { timeout: 10000 } },
  browsers: [
    chromeLauncher({
      // Test files run side by side. Tabs of one window would leave all but one hidden, and a hidden page gets no
      // animation frames (fixtures and layout tests wait on them): each page gets a context, a window, of its own,
      // and is told it has focus.
      async createPage({ browser }) {
        const page = await (await browser.createBrowserContext()).newPage();
        const session = await page.createCDPSession();
        await session.send('Emulation.setFocusEmulationEnabled', { enabled: true });
        return page;
      },
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
      await serveNodeRequest(handleSandbox, context.req, context.res);
    },
  ],
  plugins: [
    esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2022' }),
    {
      name: 'request-audit',
      async serverStop() {
        const { total } = await audit.write();
        console.log(`Request audit: ${total} API requests written to test-results/request-audit.json`);
      },
    },
  ],
};
