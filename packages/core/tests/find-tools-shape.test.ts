import { describe, expect, it } from 'vitest';
import { analyzeSource, type AnalyzeOptions, type TextValue } from '@toolslim/core';

function textOf(value: TextValue | undefined): string | undefined {
  if (!value) return undefined;
  return value.kind === 'static' ? value.value : `<dynamic:${value.readable}>`;
}

/** [framework, name, description, handler type] for each tool. */
function rows(code: string, filePath = 'tools.ts', options: Partial<AnalyzeOptions> = {}) {
  return analyzeSource(code, { filePath, ...options }).tools.map((t) => [t.framework, textOf(t.name), textOf(t.description), t.handler?.type]);
}

describe('tools found by shape', () => {
  it('reads arrays of definitions with name, description and a schema-like key', () => {
    const code = [
      "import { z } from 'zod';",
      'export const toolDefinitions = [',
      '  { name: "list_issues", description: "Lists issues.", schema: z.object({ state: z.enum(["open", "closed"]) }), handler: listIssues },',
      '  { name: "get_issue", description: "Gets an issue.", argsShape: { id: z.number() }, handler: async () => null },',
      '];',
      'async function listIssues() { return []; }',
    ].join('\n');
    expect(rows(code)).toEqual([
      ['shape', 'list_issues', 'Lists issues.', 'FunctionDeclaration'],
      ['shape', 'get_issue', 'Gets an issue.', 'ArrowFunctionExpression'],
    ]);
  });

  it('never reads MCP resources or resource templates as tools, whatever else they hold', () => {
    const code = [
      "import { Server } from '@modelcontextprotocol/sdk/server/index.js';",
      'export const tools = [',
      '  { name: "water_bed", description: "Waters one bed.", inputSchema: { type: "object", properties: { bed: { type: "string" } } } },',
      '];',
      'export const templates = [',
      '  { uriTemplate: "garden://beds/{bed}", name: "Garden bed", description: "One bed and what grows in it.", parameters: { bed: { type: "string" } } },',
      '];',
      'export const resources = [',
      '  { uri: "garden://shed", name: "Tool shed", description: "What the shed holds.", inputSchema: { type: "object" } },',
      '];',
    ].join('\n');
    expect(rows(code).map((row) => row[1])).toEqual(['water_bed']);
  });

  it('reads definitions nested one level down, with the handler from the outer object (defineTool)', () => {
    const code = [
      'export const snapshot = defineTool({',
      '  capability: "core",',
      '  schema: {',
      '    name: "browser_snapshot",',
      '    title: "Page snapshot",',
      '    description: "Captures an accessibility snapshot of the page.",',
      '    inputSchema: z.object({}),',
      '    type: "readOnly",',
      '  },',
      '  handle: async (context) => { await context.snapshot(); },',
      '});',
    ].join('\n');
    const model = analyzeSource(code, { filePath: 'snapshot.ts' });
    expect(model.tools.map((t) => [t.framework, textOf(t.name), textOf(t.title), textOf(t.description), t.handler?.type, t.line])).toEqual([
      ['shape', 'browser_snapshot', 'Page snapshot', 'Captures an accessibility snapshot of the page.', 'ArrowFunctionExpression', 3],
    ]);
  });

  it('reads definitions returned from arrow functions and fields that are all references to constants', () => {
    const code = [
      'const NAME = "run_query";',
      'const DESCRIPTION = ["Runs a read-only SQL query.", "Results are capped at 100 rows."].join(" ");',
      'const INPUT = { type: "object", properties: { sql: { type: "string" } }, required: ["sql"] };',
      'export const runQuery = (db) => ({ name: NAME, description: DESCRIPTION, inputSchema: INPUT, handler: (args) => db.query(args.sql) });',
    ].join('\n');
    const model = analyzeSource(code, { filePath: 'query.ts' });
    expect(model.tools.map((t) => [textOf(t.name), textOf(t.description), t.inputSchema.kind, t.nameNode?.type])).toEqual([
      ['run_query', 'Runs a read-only SQL query. Results are capped at 100 rows.', 'static', 'Identifier'],
    ]);
    expect(model.tools[0].params.map((p) => [p.name, p.required])).toEqual([['sql', true]]);
  });

  it('names definitions by the record key they sit under', () => {
    const code = [
      'export const TOOLS = {',
      '  create_page: { description: "Creates a page.", inputSchema: { type: "object", properties: { title: { type: "string" } } } },',
      '  "archive-page": { description: "Archives a page.", parameters: { type: "object" } },',
      '};',
    ].join('\n');
    const model = analyzeSource(code, { filePath: 'pages.ts' });
    expect(model.tools.map((t) => [t.framework, textOf(t.name), t.nameNode?.type])).toEqual([
      ['shape', 'create_page', 'Identifier'],
      ['shape', 'archive-page', 'Literal'],
    ]);
    // The name of an identifier key maps back to its source characters.
    const name = model.tools[0].name;
    expect(name?.kind === 'static' && code.slice(name.pieces[0].sourceOffsets![0], name.pieces[0].sourceOffsets!.at(-1))).toBe('create_page');
  });

  it('names definitions by computed record keys and reads frozen records', () => {
    const code = [
      'enum ToolName { SEARCH = "search_notes" }',
      'const PREFIX = "notes";',
      'export const TOOLS = Object.freeze({',
      '  [ToolName.SEARCH]: { description: "Searches notes.", inputSchema: { type: "object" } },',
      '  [`${PREFIX}_list`]: { description: "Lists notes.", inputSchema: { type: "object" } },',
      '});',
    ].join('\n');
    expect(rows(code).map((r) => [r[0], r[1]])).toEqual([
      ['shape', 'search_notes'],
      ['shape', 'notes_list'],
    ]);
    // Listed through Object.entries(…).map(…), the same definitions are the low-level server's, named by their keys.
    const listed = `${code}\nserver.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: Object.entries(TOOLS).map(([name, t]) => ({ name, ...t })) }));`;
    expect(rows(listed).map((r) => [r[0], r[1]])).toEqual([
      ['mcp-sdk-low-level', 'search_notes'],
      ['mcp-sdk-low-level', 'notes_list'],
    ]);
  });

  it('reads names and descriptions imported from other modules as dynamic, not as missing', () => {
    const code = [
      "import { ToolNames } from './names.js';",
      "import { SEARCH_DESCRIPTION } from './descriptions.js';",
      'export const searchTool = { name: ToolNames.SEARCH, description: SEARCH_DESCRIPTION, inputSchema: searchSchema };',
    ].join('\n');
    const [tool] = analyzeSource(code, { filePath: 'search.ts' }).tools;
    expect(tool.framework).toBe('mcp-sdk-low-level');
    expect(tool.name?.kind).toBe('dynamic');
    expect(tool.description).toMatchObject({ kind: 'dynamic', reason: expect.stringContaining('./descriptions.js') });
  });

  it('reads names from required modules in compiled CommonJS as dynamic, not as missing', () => {
    const code = [
      '"use strict";',
      'const constants_1 = require("../constants");',
      'const schemas_1 = __importDefault(require("../schemas"));',
      'exports.readTool = { name: constants_1.TOOL_NAMES.READ, description: "Reads.", inputSchema: schemas_1.default.read };',
      'function build(def) { return { name: def.name, description: "Built.", inputSchema: def.schema }; }',
    ].join('\n');
    expect(rows(code, 'dist/tools/read.js').map((r) => [r[0], r[1]])).toEqual([['mcp-sdk-low-level', expect.stringContaining('<dynamic')]]);
  });

  it('reads constants from other files through the resolver hook', () => {
    const code = "import { SEARCH_DESCRIPTION } from './d.js';\nexport const t = { name: 'search', description: SEARCH_DESCRIPTION, inputSchema: {} };";
    const [tool] = analyzeSource(code, {
      filePath: 'search.ts',
      resolveConstant: (ref) => (ref.importedName === 'SEARCH_DESCRIPTION' ? { value: 'Searches everything.', file: 'd.ts' } : undefined),
    }).tools;
    expect(textOf(tool.description)).toBe('Searches everything.');
  });

  it('reads classes with name, description and schema fields, static toolName and compiled constructor assignments', () => {
    const code = [
      'export class ReadFileTool extends BaseTool {',
      '  static toolName = "read_file";',
      '  name = ReadFileTool.toolName;',
      '  description = "Reads a file from disk.";',
      '  inputSchema = { type: "object", properties: { path: { type: "string" } } };',
      '  async execute(args) { return readFile(args.path); }',
      '}',
      'class ListTool {',
      '  static toolName = "list_dir";',
      '  get description() { return "Lists a directory."; }',
      '  get schema() { return z.object({ dir: z.string() }); }',
      '}',
      'class Compiled {',
      '  constructor() {',
      '    this.name = "compiled_tool";',
      '    this.description = "Compiled by tsc.";',
      '    this.parameters = { type: "object" };',
      '  }',
      '  run() {}',
      '}',
    ].join('\n');
    expect(rows(code, 'classes.js')).toEqual([
      ['shape', 'read_file', 'Reads a file from disk.', 'FunctionExpression'],
      ['shape', 'list_dir', 'Lists a directory.', undefined],
      ['shape', 'compiled_tool', 'Compiled by tsc.', 'FunctionExpression'],
    ]);
  });

  it('reads Speakeasy-generated definitions, whose schema is `args` beside a `tool` function', () => {
    const code = [
      'import * as operations from "../../models/operations/index.js";',
      'const args = { request: operations.GetFeatureFlagsRequest$inboundSchema };',
      'export const tool$featureFlagsList = {',
      '  name: "list-feature-flags",',
      '  description: `Retrieves all feature flags within a project.\n`,',
      '  scopes: ["read"],',
      '  args,',
      '  tool: async (client, args, ctx) => ({ content: [] }),',
      '};',
      'export const command = { name: "build", description: "Builds.", args: { watch: { type: "boolean" } } };',
    ].join('\n');
    expect(rows(code, 'featureFlagsList.js')).toEqual([['shape', 'list-feature-flags', 'Retrieves all feature flags within a project.\n', 'ArrowFunctionExpression']]);
  });

  it('reads decorator definitions and takes the decorated method as the handler', () => {
    const code = [
      '@Injectable()',
      'export class GreetingTool {',
      '  @Tool({ name: "greet_user", description: "Greets a user by name.", parameters: z.object({ name: z.string() }) })',
      '  async greet({ name }) { return { content: [{ type: "text", text: name }] }; }',
      '}',
    ].join('\n');
    expect(rows(code, 'greeting.tool.ts')).toEqual([['shape', 'greet_user', 'Greets a user by name.', 'FunctionExpression']]);
  });

  it('links shape tools to the file’s only server', () => {
    const code = [
      'const server = new Server({ name: "notes", version: "1.0.0" }, { capabilities: { tools: {} } });',
      'const NOTE_TOOLS = [{ name: "add_note", description: "Adds a note.", inputSchema: { type: "object" } }];',
    ].join('\n');
    const model = analyzeSource(code, { filePath: 'notes.ts' });
    expect(model.tools[0].server).toBe(model.servers[0]);
  });
});

