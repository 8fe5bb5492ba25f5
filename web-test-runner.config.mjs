// Browser tests: every file under test/unit and test/component runs in real browsers — Debian's Chromium, Firefox
// ESR (puppeteer over WebDriver BiDi) and WebKitGTK's MiniBrowser (WebKitWebDriver, on an X display of its own) —
// against the real client code and the real sandbox handler, which is mounted here at /sandbox (the same code
// `npm start` mounts in Vite). `BROWSERS=firefox` (comma-separated) picks engines; `npm run test:browser` runs the
// three engines side by side, each in a runner of its own (test/browser-suite.ts).
// Every API request that reaches the sandbox is audited for leaked credentials; the audit is written to
// test-results/request-audit-<engine>.json when the run ends, under the run id of the browser suite that started this
// runner (BROWSER_SUITE_RUN_ID), and checked by test/node/request-audit.test.ts against the suite's latest run.
import { chromeLauncher } from '@web/test-runner-chrome';
import { puppeteerLauncher } from '@web/test-runner-puppeteer';
import { webdriverLauncher } from '@web/test-runner-webdriver';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { a11ySnapshotPlugin } from '@web/test-runner-commands/plugins';
import { tsImport } from 'tsx/esm/api';

const { assertEngineInstalled, chromePath, chromiumArgs, firefoxPath, selectedEngines, startWebKitDriver, webkitCapabilities } =
  await tsImport('./test/engines.ts', import.meta.url);
const { createSandbox } = await tsImport('./src/sandbox/index.ts', import.meta.url);
const { serveNodeRequest } = await tsImport('./src/sandbox/node.ts', import.meta.url);
const { createRequestAudit, requestAuditFile, SUITE_RUN_ID_VARIABLE } = await tsImport('./test/helpers/request-audit.ts', import.meta.url);
const sandbox = createSandbox({ basePath: '/sandbox' });
const engines = selectedEngines();
const audit = createRequestAudit({ basePath: '/sandbox', runId: process.env[SUITE_RUN_ID_VARIABLE] });
const handleSandbox = audit.wrap((request, client) => sandbox.handle(request, client));
for (const engine of engines) assertEngineInstalled(engine);
const webkitDriver = engines.includes('webkit') ? await startWebKitDriver() : undefined;

const launchers = {
  chromium: () =>
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
      launchOptions: { executablePath: chromePath, headless: true, args: chromiumArgs },
    }),
  firefox: () =>
    puppeteerLauncher({
      launchOptions: {
        browser: 'firefox',
        executablePath: firefoxPath,
        headless: true,
        // No network events from the browser: the runner never reads them (the sandbox's own log is the tests' record
        // of requests), and Firefox spent as much as a third of a request-heavy file sending them over WebDriver BiDi.
        networkEnabled: false,
      },
      // Pages open as windows, for the same reason as Chromium's: a background tab gets no animation frames.
      async createPage({ browser }) {
        return (await browser.createBrowserContext()).newPage({ type: 'window' });
      },
    }),
  // A navigation returns at once (`pageLoadStrategy: 'none'`): the test page reports to the runner itself, which times
  // out a page that never does. Waiting for the load event instead, WebKit's driver twice never answered a navigation
  // near the end of a clean-clone run with the machine fully busy, and the runner stopped on it.
  webkit: () =>
    webdriverLauncher({
      hostname: '127.0.0.1',
      port: webkitDriver.port,
      path: '/',
      capabilities: { ...webkitCapabilities, pageLoadStrategy: 'none' },
      logLevel: 'warn',
    }),
};

export default {
  files: ['test/unit/**/*.test.ts', 'test/component/**/*.test.ts'],
  nodeResolve: true,
  // One test file at a time in Firefox and WebKit: WebKitWebDriver drives one MiniBrowser window, and in Firefox a key
  // press in one of two windows side by side does not always reach its button (Enter did not submit a form, now and
  // then), although focus moves did.
  concurrency: engines.includes('webkit') || engines.includes('firefox') ? 1 : 2,
  // The limit of the whole run, not of one test: the fault matrix waits out real backoffs and Retry-After delays.
  testsFinishTimeout: 8 * 60 * 1000,
  testFramework: { config: { timeout: 10000 } },
  browsers: engines.map((engine) => launchers[engine]()),
  middleware: [
    // A store's token endpoint as session middleware answers a visitor who is not signed in: a redirect to its sign-in
    // page (of this origin, or of another one, as a sign-in service's), or that page itself.
    async function signedOutStore(context, next) {
      const signInPage = () => {
        context.type = 'text/html; charset=utf-8';
        context.body = '<!doctype html><title>Sign in</title><form method="post"><button>Sign in</button></form>';
      };
      // The same server under its other loopback name: another origin, whose pages let no other origin read them.
      const otherOrigin = `http://${context.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1'}:${context.req.socket.localPort}`;
      const answers = {
        '/signed-out-store/sign-in': signInPage,
        '/signed-out-store/token-as-page': signInPage,
        '/signed-out-store/token-redirecting': () => context.redirect('/signed-out-store/sign-in?next=%2Faccount'),
        '/signed-out-store/token-redirecting-elsewhere': () => context.redirect(`${otherOrigin}/signed-out-store/sign-in`),
      };
      const answer = answers[context.path];
      if (!answer) return next();
      context.set('cache-control', 'no-store');
      answer();
    },
    async function mountSandbox(context, next) {
      if (context.path !== '/sandbox' && !context.path.startsWith('/sandbox/')) return next();
      context.respond = false;
      await serveNodeRequest(handleSandbox, context.req, context.res);
    },
  ],
  plugins: [
    esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2022' }),
    // Chromium's accessibility tree, for the transcript of what a screen reader hears (a11ySnapshot).
    a11ySnapshotPlugin(),
    {
      name: 'request-audit',
      async serverStop() {
        webkitDriver?.stop();
        // One report per engine: each engine's run is audited on its own, whichever ran last.
        for (const engine of engines) {
          const { total, runId } = await audit.write(requestAuditFile(engine));
          console.log(`Request audit (${engine}): ${total} API requests of run ${runId} written to test-results/`);
        }
      },
    },
  ],
};
