// PLACEHOLDER (helper core-prose replaces this file): signatures only.

/** The hard limits of one client, each with where it was read and when. */
export interface ClientProfile {
  readonly id: string;
  readonly name: string;
  /** Characters of a tool description the client keeps. */
  readonly descriptionMaxChars?: number;
  readonly instructionsMaxChars?: number;
  readonly toolNamePattern?: RegExp;
  readonly toolNameMaxLength?: number;
  /** Length limit of the name the client builds from server and tool (`mcp__<server>__<tool>`). */
  readonly qualifiedName?: { readonly build: (server: string, tool: string) => string; readonly maxLength: number };
  /** Limit on server name + tool name characters. */
  readonly serverPlusToolMaxLength?: number;
  /** Tools the client sends to the model. */
  readonly maxTools?: number;
  readonly source: string;
  /** ISO date the limit was checked. */
  readonly checked: string;
  readonly notes?: string;
}

export const CLIENT_PROFILES: readonly ClientProfile[] = [];

/** Profiles for the given ids (all when undefined); unknown ids throw with the list of known ones. */
export function getClientProfiles(ids?: readonly string[]): ClientProfile[] {
  void ids;
  throw new Error('getClientProfiles: not implemented yet');
}
