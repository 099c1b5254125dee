import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = ['auth', 'archive', 'admin', 'cad', 'collections', 'collections-admin', 'customers', 'design', 'design-admin', 'favorites', 'labels', 'pins', 'pools', 'settings', 'special-lists', 'statistics', 'wear-models'];

// Features stay apart (bulletproof-react): a feature imports only itself and shared code; the app
// composes features; shared code imports neither.
const featureBoundaries = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/features/*', `!@/features/${feature}`, '@/app/*'],
            message: 'Features are independent: compose them in src/app.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...featureBoundaries,
  {
    files: ['src/{api,components,lib,theme,types}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features/*', '@/app/*'], message: 'Shared code must not depend on features or the app.' }] },
      ],
    },
  },
  {
    files: ['*.{js,mjs}', 'scripts/**/*.mjs', 'e2e/**/*.ts', 'bench/**/*.ts', 'playwright.config.ts', 'jest.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['webpack.config.js', 'jest.config.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
