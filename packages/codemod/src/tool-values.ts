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
