/**
 * The three engines as the end-to-end tests drive them, behind one interface: Chromium over CDP and Firefox over
 * WebDriver BiDi (puppeteer-core), and WebKit (WebKitGTK's MiniBrowser through WebKitWebDriver, with webdriverio). A
 * page runs functions of one string argument (serialized, so they may use nothing else), clicks in the widget's shadow
 * root as a user does, and takes the widget's picture at a viewport's size. Shared by engines.test.ts and
 * themes.test.ts.
 */
import assert from 'node:assert/strict';
import puppeteer, { type Browser as PuppeteerBrowser, type ElementHandle } from 'puppeteer-core';
import { remote } from 'webdriverio';
import { chromePath, chromiumArgs, firefoxPath, startWebKitDriver, stopDisplay, webkitCapabilities, type Engine } from '../engines.js';

/** How long a page may take to reach a state a test waits for (the fault test waits out real backoffs too). */
export const WAIT_MS = 10_000;

/** One page in one engine; the functions given run in the page (serialized: they may use their one argument only). */
export interface EnginePage {
  goto(url: string): Promise<void>;
  waitFor(condition: (arg: string) => boolean, arg: string, what: string): Promise<void>;
  run<T>(script: (arg: string) => T, arg?: string): Promise<T>;
  /**
   * Clicks, as a user does, the element `selector` finds in the widget's shadow root; then moves the pointer to the
   * page's corner, so that no hover shows on what the click brings under it.
   */
  click(selector: string): Promise<void>;
  /** Makes the page's viewport `width` by `height` CSS pixels (after the page has loaded). */
  resize(width: number, height: number): Promise<void>;
  /** The picture of the first `prepaid-upgrade` of the page, whole, as a PNG (with the driver's `pictures` option). */
  widgetPicture(): Promise<Buffer>;
  /** Console errors and page errors the driver saw (puppeteer's events; WebDriver classic has none). */
  driverErrors(): string[];
  close(): Promise<void>;
}

export interface EngineDriver {
  open(): Promise<EnginePage>;
  quit(): Promise<void>;
}

