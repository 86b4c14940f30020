import { ESLintUtils } from '@typescript-eslint/utils';

/** Which shipped config turns a rule on: `recommended` rules are also in `strict`; every rule is in `all`. */
export type RuleTier = 'recommended' | 'strict';

export interface ToolslimRuleDocs {
  readonly description: string;
  readonly recommended?: RuleTier;
  /** Advice rather than a problem: the configs turn it on as a warning, never an error. */
  readonly advice?: true;
  readonly requiresTypeChecking?: boolean;
}

export const REPOSITORY_URL = 'https://github.com/toolslim/toolslim';

/** Each rule's docs URL is its page in `docs/rules/`, named exactly like the rule. */
const createNamedRule = ESLintUtils.RuleCreator<ToolslimRuleDocs>((name) => `${REPOSITORY_URL}/blob/main/docs/rules/${name}.md`);

/**
 * `RuleCreator`'s rule, whose options with defaults are computed once per distinct options instead of on
 * every file: its `create` deep-clones the defaults (`structuredClone`) and merges them for every rule on
 * every file, about 2% of a corpus lint. ESLint builds a new options array for each file, so the cache is
 * keyed by the options' JSON; options that JSON would not tell apart (`undefined`, functions, RegExps,
 * non-finite numbers) are merged afresh each time. Rules only read their options, so sharing them is safe.
 */
export const createRule: typeof createNamedRule = (rule) => {
  const created = createNamedRule(rule);
  const defaults = rule.meta.defaultOptions ?? rule.defaultOptions ?? [];
  type Options = Parameters<typeof rule.create>[1];
  const byKey = new Map<string, Options>();
  return {
    ...created,
    create(context) {
      const key = isJsonData(context.options) ? JSON.stringify(context.options) : undefined;
      let options = key === undefined ? undefined : byKey.get(key);
      if (options === undefined) {
        options = ESLintUtils.applyDefault(defaults, context.options) as Options;
        if (key !== undefined) {
          if (byKey.size >= MAX_CACHED_OPTIONS) byKey.clear();
          byKey.set(key, options);
        }
      }
      return rule.create(context, options);
    },
  };
};

/** Distinct option sets kept per rule (a project has a few: one per config block that sets the rule). */
const MAX_CACHED_OPTIONS = 64;

/** Strings, finite numbers, booleans, null, and arrays (without holes) and plain objects of those: what JSON keeps exactly. */
function isJsonData(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) {
        // A hole reads as `undefined` when merged but as `null` in JSON.
        for (let index = 0; index < value.length; index++) if (!(index in value) || !isJsonData(value[index])) return false;
        return true;
      }
      const prototype: unknown = Object.getPrototypeOf(value);
      return (prototype === Object.prototype || prototype === null) && Object.values(value).every(isJsonData);
    }
    default:
      return false;
  }
}
