/**
 * A controlled clock for browser tests of code that waits (the client's retries): while it is installed, the page's
 * `setTimeout`, `clearTimeout` and `Date.now` are the clock's, and time moves only when the clock moves it, by
 * `advance(ms)`, or, with `auto`, straight to each timer as soon as one is set. Every wait asked for is recorded, so
 * a test states exactly which waits the code chose, and none of them takes real time.
 *
 * Only the page's timers are controlled: `AbortSignal.timeout`, the sandbox's latency on the test runner's server and
 * the network keep real time. Test code that waits for a condition meanwhile uses `until`, which keeps to the real
 * timers. Install the clock inside a test and uninstall it before the test ends (`withClock` does both): the test
 * framework schedules its next steps with `setTimeout` too.
 */

const real = {
  setTimeout: globalThis.setTimeout.bind(globalThis),
  clearTimeout: globalThis.clearTimeout.bind(globalThis),
  now: Date.now.bind(Date),
};

/** A wait asked of `setTimeout`: how long, and the call stack that asked for it. */
export interface AskedWait {
  ms: number;
  /** The stack at the call, whose frames name the modules that set the timer. */
  stack: string;
}

export interface ControlledClock {
  /** Every wait asked of `setTimeout` since the clock was installed, in ms, in order. */
  readonly waits: readonly number[];
  /** The same waits, each with the stack that asked for it: who set a timer, where its duration does not tell. */
  readonly asked: readonly AskedWait[];
  /** The clock's time, in ms: what `Date.now()` says. */
  now(): number;
  /**
   * The timers set and neither fired nor cleared: how long until each is due, in ms, soonest first. With `from`, only
   * the timers whose setting call stack matches it, such as the page's module that set them.
   */
  pending(from?: RegExp): number[];
  /** Moves the clock on by `ms`, firing every timer due by then, in order. */
  advance(ms: number): void;
  /** Gives the page its own timers and clock back; timers still pending never fire. */
  uninstall(): void;
}

interface Timer {
  due: number;
  callback: () => void;
  /** The call stack that set it. */
  stack: string;
}

/** Ids of their own, far from the page's, so that clearing a real timer meanwhile clears that timer. */
const FIRST_ID = 1_000_000_000;

/**
 * Installs the clock. It starts at the page's time rounded down to a whole second, so that a wait computed from an
 * HTTP date (whole seconds) comes out a whole number of seconds.
 */
export function installClock({ auto = false }: { auto?: boolean } = {}): ControlledClock {
  let now = Math.floor(real.now() / 1000) * 1000;
  let nextId = FIRST_ID;
  let runScheduled = false;
  const timers = new Map<number, Timer>();
  const waits: number[] = [];
  const asked: AskedWait[] = [];

  const soonest = () => [...timers].sort(([a, x], [b, y]) => x.due - y.due || a - b)[0];
  function fire([id, timer]: [number, Timer]): void {
    timers.delete(id);
    now = Math.max(now, timer.due);
    timer.callback();
  }
  // With `auto`, the soonest timer fires in a task of its own, as a real one would, after the code that set it.
  function scheduleRun(): void {
    if (!auto || runScheduled) return;
    runScheduled = true;
    real.setTimeout(() => {
      runScheduled = false;
      const next = soonest();
      if (next) fire(next);
      if (timers.size > 0) scheduleRun();
    }, 0);
  }

  globalThis.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
    if (typeof handler !== 'function') throw new TypeError('the controlled clock runs functions only');
    const wait = Math.max(0, Number(ms) || 0);
    waits.push(wait);
    const stack = new Error().stack ?? '';
    asked.push({ ms: wait, stack });
    const id = nextId++;
    timers.set(id, { due: now + wait, callback: () => void handler(...args), stack });
    scheduleRun();
    return id;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((id?: number) => {
    if (id !== undefined && id >= FIRST_ID) timers.delete(id);
    else real.clearTimeout(id);
  }) as typeof clearTimeout;
  Date.now = () => now;

  return {
    waits,
    asked,
    now: () => now,
    pending: (from) =>
      [...timers.values()]
        .filter((timer) => !from || from.test(timer.stack))
        .map((timer) => timer.due - now)
        .sort((a, b) => a - b),
    advance(ms) {
      const until = now + ms;
      for (let next = soonest(); next && next[1].due <= until; next = soonest()) fire(next);
      now = until;
    },
    uninstall() {
      globalThis.setTimeout = real.setTimeout as typeof setTimeout;
      globalThis.clearTimeout = real.clearTimeout as typeof clearTimeout;
      Date.now = real.now;
      timers.clear();
    },
  };
}

/** Runs `test` with a clock installed, and uninstalls it however the test ends. */
export async function withClock<T>(options: { auto?: boolean }, test: (clock: ControlledClock) => Promise<T>): Promise<T> {
  const clock = installClock(options);
  try {
    return await test(clock);
  } finally {
    clock.uninstall();
  }
}

/** Waits, in real time, until `condition` holds; fails with `message` after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, message: string, timeoutMs = 5000): Promise<void> {
  const deadline = real.now() + timeoutMs;
  while (!(await condition())) {
    if (real.now() > deadline) throw new Error(`${message} (waited ${timeoutMs} ms)`);
    await new Promise((resolve) => real.setTimeout(resolve, 10));
  }
}
