/** Abort signals where an engine of the supported range lacks a part of the API. */

/**
 * A signal that aborts when any of `signals` does, with that signal's reason: `AbortSignal.any`, which Chrome < 116,
 * Firefox < 124 and Safari < 17.4 lack, or the same made of a controller.
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
    // The listeners go with the combined signal's own abort, so a long-lived input does not collect them.
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true, signal: controller.signal });
  }
  return controller.signal;
}
