import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noCycle from './scripts/lint/no-cycle.mjs';

/**
 * Import boundaries (architecture guide): packages never import apps; web layers go shared ->
 * features -> app; on the server, config, db, platform and plugins never import a feature.
 */
const noAppsFromPackages = {
  patterns: [
    { group: ['**/apps/**', '@vatwise/server', '@vatwise/web'], message: 'Packages must not import from apps.' },
  ],
};

/**
 * Feature boundaries: a file in features/<name>/ uses another feature only through its index.ts
 * (`../other` or `../other/index`), never a file inside it. no-restricted-imports matches the
 * import as written, relative to the importing file, so there is one block per folder depth.
 * @param {string} featuresDir
 * @param {{ group: string[], message: string }[]} [extra] patterns these files also refuse
 */
function featureBoundaries(featuresDir, extra = []) {
  return [1, 2, 3, 4].map((depth) => {
    const toFeatures = '../'.repeat(depth);
    return {
      files: [`${featuresDir}/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...extra,
              {
                group: [`${toFeatures}*/**`, `!${toFeatures}*/index`, `!${toFeatures}../**`],
                message: "Use another feature only through its index.ts (import '../other', not '../other/file').",
              },
            ],
          },
        ],
      },
    };
  });
}

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
  ...featureBoundaries('apps/server/src/features'),
  ...featureBoundaries('apps/web/src/features', [
    { group: ['**/app/**', '../../app/*'], message: 'features must not depend on the app shell.' },
  ]),
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    // vatwise: this repository's own rules (scripts/lint/).
    plugins: { 'import-x': importX, vatwise: { rules: { 'no-cycle': noCycle } } },
    settings: {
      // import-x parses each imported file to follow its imports: it must know how to read TypeScript.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    // No import cycles, type-only imports included (import-x/no-cycle would skip those).
    rules: { 'vatwise/no-cycle': 'error' },
  },
  {
    // The server's layers below the features: they never import one, however the path is written
    // (the rule compares resolved files, so '../features/x' and '../../features' are both caught).
    files: ['apps/server/src/{config,db,platform,plugins}/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: [
                'apps/server/src/config',
                'apps/server/src/db',
                'apps/server/src/platform',
                'apps/server/src/plugins',
              ],
              from: 'apps/server/src/features',
              message: 'config, db, platform and plugins sit below the features: they must not import one.',
            },
            {
              target: 'apps/server/src/config',
              from: ['apps/server/src/db', 'apps/server/src/platform', 'apps/server/src/plugins'],
              message:
                'config is the ground floor: settings are read before anything else exists, so it imports no other layer.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'packages/hmrc-sandbox/src/standalone.ts', 'scripts/**/*.mjs', 'e2e/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
