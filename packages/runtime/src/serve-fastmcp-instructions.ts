/**
 * The instruction folder on a fastmcp server (`new FastMCP({...})`): the `read_instructions` tool and one
 * resource per family through the server's own `addTool` / `addResource`, and the family index added to
 * the server's `instructions` (kept and extended when it has its own). fastmcp reads `options.instructions`
 * when a session starts, so this works when called before `start()`.
 */
import { z } from 'zod';
import { createInstructionsCatalog, type ServeInstructionsOptions, type ServedInstructions } from './serve-instructions.js';
import { buildInstructionsUri } from './instructions-dir.js';

/** What this helper uses of a FastMCP server (typed loosely so that every fastmcp release fits). */
interface FastMcpShape {
  options?: { instructions?: string };
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

function serveOnFastMcp(server: FastMcpShape, options: ServeInstructionsOptions): ServedInstructions {
  if (typeof server.addTool !== 'function') throw new TypeError('serveFastMcpInstructions: the server has no addTool method (is it a FastMCP server?).');
  const catalog = createInstructionsCatalog(options);
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
      const resource = catalog.listResources().resources.find((r) => r.uri === uri);
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
