// Stylelint checks the CSS that browsers get, the element's style sheet (the Lit `css` template of
// src/prepaid-upgrade.styles.ts, read through postcss-lit) and the demo's style sheets, against the browsers of
// package.json's `browserslist` (Chrome and Edge 109, Firefox 115, Safari 16.4, and their Android and iOS versions).
// `npm run lint:css` runs it; test/node/css-support.test.ts tests this configuration.

/** @type {import('stylelint').Config} */
export default {
  plugins: ['stylelint-plugin-use-baseline'],
  rules: {
    // stylelint-plugin-use-baseline knows the CSS features of web-features, but in Baseline years, not browser
    // versions. 2022 is the newest year whose features every supported version has: a feature is Baseline 2022 when
    // the last core browser shipped it in 2022, before Chrome 109, Firefox 115 and Safari 16.4 (all of 2023). 2023
    // would let in color-mix(), :has() and nesting, which Chrome 109 or Firefox 115 lack.
    // A newer feature fails unless it is inside an `@supports` rule that tests it (`@supports (color: light-dark(#000,
    // #fff)) { … }`), which an engine without the feature skips whole. The rule does not take an earlier declaration of
    // the same property for a fallback (`color: #000; color: light-dark(…)`): use `@supports` for that too. A custom
    // property's value is checked as well: an engine without the feature takes `--x: light-dark(…)`, and fails only
    // where the property is used.
    // The properties named below are allowed by name, each for its reason.
    'plugin/use-baseline': [
      true,
      {
        available: 2022,
        ignoreProperties: {
          // Not a gap: every supported version has outline and its keywords. web-features dates them 2023 for
          // Safari 16.4, the oldest Safari of the list and the first whose outline follows border-radius.
          outline: ['/^.+$/'],
          // Safari before 26.2 and Chrome for Android implement it in part (they keep the accent as it is, without
          // raising the contrast of the check mark against it): the radios still take the accent colour. Its values
          // are still checked.
          'accent-color': [],
          // Safari has no forced-colours mode, which is all the declaration is for.
          'forced-color-adjust': ['none'],
        },
      },
    ],
    // The rule above passes what web-features does not know; a name that no browser knows (a typo, a proposal) fails
    // here instead.
    'at-rule-no-unknown': true,
    'function-no-unknown': true,
    'media-feature-name-no-unknown': true,
    'property-no-unknown': true,
    'selector-pseudo-class-no-unknown': true,
    'selector-pseudo-element-no-unknown': true,
    'unit-no-unknown': true,
    // CSS nesting (Chrome 112, Firefox 117, Safari 16.5): the rule above sees `&`, not a rule or an at-rule nested in
    // a rule without it. This also fails a rule inside two nested at-rules (`@media … { @supports … { a { … } } }`),
    // which every supported version has; the style sheets have none.
    'max-nesting-depth': 0,
  },
  // A `stylelint-disable` comment is an exception too: it must say why, and go once it is no longer needed.
  reportDescriptionlessDisables: true,
  reportNeedlessDisables: true,
  overrides: [
    {
      // The `css` templates of TypeScript modules; plain .css files need no custom syntax.
      files: ['**/*.ts'],
      customSyntax: 'postcss-lit',
    },
  ],
};
