import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';

const noServerCode = {
  // The last pattern catches a relative path (../../../server/src/app) as well.
  group: ['@openstake/server', '**/apps/server/**', '**/server/src/**'],
  message: 'The web app and core must not import server code.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      '**/.tmp/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023 },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  {
    // The browser app never reaches into the server, and core stays free of I/O.
    files: ['apps/web/**/*.{ts,tsx}', 'packages/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServerCode] }] },
  },
  {
    // The web app's tiers import downwards only: routes -> features -> components, lib. Shared
    // code sits below every feature, so it never imports one (nor a screen, nor the app shell).
    // A rule's options are replaced, not merged, by a later block: each zone repeats the server rule.
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServerCode,
            {
              group: ['**/features/**', '**/routes/**', '**/app/**'],
              message:
                'components/ and lib/ are shared by every feature: move what needs a feature into that feature, or what a feature shares down here.',
            },
          ],
        },
      ],
    },
  },
  {
    // A feature is used by screens, never the reverse (a feature's test may render its screen).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServerCode,
            {
              group: ['**/routes/**', '**/app/**'],
              message: 'Features are used by routes/ and app/, never the other way round.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      '**/*.test.{ts,tsx}',
      '**/test/**/*.ts',
      'e2e/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.{ts,js,mjs}',
    ],
    rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
