// PLACEHOLDER (helper core-schema replaces this file): signature only.
import type { PublishedTool, ToolDecl } from './model.js';

export interface PublishedToolResult {
  /** The tool as its server publishes it; undefined when the name or the schema cannot be read. */
  readonly tool: PublishedTool | undefined;
  /** True when some text or schema is dynamic: `tool` then holds only the readable parts. */
  readonly dynamic: boolean;
  readonly reasons: readonly string[];
}

export function buildPublishedTool(decl: ToolDecl): PublishedToolResult {
  void decl;
  throw new Error('buildPublishedTool: not implemented yet');
}
