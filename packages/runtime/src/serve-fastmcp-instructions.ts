/**
 * The instruction folder on a fastmcp server (`new FastMCP({...})`): the `read_instructions` tool and one
 * resource per family through the server's own `addTool` / `addResource`, and the family index added to
 * the server's `instructions` (kept and extended when it has its own). fastmcp reads `options.instructions`
 * when a session starts, so this works when called before `start()`.
 */
import { z } from 'zod';
import { composeServing, type ComposedServing, type ServeInstructionsOptions, type ServedInstructions } from './serve-instructions.js';
import { buildInstructionsUri } from './instructions-dir.js';
import { SessionState } from './wrapping/layers.js';
import { SessionsById, wrapToolCallback } from './wrapping/tool-callbacks.js';

/** What this helper uses of a FastMCP server (typed loosely so that every fastmcp release fits). */
interface FastMcpShape {
  options?: { instructions?: string };
  addTools?(tools: FastMcpTool[]): void;
  start?(options?: { transportType?: string; httpStream?: { stateless?: boolean } }): Promise<void>;
  on?(event: 'disconnect', listener: (event: { session?: { sessionId?: unknown } }) => void): unknown;
  addTool(tool: {
    name: string;
    description: string;
    parameters: z.ZodType;
    annotations: { readOnlyHint: boolean };
    execute: (args: { family: string }) => Promise<string>;
  }): void;
  addResource?(resource: { uri: string; name: string; description: string; mimeType: string; load: () => Promise<{ text: string }> }): void;
}

/**
 * Serve an instructions folder on a fastmcp server and return the same server, so that the call can wrap
 * the construction: `serveFastMcpInstructions(new FastMCP({...}), { dir })`.
 */
export function serveFastMcpInstructions<S extends object>(server: S, options: ServeInstructionsOptions): S {
  serveOnFastMcp(server as unknown as FastMcpShape, options);
  return server;
}

interface FastMcpTool {
  name: string;
  execute: (args: unknown, context: { sessionId?: unknown }) => unknown;
}

function serveOnFastMcp(server: FastMcpShape, options: ServeInstructionsOptions): ServedInstructions {
  if (typeof server.addTool !== 'function') throw new TypeError('serveFastMcpInstructions: the server has no addTool method (is it a FastMCP server?).');
  const composed = composeServing(options);
  const { catalog } = composed;
  wrapAddTool(server, composed);
  if (composed.resultsTool) {
    // Answered by the bounded-results layer around it; its own execute never runs.
    server.addTool({
      name: composed.resultsTool.name,
      description: composed.resultsTool.description ?? '',
      parameters: z.object({ id: z.string(), offset: z.number().int().min(0) }) as unknown as z.ZodType,
      annotations: { readOnlyHint: true },
      execute: async () => '',
    });
  }
  if (options.tool !== false) {
    server.addTool({
      name: catalog.toolName,
      description: catalog.tool.description ?? '',
      parameters: z.object({ family: z.enum(catalog.families as [string, ...string[]]) }),
      annotations: { readOnlyHint: true },
      execute: async (args) => {
        const result = await catalog.callTool(args);
        const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
        // fastmcp turns a thrown error into an `isError` result.
        if (result.isError) throw new Error(text);
        return text;
      },
    });
  }
  if (options.resources !== false && typeof server.addResource === 'function') {
    for (const family of catalog.families) {
      const uri = buildInstructionsUri(family, options.uriScheme);
      const resource = catalog.listResources().resources.find((listed) => listed.uri === uri);
      server.addResource({
        uri,
        name: resource?.name ?? family,
        description: resource?.description ?? '',
        mimeType: 'text/markdown',
        load: async () => {
          const read = await catalog.readResource(uri);
          const content = read?.contents[0];
          return { text: content && 'text' in content ? content.text : '' };
        },
      });
    }
  }
  // `options` is the object fastmcp keeps and reads at session start: extend its instructions in place.
  if (server.options && typeof server.options === 'object') {
    const existing = typeof server.options.instructions === 'string' ? server.options.instructions : '';
    if (!existing.includes(catalog.instructions.trim())) {
      server.options.instructions = existing.trim() === '' ? catalog.instructions : `${existing.replace(/\s+$/, '')}\n\n${catalog.instructions}`;
    }
  }
  return { families: catalog.families, instructions: catalog.instructions };
}

/**
 * fastmcp keeps its handlers and builds a low-level server per session, so the layers go around each
 * tool's `execute` as it is added (call this before adding tools, as slim wires it: around `new FastMCP`).
 * A session is the streamable HTTP session id (forgotten on fastmcp's `disconnect`), or the one stdio
 * connection; `start({ httpStream: { stateless: true } })` has no sessions and nothing is gated.
 */
function wrapAddTool(server: FastMcpShape, composed: ComposedServing): void {
  const sessions = new SessionsById();
  let connection: SessionState | undefined;
  let stateless = false;
  server.on?.('disconnect', (event) => sessions.forget(event?.session?.sessionId));
  if (typeof server.start === 'function') {
    const start = server.start.bind(server);
    server.start = (startOptions) => {
      stateless = startOptions?.transportType === 'httpStream' && startOptions.httpStream?.stateless === true;
      return start(startOptions);
    };
  }
  const sessionOf = (context: { sessionId?: unknown } | undefined) => {
    const id = context?.sessionId;
    if (typeof id === 'string') return sessions.get(id);
    return stateless ? undefined : (connection ??= new SessionState());
  };
  const wrap = (tool: FastMcpTool): FastMcpTool | undefined =>
    composed.isPublished(tool.name)
      ? {
          ...tool,
          execute: wrapToolCallback(composed.layers, tool.name, composed.resultsTool ? asContentResult(tool.execute) : tool.execute, (args, context) => ({
            arguments: args as Record<string, unknown> | undefined,
            session: sessionOf(context),
          })),
        }
      : undefined;
  const addTool = server.addTool.bind(server) as (tool: FastMcpTool) => void;
  (server as unknown as { addTool: (tool: FastMcpTool) => void }).addTool = (tool) => {
    const wrapped = wrap(tool);
    if (wrapped) addTool(wrapped);
  };
  if (typeof server.addTools === 'function') {
    const addTools = server.addTools.bind(server);
    server.addTools = (tools) => addTools(tools.map(wrap).filter((tool) => tool !== undefined));
  }
}

/** fastmcp takes a string result as one text block; bounded results read blocks, so a string is made one. */
function asContentResult(execute: FastMcpTool['execute']): FastMcpTool['execute'] {
  return async (args, context) => {
    const result = await execute(args, context);
    return typeof result === 'string' ? { content: [{ type: 'text', text: result }] } : result;
  };
}
