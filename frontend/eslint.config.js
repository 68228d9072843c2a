import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Imports flow one way: shared code (api, components, hooks, i18n, lib, theme)
// → features → app. The api slice may read the token from the auth feature,
// which owns it.
const noImportFromApp = {
  regex: '^(@/|(\\.\\./)+)app(/|$)',
  message: 'Only src/app composes the application; import from shared code or features instead.',
};
const noImportFromFeatures = {
  regex: '^(@/|(\\.\\./)+)features/(?!auth/token$)',
  message: 'Shared code must not depend on a feature; move the code to shared or pass it in.',
};

export default defineConfig([
  // src/api/schema.d.ts is generated from the OpenAPI document (scripts/gen-api).
  globalIgnores(['dist', 'playwright-report', 'test-results', 'src/api/schema.d.ts']),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.strictTypeChecked, tseslint.configs.stylisticTypeChecked],
    languageOptions: {
      ecmaVersion: 2023,
      globals: globals.browser,
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `onClick={() => setOpen(false)}` is the idiom in React handlers.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    // User-facing text comes from the message catalogues (src/i18n/*.json).
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx', 'src/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXText[value=/[A-Za-zÆØÅæøå]/]',
          message: 'Use a message id (FormattedMessage or intl.formatMessage) instead of literal text.',
        },
        {
          selector:
            'JSXAttribute[name.name=/^(aria-label|aria-description|title|alt|placeholder|label)$/] > Literal[value=/[A-Za-zÆØÅæøå]/]',
          message: 'Use a message id (intl.formatMessage) instead of a literal text.',
        },
      ],
    },
  },
  {
    files: ['src/{api,components,hooks,i18n,lib,theme}/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noImportFromApp, noImportFromFeatures] }],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noImportFromApp] }],
    },
  },
  {
    // RTK Query's idiom for an endpoint without an argument is
    // `build.query<Result, void>`, which lets the hook be called with none.
    files: ['src/**/*Api.ts'],
    rules: {
      '@typescript-eslint/no-invalid-void-type': 'off',
    },
  },
  {
    files: ['*.config.{ts,js}', 'e2e/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
]);
