/**
 * The instruction folder on a server that a wrapper builds and the app never holds: the app passes
 * `{ serverOptions, register(context) { … } }` and registers its tools on the context the wrapper hands to
 * `register` (Cloudflare's `createAuthenticatedMcpApp`, whose context has the SDK's `registerTool` shape).
 * Wrapping those options serves one app's folder on that app's server only, never on every server the
 * shared wrapper builds.
 */
import { z } from 'zod';
import { joinInstructions } from './merge-handlers.js';
import { composeServing, createInstructionsCatalog, serveInstructions, type ComposedServing, type McpServerV2, type ServeInstructionsOptions } from './serve-instructions.js';
import { SessionsById, wrapToolCallback } from './wrapping/tool-callbacks.js';
import { runRead, type SessionState } from './wrapping/layers.js';

/** What the wrapper's options must have: the registration callback (its context type is the wrapper's). */
export interface RegisterCallbackOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the wrapper's own context type flows through `O`
  register: (context: any, ...rest: any[]) => unknown;
  serverOptions?: unknown;
}

/** What this helper uses of a registration context (typed loosely so that SDK 1 and 2 contexts fit). */
interface RegistrationContext {
  registerTool(name: string, config: Record<string, unknown>, callback: (args: { family: string }) => unknown): unknown;
  registerResource?(name: string, uri: string, metadata: Record<string, unknown>, read: (uri: unknown, extra: unknown) => unknown): unknown;
  server?: unknown;
}

/**
 * Wrap a server wrapper's options: `register` first registers `read_instructions` (and a resource per
 * family when the context can register resources), then runs the app's own `register`; `serverOptions`
 * (an object, a function of the request, or absent) gets the family index added to its `instructions`.
 * `createApp(serveInstructionsViaRegister({ …, register(context) { … } }, { dir }))`.
 */
export function serveInstructionsViaRegister<O extends RegisterCallbackOptions>(options: O, served: ServeInstructionsOptions): O {
  const catalog = createInstructionsCatalog(served);
  const register = options.register;
  return {
    ...options,
    serverOptions: extendServerOptions(options.serverOptions, catalog.instructions),
    register(this: unknown, context: RegistrationContext, ...rest: unknown[]) {
      serveOnContext(context, served);
      return register.call(this, context, ...rest);
    },
  };
}

function serveOnContext(context: RegistrationContext, served: ServeInstructionsOptions): void {
  // A context that is the server itself (an `McpServer`) gets everything, instructions included.
  if (typeof context.server === 'object' && context.server !== null) {
    serveInstructions(context as unknown as McpServerV2, served);
    return;
  }
  const composed = composeServing(served);
  const { catalog } = composed;
  const sessions = wrapRegisterTool(context, composed);
  if (composed.resultsTool) {
    // Answered by the bounded-results layer around it; its own callback never runs.
    context.registerTool(
      composed.resultsTool.name,
      {
        description: composed.resultsTool.description,
        inputSchema: z.object({ id: z.string(), offset: z.number().int().min(0) }),
        annotations: { readOnlyHint: true },
      },
      async () => ({ content: [] }),
    );
  }
  if (served.tool !== false) {
    context.registerTool(
      catalog.toolName,
      {
        description: catalog.tool.description,
        // A schema object, not a raw shape: SDK 2 registration seams take standard schemas only.
        inputSchema: z.object({ family: z.enum(catalog.families as [string, ...string[]]) }),
        annotations: { readOnlyHint: true },
      },
      async ({ family }) => catalog.callTool({ family }),
    );
  }
  if (served.resources !== false && typeof context.registerResource === 'function') {
    for (const resource of catalog.listResources().resources) {
      const { name, uri, ...metadata } = resource;
      // A read goes through the layers too (the gate learns the family was read).
      context.registerResource(name, uri, metadata, async (_uri: unknown, extra: unknown) =>
        runRead(composed.layers, { uri, session: sessions.of(extra) }, async () => (await catalog.readResource(uri))!),
      );
    }
  }
}

/**
 * The context's `registerTool`, with the layers around each callback: a tool that is not on is not
 * registered. A session is the request's session id; without one (a Worker's stateless requests) no
 * call is gated. The context hands out no close event, so the sessions kept are bounded in number.
 */
function wrapRegisterTool(context: RegistrationContext, composed: ComposedServing): { of(extra: unknown): SessionState | undefined } {
  const register = context.registerTool.bind(context);
  const byId = new SessionsById();
  const of = (extra: unknown) => {
    const sessionId = typeof extra === 'object' && extra !== null ? (extra as { sessionId?: unknown }).sessionId : undefined;
    return typeof sessionId === 'string' ? byId.get(sessionId) : undefined;
  };
  context.registerTool = (name, config, callback) => {
    if (!composed.isPublished(name)) return undefined;
    const wrapped = wrapToolCallback(composed.layers, name, callback as (...args: unknown[]) => unknown, (...args: unknown[]) => ({
      arguments: args.length > 1 ? (args[0] as Record<string, unknown>) : undefined,
      session: of(args[args.length - 1]),
    }));
    return register(name, config, wrapped as (args: { family: string }) => unknown);
  };
  return { of };
}

type ServerOptionsLike = { instructions?: unknown } & Record<string, unknown>;

function extendServerOptions(value: unknown, index: string): unknown {
  const extend = (options: unknown) => {
    const own = (typeof options === 'object' && options !== null ? options : {}) as ServerOptionsLike;
    return { ...own, instructions: joinInstructions(own.instructions, index) };
  };
  if (typeof value !== 'function') return extend(value);
  return (...args: unknown[]) => {
    const resolved = (value as (...a: unknown[]) => unknown)(...args);
    return resolved instanceof Promise ? resolved.then(extend) : extend(resolved);
  };
}
