/**
 * What each declaration style is, in one table the compiler checks: a new `Framework` does not build
 * until it has a row here (and a publisher in `published.ts`). Code that needs to know whether a style
 * reaches an MCP server, publishes annotations or is a definition found by its shape asks this table,
 * never a list of names of its own.
 */
import type { Framework } from './model.js';

export interface FrameworkTraits {
  /**
   * How its tools reach an MCP client: `server` when the style is an MCP server's own registration,
   * `maybe` for a project's definition object or factory (registered on an MCP server, or handed to an
   * agent toolkit), `adapter` for agent toolkits whose tools an MCP server lists only through an adapter.
   */
  readonly mcp: 'server' | 'maybe' | 'adapter';
  /**
   * Found as an object literal that may be a definition nothing registers (an exported, unused
   * `{ name, description, inputSchema }`), rather than as a registering call.
   */
  readonly declaredAsObject: boolean;
  /** A project's own wrapper (`defineTool`, a factory): it publishes as the server it ends in publishes. */
  readonly projectWrapper: boolean;
  /** Takes a zod raw shape as its schema, so `{}` is an empty shape (McpServer), not an empty JSON Schema. */
  readonly rawShapeSchema: boolean;
}

export const FRAMEWORKS = {
  'mcp-sdk': { mcp: 'server', declaredAsObject: false, projectWrapper: false, rawShapeSchema: true },
  'mcp-sdk-low-level': { mcp: 'server', declaredAsObject: true, projectWrapper: false, rawShapeSchema: false },
  fastmcp: { mcp: 'server', declaredAsObject: false, projectWrapper: false, rawShapeSchema: false },
  'vercel-ai': { mcp: 'adapter', declaredAsObject: false, projectWrapper: false, rawShapeSchema: false },
  mastra: { mcp: 'adapter', declaredAsObject: false, projectWrapper: false, rawShapeSchema: false },
  langchain: { mcp: 'adapter', declaredAsObject: false, projectWrapper: false, rawShapeSchema: false },
  anthropic: { mcp: 'adapter', declaredAsObject: true, projectWrapper: false, rawShapeSchema: false },
  openai: { mcp: 'adapter', declaredAsObject: true, projectWrapper: false, rawShapeSchema: false },
  factory: { mcp: 'maybe', declaredAsObject: false, projectWrapper: true, rawShapeSchema: false },
  shape: { mcp: 'maybe', declaredAsObject: true, projectWrapper: true, rawShapeSchema: false },
} as const satisfies Readonly<Record<Framework, FrameworkTraits>>;

/** Registered on an MCP server, or possibly (a project's definition): a server can be linked, annotations are published. */
export function isMcpServed(framework: Framework): boolean {
  return FRAMEWORKS[framework].mcp !== 'adapter';
}

/** Registered by an MCP server's own call or list handler. */
export function isMcpServerStyle(framework: Framework): boolean {
  return FRAMEWORKS[framework].mcp === 'server';
}
