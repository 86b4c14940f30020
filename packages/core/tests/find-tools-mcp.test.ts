import { describe, expect, it } from 'vitest';
import { analyzeSource, findTools, parseSource, type AnalyzeOptions, type TextValue, type ToolDecl } from '@toolslim/core';

function textOf(value: TextValue | undefined): string | undefined {
  if (!value) return undefined;
  return value.kind === 'static' ? value.value : `<dynamic:${value.readable}>`;
}

/** The parts of each tool a test states expectations about. */
function summarize(code: string, filePath = 'server.ts', options: Partial<AnalyzeOptions> = {}) {
  return analyzeSource(code, { filePath, ...options }).tools.map((t: ToolDecl) => ({
    framework: t.framework,
    name: textOf(t.name),
    description: textOf(t.description),
    line: t.line,
  }));
}

function tools(code: string, filePath = 'server.ts'): readonly ToolDecl[] {
  return analyzeSource(code, { filePath }).tools;
}

describe('MCP SDK McpServer#tool, every overload', () => {
  const code = [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "import { z } from 'zod';",
    "const server = new McpServer({ name: 'files', version: '1.0.0' });",
    "server.tool('ping', async () => ({ content: [] }));",
    "server.tool('describe_only', 'Says hello.', async () => ({ content: [] }));",
    "server.tool('shape_only', { path: z.string() }, async ({ path }) => ({ content: [] }));",
    "server.tool('all', 'Reads a file.', { path: z.string().describe('Path to read.') }, { readOnlyHint: true }, async () => ({ content: [] }));",
    "server.tool('annotations_only', { destructiveHint: false, title: 'Annotated' }, async () => ({ content: [] }));",
    "server.tool('shape_annotations', { q: z.string() }, { openWorldHint: true }, async () => ({ content: [] }));",
    "server.tool('empty_shape', 'No params.', {}, async () => ({ content: [] }));",
  ].join('\n');

  it('reads name, description, schema and annotations for each argument layout', () => {
    const found = tools(code);
    expect(found.map((t) => [textOf(t.name), textOf(t.description), t.inputSchema.kind, t.annotations])).toEqual([
      ['ping', undefined, 'none', undefined],
      ['describe_only', 'Says hello.', 'none', undefined],
      ['shape_only', undefined, 'static', undefined],
      ['all', 'Reads a file.', 'static', { readOnlyHint: true }],
      ['annotations_only', undefined, 'none', { destructiveHint: false, title: 'Annotated' }],
      ['shape_annotations', undefined, 'static', { openWorldHint: true }],
      ['empty_shape', 'No params.', 'static', undefined],
    ]);
    expect(found.every((t) => t.framework === 'mcp-sdk' && t.handler?.type === 'ArrowFunctionExpression')).toBe(true);
    expect(found.map((t) => t.line)).toEqual([4, 5, 6, 7, 8, 9, 10]);
  });

  it('publishes the params of a raw shape, with their descriptions', () => {
    const all = tools(code).find((t) => textOf(t.name) === 'all')!;
    expect(all.params.map((p) => [p.name, textOf(p.description)])).toEqual([['path', 'Path to read.']]);
    expect(all.inputSchema.kind === 'static' && all.inputSchema.json.properties).toEqual({ path: { type: 'string', description: 'Path to read.' } });
  });

  it('links every tool to the server it is registered on', () => {
    const model = analyzeSource(code, { filePath: 'server.ts' });
    expect(model.servers).toHaveLength(1);
    expect(textOf(model.servers[0].name)).toBe('files');
    expect(model.tools.every((t) => t.server === model.servers[0])).toBe(true);
  });

  it('reads descriptions held in constants, `+` chains and joined arrays, and names them by their node', () => {
    const found = tools(
      [
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        'const READ = "read_file";',
        'const DESCRIPTION = ["Reads a file.", "Use absolute paths."].join(" ");',
        'const mcp = new McpServer({ name: "x", version: "1" });',
        'mcp.tool(READ, DESCRIPTION, {}, async () => ({ content: [] }));',
        'mcp.tool("grep", "Searches " + "files.", async () => ({ content: [] }));',
      ].join('\n'),
    );
    expect(found.map((t) => [textOf(t.name), textOf(t.description), t.nameNode?.type])).toEqual([
      ['read_file', 'Reads a file. Use absolute paths.', 'Identifier'],
      ['grep', 'Searches files.', 'Literal'],
    ]);
  });

  it('marks text it cannot read as dynamic instead of guessing', () => {
    const [tool] = tools('server.tool("os_info", `Runs on ${process.platform}.`, async () => ({ content: [] }));');
    expect(tool.description).toMatchObject({ kind: 'dynamic', readable: 'Runs on .' });
  });
});

