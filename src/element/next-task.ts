/** Work put off to a task of its own, so that the task under way stays short. */

/**
 * Runs `callback` in a task of its own, soon: after the task under way and what it queued, as a timer of 0 ms would,
 * but without a timer, which a page's own timers and their clamping could hold back.
 */
export function inNextTask(callback: () => void): void {
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = () => {
    port1.close();
    callback();
  };
  port2.postMessage(undefined);
}

/**
 * Settles in a task of its own: what awaits it runs there. Several widgets whose answers arrive together then render,
 * each, in a task of its own rather than all in one.
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => inNextTask(resolve));
