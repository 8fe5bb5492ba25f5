/**
 * The picker's own look. It comes with the discovery chunk, which only a widget without `subscription-id` loads, so
 * that no other page downloads it. The picker adds it to the element's style sheets when it is made, before it is
 * first shown. It uses the element's own custom properties (`--_accent` and `--_radius`, see
 * `prepaid-upgrade.styles.ts`), and shares the rest of its look with the form: the rows of choices, the groups, the
 * legends and the hints.
 */

/**
 * The text of a style sheet. The chunk carries no Lit, so this stands in for Lit's `css`: the build minifies the text
 * of a template so tagged, and Stylelint checks it.
 */
const css = ([text]: TemplateStringsArray): string => text!;

const PICKER_CSS = css`
  /* A subscription in the picker, or offered for management below it. Its product's picture sits beside its name, in
     line with the radios' labels. A prepaid subscription has a spacer where a radio would be. */
  .pick {
    display: flex;
    align-items: center;
    gap: 0.75em;
  }
  .spacer {
    inline-size: 1.5em;
  }
  .pick-image {
    display: block;
    inline-size: 2.5em;
    block-size: 2.5em;
    object-fit: cover;
    border-radius: calc(var(--_radius) / 2);
  }
  /* The way back to the picker, above the subscription shown, and a prepaid subscription's way to its management
     form. Both are quiet text buttons. */
  .link {
    justify-self: start;
    min-block-size: 2.75em;
    padding: 0;
    font: inherit;
    color: var(--_accent);
    background: none;
    border: 0;
    text-decoration: underline;
    cursor: pointer;
  }
  .option .link {
    grid-column: 2;
  }
`;

let sheet: CSSStyleSheet | undefined;

/** Adds the picker's style sheet to those of `root`, the element's shadow root, once. */
export function adoptPickerStyles(root: ShadowRoot): void {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(PICKER_CSS);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
