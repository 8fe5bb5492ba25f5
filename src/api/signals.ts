/** Abort signals for engines of the supported range that lack a part of the API. */

/**
 * A signal that aborts when any of `signals` does, with that signal's reason. It is `AbortSignal.any` where the engine
 * has it. Chrome < 116, Firefox < 124 and Safari < 17.4 lack it, so there the same signal is made with a controller.
 */
export function anySignal(signals: AbortSignal[]): AbortSignal {
  // eslint-disable-next-line baseline-js/use-baseline -- checked here; the controller below is the fallback
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    // The listeners are removed when the combined signal aborts, so that a long-lived input signal does not collect
    // them.
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true, signal: controller.signal });
  }
  return controller.signal;
}
