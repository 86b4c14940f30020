/**
 * McpServer: for every zod construct below, the tool we build from source is byte for byte the tool a
 * real McpServer (registered from the same file) sends in `tools/list`, in zod 3 (`zod/v3`) and zod 4.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import {
  buildObjectDecl,
  buildRegisterToolDecl,
  buildToolCallDecl,
  findCalls,
  findToolObjects,
  getContext,
  getName,
  listToolsOnWire,
  loadSource,
  publish,
} from './schema-harness.js';

interface Case {
  readonly name: string;
  readonly expr: string;
  /** Only for one zod major (e.g. `.meta()` is zod 4). */
  readonly only?: 3 | 4;
}

const DECLARATIONS = `
const Color = { Red: 'red', Blue: 'blue' };
const Id = z.string().describe('Identifier of the record');
const Base = z.object({ id: z.string(), name: z.string().optional().describe('Display name') });
const commonShape = { page: z.number().int().min(1).optional(), perPage: z.number().int().max(100).default(20) };
const MODES = ['fast', 'thorough'];
const LIMIT_DOC = 'Maximum number of ' + 'results';
`;

const CASES: readonly Case[] = [
  { name: 'raw_shape', expr: `{ query: z.string().describe('Search text'), limit: z.number().int().min(1).max(100).default(10).describe(LIMIT_DOC) }` },
  { name: 'object', expr: `z.object({ query: z.string().min(2).describe(\`Search \${'text'}\`), exact: z.boolean().default(false) })` },
  { name: 'enums', expr: `{ mode: z.enum(['fast', 'slow']), color: z.nativeEnum(Color), level: z.enum(MODES).optional() }` },
  { name: 'literals', expr: `{ kind: z.literal('file'), one: z.literal(1), yes: z.literal(true) }` },
  {
    name: 'nested',
    expr: `z.object({ filter: z.object({ field: z.string().describe('Field name'), op: z.enum(['eq', 'ne']) }).optional(), sort: z.array(z.object({ by: z.string(), desc: z.boolean().optional() })).describe('Sort keys') })`,
  },
  {
    name: 'unions',
    expr: `{ target: z.union([z.string(), z.number()]), shape: z.discriminatedUnion('type', [z.object({ type: z.literal('a'), a: z.string() }), z.object({ type: z.literal('b'), b: z.number() })]), either: z.string().or(z.number()) }`,
  },
  { name: 'optionality', expr: `{ a: z.string().nullable(), b: z.string().nullish(), c: z.number().optional(), d: z.string().optional().describe('Outer'), e: z.string().describe('Inner').optional() }` },
  { name: 'meta', expr: `{ a: z.string().meta({ description: 'From meta', examples: ['x'] }), b: z.number().meta({ title: 'B' }) }`, only: 4 },
  { name: 'string_checks', expr: `{ email: z.string().email(), url: z.string().url(), re: z.string().regex(/^[a-z]+$/i), len: z.string().min(2).max(5), uuid: z.string().uuid(), trimmed: z.string().trim().toLowerCase(), starts: z.string().startsWith('sk-') }` },
  { name: 'number_checks', expr: `{ p: z.number().positive(), nn: z.number().nonnegative(), i: z.number().int(), step: z.number().multipleOf(5), range: z.number().gt(0).lt(1) }` },
  { name: 'collections', expr: `{ headers: z.record(z.string(), z.string()), point: z.tuple([z.number(), z.number()]), tags: z.array(z.string()).min(1).max(5), set: z.array(z.string()).nonempty() }` },
  { name: 'wrappers', expr: `{ n: z.preprocess((v) => Number(v), z.number()), t: z.string().transform((s) => s.trim()), r: z.string().refine((s) => s.length > 0, 'must not be empty'), s: z.string().superRefine((v, ctx) => undefined) }` },
  { name: 'strict', expr: `z.object({ a: z.string() }).strict()` },
  { name: 'passthrough', expr: `z.object({ a: z.string() }).passthrough()` },
  { name: 'extend', expr: `Base.extend({ extra: z.boolean() })` },
  { name: 'merge', expr: `Base.merge(z.object({ more: z.number() }))` },
  { name: 'pick', expr: `Base.pick({ id: true })` },
  { name: 'omit', expr: `Base.omit({ name: true })` },
  { name: 'partial', expr: `Base.partial()` },
  { name: 'reused', expr: `{ from: Id, to: Id }` },
  { name: 'spread', expr: `{ ...commonShape, q: z.string() }` },
  { name: 'spread_shape', expr: `z.object({ ...Base.shape, x: z.string() })` },
  { name: 'defaults', expr: `{ list: z.array(z.string()).default([]), obj: z.object({ a: z.number() }).default({ a: 1 }), fn: z.array(z.number()).default(() => [1, 2]) }` },
  { name: 'catch', expr: `{ c: z.string().catch('fallback') }` },
  { name: 'any', expr: `{ a: z.any(), u: z.unknown().describe('Anything') }` },
  { name: 'coerce', expr: `{ n: z.coerce.number().describe('A number'), b: z.coerce.boolean() }` },
  { name: 'described_object', expr: `z.object({ a: z.string() }).describe('Top-level description')` },
  { name: 'union_of_objects', expr: `z.union([z.object({ a: z.string() }), z.object({ b: z.string() })])` },
  { name: 'empty_shape', expr: `{}` },
  { name: 'empty_object', expr: `z.object({})` },
  { name: 'refined_object', expr: `z.object({ a: z.string() }).refine((v) => v.a !== 'x')` },
  { name: 'shape_of', expr: `Base.shape` },
  { name: 'keyof_and_enum_helpers', expr: `{ field: Base.keyof(), level: z.enum(Object.values(Color)), first: z.literal(MODES[0]) }` },
];

