/**
 * The one wrapping between a client and a server's own `tools/list` and `tools/call` (and the resource
 * methods): every feature of the runtime (serving instructions, the first-use gate, toolsets) is a layer
 * here, and each server shape applies the same list of layers once (handler-map.ts for the SDK's servers,
 * tool-callbacks.ts for servers that only take tool callbacks).
 */
import type { CallToolResult, ListResourcesResult, ListToolsResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * What one session keeps, per layer (`get(key, create)`). The wrapping holds it for as long as the
 * session's connection lives and no longer.
 */
export class SessionState {
  private readonly values = new Map<symbol, unknown>();

  get<T>(key: symbol, create: () => T): T {
    if (!this.values.has(key)) this.values.set(key, create());
    return this.values.get(key) as T;
  }
}

export interface ToolCall {
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>> | undefined;
  /** Undefined when the request belongs to no session the server can tell apart (stateless HTTP). */
  readonly session: SessionState | undefined;
}

export interface ResourceRead {
  readonly uri: string;
  readonly session: SessionState | undefined;
}

export interface ToolLayer {
  /** Change one page of `tools/list` (the last page has no `nextCursor`). */
  listTools?(page: ListToolsResult): ListToolsResult;
  /** Answer the call, or pass it on with `next()` (and look at, or change, what comes back). */
  callTool?(call: ToolCall, next: () => Promise<CallToolResult>): Promise<CallToolResult>;
  listResources?(page: ListResourcesResult): ListResourcesResult;
  /** Answer the read, or pass it on with `next()`. */
  readResource?(read: ResourceRead, next: () => Promise<ReadResourceResult>): Promise<ReadResourceResult>;
  /** The methods this layer answers even when the server has no handler of its own (the instruction tool and resources). */
  readonly provides?: { readonly tools?: boolean; readonly resources?: boolean };
}

/** Layers in order, outermost first: the first layer sees a call before the others and its result last. */
export function runCall(layers: readonly ToolLayer[], call: ToolCall, inner: () => Promise<CallToolResult>): Promise<CallToolResult> {
  const at = (index: number): Promise<CallToolResult> => {
    for (let i = index; i < layers.length; i++) {
      const layer = layers[i];
      if (layer.callTool) return layer.callTool(call, () => at(i + 1));
    }
    return inner();
  };
  return at(0);
}

export function runRead(layers: readonly ToolLayer[], read: ResourceRead, inner: () => Promise<ReadResourceResult>): Promise<ReadResourceResult> {
  const at = (index: number): Promise<ReadResourceResult> => {
    for (let i = index; i < layers.length; i++) {
      const layer = layers[i];
      if (layer.readResource) return layer.readResource(read, () => at(i + 1));
    }
    return inner();
  };
  return at(0);
}

/** The server's page goes through the innermost layer first, so an outer layer sees what inner ones added. */
export function runListTools(layers: readonly ToolLayer[], page: ListToolsResult): ListToolsResult {
  return layers.reduceRight((current, layer) => (layer.listTools ? layer.listTools(current) : current), page);
}

export function runListResources(layers: readonly ToolLayer[], page: ListResourcesResult): ListResourcesResult {
  return layers.reduceRight((current, layer) => (layer.listResources ? layer.listResources(current) : current), page);
}
