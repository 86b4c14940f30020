/** Small readers of a tool declaration shared by the stages of a run. */
import { buildPublishedTool, type PublishedTool, type PublishedToolOptions, type ToolDecl } from '@toolslim/core';

export function getPublished(decl: ToolDecl, options?: PublishedToolOptions): PublishedTool | undefined {
  try {
    return buildPublishedTool(decl, options).tool;
  } catch {
    return undefined;
  }
}

export function getStaticValue(text: ToolDecl['description']): string | undefined {
  return text?.kind === 'static' ? text.value : undefined;
}

export function getErrorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Definitions found by their shape whose tools a loop registers in another file (`defs.forEach((t) =>
 * server.tool(t.name, t.description, { params: t.inputSchema }, …))`), each with the loop's reading of the
 * same name: one tool, as `report` counts it. The definition is where its text is written; the loop's
 * reading is what the server publishes (a wrapper around the schema included). A name two loops register
 * is left out.
 */
export function findLoopTwins<T extends { readonly decl: ToolDecl }>(tools: readonly T[]): Map<T, T> {
  const loops = new Map<string, T[]>();
  for (const tool of tools) {
    const name = getStaticValue(tool.decl.name);
    if (tool.decl.loop && name !== undefined) loops.set(name, [...(loops.get(name) ?? []), tool]);
  }
  const twins = new Map<T, T>();
  for (const tool of tools) {
    const name = getStaticValue(tool.decl.name);
    const found = name === undefined || tool.decl.loop || tool.decl.framework !== 'shape' ? undefined : loops.get(name);
    if (found?.length === 1) twins.set(tool, found[0]);
  }
  return twins;
}
