/**
 * fastmcp, the Vercel AI SDK and LangChain: each converts zod with its own function. For fastmcp a real
 * FastMCP server lists the tools; for the AI SDK and LangChain (not MCP servers) the library's own
 * conversion (`asSchema(x).jsonSchema`, `toJsonSchema(x)`) is served through a low-level Server the way
 * the fixtures do, and our tool must equal it byte for byte, in zod 4 and zod 3.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { describe, expect, it } from 'vitest';
import { findProperty, getPropertyName, unwrap } from '../src/ast.js';
import type { Framework, JsonObject } from '../src/model.js';
import { buildDecl, buildObjectDecl, findCalls, findToolObjects, getContext, getName, loadSource, PRINT_WIRE_TOOLS, publish, runInPlainNode } from './schema-harness.js';

/** Schemas every framework case uses; `z` is zod 4 or zod 3 by import. */
const SCHEMAS = `
const Level = { Info: 'info', Warn: 'warn' };
const Shared = z.string().describe('Shared field');
export const schemas = {
  search: z.object({ query: z.string().min(2).describe('Text to look for'), limit: z.number().int().max(50).default(10), exact: z.boolean().optional() }),
  nested: z.object({ filter: z.object({ field: z.string(), value: z.union([z.string(), z.number()]) }).describe('One filter'), sort: z.array(z.object({ by: z.string() })).optional() }),
  enums: z.object({ level: z.nativeEnum(Level), mode: z.enum(['a', 'b']).default('a'), nullableName: z.string().nullable() }),
  reused: z.object({ from: Shared, to: Shared }),
  wrapped: z.object({ n: z.preprocess((v) => Number(v), z.number()).describe('A number'), tags: z.array(z.string()).default([]) }),
  empty: z.object({}),
};
`;

const ZOD_IMPORTS = [
  { label: 'zod 4', zodImport: 'zod', major: 4 as const },
  { label: 'zod 3', zodImport: 'zod/v3', major: 3 as const },
];

describe.each(ZOD_IMPORTS)('fastmcp tools/list, $label', ({ zodImport }) => {
  it('publishes exactly what a real FastMCP server sends', async () => {
    const code = `import { z } from '${zodImport}';
${SCHEMAS}
export function register(server) {
  server.addTool({ name: 'search', description: 'Searches.', parameters: schemas.search, execute: async () => 'ok' });
  server.addTool({ name: 'nested', description: 'Nested.', parameters: z.object({ filter: z.object({ field: z.string(), value: z.union([z.string(), z.number()]) }).describe('One filter'), sort: z.array(z.object({ by: z.string() })).optional() }), execute: async () => 'ok' });
  server.addTool({ name: 'enums', description: 'Enums.', parameters: schemas.enums, annotations: { readOnlyHint: true }, execute: async () => 'ok' });
  server.addTool({ name: 'reused', description: 'Reused.', parameters: schemas.reused, execute: async () => 'ok' });
  server.addTool({ name: 'wrapped', description: 'Wrapped.', parameters: schemas.wrapped, execute: async () => 'ok' });
  server.addTool({ name: 'bare', description: 'No parameters.', execute: async () => 'ok' });
}
`;
    const loaded = await loadSource(code, '.mjs', false);
    const wire = runInPlainNode(
      loaded,
      `import { FastMCP } from 'fastmcp';
import { register } from './source.mjs';
${PRINT_WIRE_TOOLS}
const server = new FastMCP({ name: 'fastmcp-test', version: '1.0.0' });
register(server);
await printWireTools(server);
`,
    ) as JsonObject[];
    const context = getContext(loaded);
    const decls = findCalls(loaded.program, 'addTool').map((call) => {
      const object = unwrap(call.arguments[0]) as TSESTree.ObjectExpression;
      const get = (key: string) => findProperty(object, key)?.value;
      return buildDecl('fastmcp', { node: object, name: get('name')!, description: get('description'), inputSchema: get('parameters'), annotations: get('annotations') }, context);
    });
    expect(decls).toHaveLength(6);
    expect(wire).toHaveLength(6);
    for (const decl of decls) {
      const tool = publish(decl);
      expect(JSON.stringify(tool)).toBe(JSON.stringify(wire.find((t) => getName(t) === tool.name)));
    }
  });
});

/**
 * Serve `{ name, description, inputSchema: <conversion> }` from a low-level Server in a plain Node
 * process, as the fixtures' adapters do, and return the tools as sent.
 */
function listThroughAdapter(loaded: Awaited<ReturnType<typeof loadSource>>, conversionImport: string, conversion: string): JsonObject[] {
  return runInPlainNode(
    loaded,
    `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
${conversionImport}
import { tools } from './source.mjs';
${PRINT_WIRE_TOOLS}
// A conversion that throws is reported in place of the schema, so the test can expect a dynamic schema there.
async function convert(t) {
  try {
    return await ${conversion};
  } catch (error) {
    return { conversionError: error.message };
  }
}
const server = new Server({ name: 'adapter', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: await Promise.all(tools.map(async (t) => ({ name: t.name, description: t.description, inputSchema: await convert(t) }))),
}));
await printWireTools(server);
`,
  ) as JsonObject[];
}

