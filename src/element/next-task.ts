/**
 * Work put off to a task of its own, so that the task under way stays short: the platform's `scheduler.yield()` where
 * it is (Chrome 129, Firefox 142), whose continuation comes soon, ahead of tasks queued meanwhile; elsewhere a message
 * to itself, which no page's timers hold back and a background tab does not slow to a second a step, as it does
 * timers. (Chromium runs several such messages in one task: there, `scheduler.yield()` keeps them apart.)
 */

interface YieldingScheduler {
  yield(): Promise<void>;
}

/**
 * Settles in a task of its own: what awaits it runs there. Several widgets whose answers arrive together then render,
 * each, in a task of its own rather than all in one.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(undefined);
  });
}
