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
     light palette of :host. */
  :host {
    --_accent: var(--prepaid-upgrade-accent, #1d4ed8);
    --_text: var(--prepaid-upgrade-text, #1f2937);
    --_background: var(--prepaid-upgrade-background, #ffffff);
    --_border: var(--prepaid-upgrade-border, #6b7280);
    --_radius: var(--prepaid-upgrade-radius, 0.5rem);
    --_gap: var(--prepaid-upgrade-gap, 1rem);
    --_error: var(--prepaid-upgrade-error, #b91c1c);
    display: block;
    color: var(--_text);
    font-family: var(--prepaid-upgrade-font, inherit);
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
     settles. The host holds this height from insertion on, before its first render. An engine without custom states
     holds it from that render. While the page's widgets load, a widget out of view is hidden, and it shows where it
     lands (element/place-controller.ts). */
  @supports selector(:state(loading)) {
    :host(:state(loading)) {
      min-block-size: 100svh;
    }
    :host(:state(_away)) {
      visibility: hidden;
    }
  }
  .room {
    min-block-size: 100svh;
    align-content: start;
  }
  .header,
  .summary {
    display: grid;
    gap: 0.25rem;
  }
  .heading,
  .summary-heading,
  .success-heading {
    margin: 0;
    font-size: 1.25rem;
    line-height: 1.3;
  }
  .summary-heading,
  .success-heading {
    font-size: 1rem;
  }
  p {
    margin: 0;
  }
  .product {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    min-block-size: 3.5rem;
  }
  .product-image,
  .pick-image {
    display: block;
    inline-size: 3.5rem;
    block-size: 3.5rem;
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
  .group {
    display: grid;
    gap: 0.5rem;
    margin: 0;
    padding: 0;
    border: 0;
    min-inline-size: 0;
  }
  .legend {
    padding: 0;
    margin-block: 0 0.5rem;
    font-size: 1rem;
    font-weight: 600;
  }
  .option {
    display: grid;
    grid-template-columns: auto 1fr;
    column-gap: 0.75rem;
    align-items: center;
    padding-block: 0.25rem;
  }
  .option input {
    inline-size: 1.5rem;
    block-size: 1.5rem;
    margin: 0;
    accent-color: var(--_accent);
  }
  .option label {
    min-block-size: 1.5rem;
    display: flex;
    align-items: center;
    cursor: pointer;
  }
  /* A subscription in the picker, or offered for management below it. Its product's picture sits beside its name, in
     line with the radios' labels. A prepaid subscription has a spacer where a radio would be. */
  .pick {
    display: flex;
    align-items: center;
    gap: 0.75rem;
  }
  .spacer {
    inline-size: 1.5rem;
  }
  .pick-image {
    inline-size: 2.5rem;
    block-size: 2.5rem;
  }
  .hint {
    grid-column: 2;
    font-size: 0.875rem;
  }
  /* A saving badge: "Save 10%" on a choice, "Save up to 15%" in the header. */
  .savings {
    display: inline-block;
    margin-inline-start: 0.5rem;
    padding-inline: 0.375rem;
    border-radius: calc(var(--_radius) / 2);
    font-size: 0.875rem;
    font-weight: 600;
    color: var(--_background);
    background: var(--_accent);
  }
  .header .savings {
    justify-self: start;
    margin-inline-start: 0;
  }
  .per-order {
    display: block;
  }
  /* The next order's date while it is read. A hidden stand-in holds its room. */
  .pending {
    visibility: hidden;
  }
  .summary {
    padding: 0.75rem;
    border-inline-start: 4px solid var(--_accent);
  }
  .submit,
  .retry,
  .link {
    justify-self: start;
    min-block-size: 2.75rem;
    font: inherit;
    cursor: pointer;
  }
  .submit,
  .retry {
    min-inline-size: 2.75rem;
    padding-block: 0.5rem;
    padding-inline: 1.25rem;
    font-weight: 600;
    color: var(--_background);
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
  .confirmation {
    font-weight: 600;
  }
  .retry {
    color: var(--_accent);
    background: transparent;
  }
  /* The way back to the picker, above the subscription shown, and a prepaid subscription's way to its management
     form. Both are quiet text buttons. */
  .link {
    padding: 0;
    color: var(--_accent);
    background: none;
    border: 0;
    text-decoration: underline;
  }
  :focus-visible {
    outline: 3px solid var(--_accent);
    outline-offset: 2px;
  }
  .notice,
  .success,
  .error {
    display: grid;
    gap: 0.5rem;
    padding: 0.75rem;
    border: 1px solid currentColor;
    border-radius: var(--_radius);
  }
  .notice-title {
    font-weight: 600;
  }
  .error {
    color: var(--_error);
  }
  /* The loading state: shimmering bars of the border colour at 22%. Chrome and Edge 109 and 110 lack color-mix(), so
     they skip the @supports block. They take the light palette's border at 22% instead, and ignore a theme's border. */
  .placeholder {
    display: grid;
    gap: var(--_gap);
    forced-color-adjust: none;
  }
  @supports (color: color-mix(in srgb, red, red)) {
    .placeholder {
      --_shimmer: color-mix(in srgb, var(--_border) 22%, transparent);
    }
  }
  .placeholder span {
    block-size: 1.25rem;
    background: var(--_shimmer, #6b728038);
    border-radius: calc(var(--_radius) / 2);
    animation: pulse 1.5s ease-in-out infinite;
  }
  .placeholder span:first-child {
    block-size: 1.75rem;
    inline-size: 60%;
  }
  .placeholder span:last-child {
    inline-size: 40%;
  }
  @keyframes pulse {
    50% {
      opacity: 0.55;
    }
  }
  .visually-hidden {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }
  @media (prefers-reduced-motion: reduce) {
    * {
      animation: none !important;
      transition: none !important;
    }
  }
  @media (forced-colors: active) {
    .savings {
      border: 1px solid CanvasText;
    }
    .submit {
      color: ButtonText;
      background: ButtonFace;
      border-color: ButtonText;
    }
    .submit:disabled {
      color: GrayText;
      border-color: GrayText;
    }
    .placeholder span {
      background: GrayText;
    }
    .summary {
      border-inline-start-color: CanvasText;
    }
  }
`;
