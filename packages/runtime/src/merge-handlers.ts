/**
 * Adding the instruction tool and resources to a low-level `Server` without taking anything away: the
 * server's own `tools/list`, `tools/call`, `resources/list` and `resources/read` handlers stay, ours are
 * wrapped around them, whether the server sets its handlers before or after this call (until `connect`).
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult, ListResourcesResult, ListToolsResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { InstructionsCatalog } from './serve-instructions.js';

/**
 * A JSON-RPC error as the SDK answers it (every release reads `code` off the thrown error). Our own class,
 * so that the runtime needs no value from a particular SDK major at run time (SDK 2 apps ship no `sdk`).
 */
class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;

type Handler = (request: { method: string; params?: Record<string, unknown> }, extra: unknown) => unknown;

/** What each wrapped method adds to the server's own answer. */
type Wrap = (inner: Handler | undefined) => Handler;

/** The SDK keeps request handlers in a map by method; every 1.x release names it `_requestHandlers`. */
function getHandlerMap(server: Server): Map<string, Handler> {
  const map = (server as unknown as { _requestHandlers?: unknown })._requestHandlers;
  if (!(map instanceof Map)) throw new Error('@toolslim/runtime: this version of the MCP SDK keeps its request handlers where the runtime cannot find them.');
  return map as Map<string, Handler>;
}

/** Wrap `method`'s handler now and every time the server sets a new one. */
function wrapMethods(server: Server, wraps: ReadonlyMap<string, Wrap>): void {
  const handlers = getHandlerMap(server);
  const installed = new Map<string, Handler>();
  const install = (method: string) => {
    const wrap = wraps.get(method)!;
    const current = handlers.get(method);
    if (current !== undefined && current === installed.get(method)) return;
    const wrapped = wrap(current);
    installed.set(method, wrapped);
    handlers.set(method, wrapped);
  };
  for (const method of wraps.keys()) install(method);
  const setRequestHandler = server.setRequestHandler.bind(server) as (...args: unknown[]) => unknown;
  (server as unknown as { setRequestHandler: (...args: unknown[]) => unknown }).setRequestHandler = (...args: unknown[]) => {
    const result = setRequestHandler(...args);
    for (const method of wraps.keys()) install(method);
    return result;
  };
}

function getParams(request: Parameters<Handler>[0]): Record<string, unknown> {
  return request.params ?? {};
}

export function mergeInstructionHandlers(server: Server, catalog: InstructionsCatalog, options: { tool: boolean; resources: boolean }): void {
  server.registerCapabilities({ ...(options.tool ? { tools: {} } : {}), ...(options.resources ? { resources: {} } : {}) });
  const wraps = new Map<string, Wrap>();
  if (options.tool) {
    wraps.set('tools/list', (inner) => async (request, extra) => {
      const own = (inner ? await inner(request, extra) : { tools: [] }) as ListToolsResult;
      // Ours goes on the last page, once.
      if (own.nextCursor) return own;
      return { ...own, tools: [...own.tools.filter((tool) => tool.name !== catalog.toolName), catalog.tool] };
    });
    wraps.set('tools/call', (inner) => async (request, extra) => {
      const params = getParams(request);
      if (params.name === catalog.toolName) return catalog.callTool(params.arguments as Record<string, unknown> | undefined) as Promise<CallToolResult>;
      if (!inner) throw new JsonRpcError(METHOD_NOT_FOUND, `Unknown tool ${String(params.name)}`);
      return inner(request, extra);
    });
  }
  if (options.resources) {
    wraps.set('resources/list', (inner) => async (request, extra) => {
      const own = (inner ? await inner(request, extra) : { resources: [] }) as ListResourcesResult;
      if (own.nextCursor) return own;
      const ours = catalog.listResources().resources;
      return { ...own, resources: [...own.resources.filter((r) => !ours.some((o) => o.uri === r.uri)), ...ours] };
    });
    wraps.set('resources/read', (inner) => async (request, extra) => {
      const uri = String(getParams(request).uri);
      const ours: ReadResourceResult | undefined = await catalog.readResource(uri);
      if (ours) return ours;
      if (!inner) throw new JsonRpcError(INVALID_PARAMS, `Unknown resource ${uri}.`);
      return inner(request, extra);
    });
  }
  wrapMethods(server, wraps);
}

/**
 * Add text to the server's `instructions` (what clients read at session start), keeping what the
 * server already says. The SDK takes instructions only in its constructor and keeps them in
 * `_instructions`; text that is already there is not added twice.
 */
export function extendServerInstructions(server: Server, text: string): void {
  const holder = server as unknown as { _instructions?: unknown };
  holder._instructions = joinInstructions(holder._instructions, text);
}

/** The server's own instructions followed by ours; ours are not added twice. */
export function joinInstructions(existing: unknown, text: string): string {
  const own = typeof existing === 'string' ? existing : '';
  if (own.includes(text.trim())) return own;
  return own.trim() === '' ? text : `${own.replace(/\s+$/, '')}\n\n${text}`;
}
