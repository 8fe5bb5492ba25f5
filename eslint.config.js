// Lint: typescript-eslint's recommended rules on all code, and Lit's template rules and lit-a11y's accessibility
// rules on the element. Formatting is Prettier's job (`npm run lint` checks both).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import litA11y from 'eslint-plugin-lit-a11y';
import globals from 'globals';
import compat from 'eslint-plugin-compat';
import baselineJs from 'eslint-plugin-baseline-js';
import { features } from 'web-features';
import { featuresOfEveryTarget } from './tools/browser-targets.js';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'custom-elements.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // Unused arguments are named with a leading underscore where a signature requires them.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.ts', 'demo/**/*.ts'],
    ...lit.configs['flat/recommended'],
  },
  {
    files: ['src/**/*.ts', 'demo/**/*.ts'],
    ...litA11y.configs.recommended,
  },
  {
    // Everything that runs in a customer's browser (the element, its modules, and the sandbox and signer, which run in
    // browsers and service workers too) uses only script features that every browser of package.json's `browserslist`
    // has, or checks for them first and has a fallback (an `eslint-disable-next-line` comment names it). Two checks:
    // eslint-plugin-compat reads the browserslist itself; baseline-js knows far more Web APIs and builtins
    // (AbortSignal.any, say) but speaks in Baseline years, so every feature that each supported version has is
    // allowed by name (tools/browser-targets.js) and the rest must be Baseline 2022, older than every minimum version.
    files: ['src/**/*.ts'],
    ignores: ['src/sandbox/node.ts', 'src/cli/*.ts'],
    ...compat.configs['flat/recommended'],
    plugins: { ...compat.configs['flat/recommended'].plugins, 'baseline-js': baselineJs },
    rules: {
      ...compat.configs['flat/recommended'].rules,
      'baseline-js/use-baseline': [
        'error',
        {
          available: 2022,
          ignoreFeatures: featuresOfEveryTarget(features),
          includeWebApis: { preset: 'auto' },
          includeJsBuiltins: { preset: 'auto' },
        },
      ],
    },
  },
  {
    // Tests assert on shapes they build loosely, and stand in for browsers and servers.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // chai's assertions are property reads: `expect(x).to.be.true`.
      '@typescript-eslint/no-unused-expressions': 'off',
    },
  },
);
