import { css } from 'lit';

/**
 * Every colour, size and font comes from a `--prepaid-upgrade-*` custom property, with a default that meets WCAG AA
 * contrast on its default background. Layout uses only logical properties, so that right-to-left languages are
 * mirrored.
 */
export const styles = css`
  /* Light or dark, as the page's color-scheme says. A page with "color-scheme: light dark" follows the visitor's
     preference. Each default has at least 4.5:1 contrast against the default background of its scheme. An engine
     without light-dark() (before Chrome 123, Firefox 120 and Safari 17.5) skips the @supports block and keeps the
     light palette of :host.
     Every size is in em of the host's font size: the customer's preferred size unless a theme sets another. A store
     theme that sets its root to 62.5% changes rem, not this, so the widget reads the same under it. */
  :host {
    --_accent: var(--prepaid-upgrade-accent, #1d4ed8);
    --_text: var(--prepaid-upgrade-text, #1f2937);
    --_background: var(--prepaid-upgrade-background, #ffffff);
    --_border: var(--prepaid-upgrade-border, #6b7280);
    --_radius: var(--prepaid-upgrade-radius, 0.5em);
    --_gap: var(--prepaid-upgrade-gap, 1em);
    --_error: var(--prepaid-upgrade-error, #b91c1c);
    --_on-accent: var(--prepaid-upgrade-accent-text, var(--_background));
    display: block;
    color: var(--_text);
    font-family: var(--prepaid-upgrade-font, inherit);
    font-size: var(--prepaid-upgrade-font-size, medium);
    line-height: 1.5;
  }
  @supports (color: light-dark(#000, #fff)) {
    :host {
      --_accent: var(--prepaid-upgrade-accent, light-dark(#1d4ed8, #93c5fd));
      --_text: var(--prepaid-upgrade-text, light-dark(#1f2937, #e5e7eb));
      --_background: var(--prepaid-upgrade-background, light-dark(#ffffff, #111827));
      --_border: var(--prepaid-upgrade-border, light-dark(#6b7280, #9ca3af));
      --_error: var(--prepaid-upgrade-error, light-dark(#b91c1c, #fca5a5));
    }
  }
  /* Text on the accent is black or white, whichever contrasts more with it (WCAG 2's contrast ratio): at least 4.58:1
     on any accent a theme gives. An engine without contrast-color() (before Chrome 147, Firefox 146 and Safari 26)
     skips this block: there the text on the accent is the background colour, unless the theme sets its own. */
  @supports (color: contrast-color(red)) {
    :host {
      --_on-accent: var(--prepaid-upgrade-accent-text, contrast-color(var(--_accent)));
    }
  }
  :host([hidden]) {
    display: none;
  }
  * {
    box-sizing: border-box;
  }
  .base {
    display: grid;
    gap: var(--_gap);
    padding: var(--_gap);
    background: var(--_background);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  /* While loading, the host is as tall as the viewport, so that what follows the widget stays out of view until it
     settles; on a return visit, as tall as it settled then (--_room). The host holds this height from insertion on,
     before its first render. An engine without custom states holds it from that render. While the page's widgets
     load, a widget out of view is hidden, and it shows where it lands (element/place-controller.ts). */
  @supports selector(:state(loading)) {
    :host(:state(loading)) {
      min-block-size: var(--_room, 100svh);
    }
    :host(:state(_away)) {
      visibility: hidden;
    }
  }
  /* A height it settled at before may be less than the placeholder's own: the placeholder is cut to it. */
  .room {
    min-block-size: var(--_room, 100svh);
    block-size: var(--_room);
    overflow: hidden;
    align-content: start;
  }
  [part~='header'],
  [part~='summary'] {
    display: grid;
    gap: 0.25em;
  }
  /* The heading, and the summary's, the success message's and the picker's prepaid subscriptions' headings. */
  h2,
  h3 {
    margin: 0;
    font-size: 1em;
    line-height: 1.3;
  }
  [part~='heading'] {
    font-size: 1.25em;
  }
  p {
    margin: 0;
  }
  [part~='product'] {
    display: flex;
    align-items: center;
    gap: 0.75em;
    min-block-size: 3.5em;
  }
  .product-image {
    display: block;
    inline-size: 3.5em;
    block-size: 3.5em;
    object-fit: cover;
    border-radius: calc(var(--_radius) / 2);
  }
  .product-name {
    font-weight: 600;
  }
  .form {
    display: grid;
    gap: var(--_gap);
  }
  /* A group of choices: the orders', the renewal's and the picker's, and the picker's prepaid subscriptions. */
  fieldset,
  section {
    display: grid;
    gap: 0.5em;
    margin: 0;
    padding: 0;
    border: 0;
    min-inline-size: 0;
  }
  [part~='legend'] {
    padding: 0;
    margin-block: 0 0.5em;
    font-size: 1em;
    font-weight: 600;
  }
  .option {
    display: grid;
    grid-template-columns: auto 1fr;
    column-gap: 0.75em;
    align-items: center;
    padding-block: 0.25em;
  }
  /* A radio's own font is the engine's small control font: its size is measured from the row's. */
  .option input {
    font: inherit;
    inline-size: 1.5em;
    block-size: 1.5em;
    margin: 0;
    accent-color: var(--_accent);
  }
  .option label {
    min-block-size: 1.5em;
    display: flex;
    align-items: center;
    cursor: pointer;
  }
  [part~='hint'] {
    grid-column: 2;
    font-size: 0.875em;
  }
  /* A saving badge: "Save 10%" on a choice, "Save up to 15%" in the header. */
  [part~='savings'] {
    display: inline-block;
    margin-inline-start: 0.5em;
    padding-inline: 0.4em;
    border-radius: calc(var(--_radius) / 2);
    font-size: 0.875em;
    font-weight: 600;
    color: var(--_on-accent);
    background: var(--_accent);
  }
  [part~='header-savings'] {
    justify-self: start;
    margin-inline-start: 0;
  }
  [part~='per-order'] {
    display: block;
  }
  /* The next order's date while it is read. A hidden stand-in holds its room. */
  .pending {
    visibility: hidden;
  }
  [part~='summary'] {
    padding: 0.75em;
    border-inline-start: 4px solid var(--prepaid-upgrade-summary-bar, var(--_accent));
  }
  .submit,
  [part~='retry'] {
    justify-self: start;
    min-block-size: 2.75em;
    font: inherit;
    cursor: pointer;
    min-inline-size: 2.75em;
    padding-block: 0.5em;
    padding-inline: 1.25em;
    font-weight: 600;
    color: var(--_on-accent);
    background: var(--_accent);
    border: 2px solid var(--_accent);
    border-radius: var(--_radius);
  }
  .submit[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.8;
  }
  /* The management form's button while the choice is the subscription's own, so there is nothing to save. It looks
     unavailable rather than like another button: dashed, faded and without the accent. */
  .submit:disabled {
    color: var(--_text);
    background: transparent;
    border-color: var(--_border);
    border-style: dashed;
    opacity: 0.6;
    cursor: not-allowed;
  }
  [part~='confirmation'] {
    font-weight: 600;
  }
  [part~='retry'] {
    color: var(--_accent);
    background: transparent;
  }
  :focus-visible {
    outline: var(--prepaid-upgrade-focus-ring-width, 3px) solid var(--prepaid-upgrade-focus-ring, var(--_accent));
    outline-offset: var(--prepaid-upgrade-focus-ring-offset, 2px);
  }
  [part~='notice'],
  [part~='success'],
  [part~='error'] {
    display: grid;
    gap: 0.5em;
    padding: 0.75em;
    border: 1px solid currentColor;
    border-radius: var(--_radius);
  }
  .notice-title {
    font-weight: 600;
  }
  [part~='error'] {
    color: var(--_error);
  }
  /* The loading state: shimmering bars of the border colour at 22%, which fade to 12% and back. */
  .placeholder {
    display: grid;
    gap: var(--_gap);
    forced-color-adjust: none;
  }
  .placeholder span {
    block-size: 1.25em;
    background: var(--_border);
    opacity: 0.22;
    border-radius: calc(var(--_radius) / 2);
    animation: pulse 1.5s ease-in-out infinite;
  }
  .placeholder span:first-child {
    block-size: 1.75em;
    inline-size: 60%;
  }
  .placeholder span:last-child {
    inline-size: 40%;
  }
  @keyframes pulse {
    50% {
      opacity: 0.12;
    }
  }
  .visually-hidden {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  @media (prefers-reduced-motion: reduce) {
    * {
      animation: none !important;
      transition: none !important;
    }
  }
  @media (forced-colors: active) {
    [part~='savings'] {
      border: 1px solid CanvasText;
    }
    .placeholder span {
      background: GrayText;
      opacity: 1;
    }
  }
`;
