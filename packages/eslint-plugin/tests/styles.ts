/**
 * Every declaration style of DESIGN.md as a small source builder, so a rule's tests can run the same
 * case over all of them. Descriptions are passed as source expressions (`"'Reads a file.'"`) and are
 * written verbatim, so a test finds the node it expects a report on with `locate()`.
 */

export interface ParamSource {
  readonly name: string;
  readonly type?: 'string' | 'number' | 'boolean' | 'array';
  /** Source expression of the description, written verbatim. */
  readonly description?: string;
  readonly optional?: boolean;
  readonly enumValues?: readonly string[];
  /** A string pattern (zod `.regex()`, JSON Schema `pattern`). */
  readonly pattern?: string;
}

export interface ToolSource {
  readonly name: string;
  /** Source expression of the description; omitted → the declaration has no description. */
  readonly description?: string;
  readonly params?: readonly ParamSource[];
  /** Expression the handler returns; the handler's first parameter is `args`. */
  readonly handlerBody?: string;
}

type SchemaDialect = 'zod' | 'json-schema';

export interface DeclarationStyle {
  readonly id: string;
  readonly filename: string;
  /** False for styles found by shape, which need a description to be recognised as a tool at all. */
  readonly detectedWithoutDescription: boolean;
  /** False when the handler is not given the tool's arguments as its first parameter. */
  readonly handlerGetsArgs: boolean;
  readonly dialect: SchemaDialect;
  build(tools: readonly ToolSource[]): string;
  /** How the style writes a tool's name in source (where name reports sit). */
  writtenName(name: string): string;
}

const singleQuoted = (name: string) => `'${name}'`;

const DEFAULT_HANDLER = "({ content: [{ type: 'text', text: 'ok' }] })";

function buildZodParam(param: ParamSource, z: string): string {
  const base =
    param.enumValues !== undefined
      ? `${z}.enum([${param.enumValues.map((value) => `'${value}'`).join(', ')}])`
      : param.type === 'array'
        ? `${z}.array(${z}.string())`
        : `${z}.${param.type ?? 'string'}()`;
  const regex = param.pattern === undefined ? '' : `.regex(/${param.pattern}/)`;
  const optional = param.optional ? '.optional()' : '';
  const describe = param.description === undefined ? '' : `.describe(${param.description})`;
  return `${param.name}: ${base}${regex}${optional}${describe}`;
}

function buildJsonParam(param: ParamSource, quote: string): string {
  const q = (text: string) => `${quote}${text}${quote}`;
  const parts = [`type: ${q(param.type ?? 'string')}`];
  if (param.pattern !== undefined) parts.push(`pattern: ${q(param.pattern)}`);
  if (param.enumValues !== undefined) parts.push(`enum: [${param.enumValues.map(q).join(', ')}]`);
  if (param.type === 'array') parts.push(`items: { type: ${q('string')} }`);
  if (param.description !== undefined) parts.push(`description: ${param.description}`);
  return `${param.name}: { ${parts.join(', ')} }`;
}

/** The zod shape's properties, one per line at `indent`. */
function buildZodShape(tool: ToolSource, indent: string, z = 'z'): string {
  return (tool.params ?? []).map((param) => `\n${indent}${buildZodParam(param, z)},`).join('') + `\n${indent.slice(2)}`;
}

/** A JSON Schema object literal with the tool's parameters, properties one per line at `indent`. */
function buildJsonSchema(tool: ToolSource, indent: string, quote = "'"): string {
  const params = tool.params ?? [];
  const properties = params.map((param) => `\n${indent}  ${buildJsonParam(param, quote)},`).join('');
  const required = params.filter((param) => !param.optional).map((param) => `${quote}${param.name}${quote}`);
  return `{\n${indent}type: ${quote}object${quote},\n${indent}properties: {${properties}\n${indent}},\n${indent}required: [${required.join(', ')}],\n${indent.slice(2)}}`;
}

function handler(tool: ToolSource): string {
  return `async (args) => ${tool.handlerBody ?? DEFAULT_HANDLER}`;
}

function describeField(tool: ToolSource, indent: string): string {
  return tool.description === undefined ? '' : `\n${indent}description: ${tool.description},`;
}

const ZOD_IMPORT = "import { z } from 'zod';\n";
const MCP_SERVER = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n" + ZOD_IMPORT + "const server = new McpServer({ name: 'demo', version: '1.0.0' });\n";

