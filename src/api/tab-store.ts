/**
 * What the widget keeps for the tab's next pages, in `sessionStorage`: a token from `auth-url` while it lives, a
 * product for a short while, and each widget's height (`element/place-controller.ts`). It is read as untrusted text,
 * because the page's own scripts can write there too. A browser that refuses storage (a private window, a full quota, a
 * sandboxed frame) only means that nothing is kept.
 */

/** Every key of the widget's starts with this, so that the page's own keys are never touched. */
export const TAB_KEY = 'prepaid-upgrade ';

/** What `use` makes of the tab's storage, or `undefined` where the browser refuses it. */
export function inTabStorage<T>(use: (storage: Storage) => T): T | undefined {
  try {
    return use(sessionStorage);
  } catch {
    // Nothing is kept where storage is refused.
  }
}

/** The text kept under `key`, or `undefined` when none was kept, or what was kept is past its time. */
export function kept(key: string): string | undefined {
  const [, until, value] = /^(\d+) ([^]*)$/.exec(inTabStorage((storage) => storage.getItem(TAB_KEY + key)) ?? '') ?? [];
  if (Number(until) > Date.now()) return value;
}

/** Keeps `value` under `key` until `until` (milliseconds since the epoch), or forgets what `key` holds. */
export function keep(key: string, value?: string, until = 0): void {
  inTabStorage((storage) =>
    value === undefined ? storage.removeItem(TAB_KEY + key) : storage.setItem(TAB_KEY + key, `${until} ${value}`),
  );
}