function buildSource(zodImport: string, major: 3 | 4): string {
  const registrations = CASES.filter((c) => !c.only || c.only === major)
    .map((c) => `  server.registerTool('${c.name}', { description: 'Case ${c.name}.', inputSchema: ${c.expr} }, async () => ({ content: [] }));`)
    .join('\n');
  return `import { z } from '${zodImport}';
${DECLARATIONS}
export function register(server) {
${registrations}
  server.registerTool('no_params', { title: 'No params', description: 'Takes nothing.', annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [] }));
  server.registerTool('with_output', { description: 'Has an output schema.', inputSchema: { a: z.string() }, outputSchema: { ok: z.boolean(), count: z.number().optional() } }, async () => ({ content: [] }));
  server.tool('legacy_tool', 'Registered with tool().', { path: z.string().describe('File path') }, { destructiveHint: true }, async () => ({ content: [] }));
  server.tool('legacy_bare', async () => ({ content: [] }));
}
`;
}

describe.each([
  { label: 'zod 4 (zod)', zodImport: 'zod', major: 4 as const },
  { label: 'zod 3 (zod/v3)', zodImport: 'zod/v3', major: 3 as const },
])('McpServer tools/list, $label', ({ zodImport, major }) => {
  it('publishes exactly what a real McpServer sends for every case', async () => {
    const loaded = await loadSource(buildSource(zodImport, major));
    const server = new McpServer({ name: 'schema-test', version: '1.0.0' });
    (loaded.module.register as (s: McpServer) => void)(server);
    const wire = await listToolsOnWire(server);
    const context = getContext(loaded, 4);

    const decls = [
      ...findCalls(loaded.program, 'registerTool').map((call) => buildRegisterToolDecl(call, context)),
      ...findCalls(loaded.program, 'tool').map((call) => buildToolCallDecl(call, context)),
    ];
    const expectedCount = CASES.filter((c) => !c.only || c.only === major).length + 4;
    expect(wire).toHaveLength(expectedCount);
    expect(decls).toHaveLength(expectedCount);
    const mismatches: string[] = [];
    for (const decl of decls) {
      const ours = JSON.stringify(publish(decl));
      const theirs = wire.find((t) => getName(t) === (decl.name?.kind === 'static' ? decl.name.value : ''));
      if (ours !== JSON.stringify(theirs)) mismatches.push(`${ours}\n  != ${JSON.stringify(theirs)}`);
    }
    expect(mismatches).toEqual([]);
  });
});

