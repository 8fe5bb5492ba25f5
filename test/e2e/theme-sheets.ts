/**
 * What the tests make of a theme's style sheet (demo/themes/*.css): the sheet without its `::part()` rules, which is
 * the theme made of its custom properties alone.
 */

/**
 * `css` without the rules whose selector has `::part(`. The themes are flat lists of rules; a sheet with an at-rule is
 * refused rather than read wrong.
 */
export function customPropertiesOnly(css: string): string {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  if (text.includes('@')) throw new Error('a theme with at-rules: read it with a CSS parser');
  const rules = [...text.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector, body]) => ({ selector: selector!.trim(), body: body! }));
  return rules
    .filter(({ selector }) => !selector.includes('::part('))
    .map(({ selector, body }) => `${selector} {${body}}`)
    .join('\n');
}
