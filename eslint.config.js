// Lint: typescript-eslint's recommended rules on all code, and Lit's template rules and lit-a11y's accessibility
// rules on the element. Formatting is Prettier's job (`npm run lint` checks both).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import litA11y from 'eslint-plugin-lit-a11y';
import globals from 'globals';

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
