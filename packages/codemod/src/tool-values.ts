/** Small readers of a tool declaration shared by the stages of a run. */
import { buildPublishedTool, type PublishedTool, type PublishedToolOptions, type ServerDecl, type ToolDecl } from '@toolslim/core';

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

/** The static name of the server a tool is registered on, or of the one server its file creates. */
export function getServerName(decl: ToolDecl, servers: readonly ServerDecl[]): string | undefined {
  const server = decl.server ?? (servers.length === 1 ? servers[0] : undefined);
  return getStaticValue(server?.name);
}

export function getErrorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The loop that registers a definition found by its shape (`defs.forEach((t) => server.tool(t.name,
 * t.description, { params: t.inputSchema }, …))`): the loop's reading of the same name, which is what the
 * server publishes (a wrapper around the schema included), as `report` counts it. Undefined for any other
 * tool, or when the name is registered by more than one loop.
 */
export function findLoopTwin<T extends { readonly decl: ToolDecl }>(decl: ToolDecl, tools: readonly T[]): T | undefined {
  const name = getStaticValue(decl.name);
  if (decl.framework !== 'shape' || decl.loop || name === undefined) return undefined;
  const twins = tools.filter((tool) => tool.decl.loop && getStaticValue(tool.decl.name) === name);
  return twins.length === 1 ? twins[0] : undefined;
}
