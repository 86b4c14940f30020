import { describe, expect, it } from 'vitest';
import { analyzeSource, type TextValue, type ToolDecl } from '@toolslim/core';

function textOf(value: TextValue | undefined): string | undefined {
  if (!value) return undefined;
  return value.kind === 'static' ? value.value : `<dynamic:${value.readable}>`;
}

function tools(code: string, filePath = 'tools.ts'): readonly ToolDecl[] {
  return analyzeSource(code, { filePath }).tools;
}

/** [framework, name, description, schema kind, handler type] for each tool. */
function rows(code: string, filePath = 'tools.ts') {
  return tools(code, filePath).map((t) => [t.framework, textOf(t.name), textOf(t.description), t.inputSchema.kind, t.handler?.type]);
}

describe('fastmcp', () => {
  it('reads server.addTool({ name, description, parameters, execute, annotations })', () => {
    const code = [
      "import { FastMCP } from 'fastmcp';",
      "import { z } from 'zod';",
      'const server = new FastMCP({ name: "Addition", version: "1.0.0" });',
      'server.addTool({',
      '  name: "add",',
      '  description: "Adds two numbers.",',
      '  parameters: z.object({ a: z.number(), b: z.number() }),',
      '  annotations: { readOnlyHint: true },',
      '  execute: async (args) => String(args.a + args.b),',
      '});',
      'server.addTool({ name: "noop", description: "Does nothing.", execute: async () => "" });',
    ].join('\n');
    const model = analyzeSource(code, { filePath: 'server.ts' });
    expect(model.tools.map((t) => [t.framework, textOf(t.name), textOf(t.description), t.inputSchema.kind, t.handler?.type])).toEqual([
      ['fastmcp', 'add', 'Adds two numbers.', 'static', 'ArrowFunctionExpression'],
      ['fastmcp', 'noop', 'Does nothing.', 'none', 'ArrowFunctionExpression'],
    ]);
    expect(model.tools[0].annotations).toEqual({ readOnlyHint: true });
    expect(model.servers.map((s) => [s.framework, textOf(s.name)])).toEqual([['fastmcp', 'Addition']]);
    expect(model.tools.every((t) => t.server === model.servers[0])).toBe(true);
  });
});

describe('Vercel AI SDK', () => {
  it('names tool({…}) by its key in a tools record, with inputSchema (v5) or parameters (v4)', () => {
    const code = [
      "import { generateText, tool } from 'ai';",
      "import { z } from 'zod';",
      'const result = await generateText({',
      '  model,',
      '  tools: {',
      '    weather: tool({',
      '      description: "Gets the weather in a location.",',
      '      inputSchema: z.object({ location: z.string().describe("City.") }),',
      '      execute: async ({ location }) => ({ location, temperature: 72 }),',
      '    }),',
      '    "convert-units": tool({ description: "Converts units.", parameters: z.object({ value: z.number() }), execute: async () => 1 }),',
      '  },',
      '});',
    ].join('\n');
    expect(rows(code)).toEqual([
      ['vercel-ai', 'weather', 'Gets the weather in a location.', 'static', 'ArrowFunctionExpression'],
      ['vercel-ai', 'convert-units', 'Converts units.', 'static', 'ArrowFunctionExpression'],
    ]);
    expect(tools(code)[0].params.map((p) => [p.name, textOf(p.description)])).toEqual([['location', 'City.']]);
  });

  it('names a tool held in a variable by the key it is given, and spreads of a definitions record by their key', () => {
    const code = [
      'const definitions = {',
      '  search_docs: { description: "Searches the docs.", inputSchema: z.object({ q: z.string() }) },',
      '};',
      'const lookup = tool({ description: "Looks up a term.", inputSchema: z.object({ term: z.string() }), execute });',
      'export const tools = {',
      '  lookup_term: lookup,',
      '  docs: tool({ ...definitions.search_docs, execute: async () => [] }),',
      '};',
    ].join('\n');
    const found = tools(code);
    expect(found.map((t) => [t.framework, textOf(t.name), textOf(t.description)])).toEqual([
      ['vercel-ai', 'lookup_term', 'Looks up a term.'],
      ['vercel-ai', 'docs', 'Searches the docs.'],
    ]);
  });

  it('names a spread definition by its record key when the tool is not under a key', () => {
    const code = [
      'const defs = { fetch_page: { description: "Fetches a page.", inputSchema: z.object({ url: z.string() }) } };',
      'export const fetchPage = tool({ ...defs.fetch_page, execute: async () => "" });',
    ].join('\n');
    expect(tools(code).map((t) => [t.framework, textOf(t.name), textOf(t.description)])).toEqual([['vercel-ai', 'fetch_page', 'Fetches a page.']]);
  });

  it('says the name is unknown when the key is in another file', () => {
    const [tool] = tools('export const weatherTool = tool({ description: "Weather.", inputSchema: z.object({}) });');
    expect(tool.name).toMatchObject({ kind: 'dynamic' });
  });

  it('takes tool({ name, … }) outside a record for the OpenAI Agents SDK', () => {
    const code = [
      "import { Agent, tool } from '@openai/agents';",
      'const getWeather = tool({ name: "get_weather", description: "Gets the weather.", parameters: z.object({ city: z.string() }), execute: async () => "sunny" });',
      'const agent = new Agent({ name: "Weather bot", instructions: "Help.", tools: [getWeather] });',
    ].join('\n');
    expect(tools(code).map((t) => [t.framework, textOf(t.name), textOf(t.description)])).toEqual([['openai', 'get_weather', 'Gets the weather.']]);
  });

  it('reads compiled CommonJS `(0, ai_1.tool)(…)` in a .cjs file', () => {
    const code = [
      '"use strict";',
      'const ai_1 = require("ai");',
      'const zod_1 = require("zod");',
      'exports.tools = {',
      '    summarize: (0, ai_1.tool)({',
      '        description: "Summarizes text.",',
      '        inputSchema: zod_1.z.object({ text: zod_1.z.string() }),',
      '        execute: async ({ text }) => text,',
      '    }),',
      '};',
    ].join('\n');
    expect(tools(code, 'dist/tools.cjs').map((t) => [t.framework, textOf(t.name), textOf(t.description)])).toEqual([['vercel-ai', 'summarize', 'Summarizes text.']]);
  });

  it('reads a plain tools record without tool() as Vercel AI definitions', () => {
    const code = 'streamText({ tools: { calc: { description: "Calculates.", parameters: z.object({ expr: z.string() }), execute } } });';
    expect(tools(code).map((t) => [t.framework, textOf(t.name)])).toEqual([['vercel-ai', 'calc']]);
  });
});

