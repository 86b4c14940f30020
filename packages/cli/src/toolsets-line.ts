/**
 * The line `report` prints under the per-family table: what a user sets to publish only some families
 * (`@toolslim/runtime`'s toolsets) and what those families cost. The families are the largest that fit
 * the strictest client's tool limit together, as `max-tools-per-server` suggests them, and never all of
 * them (enabling everything is the default).
 */
import { formatCount as formatNumber, getClientProfiles } from '@toolslim/core';
import type { FamilyTotal } from './story.js';

export function buildToolsetsLine(families: readonly FamilyTotal[], totalBytes: number): string | undefined {
  if (families.length < 2) return undefined;
  const strictest = getClientProfiles()
    .filter((client) => client.maxTools !== undefined)
    .sort((a, b) => a.maxTools! - b.maxTools!)[0];
  const allTools = families.reduce((sum, family) => sum + family.tools, 0);
  const over = strictest?.maxTools !== undefined && allTools > strictest.maxTools ? strictest : undefined;
  const limit = over ? over.maxTools! : allTools - 1;
  const chosen: FamilyTotal[] = [];
  let tools = 0;
  // Most tools first; the table's order (heaviest first) breaks ties.
  for (const family of [...families].sort((a, b) => b.tools - a.tools)) {
    if (tools + family.tools > limit || chosen.length === families.length - 1) continue;
    chosen.push(family);
    tools += family.tools;
  }
  if (chosen.length === 0) return undefined;
  const bytes = chosen.reduce((sum, family) => sum + family.bytes, 0);
  const tokens = chosen.reduce((sum, family) => sum + family.tokens, 0);
  const share = totalBytes === 0 ? 0 : Math.round((bytes / totalBytes) * 100);
  const fit = over ? `, the largest families that fit ${over.name}'s ${formatNumber(over.maxTools!)} tools` : '';
  return (
    `Only some families: TOOLSLIM_TOOLSETS=${chosen.map((family) => family.family).join(',')} (toolsets of @toolslim/runtime) publishes ` +
    `${formatNumber(tools)} tool${tools === 1 ? '' : 's'}, ${formatNumber(bytes)} bytes (~${formatNumber(tokens)} tokens, ${share}% of all)${fit}.`
  );
}
