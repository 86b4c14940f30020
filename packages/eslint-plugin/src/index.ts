import { createRequire } from 'node:module';
import type { TSESLint } from '@typescript-eslint/utils';
import { rules, type RuleName } from './rules/index.js';
import type { RuleTier } from './utils/create-rule.js';

const { name, version } = createRequire(import.meta.url)('../package.json') as { name: string; version: string };

type ConfigName = 'recommended' | 'strict' | 'all';

/** Which tiers each config turns on; `all` turns on every rule whatever its tier. */
const CONFIG_TIERS: Record<Exclude<ConfigName, 'all'>, readonly RuleTier[]> = {
  recommended: ['recommended'],
  strict: ['recommended', 'strict'],
};

function getRuleTier(ruleName: RuleName): RuleTier | undefined {
  return rules[ruleName].meta.docs?.recommended;
}

/** `toolslim/<rule>: 'error'` for every rule the config's tiers include, derived from each rule's meta. */
function buildConfigRules(config: ConfigName): TSESLint.FlatConfig.Rules {
  const entries = (Object.keys(rules) as RuleName[])
    .filter((ruleName) => {
      if (config === 'all') return true;
      const tier = getRuleTier(ruleName);
      return tier !== undefined && CONFIG_TIERS[config].includes(tier);
    })
    .map((ruleName) => [`toolslim/${ruleName}`, 'error'] as const);
  return Object.fromEntries(entries);
}

const plugin = {
  meta: { name, version },
  rules,
  configs: {} as Record<ConfigName, TSESLint.FlatConfig.Config>,
};

for (const config of ['recommended', 'strict', 'all'] as const) {
  plugin.configs[config] = { name: `toolslim/${config}`, plugins: { toolslim: plugin as unknown as TSESLint.FlatConfig.Plugin }, rules: buildConfigRules(config) };
}

// Named exports mirror the default one: `require()` of this ES module (eslint-doc-generator does that)
// returns the namespace object, which must then look like the plugin.
export const { meta, configs } = plugin;
export { rules };
export default plugin;
