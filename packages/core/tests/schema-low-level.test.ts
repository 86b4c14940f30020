/**
 * Low-level `Server`: the handler returns tool objects; JSON Schema literals, `zodToJsonSchema(X, opts)`
 * (zod 3) and `z.toJSONSchema(X, opts)` (zod 4) are evaluated with the real libraries, and the tool we
 * build is byte for byte what a real Server sends.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import { analyzeSource } from '../src/index.js';
import { buildPublishedTool } from '../src/published.js';
import { buildObjectDecl, findToolObjects, getContext, getName, listToolsOnWire, loadSource, publish } from './schema-harness.js';

const SOURCE = `import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { zodToJsonSchema } from 'zod-to-json-schema';
import * as zodToJson from 'zod-to-json-schema';
import { z as z3 } from 'zod/v3';
import { z } from 'zod';

const SEARCH_DESCRIPTION = ['Searches the index.', 'Returns at most 50 hits.'].join(' ');
const QueryArgs = z3.object({
  query: z3.string().describe('Text to look for'),
  limit: z3.number().int().min(1).max(50).default(10),
  fields: z3.array(z3.enum(['title', 'body'])).optional(),
});
const FetchArgs = z.object({ url: z.url().describe('Page address'), raw: z.boolean().default(false) });
const pathProperty = { type: 'string', description: 'Absolute path of the file' };
const readTool = {
  name: 'read_file',
  description: 'Reads a file.',
  inputSchema: { type: 'object', properties: { path: pathProperty, encoding: { type: 'string', enum: ['utf8', 'base64'], default: 'utf8' } }, required: ['path'] },
};

export function register(server) {
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      readTool,
      { description: SEARCH_DESCRIPTION, name: 'search', inputSchema: zodToJsonSchema(QueryArgs) },
      { name: 'search_named', description: 'Same, with options.', inputSchema: zodToJsonSchema(QueryArgs, { name: 'Query', $refStrategy: 'none' }) },
      { name: 'search_target', description: 'OpenAPI target.', inputSchema: zodToJson.zodToJsonSchema(QueryArgs, { target: 'openApi3' }) },
      { name: 'fetch', description: 'Fetches a page.', inputSchema: z.toJSONSchema(FetchArgs) },
      { name: 'fetch_input', description: 'Fetches, input view.', inputSchema: z.toJSONSchema(FetchArgs, { io: 'input', target: 'draft-7' }) },
      { name: 'annotated', title: 'Annotated', description: 'Has annotations.', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } },
    ],
  }));
}
`;

describe('low-level Server tools/list', () => {
  it('publishes exactly what the handler returns: literals, zodToJsonSchema and z.toJSONSchema', async () => {
    const loaded = await loadSource(SOURCE);
    const server = new Server({ name: 'low-level', version: '1.0.0' }, { capabilities: { tools: {} } });
    (loaded.module.register as (s: Server) => void)(server);
    const wire = await listToolsOnWire(server);
    const context = getContext(loaded);
    const decls = findToolObjects(loaded.program, 'inputSchema').map((object) => buildObjectDecl('mcp-sdk-low-level', object, 'inputSchema', context));
    expect(decls).toHaveLength(7);
    expect(wire).toHaveLength(7);
    for (const decl of decls) {
      const tool = publish(decl);
      const theirs = wire.find((t) => getName(t) === tool.name);
      expect(JSON.stringify(tool)).toBe(JSON.stringify(theirs));
    }
  });

  it('lists the parameters of literals and of zodToJsonSchema(X) with their published schema', async () => {
    const loaded = await loadSource(SOURCE);
    const context = getContext(loaded);
    const [read, search] = findToolObjects(loaded.program, 'inputSchema').map((object) => buildObjectDecl('mcp-sdk-low-level', object, 'inputSchema', context));
    expect(read.params.map((p) => [p.name, p.required, p.style, p.description?.kind === 'static' ? p.description.value : undefined])).toEqual([
      ['path', true, 'json-schema', 'Absolute path of the file'],
      ['encoding', false, 'json-schema', undefined],
    ]);
    expect(read.params[1].schema).toEqual({ type: 'string', enum: ['utf8', 'base64'], default: 'utf8' });
    expect(search.params.map((p) => [p.name, p.required, p.style])).toEqual([
      ['query', true, 'zod'],
      ['limit', false, 'zod'],
      ['fields', false, 'zod'],
    ]);
    expect(search.params[1].schema).toEqual({ type: 'integer', minimum: 1, maximum: 50, default: 10 });
  });

  it('publishes an exported definition whose schema is zod as the McpServer that registers it in a loop does', async () => {
    // A low-level Server would send a zod schema as it is; a definition holding one is converted by what registers it.
    const code = `import { z } from 'zod';
export const inspectHive = {
  name: 'inspect_hive',
  description: 'Inspects one hive.',
  inputSchema: z.object({ hive: z.string().describe('Hive number'), frames: z.number().int().min(1).max(10).default(10) }),
  run: async () => ({ content: [] }),
};
export const feedHive = { name: 'feed_hive', description: 'Feeds a hive.', inputSchema: z.object({ syrup: z.enum(['light', 'heavy']) }), run: async () => ({ content: [] }) };
export const apiary = [inspectHive, feedHive];
export function register(server) {
  for (const definition of apiary) {
    const { name, description, inputSchema, run } = definition;
    server.tool(name, description, inputSchema.shape, run);
  }
}
`;
    const loaded = await loadSource(code);
    const server = new McpServer({ name: 'apiary', version: '1.0.0' });
    (loaded.module.register as (s: McpServer) => void)(server);
    const wire = await listToolsOnWire(server);
    const decls = analyzeSource(code, { filePath: loaded.filePath }).tools.filter((decl) => decl.framework === 'mcp-sdk-low-level');
    expect(decls).toHaveLength(2);
    for (const decl of decls) {
      const tool = publish(decl);
      expect(JSON.stringify(tool)).toBe(JSON.stringify(wire.find((t) => getName(t) === tool.name)));
      expect(tool.execution).toEqual({ taskSupport: 'forbidden' });
    }
    // A definition whose schema is JSON is still published as written.
    const json = analyzeSource(`export const t = { name: 'weigh_hive', description: 'Weighs.', inputSchema: { type: 'object' } };`, { filePath: loaded.filePath }).tools[0];
    expect(json.framework).toBe('mcp-sdk-low-level');
    expect(buildPublishedTool(json).tool).toEqual({ name: 'weigh_hive', description: 'Weighs.', inputSchema: { type: 'object' } });
  });

  it('publishes TypeBox schemas as the handler returns them, with their parameters', async () => {
    const code = `import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Type } from '@sinclair/typebox';
const Query = Type.Object({
  query: Type.String({ description: 'Text to look for', minLength: 1 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
  filter: Type.Optional(Type.Object({ lang: Type.Union([Type.Literal('en'), Type.Literal('de')]) }, { additionalProperties: false })),
});
export function register(server) {
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: 'tb_search', description: 'Searches.', inputSchema: Query }] }));
}
`;
    const loaded = await loadSource(code);
    const server = new Server({ name: 'typebox', version: '1.0.0' }, { capabilities: { tools: {} } });
    (loaded.module.register as (s: Server) => void)(server);
    const wire = await listToolsOnWire(server);
    const [object] = findToolObjects(loaded.program, 'inputSchema');
    const decl = buildObjectDecl('mcp-sdk-low-level', object, 'inputSchema', getContext(loaded));
    expect(JSON.stringify(publish(decl))).toBe(JSON.stringify(wire[0]));
    expect(decl.params.map((p) => [p.path.join('.'), p.style, p.required, p.description?.kind === 'static' ? p.description.value : undefined])).toEqual([
      ['query', 'typebox', true, 'Text to look for'],
      ['limit', 'typebox', false, undefined],
      ['filter', 'typebox', false, undefined],
      ['filter.lang', 'typebox', true, undefined],
    ]);
  });
});