describe('MCP SDK McpServer#registerTool', () => {
  it('reads title, description, input and output schemas and annotations from the config', () => {
    const [tool] = tools(
      [
        "import { z } from 'zod';",
        'const server = new McpServer({ name: "weather", version: "1.0.0" });',
        'server.registerTool(',
        '  "get_forecast",',
        '  {',
        '    title: "Forecast",',
        '    description: "Gets the forecast for a city.",',
        '    inputSchema: { city: z.string().describe("City name.") },',
        '    outputSchema: { temperature: z.number() },',
        '    annotations: { readOnlyHint: true, openWorldHint: true },',
        '  },',
        '  async ({ city }) => ({ content: [{ type: "text", text: city }] }),',
        ');',
      ].join('\n'),
    );
    expect(tool).toMatchObject({ framework: 'mcp-sdk', line: 3, annotations: { readOnlyHint: true, openWorldHint: true } });
    expect([textOf(tool.name), textOf(tool.title), textOf(tool.description)]).toEqual(['get_forecast', 'Forecast', 'Gets the forecast for a city.']);
    expect(tool.inputSchema.kind).toBe('static');
    expect(tool.outputSchema.kind).toBe('static');
    expect(tool.params.map((p) => p.name)).toEqual(['city']);
    expect(tool.handler?.type).toBe('ArrowFunctionExpression');
  });

  it('reads a config object defined elsewhere in the file and a handler named by a function', () => {
    const [tool] = tools(
      [
        'const config = { description: "Lists repositories.", inputSchema: {} };',
        'async function listRepos() { return { content: [] }; }',
        'server.registerTool("list_repos", config, listRepos);',
      ].join('\n'),
    );
    expect(textOf(tool.description)).toBe('Lists repositories.');
    expect(tool.handler?.type).toBe('FunctionDeclaration');
  });

  it('finds tools registered on this.server (Cloudflare McpAgent) and links them to the class field server', () => {
    const model = analyzeSource(
      [
        "import { McpAgent } from 'agents/mcp';",
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        "import { z } from 'zod';",
        'export class MyMCP extends McpAgent {',
        '  server = new McpServer({ name: "Authless Calculator", version: "1.0.0" });',
        '  async init() {',
        '    this.server.tool("add", { a: z.number(), b: z.number() }, async ({ a, b }) => ({ content: [{ type: "text", text: String(a + b) }] }));',
        '    this.server.registerTool("calculate", { description: "Does arithmetic." }, async () => ({ content: [] }));',
        '  }',
        '}',
      ].join('\n'),
      { filePath: 'src/index.ts' },
    );
    expect(model.tools.map((t) => textOf(t.name))).toEqual(['add', 'calculate']);
    expect(model.tools.every((t) => t.server === model.servers[0] && t.server !== undefined)).toBe(true);
  });

  it('reads the experimental task API, registerToolTask(name, config, handler)', () => {
    const model = analyzeSource(
      [
        'const server = new McpServer({ name: "tasks", version: "1" });',
        'server.experimental.tasks.registerToolTask("delay", { title: "Delay", description: "Waits.", inputSchema: {} }, { createTask: async () => ({}) });',
      ].join('\n'),
      { filePath: 'tasks.ts' },
    );
    expect(model.tools.map((t) => [t.framework, textOf(t.name), textOf(t.title), textOf(t.description)])).toEqual([['mcp-sdk', 'delay', 'Delay', 'Waits.']]);
    expect(model.tools[0].server).toBe(model.servers[0]);
  });

  it('counts an McpServer whose options are built elsewhere, and never an unrelated `new Server()`', () => {
    const model = analyzeSource(
      [
        "import { Server as SocketServer } from 'socket.io';",
        'const io = new Server(httpServer, { cors: { origin: "*" } });',
        'const mcp = new McpServer(getServerInfo(), { capabilities: {} });',
        'mcp.tool("status", "Reports status.", async () => ({ content: [] }));',
      ].join('\n'),
      { filePath: 'server.ts' },
    );
    expect(model.servers.map((s) => [s.framework, s.name])).toEqual([['mcp-sdk', undefined]]);
    expect(model.tools[0].server).toBe(model.servers[0]);
  });

  it('tells two servers in one file apart by receiver', () => {
    const model = analyzeSource(
      [
        'const a = new McpServer({ name: "alpha", version: "1" });',
        'const b = new McpServer({ name: "beta", version: "1" });',
        'b.tool("on_beta", async () => ({ content: [] }));',
        'a.tool("on_alpha", async () => ({ content: [] }));',
      ].join('\n'),
      { filePath: 'two.ts' },
    );
    expect(model.tools.map((t) => [textOf(t.name), textOf(t.server?.name)])).toEqual([
      ['on_beta', 'beta'],
      ['on_alpha', 'alpha'],
    ]);
  });

  const compiledCjs = [
    '"use strict";',
    'Object.defineProperty(exports, "__esModule", { value: true });',
    'const mcp_js_1 = require("@modelcontextprotocol/sdk/server/mcp.js");',
    'const zod_1 = require("zod");',
    'exports.SEARCH_DESCRIPTION = "Searches the index.";',
    'const server = new mcp_js_1.McpServer({ name: "search", version: "0.1.0" });',
    'server.tool("search", exports.SEARCH_DESCRIPTION, { query: zod_1.z.string().describe("Query text.") }, async ({ query }) => {',
    '    return { content: [{ type: "text", text: query }] };',
    '});',
    'server.registerTool("count", { description: "Counts.", inputSchema: { n: (0, zod_1.z).number() } }, async () => ({ content: [] }));',
  ].join('\n');

  it('reads compiled tsc CommonJS output', () => {
    const model = analyzeSource(compiledCjs, { filePath: 'dist/index.cjs' });
    expect(model.tools.map((t) => [t.framework, textOf(t.name), textOf(t.description), t.handler?.type])).toEqual([
      ['mcp-sdk', 'search', 'Searches the index.', 'ArrowFunctionExpression'],
      ['mcp-sdk', 'count', 'Counts.', 'ArrowFunctionExpression'],
    ]);
    expect(textOf(model.servers[0].name)).toBe('search');
    expect(model.tools.every((t) => t.server === model.servers[0])).toBe(true);
  });

  it('reads the zod schemas of compiled CommonJS output (`zod_1.z`, `(0, zod_1.z)`)', () => {
    const model = analyzeSource(compiledCjs, { filePath: 'dist/index.cjs' });
    expect(model.tools.map((t) => t.inputSchema.kind)).toEqual(['static', 'static']);
    expect(model.tools[0].params.map((p) => [p.name, textOf(p.description)])).toEqual([['query', 'Query text.']]);
  });

  it('does not report a loop that registers definitions written elsewhere', () => {
    const code = [
      "import { TOOLS } from './tools.js';",
      'for (const t of TOOLS) server.tool(t.name, t.description, t.shape, t.run);',
      'function register(def) { server.registerTool(def.name, { description: def.description }, def.run); }',
    ].join('\n');
    expect(summarize(code)).toEqual([]);
  });
});

