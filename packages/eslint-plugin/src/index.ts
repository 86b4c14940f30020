import { createRequire } from 'node:module';
import { rules, type RuleName } from './rules/index.js';
import type { RuleTier } from './utils/create-rule.js';

const { name, version } = createRequire(import.meta.url)('../package.json') as { name: string; version: string };

export type ConfigName = 'recommended' | 'strict' | 'all';

/**
 * A rule as both ESLint's (`ESLint.Plugin`) and typescript-eslint's (`FlatConfig.Plugin`) plugin types
 * accept it. Their rule-context types differ, so `create` takes `any` here, as typescript-eslint's own
 * `LooseRuleDefinition` does; the named `rules` export keeps the precise typescript-eslint types (for
 * RuleTester).
 */
export interface ToolslimRuleDefinition {
  readonly meta?: object;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  create(context: any): { [selector: string]: any };
}

/**
 * A flat-config object with only the fields our configs set, so it fits ESLint's `Linter.Config` and
 * `defineConfig`, and typescript-eslint's `config()` (their `languageOptions` types do not agree, and
 * neither needs more than this). tests/types/eslint-type-compat.test-d.ts checks each helper.
 */
export interface ToolslimConfig {
  name: string;
  plugins: { toolslim: ToolslimPlugin };
  rules: Record<string, 'error' | 'warn'>;
}

export interface ToolslimPlugin {
  meta: { name: string; version: string };
  rules: Record<RuleName, ToolslimRuleDefinition>;
  configs: Record<ConfigName, ToolslimConfig>;
}

/** Which tiers each config turns on; `all` turns on every rule whatever its tier. */
const CONFIG_TIERS: Record<Exclude<ConfigName, 'all'>, readonly RuleTier[]> = {
  recommended: ['recommended'],
  strict: ['recommended', 'strict'],
};

function getRuleTier(ruleName: RuleName): RuleTier | undefined {
  return rules[ruleName].meta.docs?.recommended;
}

/** `toolslim/<rule>: 'error'` (`'warn'` for advice) for every rule the config's tiers include, derived from each rule's meta. */
function buildConfigRules(config: ConfigName): Record<string, 'error' | 'warn'> {
  const entries = (Object.keys(rules) as RuleName[])
    .filter((ruleName) => {
      if (config === 'all') return true;
      const tier = getRuleTier(ruleName);
      return tier !== undefined && CONFIG_TIERS[config].includes(tier);
    })
    .map((ruleName) => [`toolslim/${ruleName}`, rules[ruleName].meta.docs?.advice ? 'warn' : 'error'] as const);
  return Object.fromEntries(entries);
}

const configs = {} as Record<ConfigName, ToolslimConfig>;
const plugin: ToolslimPlugin = { meta: { name, version }, rules, configs };

for (const config of ['recommended', 'strict', 'all'] as const) {
  configs[config] = { name: `toolslim/${config}`, plugins: { toolslim: plugin }, rules: buildConfigRules(config) };
}

// Named exports mirror the default one: `require()` of this ES module (eslint-doc-generator does that)
// returns the namespace object, which must then look like the plugin.
export const { meta } = plugin;
export { configs, rules };
export default plugin;
