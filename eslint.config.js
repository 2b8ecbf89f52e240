import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import tseslint from 'typescript-eslint'

// The domain package is the pure core shared by web and server: it may not reach any I/O,
// runtime or UI library, and it may not read the clock or randomness implicitly (they are passed in).
const domainForbiddenImports = [
  { group: ['node:*'], message: 'domain/ is pure: no Node APIs.' },
  {
    group: [
      'fs',
      'fs/*',
      'path',
      'os',
      'http',
      'https',
      'net',
      'crypto',
      'child_process',
      'worker_threads',
      'stream',
    ],
    message: 'domain/ is pure: no Node APIs.',
  },
  {
    group: [
      'react',
      'react-dom',
      'react/*',
      'dexie',
      'dexie-react-hooks',
      'mongodb',
      'hono',
      'hono/*',
      '@hono/*',
      'lmdb',
      'msgpackr',
      'workbox-window',
      '@lingui/*',
      '@tanstack/*',
    ],
    message: 'domain/ is pure: no UI, storage, network or wire-format libraries.',
  },
]

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'web/src/routeTree.gen.ts',
      'web/src/locales/**',
      'e2e/screenshots/**',
      '.cache/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // Import cycles make module start-up order matter and hide which module owns what: none.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['domain/tsconfig.json', 'sync-server/tsconfig.json', 'web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['domain/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', { patterns: domainForbiddenImports }],
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'navigator',
          'localStorage',
          'sessionStorage',
          'indexedDB',
          'fetch',
          'XMLHttpRequest',
          'WebSocket',
          'process',
          'require',
          'Buffer',
          'setTimeout',
          'setInterval',
        ].map((name) => ({ name, message: 'domain/ is pure: pass I/O and timers in.' })),
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'domain/ takes `now` as a parameter.' },
        { object: 'Math', property: 'random', message: 'domain/ takes randomness as a parameter.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'domain/ takes `now` as a parameter.',
        },
      ],
    },
  },
  {
    files: [
      'sync-server/**/*.ts',
      'e2e/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.{js,mjs}',
      'web/scripts/**/*.mjs',
      '*.{js,ts}',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The analytics script is served as is to every browser: plain ES5 in the page's globals.
    files: ['web/public/**/*.js'],
    languageOptions: { ecmaVersion: 5, sourceType: 'script', globals: { ...globals.browser } },
    rules: { '@typescript-eslint/no-unused-vars': ['error', { caughtErrors: 'none' }] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
)
