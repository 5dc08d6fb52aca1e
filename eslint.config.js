import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries (architecture guide): packages never import apps; web layers go shared -> features -> app. */
const noAppsFromPackages = {
  patterns: [
    { group: ['**/apps/**', '@vatwise/server', '@vatwise/web'], message: 'Packages must not import from apps.' },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...noAppsFromPackages,
          patterns: [
            ...noAppsFromPackages.patterns,
            {
              group: ['node:*', 'fs', 'path', 'http', 'https', 'net', 'child_process'],
              message: 'packages/domain does no I/O.',
            },
            { group: ['@vatwise/*'], message: 'packages/domain imports nothing of ours.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/hmrc/**/*.ts', 'packages/hmrc-sandbox/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', noAppsFromPackages] },
  },
  {
    files: ['apps/web/src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'shared code must not depend on features or the app shell.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/app/**', '../../app/*'], message: 'features must not depend on the app shell.' }] },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'packages/hmrc-sandbox/src/standalone.ts', 'scripts/**/*.mjs', 'e2e/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
