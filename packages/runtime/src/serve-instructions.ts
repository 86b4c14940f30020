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
import { extendServerInstructions } from './merge-handlers.js';
import { buildFamilyIndex, type FamilyIndex } from './family-index.js';
import { createFirstUseGate, type FirstUseGateOption } from './gate/first-use-gate.js';
import { readToolsetChoice, type ToolsetChoice, type ToolsetsOption } from './toolsets/toolset-choice.js';
import { buildOffLine, createToolsetsLayer } from './toolsets/toolsets-layer.js';
import { getServerWrapping, type HandlerServer } from './wrapping/handler-map.js';
import { createInstructionsLayer } from './wrapping/instructions-layer.js';
import type { ToolLayer } from './wrapping/layers.js';
import { createBoundedResults, type BoundedResultsOption } from './results/bounded-results.js';
export type { BoundedResultsOption } from './results/bounded-results.js';

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
  /**
   * The first-use gate: in a session, the first call of a tool whose text moved answers with that text
   * instead of running. Default on; `false` turns it off, `{ tools: { name: false } }` sets it per tool.
   */
  gate?: FirstUseGateOption;
  /** Which families are published: `TOOLSLIM_TOOLSETS` by default; unset, every tool is, unchanged. */
  toolsets?: ToolsetsOption;
  /** Tool → family, for tools the folder does not place (no section of theirs, no family prefix). */
  families?: Readonly<Record<string, string>>;
  /**
   * Bounded results: a result past the limit is held and served in slices (`read_result`). Off by
   * default; `true` for the defaults (25,000 tokens, or `MAX_MCP_OUTPUT_TOKENS`).
   */
  results?: boolean | BoundedResultsOption;
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
  return composeServing(options).catalog;
}

/**
 * Everything one serving call sets up, from its options: the catalogue (with only the families that are
 * on) and the layers that go between the client and the server's own handlers, outermost first
 * (toolsets, then the gate). Every server shape applies exactly these.
 */
export interface ComposedServing {
  readonly catalog: InstructionsCatalog;
  readonly layers: readonly ToolLayer[];
  readonly index: FamilyIndex;
  readonly toolsets: ToolsetChoice;
  /** False for a tool the toolsets leave out (shapes that register tools one by one skip it). */
  isPublished(tool: string): boolean;
  /** The `read_result` tool when bounded results are on (shapes that register tools themselves add it). */
  readonly resultsTool?: Tool;
}

export function composeServing(options: ServeInstructionsOptions): ComposedServing {
  const toolName = options.toolName ?? DEFAULT_INSTRUCTIONS_TOOL_NAME;
  const scheme = options.uriScheme ?? DEFAULT_INSTRUCTIONS_URI_SCHEME;
  const all = findInstructionFamilies(options.dir);
  if (all.length === 0) {
    // Served instructions exist so that moved text stays reachable; an empty folder means it is not.
    throw new Error(`No instruction files (*.md besides README.md) in ${getInstructionsDirPath(options.dir)}.`);
  }
  const index = buildFamilyIndex(options.dir, all, options.families);
  const toolsets = readToolsetChoice(options.toolsets, all);
  const on = toolsets.active ? all.filter((family) => toolsets.enabledFamilies(all).includes(family)) : all;
  // With no family on (only single tools), the instruction tool still serves every family: it cannot have an empty choice.
  const families = on.length > 0 ? on : all;
  const offLine = buildOffLine(all.filter((family) => !families.includes(family)), toolsets);
  const catalog = buildCatalog(options, toolName, scheme, families, offLine);
  const results = options.results ? createBoundedResults(options.results === true ? {} : options.results, [toolName]) : undefined;
  const ownTools = [toolName, ...(results ? [results.tool.name] : [])];
  const layers = [
    createToolsetsLayer(toolsets, index, ownTools),
    createFirstUseGate({ dir: options.dir, index, toolName, uriScheme: scheme, option: options.gate }),
    results?.layer,
  ];
  const isPublished = (tool: string) => ownTools.includes(tool) || toolsets.isEnabled(tool, index.familyOf(tool));
  return { catalog, index, toolsets, isPublished, resultsTool: results?.tool, layers: layers.filter((layer) => layer !== undefined) };
}

