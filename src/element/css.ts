/**
 * A style sheet's text, for `static styles`. A tag, so that editors highlight it and the build's template minifier
 * finds it; a module of its own, so that Node tools can read the styles without a DOM.
 */
export const css = (strings: TemplateStringsArray): string => strings.join('');
