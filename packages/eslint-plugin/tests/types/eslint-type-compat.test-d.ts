// The published types (dist/index.d.ts, as a user's editor sees them) fit every way a flat config is
// written, without a cast: ESLint's `defineConfig` and `Linter.Config[]`, `ESLint.Plugin`, and
// typescript-eslint's `config()` helper. Checked by `tsc -p tsconfig.test.json`; in the style of
// typescript-eslint's eslintTypeCompat.test-d.ts.
import type { ESLint, Linter } from 'eslint';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import toolslim, { configs, rules } from 'eslint-plugin-toolslim';

// ESLint's own helpers and types.
defineConfig([toolslim.configs.recommended]);
defineConfig(toolslim.configs.strict, toolslim.configs.all);
defineConfig({ extends: [toolslim.configs.recommended], files: ['**/*.ts'] });
defineConfig({ plugins: { toolslim }, rules: { 'toolslim/max-description-length': ['warn', { maxChars: 2000 }] } });
defineConfig({ files: ['**/*.ts'], ...toolslim.configs.recommended });
export const asArray: Linter.Config[] = [toolslim.configs.recommended, configs.strict, { plugins: { toolslim } }];
export const asConfig: Linter.Config = toolslim.configs.all;
export const asPlugin: ESLint.Plugin = toolslim;
export const asRules: ESLint.Plugin['rules'] = toolslim.rules;
// The named `rules` export keeps typescript-eslint's precise rule types, for RuleTester.
export const ruleNames: string[] = Object.keys(rules);

// typescript-eslint's helpers.
tseslint.config(toolslim.configs.recommended);
tseslint.config({ extends: [toolslim.configs.recommended], files: ['**/*.ts'] }, ...tseslint.configs.recommended);
tseslint.config({ plugins: { toolslim }, rules: { 'toolslim/valid-tool-name': 'error' } });
defineConfig(tseslint.configs.recommended, toolslim.configs.recommended);

// The shape a user reads.
export const names: string[] = [toolslim.meta.name, toolslim.meta.version, toolslim.configs.recommended.name];
// @ts-expect-error a config that does not exist
export const missing = toolslim.configs.unknown;
