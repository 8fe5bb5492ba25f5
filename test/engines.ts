// The three browser engines the tests run in, found where Debian installs them (each path can be overridden from the
// environment), and the two helpers WebKit needs: an X display (MiniBrowser is a GTK program with no headless
// mode) and a WebKitWebDriver to drive it (webdriverio does not start drivers for MiniBrowser). Shared by the
// browser suite's config and the end-to-end tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';

export const ENGINES = ['chromium', 'firefox', 'webkit'] as const;
export type Engine = (typeof ENGINES)[number];

/**
 * Chromium as the tests drive it: Debian's chromium-headless-shell, Chromium's own headless build, which Puppeteer and
 * Playwright run for headless tests. The same Blink and V8 as the full browser, without its window machinery: the
 * browser suite takes about two thirds of the CPU time in it that it takes in the full browser run headless. The
 * benchmarks measure in the full browser, as a customer's (bench/bench.ts).
 */
export const chromePath = process.env['CHROME_PATH'] ?? '/usr/lib/chromium/chromium-headless-shell';
export const firefoxPath = process.env['FIREFOX_PATH'] ?? '/usr/bin/firefox-esr';
export const webkitDriverPath = process.env['WEBKIT_DRIVER_PATH'] ?? '/usr/bin/WebKitWebDriver';
export const miniBrowserPath = process.env['MINIBROWSER_PATH'] ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Chromium's flags as root on a machine whose network is closed to everything but loopback. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * The time zone each engine's browser suite runs in: west of UTC in Chromium, east of it in Firefox and WebKit (as
 * far east as any zone, where a date at midnight UTC is already the next day), so that every date the widget shows is
 * checked to be the service's calendar day on both sides of UTC.
 */
export const TIME_ZONES: Record<Engine, string> = {
  chromium: 'America/Los_Angeles',
  firefox: 'Pacific/Auckland',
  webkit: 'Pacific/Kiritimati',
};

/**
 * The engines named in `BROWSERS` (comma-separated, e.g. `BROWSERS=firefox`), else all three. A name that is not an
 * engine is an error, not a silent run of nothing.
 */
export function selectedEngines(value = process.env['BROWSERS']): Engine[] {
  if (!value) return [...ENGINES];
  const names = value.split(',').map((name) => name.trim().toLowerCase());
  const unknown = names.filter((name) => !(ENGINES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`BROWSERS names ${unknown.join(', ')}; the engines are ${ENGINES.join(', ')}`);
  return names as Engine[];
}

/** Fails early, with the package to install, when an engine's binary is missing. */
export function assertEngineInstalled(engine: Engine): void {
  const needs: Record<Engine, Array<[path: string, pkg: string, variable: string]>> = {
    chromium: [[chromePath, 'chromium-headless-shell', 'CHROME_PATH']],
    firefox: [[firefoxPath, 'firefox-esr', 'FIREFOX_PATH']],
    webkit: [
      [webkitDriverPath, 'webkit2gtk-driver', 'WEBKIT_DRIVER_PATH'],
      [miniBrowserPath, 'libwebkit2gtk-4.1-0', 'MINIBROWSER_PATH'],
    ],
  };
  for (const [path, pkg, variable] of needs[engine]) {
    if (!existsSync(path)) throw new Error(`${engine}: ${path} is missing: install Debian's ${pkg} (or set ${variable})`);
  }
}

/** A port on loopback that nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what} did not start within ${timeoutMs} ms`);
    await sleep(100);
  }
}

const children = new Set<ChildProcess>();
function track<T extends ChildProcess>(child: T): T {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
// A test run that ends in any way must not leave an X server or a driver behind.
for (const signal of ['exit', 'SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of children) child.kill('SIGTERM');
    if (signal !== 'exit') process.exit(130);
  });
}

let display: Promise<string> | undefined;
let xvfbProcess: ChildProcess | undefined;
/**
 * An X display for WebKit: the one the environment names, else an Xvfb of our own (started once per process), so
 * that `npm test` needs no wrapper.
 */
export async function ensureDisplay(): Promise<string> {
  if (process.env['DISPLAY']) return process.env['DISPLAY'];
  display ??= (async () => {
    // `-displayfd` has Xvfb pick a free display number and write it to us once it accepts connections.
    const xvfb = track(
      spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'pipe', 'ignore'] }),
    );
    xvfbProcess = xvfb;
    // It must not keep the process alive once the tests are done: the exit handler above ends it then.
    xvfb.unref();
    const number = await new Promise<string>((resolve, reject) => {
      let out = '';
      xvfb.once('error', (error) => reject(new Error(`Xvfb could not be started (install Debian's xvfb): ${error.message}`)));
      xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)));
      xvfb.stdout.on('data', (chunk: Buffer) => {
        out += chunk;
        if (out.includes('\n')) resolve(out.trim());
      });
    });
    xvfb.stdout.destroy();
    return `:${number}`;
  })();
  return display;
}

/** Ends the Xvfb that `ensureDisplay()` started, if any (a later call starts a new one). */
export function stopDisplay(): void {
  xvfbProcess?.kill('SIGTERM');
  xvfbProcess = undefined;
  display = undefined;
}

/**
 * Starts a WebKitWebDriver on a free loopback port; `stop()` ends it. `compositing` keeps WebKit's accelerated
 * compositing, which its screenshots need: without it, a screenshot of a page that has nothing left to paint waits for
 * a paint that never comes.
 */
export async function startWebKitDriver({ compositing = false } = {}): Promise<{ port: number; stop: () => void }> {
  assertEngineInstalled('webkit');
  const displayName = await ensureDisplay();
  const port = await freePort();
  const driver = track(
    spawn(webkitDriverPath, [`--port=${port}`, '--host=127.0.0.1'], {
      // The X display has no graphics card, so WebKit's accelerated compositing would paint every layer through a
      // software OpenGL. Without it, WebKit paints as it does without a graphics card: the same layout and events, for
      // a third less of the processor.
      env: { ...process.env, DISPLAY: displayName, ...(compositing ? {} : { WEBKIT_DISABLE_COMPOSITING_MODE: '1' }) },
      stdio: 'ignore',
    }),
  );
  let exited = false;
  driver.once('exit', () => (exited = true));
  await waitUntil(async () => {
    if (exited) throw new Error('WebKitWebDriver exited at start');
    return fetch(`http://127.0.0.1:${port}/status`).then(
      (response) => response.ok,
      () => false,
    );
  }, 'WebKitWebDriver');
  return {
    port,
    stop: () => {
      driver.kill('SIGTERM');
    },
  };
}

/** The WebDriver capabilities of a MiniBrowser session (classic WebDriver: the driver refuses BiDi sessions). */
export const webkitCapabilities = {
  browserName: 'MiniBrowser',
  'wdio:enforceWebDriverClassic': true,
  'webkitgtk:browserOptions': { binary: miniBrowserPath, args: ['--automation'] },
};