describe('Mastra', () => {
  it('reads createTool({ id, description, inputSchema, outputSchema, execute })', () => {
    const code = [
      "import { createTool } from '@mastra/core/tools';",
      "import { z } from 'zod';",
      'export const weatherTool = createTool({',
      '  id: "get-weather",',
      '  description: "Gets current weather for a location.",',
      '  inputSchema: z.object({ location: z.string().describe("City name") }),',
      '  outputSchema: z.object({ temperature: z.number() }),',
      '  execute: async ({ context }) => ({ temperature: 20 }),',
      '});',
    ].join('\n');
    const [tool] = tools(code);
    expect([tool.framework, textOf(tool.name), textOf(tool.description), tool.inputSchema.kind, tool.outputSchema.kind, tool.handler?.type]).toEqual([
      'mastra',
      'get-weather',
      'Gets current weather for a location.',
      'static',
      'static',
      'ArrowFunctionExpression',
    ]);
    expect(tool.nameNode?.type).toBe('Literal');
  });

  it("a project's own createTool is no Mastra call: its definition is read by shape", () => {
    const definition = ['createTool({', '  name: "water_bed",', '  description: "Waters one bed.",', '  schema: z.object({ bed: z.string() }),', '  execute: async () => ({}),', '})'];
    const imported = ["import { createTool } from './tool-utils.js';", "import { z } from 'zod';", `export const tools = [${definition.join('\n')}];`].join('\n');
    const declared = ["import { z } from 'zod';", 'function createTool(config) { return { ...config, inputSchema: config.schema }; }', `export const tools = [${definition.join('\n')}];`].join('\n');
    expect(tools(imported).map((t) => [t.framework, textOf(t.name)])).toEqual([['shape', 'water_bed']]);
    expect(tools(declared).map((t) => [t.framework, textOf(t.name)])).toEqual([['shape', 'water_bed']]);
  });
});

describe('LangChain.js', () => {
  it('reads tool(fn, { name, description, schema }) and names its handler', () => {
    const code = [
      "import { tool } from '@langchain/core/tools';",
      "import { z } from 'zod';",
      'const multiply = tool(',
      '  async ({ a, b }) => a * b,',
      '  { name: "multiply", description: "Multiplies two numbers.", schema: z.object({ a: z.number(), b: z.number() }) },',
      ');',
    ].join('\n');
    expect(rows(code)).toEqual([['langchain', 'multiply', 'Multiplies two numbers.', 'static', 'ArrowFunctionExpression']]);
  });

  it('reads new DynamicStructuredTool({…}) and new DynamicTool({…})', () => {
    const code = [
      "import { DynamicStructuredTool, DynamicTool } from '@langchain/core/tools';",
      "import { z } from 'zod';",
      'const search = new DynamicStructuredTool({',
      '  name: "search",',
      '  description: "Searches the web.",',
      '  schema: z.object({ query: z.string() }),',
      '  func: async ({ query }) => query,',
      '});',
      'const echo = new DynamicTool({ name: "echo", description: "Echoes its input.", func: async (input) => input });',
    ].join('\n');
    expect(rows(code)).toEqual([
      ['langchain', 'search', 'Searches the web.', 'static', 'ArrowFunctionExpression'],
      ['langchain', 'echo', 'Echoes its input.', 'none', 'ArrowFunctionExpression'],
    ]);
  });

  it('reads StructuredTool subclasses with class fields', () => {
    const code = [
      "import { StructuredTool } from '@langchain/core/tools';",
      "import * as z from 'zod';",
      'export class CalculatorTool extends StructuredTool {',
      '  name = "calculator";',
      '  description = "Evaluates an arithmetic expression.";',
      '  schema = z.object({ expression: z.string() });',
      '  async _call({ expression }) { return String(expression); }',
      '}',
    ].join('\n');
    expect(rows(code)).toEqual([['langchain', 'calculator', 'Evaluates an arithmetic expression.', 'static', 'FunctionExpression']]);
  });
});

