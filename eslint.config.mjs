// Lints toolslim's own sources. Syntax-only typescript-eslint rules keep it fast in CI.
import tseslint from 'typescript-eslint';
import eslintPlugin from 'eslint-plugin-eslint-plugin';

export default tseslint.config(
  {
    ignores: ['tmp/**', '**/dist/**', '**/node_modules/**', 'fixtures/**', '**/tests/fixtures/**', 'test/ecosystem/.work/**', 'test/bench/.corpus/**', '**/*.d.ts'],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['packages/eslint-plugin/src/rules/**/*.ts'],
    ...eslintPlugin.configs.recommended,
  },
  {
    files: ['packages/cli/src/**/*.ts', 'test/**/*.{ts,mjs}', '**/tests/**/*.{ts,mjs}', 'packages/*/bin/**', 'packages/*/scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
