/**
 * The page's `Intl` formatters, made once and shared by every widget and language. They format the texts' plurals and
 * the forms' amounts and dates.
 */

const formatters: Record<string, unknown> = {};

/**
 * The `Intl` formatter for a kind, a language and options, made once. Making a formatter costs far more than using it,
 * and each render formats every amount, date and count of the form again.
 */
export function formatter<T>(Kind: new (locale: string, options?: object) => T, locale: string, options?: object): T {
  return (formatters[Kind.name + locale + JSON.stringify(options)] ??= new Kind(locale, options)) as T;
}

export const plural = (locale: string, count: number, forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }) =>
  (forms[formatter(Intl.PluralRules, locale).select(count)] ?? forms.other).replace(
    '#',
    formatter(Intl.NumberFormat, locale).format(count),
  );