describe('Anthropic and OpenAI tool arrays', () => {
  it('reads Anthropic { name, description, input_schema } items', () => {
    const code = [
      "import Anthropic from '@anthropic-ai/sdk';",
      'const tools: Anthropic.Tool[] = [',
      '  { name: "get_stock_price", description: "Gets the stock price.", input_schema: { type: "object", properties: { ticker: { type: "string" } }, required: ["ticker"] } },',
      '];',
      'await client.messages.create({ model, max_tokens: 1024, tools, messages });',
    ].join('\n');
    const [tool] = tools(code);
    expect([tool.framework, textOf(tool.name), textOf(tool.description), tool.inputSchema.kind]).toEqual(['anthropic', 'get_stock_price', 'Gets the stock price.', 'static']);
    expect(tool.params.map((p) => [p.name, p.required])).toEqual([['ticker', true]]);
  });

  it('reads OpenAI Chat Completions `{ type: "function", function: {…} }` once, and Responses API flat functions', () => {
    const code = [
      'const tools = [',
      '  {',
      '    type: "function",',
      '    function: {',
      '      name: "get_weather",',
      '      description: "Gets the weather.",',
      '      parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false },',
      '      strict: true,',
      '    },',
      '  },',
      '  { type: "function", name: "get_time", description: "Gets the time.", parameters: { type: "object", properties: {} } },',
      '];',
    ].join('\n');
    const found = tools(code, 'agent.mjs');
    expect(found.map((t) => [t.framework, textOf(t.name), textOf(t.description), t.inputSchema.kind, t.line])).toEqual([
      ['openai', 'get_weather', 'Gets the weather.', 'static', 2],
      ['openai', 'get_time', 'Gets the time.', 'static', 11],
    ]);
    expect(found[0].nameNode?.type).toBe('Literal');
  });

  it('does not take an OpenAI structured-output format for a tool', () => {
    const code = [
      'await openai.chat.completions.create({',
      '  response_format: { type: "json_schema", json_schema: { name: "answer", description: "The answer.", schema: { type: "object" }, strict: true } },',
      '});',
      'await openai.responses.create({ text: { format: { type: "json_schema", name: "answer", description: "Answer.", schema: { type: "object" } } } });',
    ].join('\n');
    expect(tools(code)).toEqual([]);
  });
});

describe('file kinds', () => {
  it('reads .tsx components that declare tools', () => {
    const code = [
      "import { tool } from 'ai';",
      'export function Chat() {',
      '  const tools = { showCard: tool({ description: "Shows a card.", inputSchema: z.object({ title: z.string() }) }) };',
      '  return <ChatView tools={tools} title="Chat" />;',
      '}',
    ].join('\n');
    expect(tools(code, 'chat.tsx').map((t) => [t.framework, textOf(t.name)])).toEqual([['vercel-ai', 'showCard']]);
  });

  it('reads unminified bundler ESM output with renamed classes and hoisted zod', () => {
    const code = [
      '// src/index.ts',
      'import { McpServer as McpServer2 } from "@modelcontextprotocol/sdk/server/mcp.js";',
      'import { z as z17 } from "zod";',
      'var DESCRIPTION = "Lists files.";',
      'var server = new McpServer2({ name: "bundled", version: "1.0.0" });',
      'server.tool("list_files", DESCRIPTION, { dir: z17.string() }, async ({ dir }) => ({ content: [] }));',
      'export { server };',
    ].join('\n');
    const model = analyzeSource(code, { filePath: 'dist/index.mjs' });
    expect(model.tools.map((t) => [t.framework, textOf(t.name), textOf(t.description), t.inputSchema.kind])).toEqual([
      ['mcp-sdk', 'list_files', 'Lists files.', 'static'],
    ]);
    expect(textOf(model.tools[0].server?.name)).toBe('bundled');
  });
});
