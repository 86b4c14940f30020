/**
 * The wrapping on the SDK's servers: a low-level `Server` of SDK 1 or 2, and so every `McpServer`
 * (`mcpServer.server`). The server's own `tools/list`, `tools/call`, `resources/list` and `resources/read`
 * handlers stay; one wrapper per method goes around each, whether the server sets its handlers before or
 * after (until `connect`), and runs the server's list of layers. A server is wrapped once: a second
 * feature adds a layer to the same list.
 */
import type { CallToolResult, ListResourcesResult, ListToolsResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { runCall, runListResources, runListTools, runRead, SessionState, type ToolLayer } from './layers.js';

/**
 * A JSON-RPC error as the SDK answers it (every release reads `code` off the thrown error). Our own class,
 * so that the runtime needs no value from a particular SDK major at run time (SDK 2 apps ship no `sdk`).
 */
export class JsonRpcError extends Error {
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

/** What the wrapping uses of a server; SDK 1's `Server` and SDK 2's have it all. */
export interface HandlerServer {
  setRequestHandler(...args: never[]): unknown;
  /** Missing on SDK 1.0, whose capabilities are the constructor's (see addCapability). */
  registerCapabilities?(capabilities: Record<string, unknown>): void;
  readonly transport?: unknown;
}

export interface ServerWrapping {
  /** Add a layer (outermost last added goes inside those already there: order of the calls). */
  add(layer: ToolLayer): void;
}

const METHODS = ['tools/list', 'tools/call', 'resources/list', 'resources/read'] as const;
type Method = (typeof METHODS)[number];

const wrappings = new WeakMap<object, { layers: ToolLayer[]; install: () => void; wrapping: ServerWrapping }>();

/**
 * The one wrapping of `server`, made on first use. `answersMissing: false` for the low-level server of
 * an `McpServer`, which sets its own handlers once and refuses to replace one: a layer's tool or resource
 * is then answered only around the handlers the `McpServer` sets.
 */
export function getServerWrapping(server: HandlerServer, answersMissing = true): ServerWrapping {
  const existing = wrappings.get(server);
  if (existing) return existing.wrapping;
  const handlers = getHandlerMap(server);
  const layers: ToolLayer[] = [];
  const sessions = new WeakMap<object, SessionState>();
  const session = (extra: unknown) => findSession(server, extra, sessions);
  const wraps: Record<Method, (inner: Handler | undefined) => Handler> = {
    'tools/list': (inner) => async (request, extra) => runListTools(layers, ((inner ? await inner(request, extra) : { tools: [] }) as ListToolsResult)),
    'tools/call': (inner) => async (request, extra) => {
      const params = request.params ?? {};
      const call = { name: String(params.name), arguments: params.arguments as Record<string, unknown> | undefined, session: session(extra) };
      return runCall(layers, call, async () => {
        if (!inner) throw new JsonRpcError(METHOD_NOT_FOUND, `Unknown tool ${call.name}`);
        return (await inner(request, extra)) as CallToolResult;
      });
    },
    'resources/list': (inner) => async (request, extra) => runListResources(layers, ((inner ? await inner(request, extra) : { resources: [] }) as ListResourcesResult)),
    'resources/read': (inner) => async (request, extra) => {
      const uri = String((request.params ?? {}).uri);
      return runRead(layers, { uri, session: session(extra) }, async () => {
        if (!inner) throw new JsonRpcError(INVALID_PARAMS, `Unknown resource ${uri}.`);
        return (await inner(request, extra)) as ReadResourceResult;
      });
    },
  };
  const installed = new Map<string, Handler>();
  const provided = (method: Method) =>
    layers.some((layer) => (method.startsWith('tools/') ? layer.provides?.tools : layer.provides?.resources));
  const install = () => {
    for (const method of METHODS) {
      const current = handlers.get(method);
      if (current !== undefined && current === installed.get(method)) continue;
      // A method nobody answers stays unanswered: an `McpServer` sets its own handlers later, once.
      if (current === undefined && !(answersMissing && provided(method))) continue;
      const wrapped = wraps[method](current);
      installed.set(method, wrapped);
      handlers.set(method, wrapped);
    }
  };
  const setRequestHandler = server.setRequestHandler.bind(server) as (...args: unknown[]) => unknown;
  (server as unknown as { setRequestHandler: (...args: unknown[]) => unknown }).setRequestHandler = (...args: unknown[]) => {
    const result = setRequestHandler(...args);
    install();
    return result;
  };
  const wrapping: ServerWrapping = {
    add(layer) {
      layers.push(layer);
      if (answersMissing && layer.provides?.tools) addCapability(server, 'tools');
      if (answersMissing && layer.provides?.resources) addCapability(server, 'resources');
      install();
    },
  };
  wrappings.set(server, { layers, install, wrapping });
  return wrapping;
}

/**
 * Declare a capability before `connect`. SDK 1.0 has no `registerCapabilities`: it keeps the capabilities
 * given to its constructor in `_capabilities` and reads them when it answers `initialize`, so the
 * capability is added there.
 */
function addCapability(server: HandlerServer, capability: 'tools' | 'resources'): void {
  if (typeof server.registerCapabilities === 'function') {
    server.registerCapabilities({ [capability]: {} });
    return;
  }
  const holder = server as unknown as { _capabilities?: Record<string, unknown> };
  if (holder._capabilities === undefined || holder._capabilities === null) holder._capabilities = {};
  if (typeof holder._capabilities !== 'object') throw new Error('@toolslim/runtime: this version of the MCP SDK keeps its capabilities where the runtime cannot find them.');
  holder._capabilities[capability] ??= {};
}

/** The SDK keeps request handlers in a map by method; SDK 1.x and 2.x name it `_requestHandlers`. */
function getHandlerMap(server: HandlerServer): Map<string, Handler> {
  const map = (server as unknown as { _requestHandlers?: unknown })._requestHandlers;
  if (!(map instanceof Map)) throw new Error('@toolslim/runtime: this version of the MCP SDK keeps its request handlers where the runtime cannot find them.');
  return map as Map<string, Handler>;
}

/**
 * The session a request belongs to: the connection (the SDK connects a server to one transport at a
 * time, and a stateful HTTP server makes one transport per session), keyed weakly, so that its state goes
 * with it. An HTTP request with no session id is stateless (a Worker's, or `sessionIdGenerator: undefined`):
 * no session, nothing to remember, and nothing gated.
 */
function findSession(server: HandlerServer, extra: unknown, sessions: WeakMap<object, SessionState>): SessionState | undefined {
  const transport = server.transport;
  if (typeof transport !== 'object' || transport === null) return undefined;
  const sessionId = (extra as { sessionId?: unknown } | undefined)?.sessionId;
  if (isHandedRequests(transport) && typeof sessionId !== 'string' && typeof (transport as { sessionId?: unknown }).sessionId !== 'string') return undefined;
  let state = sessions.get(transport);
  if (!state) {
    state = new SessionState();
    sessions.set(transport, state);
  }
  return state;
}

/**
 * A transport that is handed each request by the app's HTTP server (streamable HTTP's `handleRequest`,
 * SDK 2's per-request `handleMessage`, SSE's `handlePostMessage`), unlike a connection that reads its
 * own input (stdio, in memory).
 */
function isHandedRequests(transport: object): boolean {
  const methods = transport as { handleRequest?: unknown; handleMessage?: unknown; handlePostMessage?: unknown };
  return typeof methods.handleRequest === 'function' || typeof methods.handleMessage === 'function' || typeof methods.handlePostMessage === 'function';
}
