/**
 * The `Intl` formatters of the page, made once and shared by every widget and language: the texts' plurals, and the
 * amounts and dates of the forms.
 */

const formatters: Record<string, unknown> = {};

/**
 * The `Intl` formatter of a kind, language and options, made once: making one costs far more than using it, and each
 * render formats every amount, date and count of the form again.
 */
export function formatter<T>(Kind: new (locale: string, options?: object) => T, locale: string, options?: object): T {
  return (formatters[Kind.name + locale + JSON.stringify(options)] ??= new Kind(locale, options)) as T;
}

export const plural = (locale: string, count: number, forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }) =>
  (forms[formatter(Intl.PluralRules, locale).select(count)] ?? forms.other).replace(
    '#',
    formatter(Intl.NumberFormat, locale).format(count),
  );