describe('factories named in settings', () => {
  it('reads factory calls without a schema-like key, and nested definitions one level down', () => {
    const code = [
      'export const ping = makeTool({ name: "ping", description: "Checks the server.", run: async () => "pong" });',
      'export const nested = defineTool({ capability: "tabs", schema: { name: "tab_list", description: "Lists tabs.", inputSchema: z.object({}) }, handle: async () => [] });',
      'export const plain = otherHelper({ name: "not_a_tool", description: "No schema and no factory." });',
    ].join('\n');
    expect(rows(code, 'tools.ts', { settings: { factories: ['makeTool', 'defineTool'] } })).toEqual([
      ['factory', 'ping', 'Checks the server.', 'ArrowFunctionExpression'],
      ['factory', 'tab_list', 'Lists tabs.', 'ArrowFunctionExpression'],
    ]);
  });
});

describe('one tool per declaration', () => {
  it('reports a definition once when it is also registered by its fields', () => {
    const code = [
      'const echoTool = { name: "echo", description: "Echoes.", inputSchema: { message: z.string() } };',
      'server.registerTool(echoTool.name, { description: echoTool.description, inputSchema: echoTool.inputSchema }, async () => ({ content: [] }));',
      'const addTool = { name: "add", description: "Adds.", inputSchema: { a: z.number() } };',
      'server.registerTool("add", { ...addTool }, async () => ({ content: [] }));',
      "import { NAMES } from './names.js';",
      'const mulTool = { name: NAMES.MUL, description: "Multiplies.", inputSchema: { a: z.number() } };',
      'server.tool(mulTool.name, mulTool.description, mulTool.inputSchema, async () => ({ content: [] }));',
    ].join('\n');
    expect(rows(code, 'server.ts').map((r) => [r[0], r[1]])).toEqual([
      ['mcp-sdk', 'echo'],
      ['mcp-sdk', 'add'],
      ['mcp-sdk', '<dynamic:>'],
    ]);
  });

  it('does not lose a definition spread into an object that turns out not to be a tool', () => {
    const code = [
      'function asJsonSchema() { return { ...LOOKUP, type: "object", schema: {} }; }',
      'const LOOKUP = { name: "lookup", description: "Looks up a word.", inputSchema: { type: "object" } };',
    ].join('\n');
    expect(rows(code).map((r) => [r[0], r[1]])).toEqual([['shape', 'lookup']]);
  });

  it('reports low-level list items once even though they also match by shape', () => {
    const code = [
      'const TOOLS = [{ name: "a", description: "A.", inputSchema: { type: "object" } }];',
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));',
    ].join('\n');
    expect(rows(code).map((r) => [r[0], r[1]])).toEqual([['mcp-sdk-low-level', 'a']]);
  });
});

