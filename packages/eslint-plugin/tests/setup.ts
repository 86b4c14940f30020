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
