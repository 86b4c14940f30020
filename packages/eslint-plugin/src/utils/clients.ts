import { getClientProfiles, type ClientProfile } from '@toolslim/core';
import type { TSESLint } from '@typescript-eslint/utils';
import { getToolslimSettings } from './file-model.js';

/** The clients a project targets (`settings.toolslim.clients`, default: every known client). */
export function getTargetedClients(context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>): ClientProfile[] {
  return getClientProfiles(getToolslimSettings(context).clients);
}