export const DECLARATION_STYLES: readonly DeclarationStyle[] = [
  {
    id: 'mcp-sdk tool()',
    filename: 'server.ts',
    detectedWithoutDescription: true,
    handlerGetsArgs: true,
    dialect: 'zod',
    writtenName: singleQuoted,
    build: (tools) =>
      MCP_SERVER +
      tools
        .map((tool) => `server.tool(\n  '${tool.name}',${tool.description === undefined ? '' : `\n  ${tool.description},`}\n  {${buildZodShape(tool, '    ')}  },\n  ${handler(tool)},\n);\n`)
        .join(''),
  },
  {
    id: 'mcp-sdk registerTool()',
    filename: 'server.ts',
    detectedWithoutDescription: true,
    handlerGetsArgs: true,
    dialect: 'zod',
    writtenName: singleQuoted,
    build: (tools) =>
      MCP_SERVER +
      tools
        .map((tool) => `server.registerTool(\n  '${tool.name}',\n  {${describeField(tool, '    ')}\n    inputSchema: {${buildZodShape(tool, '      ')}    },\n  },\n  ${handler(tool)},\n);\n`)
        .join(''),
  },
  {
    id: 'MCP Apps registerAppTool()',
    filename: 'server.ts',
    detectedWithoutDescription: true,
    handlerGetsArgs: true,
    dialect: 'zod',
    writtenName: singleQuoted,
    build: (tools) =>
      "import { registerAppTool } from '@modelcontextprotocol/ext-apps/server';\n" +
      MCP_SERVER +
      tools
        .map(
          (tool) =>
            `registerAppTool(\n  server,\n  '${tool.name}',\n  {${describeField(tool, '    ')}\n    inputSchema: {${buildZodShape(tool, '      ')}    },\n    _meta: { ui: { resourceUri: 'ui://demo/view.html' } },\n  },\n  ${handler(tool)},\n);\n`,
        )
        .join(''),
  },
  {
    id: 'this.server (McpAgent)',
    filename: 'agent.ts',
    detectedWithoutDescription: true,
    handlerGetsArgs: true,
    dialect: 'zod',
    writtenName: singleQuoted,
    build: (tools) =>
      "import { McpAgent } from 'agents/mcp';\nimport { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n" +
      ZOD_IMPORT +
      "export class DemoMcp extends McpAgent {\n  server = new McpServer({ name: 'demo', version: '1.0.0' });\n  async init() {\n" +
      tools
        .map((tool) => `    this.server.tool(\n      '${tool.name}',${tool.description === undefined ? '' : `\n      ${tool.description},`}\n      {${buildZodShape(tool, '        ')}      },\n      ${handler(tool)},\n    );\n`)
        .join('') +
      '  }\n}\n',
  },
  {
    id: 'low-level Server',
    filename: 'low-level.ts',
    detectedWithoutDescription: true,
    handlerGetsArgs: false,
    dialect: 'json-schema',
    writtenName: singleQuoted,
    build: (tools) =>
      "import { Server } from '@modelcontextprotocol/sdk/server/index.js';\nimport { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';\n" +
      "const server = new Server({ name: 'demo', version: '1.0.0' }, { capabilities: { tools: {} } });\n" +
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({\n  tools: [\n' +
      tools.map((tool) => `    {\n      name: '${tool.name}',${describeField(tool, '      ')}\n      inputSchema: ${buildJsonSchema(tool, '        ')},\n    },\n`).join('') +
      '  ],\n}));\n',
  },
  {
    id: 'fastmcp',
    filename: 'fastmcp.ts',
    detectedWithoutDescription: true,
    handlerGetsArgs: true,
    dialect: 'zod',
    writtenName: singleQuoted,
    build: (tools) =>
      "import { FastMCP } from 'fastmcp';\n" +
      ZOD_IMPORT +
      "const server = new FastMCP({ name: 'demo', version: '1.0.0' });\n" +
      tools
        .map((tool) => `server.addTool({\n  name: '${tool.name}',${describeField(tool, '  ')}\n  parameters: z.object({${buildZodShape(tool, '    ')}  }),\n  execute: ${handler(tool)},\n});\n`)
        .join(''),
  },
  {
    id: 'Vercel AI SDK',
    filename: 'ai.ts',
    detectedWithoutDescription: true,
    handlerGetsArgs: true,
    dialect: 'zod',
    writtenName: (name) => name,
    build: (tools) =>
      "import { tool } from 'ai';\n" +
      ZOD_IMPORT +
      'export const tools = {\n' +
      tools
        .map((tool) => `  ${tool.name}: tool({${describeField(tool, '    ')}\n    inputSchema: z.object({${buildZodShape(tool, '      ')}    }),\n    execute: ${handler(tool)},\n  }),\n`)
        .join('') +
      '};\n',
  },
  {
    id: 'Mastra',
    filename: 'mastra.ts',
    detectedWithoutDescription: true,
    handlerGetsArgs: false,
    dialect: 'zod',
    writtenName: singleQuoted,
    build: (tools) =>
      "import { createTool } from '@mastra/core/tools';\n" +
      ZOD_IMPORT +
      tools
        .map(
          (tool, index) =>
            `export const tool${index} = createTool({\n  id: '${tool.name}',${describeField(tool, '  ')}\n  inputSchema: z.object({${buildZodShape(tool, '    ')}  }),\n  execute: async ({ context }) => context,\n});\n`,
        )
        .join(''),
  },
  {
    id: 'LangChain tool()',
    filename: 'langchain.ts',
    detectedWithoutDescription: true,
    handlerGetsArgs: true,
    dialect: 'zod',
    writtenName: singleQuoted,
    build: (tools) =>
      "import { tool } from '@langchain/core/tools';\n" +
      ZOD_IMPORT +
      tools
        .map(
          (tool, index) =>
            `export const tool${index} = tool(\n  ${handler(tool)},\n  {\n    name: '${tool.name}',${describeField(tool, '    ')}\n    schema: z.object({${buildZodShape(tool, '      ')}    }),\n  },\n);\n`,
        )
        .join(''),
  },
  {
    id: 'LangChain DynamicStructuredTool',
    filename: 'langchain-class.ts',
    detectedWithoutDescription: true,
    handlerGetsArgs: true,
    dialect: 'zod',
    writtenName: singleQuoted,
    build: (tools) =>
      "import { DynamicStructuredTool } from '@langchain/core/tools';\n" +
      ZOD_IMPORT +
      tools
        .map(
          (tool, index) =>
            `export const tool${index} = new DynamicStructuredTool({\n  name: '${tool.name}',${describeField(tool, '  ')}\n  schema: z.object({${buildZodShape(tool, '    ')}  }),\n  func: ${handler(tool)},\n});\n`,
        )
        .join(''),
  },
  {
    id: 'Anthropic tool array',
    filename: 'anthropic.ts',
    detectedWithoutDescription: false,
    handlerGetsArgs: false,
    dialect: 'json-schema',
    writtenName: singleQuoted,
    build: (tools) =>
      'export const tools = [\n' +
      tools.map((tool) => `  {\n    name: '${tool.name}',${describeField(tool, '    ')}\n    input_schema: ${buildJsonSchema(tool, '      ')},\n  },\n`).join('') +
      '];\n',
  },
  {
    id: 'OpenAI function array',
    filename: 'openai.ts',
    detectedWithoutDescription: false,
    handlerGetsArgs: false,
    dialect: 'json-schema',
    writtenName: singleQuoted,
    build: (tools) =>
      'export const tools = [\n' +
      tools
        .map(
          (tool) =>
            `  {\n    type: 'function',\n    function: {\n      name: '${tool.name}',${describeField(tool, '      ')}\n      parameters: ${buildJsonSchema(tool, '        ')},\n    },\n  },\n`,
        )
        .join('') +
      '];\n',
  },
  {
    id: 'defineTool wrapper',
    filename: 'define.ts',
    detectedWithoutDescription: false,
    handlerGetsArgs: true,
    dialect: 'zod',
    writtenName: singleQuoted,
    build: (tools) =>
      "import { defineTool } from './define-tool.js';\n" +
      ZOD_IMPORT +
      tools
        .map(
          (tool, index) =>
            `export const tool${index} = defineTool({\n  name: '${tool.name}',${describeField(tool, '  ')}\n  inputSchema: {${buildZodShape(tool, '    ')}  },\n  handler: ${handler(tool)},\n});\n`,
        )
        .join(''),
  },
  {
    id: 'compiled CommonJS',
    filename: 'server.cjs',
    detectedWithoutDescription: true,
    handlerGetsArgs: true,
    dialect: 'zod',
    writtenName: (name) => `"${name}"`,
    build: (tools) =>
      '"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\n' +
      'const mcp_js_1 = require("@modelcontextprotocol/sdk/server/mcp.js");\nconst zod_1 = require("zod");\n' +
      'const server = new mcp_js_1.McpServer({ name: "demo", version: "1.0.0" });\n' +
      tools
        .map((tool) => `server.tool("${tool.name}",${tool.description === undefined ? '' : `\n  ${tool.description},`}\n  {${buildZodShape(tool, '    ', 'zod_1.z')}  },\n  ${handler(tool)});\n`)
        .join(''),
  },
];

/** 1-based line and column of the first occurrence of `text` in `code` (after `from`), as RuleTester reports them. */
export function locate(code: string, text: string, from = 0): { line: number; column: number } {
  const index = code.indexOf(text, from);
  if (index < 0) throw new Error(`${JSON.stringify(text)} is not in the code`);
  const before = code.slice(0, index).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/** Line, column, endLine and endColumn of `text` in `code`, for reports that cover exactly one sentence. */
export function locateRange(code: string, text: string, from = 0): { line: number; column: number; endLine: number; endColumn: number } {
  const start = locate(code, text, from);
  const end = locate(code, text.split('\n').pop()!, code.indexOf(text, from) + text.length - text.split('\n').pop()!.length);
  return { ...start, endLine: end.line, endColumn: end.column + text.split('\n').pop()!.length };
}
