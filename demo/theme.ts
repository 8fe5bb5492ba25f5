// The widget theme that the account page's "Widget theme" sets, remembered in this browser so that every page of the
// demo store shows its widgets the same way. Each theme is a stylesheet under themes/ that applies below
// [data-theme="…"]; "default" has no stylesheet at all.

const THEMES = ['default', 'dark', 'brand', 'dawn', 'midnight'] as const;
export type Theme = (typeof THEMES)[number];
const THEME_STORAGE_KEY = 'prepaid-upgrade-demo:theme';
export const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme);

/** The theme chosen last time; storage can be unavailable (private modes, blocked cookies), which means "default". */
export function storedTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : 'default';
  } catch {
    return 'default';
  }
}

export function rememberTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not remembered, but still applied.
  }
}