/** Tools written as `name: tool({ description, inputSchema })` in a record (AI SDK) or `tool(fn, { name, description, schema })` (LangChain). */
async function checkLibrary(framework: Framework, code: string, conversionImport: string, conversion: string) {
  const loaded = await loadSource(code, '.mjs', false);
  const context = getContext(loaded);
  const wire = listThroughAdapter(loaded, conversionImport, conversion);
  const decls =
    framework === 'vercel-ai'
      ? findCalls(loaded.program, 'tool').map((call) => {
          const object = unwrap(call.arguments[0]) as TSESTree.ObjectExpression;
          const key = findRecordKey(loaded.program, call);
          return buildDecl(framework, { node: call, name: key!, nameText: { kind: 'static', value: getPropertyName(key!)!, node: key!.key, pieces: [] }, description: findProperty(object, 'description')?.value, inputSchema: findProperty(object, 'inputSchema')?.value }, context);
        })
      : findToolObjects(loaded.program, 'schema').map((object) => buildObjectDecl(framework, object, 'schema', context));
  expect(decls.length).toBe(wire.length);
  expect(decls.length).toBeGreaterThanOrEqual(6);
  let compared = 0;
  for (const decl of decls) {
    const theirs = wire.find((t) => decl.name?.kind === 'static' && getName(t) === decl.name.value)!;
    if ((theirs.inputSchema as JsonObject).conversionError) {
      // The library cannot convert this schema: we must not invent one either.
      expect(decl.inputSchema).toMatchObject({ kind: 'dynamic' });
      continue;
    }
    expect(JSON.stringify(publish(decl))).toBe(JSON.stringify(theirs));
    compared++;
  }
  return compared;
}

/** The key node of the record property whose value is this call (`searchProducts: tool({ … })`). */
function findRecordKey(program: TSESTree.Program, call: TSESTree.CallExpression): TSESTree.Property | undefined {
  let key: TSESTree.Property | undefined;
  const visit = (node: TSESTree.Node): void => {
    if (node.type === 'Property' && unwrap(node.value) === call && getPropertyName(node) !== undefined) key = node;
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach((v) => v && typeof v === 'object' && 'type' in v && visit(v as TSESTree.Node));
      else if (value && typeof value === 'object' && 'type' in value && value !== node) visit(value as TSESTree.Node);
    }
  };
  for (const statement of program.body) visit(statement);
  return key;
}

describe.each(ZOD_IMPORTS)('Vercel AI SDK conversion, $label', ({ zodImport }) => {
  it('publishes exactly asSchema(inputSchema).jsonSchema', async () => {
    const code = `import { z } from '${zodImport}';
import { tool, jsonSchema, zodSchema } from 'ai';
${SCHEMAS}
export const record = {
  search: tool({ description: 'Searches.', inputSchema: schemas.search }),
  nested: tool({ description: 'Nested.', inputSchema: schemas.nested }),
  enums: tool({ description: 'Enums.', inputSchema: zodSchema(schemas.enums) }),
  reused: tool({ description: 'Reused.', inputSchema: schemas.reused }),
  wrapped: tool({ description: 'Wrapped.', inputSchema: schemas.wrapped }),
  empty: tool({ description: 'Empty.', inputSchema: schemas.empty }),
  literal: tool({ description: 'Literal.', inputSchema: jsonSchema({ type: 'object', properties: { id: { type: 'string', description: 'The id' } }, required: ['id'] }) }),
};
export const tools = Object.entries(record).map(([name, t]) => ({ name, description: t.description, schema: t.inputSchema }));
`;
    const compared = await checkLibrary('vercel-ai', code, "import { asSchema } from 'ai';", 'asSchema(t.schema).jsonSchema');
    expect(compared).toBe(7);
  });
});

describe.each(ZOD_IMPORTS)('LangChain conversion, $label', ({ zodImport, major }) => {
  it('publishes exactly toJsonSchema(schema)', async () => {
    const code = `import { z } from '${zodImport}';
${SCHEMAS}
export const tools = [
  { name: 'search', description: 'Searches.', schema: schemas.search },
  { name: 'nested', description: 'Nested.', schema: schemas.nested },
  { name: 'enums', description: 'Enums.', schema: schemas.enums },
  { name: 'reused', description: 'Reused.', schema: schemas.reused },
  { name: 'wrapped', description: 'Wrapped.', schema: schemas.wrapped },
  { name: 'empty', description: 'Empty.', schema: schemas.empty },
];
`;
    const compared = await checkLibrary('langchain', code, "import { toJsonSchema } from '@langchain/core/utils/json_schema';", 'toJsonSchema(t.schema)');
    // zod 4's output view cannot represent the preprocess transform: LangChain throws there, and so do we.
    expect(compared).toBe(major === 4 ? 5 : 6);
  });
});
