/**
 * What the widget keeps for the tab's next pages, in `sessionStorage`: a token from `auth-url` while it lives, and a
 * product for a short while. It is kept with the moment it stops being good, and read as untrusted text, because the
 * page's own scripts can write there too. A browser that refuses storage (a private window, a full quota, a sandboxed
 * frame) only means that nothing is kept.
 */

/** Every key of the widget's starts with this, so that the page's own keys are never touched. */
const PREFIX = 'prepaid-upgrade ';

/** The text kept under `key`, or `undefined` when none was kept, or what was kept is past its time. */
export function kept(key: string): string | undefined {
  try {
    const [, until, value] = /^(\d+) ([^]*)$/.exec(sessionStorage.getItem(PREFIX + key) ?? '') ?? [];
    if (Number(until) > Date.now()) return value;
  } catch {
    // Nothing is kept where storage is refused.
  }
}

/** Keeps `value` under `key` until `until` (milliseconds since the epoch), or forgets what `key` holds. */
export function keep(key: string, value?: string, until = 0): void {
  try {
    if (value === undefined) sessionStorage.removeItem(PREFIX + key);
    else sessionStorage.setItem(PREFIX + key, `${until} ${value}`);
  } catch {
    // See `kept`.
  }
}
