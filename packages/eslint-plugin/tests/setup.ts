import { RuleTester } from '@typescript-eslint/rule-tester';
import { afterAll, describe, it } from 'vitest';
import type { ToolslimSettings } from '@toolslim/core';

// RuleTester runs its cases through the test framework's hooks; wire vitest in once for every rule test.
RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

/** A syntax-only RuleTester (the default for every rule), optionally with `settings.toolslim`. */
export function createRuleTester(settings?: ToolslimSettings): RuleTester {
  return new RuleTester({ settings: settings ? { toolslim: settings } : {} });
}

/**
 * Every current client, model APIs included: the targets of tests about limits only an API applies
 * (the default is the MCP clients alone).
 */
export const EVERY_CURRENT_CLIENT = ['mcp-spec', 'claude-code', 'openai', 'anthropic', 'gemini', 'cursor', 'vscode', 'windsurf'];

/**
 * A RuleTester whose cases target every current client unless a case sets its own settings (set per
 * case: ESLint merges a case's settings into the tester's, arrays index by index).
 */
export function createEveryClientRuleTester(): RuleTester {
  const tester = new RuleTester({});
  const run = tester.run.bind(tester);
  const settings = { toolslim: { clients: EVERY_CURRENT_CLIENT } };
  const target = <T,>(test: T): T => {
    if (typeof test === 'string') return { code: test, settings } as T;
    return (test as { settings?: unknown }).settings ? test : { ...test, settings };
  };
  tester.run = (name, rule, tests) => run(name, rule, { valid: tests.valid.map(target), invalid: tests.invalid.map(target) });
  return tester;
}