function buildCatalog(options: ServeInstructionsOptions, toolName: string, scheme: string, families: readonly string[], offLine: string | undefined): InstructionsCatalog {
  const familyByUri = new Map(families.map((family) => [buildInstructionsUri(family, scheme), family]));
  const index = loadInstructionsIndex(options.dir, { toolName, uriScheme: scheme });
  return {
    families: [...families],
    toolName,
    instructions: offLine === undefined ? index : `${dropIndexLines(index, families, options.dir)}\n${offLine}\n`,
    tool: {
      name: toolName,
      description: offLine === undefined ? TOOL_DESCRIPTION : `${TOOL_DESCRIPTION} ${offLine}`,
      inputSchema: { type: 'object', properties: { family: { type: 'string', enum: [...families] } }, required: ['family'] },
      annotations: { readOnlyHint: true },
    },
    async callTool(args) {
      const family = args?.family;
      if (typeof family !== 'string' || !families.includes(family)) {
        return buildToolErrorResult(`Unknown family ${JSON.stringify(family)}; one of: ${families.join(', ')}.${offLine === undefined ? '' : ` ${offLine}`}`);
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

/** The index without the lines that link to a family that is off (the index lists what the agent can use). */
function dropIndexLines(index: string, on: readonly string[], dir: InstructionsDir): string {
  const off = new Set(findInstructionFamilies(dir).filter((family) => !on.includes(family)));
  const linksOff = (line: string) => [...line.matchAll(/\]\((?:\.\/)?([^)\s]+)\.md\)/g)].some((match) => off.has(decodeURIComponent(match[1])));
  return index
    .split('\n')
    .filter((line) => !(/^\s*(?:[-*+]|\d+[.)])\s/.test(line) && linksOff(line)))
    .join('\n')
    .replace(/\n*$/, '\n');
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
  const composed = composeServing(options);
  const { catalog } = composed;
  const serve = { tool: options.tool !== false, resources: options.resources !== false };
  if (!isMcpServer(server as McpServer | Server)) {
    const wrapping = getServerWrapping(server as unknown as HandlerServer);
    for (const layer of composed.layers) wrapping.add(layer);
    wrapping.add(createInstructionsLayer(catalog, serve));
    extendServerInstructions(server as Server, catalog.instructions);
    return { families: catalog.families, instructions: catalog.instructions };
  }
  return serveOnMcpServer(server as McpServer, composed, serve);
}

/**
 * On an `McpServer`, the instruction tool and resources are registered the server's own way (so they are
 * published as its other tools are); the layers go around the low-level server's handlers it sets.
 */
function serveOnMcpServer(server: McpServer, composed: ComposedServing, serve: { tool: boolean; resources: boolean }): ServedInstructions {
  const { catalog } = composed;
  // The wrapping first: the registrations below set the handlers it wraps.
  const wrapping = getServerWrapping(server.server as unknown as HandlerServer, false);
  for (const layer of composed.layers) wrapping.add(layer);
  if (serve.resources) {
    try {
      for (const resource of catalog.listResources().resources) {
        const { name, uri, ...metadata } = resource;
        server.registerResource(name, uri, metadata, async () => (await catalog.readResource(uri)) as ReadResourceResult);
      }
    } catch {
      // The server answers resources/* with handlers of its own on the low-level server: wrap those.
      wrapping.add(createInstructionsLayer(catalog, { tool: false, resources: true }));
    }
  }
  if (serve.tool) {
    server.registerTool(
      catalog.toolName,
      {
        description: catalog.tool.description,
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
  getServerWrapping(server as unknown as HandlerServer).add(createInstructionsLayer(catalog, { tool: false, resources: true }));
}

/**
 * Bounded results alone, for a server with no instruction folder: the same layer, on the same one
 * wrapping of the server (a later `serveInstructions` adds its layers to it). Call it before `connect`.
 */
export function serveBoundedResults(server: McpServer | Server | McpServerV2, option: BoundedResultsOption = {}): void {
  const mcp = isMcpServer(server as McpServer | Server);
  const low = (mcp ? (server as McpServer).server : server) as unknown as HandlerServer;
  getServerWrapping(low, !mcp).add(createBoundedResults(option, []).layer);
}