describe('MCP SDK low-level Server, setRequestHandler(ListToolsRequestSchema)', () => {
  it('reads object literals returned inline, with JSON Schema literals', () => {
    const code = [
      "import { Server } from '@modelcontextprotocol/sdk/server/index.js';",
      "import { ListToolsRequestSchema, CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';",
      'const server = new Server({ name: "redis", version: "0.0.1" }, { capabilities: { tools: {} } });',
      'server.setRequestHandler(ListToolsRequestSchema, async () => {',
      '  return {',
      '    tools: [',
      '      { name: "set", description: "Sets a key.", inputSchema: { type: "object", properties: { key: { type: "string", description: "Key." } }, required: ["key"] } },',
      '      { name: "get", description: "Gets a key.", inputSchema: { type: "object", properties: { key: { type: "string" } } } },',
      '    ],',
      '  };',
      '});',
      'server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [] }));',
    ].join('\n');
    const model = analyzeSource(code, { filePath: 'index.ts' });
    expect(model.tools.map((t) => [t.framework, textOf(t.name), textOf(t.description), t.line])).toEqual([
      ['mcp-sdk-low-level', 'set', 'Sets a key.', 7],
      ['mcp-sdk-low-level', 'get', 'Gets a key.', 8],
    ]);
    expect(model.tools[0].inputSchema).toMatchObject({ kind: 'static', json: { type: 'object', required: ['key'] } });
    expect(model.tools[0].params.map((p) => [p.name, p.required])).toEqual([['key', true]]);
    expect(model.tools[0].server).toBe(model.servers[0]);
    expect(model.servers[0].framework).toBe('mcp-sdk-low-level');
  });

  it('follows identifiers, spreads, Object.values, .map and conditionals to definitions elsewhere in the file', () => {
    const code = [
      'const READ_TOOL = { name: "read", description: "Reads.", inputSchema: { type: "object" } };',
      'const WRITE_TOOL = { name: "write", description: "Writes.", inputSchema: { type: "object" } };',
      'const ADMIN = { purge: { name: "purge", description: "Purges.", inputSchema: { type: "object" } } };',
      'const EXTRA = [{ name: "stats", description: "Stats.", inputSchema: { type: "object" } }];',
      'const BASE = [READ_TOOL, WRITE_TOOL];',
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({',
      '  tools: [...BASE.map((t) => t), ...Object.values(ADMIN), ...(process.env.STATS ? EXTRA : [])],',
      '}));',
    ].join('\n');
    expect(summarize(code).map((t) => [t.framework, t.name])).toEqual([
      ['mcp-sdk-low-level', 'read'],
      ['mcp-sdk-low-level', 'write'],
      ['mcp-sdk-low-level', 'purge'],
      ['mcp-sdk-low-level', 'stats'],
    ]);
  });

  it('follows this.getTools() and this.tools in a class', () => {
    const code = [
      'class KubernetesServer {',
      '  tools = [{ name: "list_pods", description: "Lists pods.", inputSchema: { type: "object" } }];',
      '  constructor() {',
      '    this.server = new Server({ name: "k8s", version: "1" }, {});',
      '    this.server.setRequestHandler(ListToolsRequestSchema, this.listTools.bind(this));',
      '  }',
      '  async listTools() { return { tools: [...this.tools, ...this.getExtraTools()] }; }',
      '  getExtraTools() {',
      '    if (this.readonly) return [];',
      '    return [{ name: "delete_pod", description: "Deletes a pod.", inputSchema: { type: "object" } }];',
      '  }',
      '}',
    ].join('\n');
    const model = analyzeSource(code, { filePath: 'k8s.ts' });
    expect(model.tools.map((t) => [t.framework, textOf(t.name)])).toEqual([
      ['mcp-sdk-low-level', 'list_pods'],
      ['mcp-sdk-low-level', 'delete_pod'],
    ]);
    expect(model.tools.every((t) => t.server === model.servers[0])).toBe(true);
  });

  it('accepts a locally declared ListToolsRequestSchema and compiled `types_js_1.ListToolsRequestSchema`', () => {
    const local = [
      'const ListToolsRequestSchema = z.object({ method: z.literal("tools/list") });',
      'server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [{ name: "local", description: "Local.", inputSchema: { type: "object" } }] }));',
    ].join('\n');
    const compiled = [
      '"use strict";',
      'const index_js_1 = require("@modelcontextprotocol/sdk/server/index.js");',
      'const types_js_1 = require("@modelcontextprotocol/sdk/types.js");',
      'const zod_to_json_schema_1 = require("zod-to-json-schema");',
      'const ReadArgs = zod_1.z.object({ path: zod_1.z.string() });',
      'const server = new index_js_1.Server({ name: "fs", version: "1.0.0" }, { capabilities: { tools: {} } });',
      'server.setRequestHandler(types_js_1.ListToolsRequestSchema, async () => {',
      '    return { tools: [{ name: "read_file", description: "Reads a file.", inputSchema: (0, zod_to_json_schema_1.zodToJsonSchema)(ReadArgs) }] };',
      '});',
    ].join('\n');
    expect(summarize(local).map((t) => t.name)).toEqual(['local']);
    const model = analyzeSource(compiled, { filePath: 'dist/index.js' });
    expect(model.tools.map((t) => [t.framework, textOf(t.name)])).toEqual([['mcp-sdk-low-level', 'read_file']]);
    expect(textOf(model.tools[0].server?.name)).toBe('fs');
  });

  it('reads names held in a TypeScript enum', () => {
    const code = [
      'enum ToolName { ECHO = "echo", ADD = "add" }',
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({',
      '  tools: [',
      '    { name: ToolName.ECHO, description: "Echoes back the input.", inputSchema: { type: "object" } },',
      '    { name: ToolName.ADD, description: "Adds two numbers.", inputSchema: { type: "object" } },',
      '  ],',
      '}));',
    ].join('\n');
    expect(summarize(code).map((t) => t.name)).toEqual(['echo', 'add']);
  });

  it('reads a handler that returns a shorthand `{ tools }` built in its body', () => {
    const code = [
      'server.setRequestHandler(ListToolsRequestSchema, async () => {',
      '  const tools = [{ name: "a", description: "A." }];',
      '  if (flag) tools.push(other);',
      '  return { tools };',
      '});',
    ].join('\n');
    // A wrapped item needs no schema-like key: the list handler says it is a tool.
    expect(summarize(code).map((t) => [t.framework, t.name])).toEqual([['mcp-sdk-low-level', 'a']]);
  });

  it('finds one-tool-per-module objects by shape as low-level definitions', () => {
    const code = [
      "import type { Tool } from '@modelcontextprotocol/sdk/types.js';",
      'export const createIssueTool: Tool = {',
      '  name: "create_issue",',
      '  description: "Creates an issue.",',
      '  inputSchema: { type: "object", properties: { title: { type: "string" } }, required: ["title"] },',
      '};',
    ].join('\n');
    expect(summarize(code, 'tools/create-issue.ts')).toEqual([
      { framework: 'mcp-sdk-low-level', name: 'create_issue', description: 'Creates an issue.', line: 2 },
    ]);
  });

  it('ignores setRequestHandler for other requests', () => {
    expect(summarize('server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: [{ name: "p", description: "P." }] }));')).toEqual([]);
  });
});

describe('findTools caching', () => {
  it('returns the same model for the same program and options, and recomputes for other factories', () => {
    const program = parseSource('const t = defineTool({ name: "x", description: "X." });', 'a.ts');
    const first = findTools(program, { filePath: 'a.ts' });
    expect(findTools(program, { filePath: 'a.ts' })).toBe(first);
    expect(first.tools).toHaveLength(0);
    const withFactory = findTools(program, { filePath: 'a.ts', settings: { factories: ['defineTool'] } });
    expect(withFactory.tools.map((t) => [t.framework, textOf(t.name)])).toEqual([['factory', 'x']]);
  });
});
