import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult, ListResourcesResult, ReadResourceResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import {
  DEFAULT_INSTRUCTIONS_TOOL_NAME,
  DEFAULT_INSTRUCTIONS_URI_SCHEME,
  buildInstructionsUri,
  findInstructionFamilies,
  getInstructionsDirPath,
  loadInstructionsIndex,
  readInstructionFamily,
  type InstructionsDir,
} from './instructions-dir.js';
import { buildToolErrorResult } from './tool-results.js';
import { extendServerInstructions, mergeInstructionHandlers } from './merge-handlers.js';

export interface ServeInstructionsOptions {
  /** The folder `toolslim slim --instructions` wrote: `<family>.md` files and `README.md`. */
  dir: InstructionsDir;
  /** Default `read_instructions`. */
  toolName?: string;
  /** Resources are `<scheme>://<family>`. Default `instructions`. */
  uriScheme?: string;
  /** Expose the families as resources. Default true. */
  resources?: boolean;
  /** Expose the `read_instructions` tool (for clients that do not read resources). Default true. */
  tool?: boolean;
}

export interface ServedInstructions {
  families: string[];
  /** The index text, the same as `loadInstructionsIndex(dir)`. */
  instructions: string;
}

const TOOL_DESCRIPTION = 'Read the instructions for one tool family listed in the server instructions.';
const MIME_TYPE = 'text/markdown';

/**
 * The instruction files as MCP building blocks, for servers that wire handlers themselves
 * (the low-level `Server`): the tool definition, its call handler, and the resource handlers.
 */
export interface InstructionsCatalog extends ServedInstructions {
  toolName: string;
  /** The tool definition to add to a `tools/list` answer. */
  tool: Tool;
  /** Answers a `read_instructions` call; an unknown family is an `isError` result naming the known ones. */
  callTool(args: Readonly<Record<string, unknown>> | undefined): Promise<CallToolResult>;
  listResources(): ListResourcesResult;
  /** Answers a `resources/read` for one of the families, or `undefined` for another URI. */
  readResource(uri: string): Promise<ReadResourceResult | undefined>;
}

/** Reads the folder once (the family list is fixed; file contents are read on every request). */
export function createInstructionsCatalog(options: ServeInstructionsOptions): InstructionsCatalog {
  const toolName = options.toolName ?? DEFAULT_INSTRUCTIONS_TOOL_NAME;
  const scheme = options.uriScheme ?? DEFAULT_INSTRUCTIONS_URI_SCHEME;
  const families = findInstructionFamilies(options.dir);
  if (families.length === 0) {
    // Served instructions exist so that moved text stays reachable; an empty folder means it is not.
    throw new Error(`No instruction files (*.md besides README.md) in ${getInstructionsDirPath(options.dir)}.`);
  }
  const familyByUri = new Map(families.map((family) => [buildInstructionsUri(family, scheme), family]));
  return {
    families,
    toolName,
    instructions: loadInstructionsIndex(options.dir, { toolName, uriScheme: scheme }),
    tool: {
      name: toolName,
      description: TOOL_DESCRIPTION,
      inputSchema: { type: 'object', properties: { family: { type: 'string', enum: families } }, required: ['family'] },
      annotations: { readOnlyHint: true },
    },
    async callTool(args) {
      const family = args?.family;
      if (typeof family !== 'string' || !families.includes(family)) {
        return buildToolErrorResult(`Unknown family ${JSON.stringify(family)}; one of: ${families.join(', ')}.`);
      }
      return { content: [{ type: 'text', text: await readInstructionFamily(options.dir, family) }] };
    },
    listResources() {
      return { resources: families.map((family) => ({ uri: buildInstructionsUri(family, scheme), ...buildResourceMetadata(family) })) };
    },
    async readResource(uri) {
      const family = familyByUri.get(uri);
      if (family === undefined) return undefined;
      return { contents: [{ uri, mimeType: MIME_TYPE, text: await readInstructionFamily(options.dir, family) }] };
    },
  };
}

function buildResourceMetadata(family: string) {
  return { name: `${family}-instructions`, title: `${family} instructions`, description: `Instructions for the ${family} tools.`, mimeType: MIME_TYPE };
}

/**
 * Exposes an instructions folder on an `McpServer` or a low-level `Server`: each family as a resource and
 * through the `read_instructions` tool, and the family index added to the server's `instructions` (kept
 * and extended when the server has its own). The server's own tools, resources and handlers stay.
 * Call it before `connect`.
 */
export function serveInstructions(server: McpServer | Server | McpServerV2, options: ServeInstructionsOptions): ServedInstructions {
  const catalog = createInstructionsCatalog(options);
  const wantResources = options.resources !== false;
  const wantTool = options.tool !== false;
  if (!isMcpServer(server as McpServer | Server)) {
    mergeInstructionHandlers(server as Server, catalog, { tool: wantTool, resources: wantResources });
    extendServerInstructions(server as Server, catalog.instructions);
    return { families: catalog.families, instructions: catalog.instructions };
  }
  return serveOnMcpServer(server as McpServer, catalog, options);
}

function serveOnMcpServer(server: McpServer, catalog: InstructionsCatalog, options: ServeInstructionsOptions): ServedInstructions {
  const wantResources = options.resources !== false;
  const wantTool = options.tool !== false;
  if (wantResources) {
    try {
      for (const family of catalog.families) {
        const uri = buildInstructionsUri(family, options.uriScheme);
        const { name, ...metadata } = buildResourceMetadata(family);
        server.registerResource(name, uri, metadata, async () => (await catalog.readResource(uri)) as ReadResourceResult);
      }
    } catch {
      // The server answers resources/* with handlers of its own on the low-level server: wrap those.
      mergeInstructionHandlers(server.server, catalog, { tool: false, resources: true });
    }
  }
  if (wantTool) {
    server.registerTool(
      catalog.toolName,
      {
        description: TOOL_DESCRIPTION,
        inputSchema: { family: z.enum(catalog.families as [string, ...string[]]) },
        annotations: { readOnlyHint: true },
      },
      async ({ family }: { family: string }) => catalog.callTool({ family }),
    );
  }
  extendServerInstructions(server.server, catalog.instructions);
  return { families: catalog.families, instructions: catalog.instructions };
}

/**
 * An `McpServer` of SDK 2 (`@modelcontextprotocol/server`), as far as the runtime uses it: its methods have
 * the same shapes as SDK 1's, and its `server` keeps the instructions the same way.
 */
export interface McpServerV2 {
  registerTool(...args: never[]): unknown;
  registerResource(...args: never[]): unknown;
  readonly server: object;
}

function isMcpServer(server: McpServer | Server): server is McpServer {
  return typeof (server as McpServer).registerTool === 'function' && typeof (server as McpServer).server === 'object';
}

/**
 * For a low-level `Server` that lists the instruction tool itself: answers `resources/list` and
 * `resources/read` for the families, merged with the server's own resource handlers, and declares the
 * resources capability. Call it before `connect`.
 */
export function serveInstructionResources(server: Server, catalog: InstructionsCatalog): void {
  mergeInstructionHandlers(server, catalog, { tool: false, resources: true });
}
