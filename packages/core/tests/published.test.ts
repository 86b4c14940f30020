/**
 * buildPublishedTool: the fields and key order each framework publishes, and how dynamic parts are
 * reported (readable text kept, reasons given; no tool only when the name or input schema is unknown).
 * Exactness against real servers is in the schema-*.test.ts files; this covers the decisions.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findProperty, parseSource, walk } from '../src/ast.js';
import type { Framework, ToolDecl } from '../src/model.js';
import { buildPublishedTool } from '../src/published.js';
import { buildDecl, buildRegisterToolDecl, findCalls } from './schema-harness.js';

function parse(code: string) {
  const program = parseSource(code, 'server.ts');
  return { program, context: { program, filePath: 'server.ts', zodVersion: 4 as const } };
}

function findObject(program: TSESTree.Program, key: string): TSESTree.ObjectExpression {
  let found: TSESTree.ObjectExpression | undefined;
  walk(program, (node) => {
    if (!found && node.type === 'ObjectExpression' && findProperty(node, key)) found = node;
  });
  if (!found) throw new Error(`no object with ${key}`);
  return found;
}

function buildLiteralDecl(code: string, framework: Framework, schemaKey = 'inputSchema'): ToolDecl {
  const { program, context } = parse(code);
  const object = findObject(program, schemaKey);
  const get = (key: string) => findProperty(object, key)?.value;
  return buildDecl(framework, { node: object, name: get('name')!, description: get('description'), inputSchema: get(schemaKey) }, context);
}

function registerToolDecl(code: string): ToolDecl {
  const { program, context } = parse(`import { z } from 'zod';\n${code}`);
  return buildRegisterToolDecl(findCalls(program, 'registerTool')[0], context);
}

describe('buildPublishedTool', () => {
  it('adds what McpServer adds, in its order, and the empty schema when there are no parameters', () => {
    const result = buildPublishedTool(registerToolDecl(`server.registerTool('ping', { annotations: { readOnlyHint: true }, description: 'Checks the link.', title: 'Ping' }, cb);`));
    expect(result.dynamic).toBe(false);
    expect(JSON.stringify(result.tool)).toBe(
      '{"name":"ping","title":"Ping","description":"Checks the link.","inputSchema":{"type":"object","properties":{}},"annotations":{"readOnlyHint":true},"execution":{"taskSupport":"forbidden"}}',
    );
  });

  it('keeps the author’s key order for literal styles', () => {
    const decl = buildLiteralDecl(`const t = { inputSchema: { type: 'object' }, description: 'Reads.', name: 'read' };`, 'mcp-sdk-low-level');
    expect(JSON.stringify(buildPublishedTool(decl).tool)).toBe('{"inputSchema":{"type":"object"},"description":"Reads.","name":"read"}');
  });

  it('publishes Anthropic-style `input_schema` literals as an MCP tool', () => {
    const decl = buildLiteralDecl(`const t = { name: 'get_weather', description: 'Weather now.', input_schema: { type: 'object', properties: { city: { type: 'string' } } } };`, 'anthropic', 'input_schema');
    expect(buildPublishedTool(decl).tool).toEqual({ name: 'get_weather', description: 'Weather now.', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } });
    expect(decl.params.map((p) => p.name)).toEqual(['city']);
  });

  it('writes fastmcp’s order and its default schema', () => {
    const decl = buildLiteralDecl(`const t = { name: 'bare', description: 'No parameters.', parameters: undefined };`, 'fastmcp', 'parameters');
    expect(JSON.stringify(buildPublishedTool(decl).tool)).toBe(
      '{"description":"No parameters.","inputSchema":{"additionalProperties":false,"properties":{},"type":"object"},"name":"bare"}',
    );
  });

  it('keeps the readable part of a dynamic description and says why', () => {
    const result = buildPublishedTool(registerToolDecl(`server.registerTool('sys', { description: \`Runs on \${process.platform}.\`, inputSchema: { a: z.string() } }, cb);`));
    expect(result.dynamic).toBe(true);
    expect(result.tool?.description).toBe('Runs on .');
    expect(result.reasons).toEqual([expect.stringMatching(/^the description is dynamic: /)]);
  });

  it('publishes no tool when the input schema cannot be read, with the reason', () => {
    const result = buildPublishedTool(registerToolDecl(`server.registerTool('gen', { description: 'Generated.', inputSchema: makeShape() }, cb);`));
    expect(result.tool).toBeUndefined();
    expect(result.dynamic).toBe(true);
    expect(result.reasons).toEqual([expect.stringMatching(/^the input schema is dynamic: a call of `makeShape\(\)`/)]);
  });

  it('publishes no tool when the name cannot be read at all', () => {
    const result = buildPublishedTool(registerToolDecl(`server.registerTool(toolName(), { description: 'Named at run time.' }, cb);`));
    expect(result.tool).toBeUndefined();
    expect(result.reasons[0]).toMatch(/name is dynamic/);
  });

  it('keeps the tool when only the output schema is dynamic', () => {
    const result = buildPublishedTool(registerToolDecl(`server.registerTool('out', { description: 'd', inputSchema: { a: z.string() }, outputSchema: resultShape() }, cb);`));
    expect(result.tool).toBeDefined();
    expect(result.tool).not.toHaveProperty('outputSchema');
    expect(result.dynamic).toBe(true);
    expect(result.reasons).toEqual([expect.stringMatching(/^the output schema is dynamic/)]);
  });

  it('marks annotations that a helper call builds: they are published, but their size is unknown', () => {
    const result = buildPublishedTool(registerToolDecl(`server.registerTool('make_folder', { description: 'Creates a folder.', annotations: createAnnotations('Create folder') }, cb);`));
    expect(result.tool).toBeDefined();
    expect(result.tool).not.toHaveProperty('annotations');
    expect(result.unreadable).toEqual([{ field: 'annotations', reason: expect.stringMatching(/not a static object/) }]);
    const none = buildPublishedTool(registerToolDecl(`server.registerTool('plain', { description: 'No annotations.', annotations: undefined }, cb);`));
    expect(none.unreadable).toEqual([]);
  });

  it('publishes through SDK v2 without `execution`, in its key order', () => {
    const decl = registerToolDecl(`server.registerTool('ping', { annotations: { readOnlyHint: true }, description: 'Checks the link.', title: 'Ping' }, cb);`);
    expect(Object.keys(buildPublishedTool(decl, { mcpSdkMajor: 2 }).tool!)).toEqual(['name', 'title', 'description', 'inputSchema', 'annotations']);
    expect(Object.keys(buildPublishedTool(decl).tool!)).toContain('execution');
  });

  it('reads a literal `{}` among zod definitions as the empty shape McpServer publishes', () => {
    const decl = buildLiteralDecl(`const defs = [{ name: 'list_all', description: 'Lists everything.', params: {} }];`, 'shape', 'params');
    expect(buildPublishedTool(decl).tool?.inputSchema).toEqual({});
    const zodFilePath = fileURLToPath(new URL('../../../fixtures/mcp-sdk-register/server.ts', import.meta.url));
    expect(buildPublishedTool(decl, { zodFilePath, mcpSdkExecution: false }).tool).toEqual({
      name: 'list_all',
      description: 'Lists everything.',
      // SDK 1.x: `z.object({})` converted to draft-07.
      inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: {} },
    });
  });

  it('publishes definitions given to @mastra/mcp MCPServer as that class does: no annotations, no execution', () => {
    const decl = buildLiteralDecl(
      `import { z } from 'zod';\nconst clearHistory = { name: 'clear_history', description: 'Clears the history.', parameters: z.object({ confirm: z.boolean() }), annotations: { destructiveHint: true } };`,
      'shape',
      'parameters',
    );
    expect(Object.keys(buildPublishedTool(decl).tool!)).toContain('execution');
    expect(Object.keys(buildPublishedTool(decl, { mastraMcpServer: true }).tool!)).toEqual(['name', 'description', 'inputSchema']);
  });
});
