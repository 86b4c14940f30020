import { ESLintUtils } from '@typescript-eslint/utils';

/** Which shipped config turns a rule on: `recommended` rules are also in `strict`; every rule is in `all`. */
export type RuleTier = 'recommended' | 'strict';

export interface ToolslimRuleDocs {
  readonly description: string;
  readonly recommended?: RuleTier;
  readonly requiresTypeChecking?: boolean;
}

export const REPOSITORY_URL = 'https://github.com/toolslim/toolslim';

/** Each rule's docs URL is its page in `docs/rules/`, named exactly like the rule. */
const createNamedRule = ESLintUtils.RuleCreator<ToolslimRuleDocs>((name) => `${REPOSITORY_URL}/blob/main/docs/rules/${name}.md`);

/**
 * `RuleCreator`'s rule, whose options with defaults are computed once per options array instead of on
 * every file: its `create` deep-clones the defaults (`structuredClone`) for every rule on every file,
 * which cost about 5% of a corpus lint. ESLint hands every file linted under one config the same options
 * array; rules only read their options, so sharing the merged object is safe.
 */
export const createRule: typeof createNamedRule = (rule) => {
  const created = createNamedRule(rule);
  const defaults = rule.meta.defaultOptions ?? rule.defaultOptions ?? [];
  type Options = Parameters<typeof rule.create>[1];
  const withDefaults = new WeakMap<object, Options>();
  return {
    ...created,
    create(context) {
      const userOptions: unknown = context.options;
      if (typeof userOptions !== 'object' || userOptions === null) return rule.create(context, ESLintUtils.applyDefault(defaults, context.options) as Options);
      let options = withDefaults.get(userOptions);
      if (options === undefined) {
        options = ESLintUtils.applyDefault(defaults, context.options) as Options;
        withDefaults.set(userOptions, options);
      }
      return rule.create(context, options);
    },
  };
};