/** Chromium (over CDP) and Firefox (over WebDriver BiDi), each test in a browser context, a window, of its own. */
async function puppeteerDriver(engine: 'chromium' | 'firefox'): Promise<EngineDriver> {
  const browser: PuppeteerBrowser = await puppeteer.launch(
    engine === 'chromium'
      ? { browser: 'chrome', executablePath: chromePath, headless: true, args: chromiumArgs, timeout: 30_000, protocolTimeout: 30_000 }
      : { browser: 'firefox', executablePath: firefoxPath, headless: true, timeout: 30_000, protocolTimeout: 30_000 },
  );
  return {
    async open() {
      const context = await browser.createBrowserContext();
      // A window, not a tab: a background tab gets no animation frames.
      const page = await context.newPage({ type: 'window' });
      page.setDefaultTimeout(WAIT_MS);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`page error: ${String(error)}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      return {
        goto: async (url) => void (await page.goto(url)),
        waitFor: async (condition, arg, what) => {
          await page.waitForFunction(condition, { timeout: WAIT_MS, polling: 100 }, arg).catch((error: Error) => {
            throw new Error(`${engine}: waiting for ${what}: ${error.message}`);
          });
        },
        async run<T>(script: (arg: string) => T, arg = ''): Promise<T> {
          return (await page.evaluate(script, arg)) as T;
        },
        async click(selector) {
          const handle = await page.evaluateHandle(
            (selector) => document.querySelector('prepaid-upgrade')?.shadowRoot?.querySelector(selector) ?? null,
            selector,
          );
          const element = handle.asElement() as ElementHandle<Element> | null;
          assert.ok(element, `${selector} is in the widget`);
          await element.click();
          await handle.dispose();
          await page.mouse.move(0, 0);
        },
        resize: (width, height) => page.setViewport({ width, height, deviceScaleFactor: 1 }),
        async widgetPicture() {
          const widget = await page.$('prepaid-upgrade');
          assert.ok(widget, 'the page has a widget');
          return Buffer.from(await widget.screenshot({ type: 'png' }));
        },
        driverErrors: () => errors,
        close: () => context.close(),
      };
    },
    quit: () => browser.close(),
  };
}

/**
 * WebKit: one MiniBrowser session on an X display, through a WebKitWebDriver of its own; tests take turns in it. For
 * `pictures`, it composites as WebKit does by default, which its screenshots need (see `startWebKitDriver`).
 */
async function webkitDriver({ pictures = false }: DriverOptions): Promise<EngineDriver> {
  const driver = await startWebKitDriver({ compositing: pictures });
  let browser: WebdriverIO.Browser;
  try {
    browser = await remote({
      hostname: '127.0.0.1',
      port: driver.port,
      path: '/',
      capabilities: webkitCapabilities,
      logLevel: 'warn',
      waitforTimeout: WAIT_MS,
      connectionRetryTimeout: 30_000,
      connectionRetryCount: 1,
    });
  } catch (error) {
    driver.stop();
    stopDisplay();
    throw error;
  }
  return {
    async open() {
      return {
        goto: (url) => browser.url(url).then(() => undefined),
        waitFor: async (condition, arg, what) => {
          await browser.waitUntil(() => browser.execute(condition, arg), {
            timeout: WAIT_MS,
            interval: 100,
            timeoutMsg: `webkit: ${what} within ${WAIT_MS} ms`,
          });
        },
        async run<T>(script: (arg: string) => T, arg = ''): Promise<T> {
          return (await browser.execute(script, arg)) as T;
        },
        async click(selector) {
          await browser.$('prepaid-upgrade').shadow$(selector).click();
          await browser.action('pointer').move({ x: 0, y: 0 }).perform();
        },
        // WebDriver sizes the window, not the viewport: the window is grown by what its frame takes. MiniBrowser's
        // window is at least 447 px wide (its toolbar's width): for a narrower viewport, the page itself is laid out at
        // `width`, which is all the widget sees of the viewport's width. Call it after the page has loaded.
        async resize(width, height) {
          const [frameWidth, frameHeight] = await browser.execute(() => [
            window.outerWidth - window.innerWidth,
            window.outerHeight - window.innerHeight,
          ]);
          await browser.setWindowSize(width + frameWidth, height + frameHeight);
          // The window takes its size after the command returns: wait for the viewport to have it.
          await browser.waitUntil(
            () =>
              browser.execute(
                (width: number, height: number) => window.innerHeight === height && window.innerWidth >= width,
                width,
                height,
              ),
            { timeout: WAIT_MS, timeoutMsg: `webkit: the viewport did not become ${width} by ${height} px` },
          );
          await browser.execute((width: number) => {
            document.documentElement.style.maxWidth = window.innerWidth > width ? `${width}px` : '';
          }, width);
        },
        // WebKit's driver takes only what is in the viewport: a widget taller than it is pictured in a window grown to
        // hold it, for that picture alone.
        async widgetPicture() {
          const widget = await browser.$('prepaid-upgrade');
          const [bottom, innerHeight] = await browser.execute(() => [
            Math.ceil(document.querySelector('prepaid-upgrade')!.getBoundingClientRect().bottom + window.scrollY),
            window.innerHeight,
          ]);
          const size = bottom > innerHeight ? await browser.getWindowSize() : undefined;
          if (size) {
            await browser.setWindowSize(size.width, size.height + bottom - innerHeight);
            await browser.waitUntil(() => browser.execute((bottom: number) => window.innerHeight >= bottom, bottom), {
              timeout: WAIT_MS,
              timeoutMsg: `webkit: the window did not grow to ${bottom} px`,
            });
          }
          try {
            return Buffer.from(await browser.takeElementScreenshot(await widget.elementId), 'base64');
          } finally {
            if (size) await browser.setWindowSize(size.width, size.height);
          }
        },
        driverErrors: () => [],
        // The next test loads its own page; a blank one in between ends this one's requests.
        close: () => browser.url('about:blank').then(() => undefined),
      };
    },
    async quit() {
      try {
        await browser.deleteSession();
      } finally {
        driver.stop();
        stopDisplay();
      }
    },
  };
}

export interface DriverOptions {
  /** The tests take the widget's pictures (`widgetPicture`). */
  pictures?: boolean;
}

export const DRIVERS: Record<Engine, (options?: DriverOptions) => Promise<EngineDriver>> = {
  chromium: () => puppeteerDriver('chromium'),
  firefox: () => puppeteerDriver('firefox'),
  webkit: (options = {}) => webkitDriver(options),
};