describe('objects that are not tools', () => {
  it('skips plain objects with a name and a description but no schema-like key', () => {
    expect(rows('export const pkg = { name: "toolslim", description: "Keeps tools small.", version: "1.0.0" };')).toEqual([]);
  });

  it('skips zod objects and JSON Schemas whose properties are called name, description and inputSchema', () => {
    const code = [
      'const ToolSchema = z.object({ name: z.string(), description: z.string().optional(), inputSchema: z.record(z.unknown()) });',
      'const jsonSchema = { type: "object", properties: { name: { type: "string" }, description: { type: "string" }, parameters: { type: "object" } } };',
      'const nested = { type: "object", properties: { tool: { description: "A tool.", schema: { type: "object" } } } };',
    ].join('\n');
    expect(rows(code)).toEqual([]);
  });

  it('skips generic builders whose fields come from parameters', () => {
    const code = [
      'export function toMcpTool(def) {',
      '  return { name: def.name, description: def.description, inputSchema: zodToJsonSchema(def.schema) };',
      '}',
      'export const toTools = (defs) => defs.map((d) => ({ name: d.name, description: d.description, parameters: d.parameters }));',
    ].join('\n');
    expect(rows(code)).toEqual([]);
  });

  it('skips OpenAPI operations, ESLint rule metas and array-valued schemas', () => {
    const code = [
      'const spec = { paths: { "/pets": { get: { description: "Lists pets.", parameters: [{ name: "limit", in: "query" }] } } } };',
      'const param = { name: "petId", in: "path", description: "Pet id.", schema: { type: "integer" } };',
      'const op = { parameters: [{ name: "tag", description: "Tag.", schema: { type: "string" } }] };',
      'export default { name: "my-rule", meta: { type: "problem", description: "Rule.", schema: [] }, create() { return {}; } };',
      'const columns = [{ name: "id", description: "Row id.", schema: "public" }];',
    ].join('\n');
    expect(rows(code)).toEqual([]);
  });

  it('ignores tool-like text inside type declarations', () => {
    const code = [
      'interface ToolLike { name: string; description: string; inputSchema: object }',
      'type Def = { name: "x"; description: "y"; parameters: {} };',
      'declare function defineTool(def: { name: string; description: string; schema: unknown }): void;',
    ].join('\n');
    expect(rows(code)).toEqual([]);
  });
});
