import { getClientProfiles, getDescriptionLimits, type ClientProfile, type DescriptionLimit } from '@toolslim/core';
import type { TSESLint } from '@typescript-eslint/utils';
import { getToolslimSettings } from './file-model.js';

type AnyContext = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

/**
 * Resolved once per `settings.toolslim.clients` array (ESLint hands every file linted under one config the
 * same settings), not once per rule and file. An unknown client still throws on every file.
 */
const profilesByIds = new WeakMap<readonly string[], readonly ClientProfile[]>();
const limitsByProfiles = new WeakMap<readonly ClientProfile[], readonly DescriptionLimit[]>();
let defaultProfiles: readonly ClientProfile[] | undefined;

/** The clients a project targets (`settings.toolslim.clients`, default: the MCP specification and the current MCP clients). */
export function getTargetedClients(context: AnyContext): readonly ClientProfile[] {
  const ids = getToolslimSettings(context).clients;
  if (ids === undefined) return (defaultProfiles ??= getClientProfiles());
  if (!Array.isArray(ids)) return getClientProfiles(ids);
  let profiles = profilesByIds.get(ids);
  if (profiles === undefined) {
    profiles = getClientProfiles(ids);
    profilesByIds.set(ids, profiles);
  }
  return profiles;
}

/** The description limits of the targeted clients, strictest first. */
export function getTargetedDescriptionLimits(context: AnyContext): readonly DescriptionLimit[] {
  const profiles = getTargetedClients(context);
  let limits = limitsByProfiles.get(profiles);
  if (limits === undefined) {
    limits = getDescriptionLimits(profiles);
    limitsByProfiles.set(profiles, limits);
  }
  return limits;
}
