import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { layerZones } from './scripts/layers.mjs';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'bench/tmp'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.strict],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Layers go one way (docs/architecture.md): a back edge fails the lint (a cycle fails
    // dependency-cruiser's check, the one cycle check). Tests and test support exercise the layers
    // together, so they may reach across.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'sandbox/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: layerZones }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'src/test/**', 'server/testing/**', 'sandbox/testing/**'],
    rules: { 'import/no-restricted-paths': 'off' },
  },
  {
    // @redis/client's `class VerbatimString extends String` slows every string in the process (V8 drops
    // its fast paths): the server loads it only when Redis is configured, through redis-module.ts.
    files: ['server/**/*.ts', 'sandbox/**/*.ts'],
    ignores: ['server/shared-store/redis-module.ts', '**/*.test.ts', 'server/testing/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@redis/client',
              message: 'Load it through server/shared-store/redis-module.ts (types may be imported).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The demo host page's own script runs in the browser.
    files: ['demo/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
