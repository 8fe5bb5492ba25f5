/**
 * One signal for several (`anySignal`): it aborts with the reason of the first that does, both where the engine has
 * `AbortSignal.any` and where it is taken away, as in the oldest engines of the supported range.
 */
import { expect } from '@open-wc/testing';
import { anySignal } from '../../../src/api/signals.js';

/** Runs `test` once with the engine's `AbortSignal.any`, and once without it. */
function withAndWithoutAny(test: () => void): void {
  test();
  const any = Object.getOwnPropertyDescriptor(AbortSignal, 'any');
  Object.defineProperty(AbortSignal, 'any', { value: undefined, configurable: true });
  try {
    test();
  } finally {
    if (any) Object.defineProperty(AbortSignal, 'any', any);
    else delete (AbortSignal as { any?: unknown }).any;
  }
}

describe('anySignal', () => {
  it('aborts when any of its signals does, with that signal’s reason', () => {
    withAndWithoutAny(() => {
      const first = new AbortController();
      const second = new AbortController();
      const signal = anySignal([first.signal, second.signal]);
      expect(signal.aborted).to.equal(false);
      second.abort('the second');
      expect(signal.aborted).to.equal(true);
      expect(signal.reason).to.equal('the second');
      first.abort('the first');
      expect(signal.reason, 'the first to abort wins').to.equal('the second');
    });
  });

  it('is aborted at once when one of its signals already is', () => {
    withAndWithoutAny(() => {
      const signal = anySignal([new AbortController().signal, AbortSignal.abort('already')]);
      expect(signal.aborted).to.equal(true);
      expect(signal.reason).to.equal('already');
    });
  });
});
