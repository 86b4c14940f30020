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
export const createRule = ESLintUtils.RuleCreator<ToolslimRuleDocs>((name) => `${REPOSITORY_URL}/blob/main/docs/rules/${name}.md`);
