/**
 * The author's decisions a run carries out (a plan file's marks, the units kept on purpose): for a tool,
 * for its description or one of its parameters, where each unit goes, by the unit's text. Core's planner
 * takes them as `PlanOptions.decisions` and has the last word with them, so there is still one planner.
 */
import type { AuthorDecisions, TextDecisions, ToolDecisions } from '@toolslim/core';

export type { TextDecisions, ToolDecisions };

/**
 * By tool name: a name is what stays the same when a slimmed file is planned again (an index or a line
 * does not). Two tools of one run with the same name and the same unit text get the same decision.
 */
export type SlimDecisions = AuthorDecisions;

/** The decisions for one text of a tool, or undefined when there are none. */
export function getTextDecisions(decisions: SlimDecisions | undefined, tool: string, param?: string): TextDecisions | undefined {
  const forTool = decisions?.get(tool);
  const found = param === undefined ? forTool?.description : forTool?.params?.get(param);
  return found && found.size > 0 ? found : undefined;
}

/** `over`'s decisions, and `base`'s where `over` says nothing about a unit. */
export function mergeDecisions(base: SlimDecisions | undefined, over: SlimDecisions | undefined): SlimDecisions | undefined {
  if (!base) return over;
  if (!over) return base;
  const out = new Map<string, ToolDecisions>();
  for (const tool of new Set([...base.keys(), ...over.keys()])) {
    const a = base.get(tool);
    const b = over.get(tool);
    const params = new Map<string, TextDecisions>();
    for (const key of new Set([...(a?.params?.keys() ?? []), ...(b?.params?.keys() ?? [])])) params.set(key, mergeText(a?.params?.get(key), b?.params?.get(key)));
    out.set(tool, { description: mergeText(a?.description, b?.description), params });
  }
  return out;
}

function mergeText(base: TextDecisions | undefined, over: TextDecisions | undefined): TextDecisions {
  return new Map([...(base ?? []), ...(over ?? [])]);
}