describe('McpServer tools/list, other ways of naming zod', () => {
  it('reads `import * as z`, a renamed import, zod 4 from `zod/v4`, and a `zod` import meaning zod 3 by setting', async () => {
    const code = `import * as z from 'zod/v4';
import { z as zod } from 'zod';
export function register(server) {
  server.registerTool('namespace', { description: 'd', inputSchema: { a: z.string().describe('A'), b: z.optional(z.number()) } }, async () => ({ content: [] }));
  server.registerTool('renamed', { description: 'd', inputSchema: zod.object({ c: zod.enum(['x', 'y']).default('x') }) }, async () => ({ content: [] }));
}
`;
    const loaded = await loadSource(code);
    const server = new McpServer({ name: 'schema-test', version: '1.0.0' });
    (loaded.module.register as (s: McpServer) => void)(server);
    const wire = await listToolsOnWire(server);
    const context = getContext(loaded, 4);
    const ours = findCalls(loaded.program, 'registerTool').map((call) => JSON.stringify(publish(buildRegisterToolDecl(call, context))));
    expect(ours).toEqual(wire.map((t) => JSON.stringify(t)));

    // The same text, but the project says plain `zod` is zod 3: only the `zod/v4` tool stays zod 4.
    const asZod3 = findCalls(loaded.program, 'registerTool').map((call) => publish(buildRegisterToolDecl(call, getContext(loaded, 3))));
    expect(asZod3[0]).toEqual(JSON.parse(JSON.stringify(wire[0])));
    expect(asZod3[1].inputSchema).toMatchObject({ additionalProperties: false });
    expect(wire[1].inputSchema).not.toHaveProperty('additionalProperties');
  });

  it('reads compiled CommonJS: `const zod_1 = require("zod")` and `(0, zod_1.z)`', async () => {
    const code = `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.register = register;
const zod_1 = require("zod");
const v3_1 = require("zod/v3");
const Shape = { path: zod_1.z.string().describe("Path of the file"), depth: (0, zod_1.z).number().int().optional() };
function register(server) {
    server.registerTool("cjs", { description: "Compiled.", inputSchema: Shape }, async () => ({ content: [] }));
    server.registerTool("cjs_v3", { description: "Compiled v3.", inputSchema: { n: v3_1.z.number().min(1).describe("N") } }, async () => ({ content: [] }));
}
`;
    const loaded = await loadSource(code, '.cjs');
    const server = new McpServer({ name: 'schema-test', version: '1.0.0' });
    (loaded.module.register as (s: McpServer) => void)(server);
    const wire = await listToolsOnWire(server);
    const context = getContext(loaded, 4);
    const ours = findCalls(loaded.program, 'registerTool').map((call) => JSON.stringify(publish(buildRegisterToolDecl(call, context))));
    expect(ours).toEqual(wire.map((t) => JSON.stringify(t)));
  });

  it('publishes a zod schema in a project wrapper (`defineTool`) the way McpServer does', async () => {
    const code = `import { z } from 'zod';
const defineTool = (definition) => definition;
export const tools = [
  defineTool({ name: 'wrapped_open', description: 'Opens a URL.', inputSchema: z.object({ url: z.string().describe('Address') }), handle: async () => 'ok' }),
  defineTool({ name: 'wrapped_raw', description: 'Raw shape.', inputSchema: { tab: z.number().int().optional() }, handle: async () => 'ok' }),
];
export function register(server) {
  for (const tool of tools) server.registerTool(tool.name, { description: tool.description, inputSchema: tool.inputSchema }, async () => ({ content: [] }));
}
`;
    const loaded = await loadSource(code);
    const server = new McpServer({ name: 'schema-test', version: '1.0.0' });
    (loaded.module.register as (s: McpServer) => void)(server);
    const wire = await listToolsOnWire(server);
    const context = getContext(loaded);
    const ours = findToolObjects(loaded.program, 'inputSchema').map((object) => JSON.stringify(publish(buildObjectDecl('shape', object, 'inputSchema', context))));
    expect(ours).toHaveLength(2);
    expect(ours).toEqual(wire.map((t) => JSON.stringify(t)));
  });

  it('reads the functional API of `zod/mini`', async () => {
    const code = `import { z } from 'zod/mini';
export function register(server) {
  server.registerTool('mini', { description: 'd', inputSchema: z.object({ a: z.optional(z.string().check(z.minLength(2))), b: z.array(z.number()) }) }, async () => ({ content: [] }));
}
`;
    const loaded = await loadSource(code);
    const server = new McpServer({ name: 'schema-test', version: '1.0.0' });
    (loaded.module.register as (s: McpServer) => void)(server);
    const wire = await listToolsOnWire(server);
    const [call] = findCalls(loaded.program, 'registerTool');
    const decl = buildRegisterToolDecl(call, getContext(loaded));
    expect(JSON.stringify(publish(decl))).toBe(JSON.stringify(wire[0]));
    expect(decl.params.map((p) => [p.name, p.required])).toEqual([
      ['a', false],
      ['b', true],
    ]);
  });

  it('reads TypeScript enums with z.nativeEnum', async () => {
    const code = `import { z } from 'zod';
enum Priority { Low, Medium = 5, High }
enum Status { Open = 'open', Closed = 'closed' }
export function register(server: { registerTool: (...a: unknown[]) => void }) {
  server.registerTool('enums', { description: 'd', inputSchema: { priority: z.nativeEnum(Priority), status: z.nativeEnum(Status).describe('State') } }, async () => ({ content: [] }));
}
`;
    const loaded = await loadSource(code, '.ts');
    const server = new McpServer({ name: 'schema-test', version: '1.0.0' });
    (loaded.module.register as (s: McpServer) => void)(server);
    const wire = await listToolsOnWire(server);
    const [call] = findCalls(loaded.program, 'registerTool');
    expect(JSON.stringify(publish(buildRegisterToolDecl(call, getContext(loaded))))).toBe(JSON.stringify(wire[0]));
  });
});
