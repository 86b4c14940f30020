import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as z3 from 'zod/v3';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  buildReferenceFragmentProperties,
  buildReferenceFragmentSource,
  buildReferenceInputShape,
  buildReferenceInputShapeV3,
  buildReferenceJsonSchemaProperties,
  getReferenceFieldSpecs,
} from '@toolslim/runtime';

const HASH = 'a'.repeat(64);

describe('reference fragment', () => {
  it('has one optional string per role, under the default names, with the hash pattern on expected_sha256', () => {
    expect(buildReferenceJsonSchemaProperties()).toEqual({
      content: { type: 'string', description: expect.stringContaining('also send expected_sha256') },
      path: { type: 'string', description: expect.stringContaining('preferred over pasting content') },
      url: { type: 'string', description: expect.stringContaining('preferred over pasting content') },
      expected_sha256: { type: 'string', pattern: '^[0-9a-fA-F]{64}$', description: expect.any(String) },
    });
  });

  it('uses the configured names in keys and in the sentences that point between fields', () => {
    const properties = buildReferenceJsonSchemaProperties({
      names: { content: 'markdown', path: 'file', expectedSha256: 'sha256' },
      references: ['path'],
      subject: 'page',
    });
    expect(Object.keys(properties)).toEqual(['markdown', 'file', 'sha256']);
    expect(properties.markdown.description).toBe('Text of the page, only when no file is available; also send sha256 with it.');
    expect(properties.file.description).toBe('Path of the page on this machine; preferred over pasting markdown.');
  });

  it('refuses an empty list of references', () => {
    expect(() => getReferenceFieldSpecs({ references: [] })).toThrow(TypeError);
  });

  it('zod 4 shape validates and converts to the same JSON Schema properties', () => {
    const shape = buildReferenceInputShape();
    const schema = z.toJSONSchema(z.object(shape)) as { properties: unknown; required?: unknown };
    expect(schema.properties).toEqual(buildReferenceJsonSchemaProperties());
    expect(schema.required).toBeUndefined();
    expect(z.object(shape).safeParse({ path: 'a.md', expected_sha256: HASH }).success).toBe(true);
    expect(z.object(shape).safeParse({ expected_sha256: 'abc' }).success).toBe(false);
  });

  it('zod 3 shape validates', () => {
    const shape = buildReferenceInputShapeV3({ references: ['url'] });
    expect(Object.keys(shape)).toEqual(['content', 'url', 'expected_sha256']);
    expect(z3.object(shape).safeParse({ url: 'https://x', expected_sha256: HASH.toUpperCase() }).success).toBe(true);
    expect(z3.object(shape).safeParse({ expected_sha256: 'g'.repeat(64) }).success).toBe(false);
  });

  it('an McpServer publishes the zod 4 and zod 3 shapes as the JSON Schema fragment', async () => {
    const server = new McpServer({ name: 'fragments', version: '1.0.0' });
    const noop = async () => ({ content: [] });
    server.registerTool('v4', { inputSchema: { ...buildReferenceInputShape(), title: z.string() } }, noop);
    server.registerTool('v3', { inputSchema: { ...buildReferenceInputShapeV3({ references: ['url'] }), title: z3.string() } }, noop);
    const client = new Client({ name: 'test', version: '1.0.0' });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool.inputSchema]));
    expect(byName.get('v4')?.properties).toEqual({ ...buildReferenceJsonSchemaProperties(), title: { type: 'string' } });
    expect(byName.get('v4')?.required).toEqual(['title']);
    expect(byName.get('v3')?.properties).toEqual({ ...buildReferenceJsonSchemaProperties({ references: ['url'] }), title: { type: 'string' } });
    expect(byName.get('v3')?.required).toEqual(['title']);
    await client.close();
  });

  it('zod source text evaluates to a shape with the same JSON Schema as the runtime fragment', () => {
    const source = buildReferenceFragmentSource({ style: 'zod', zodIdentifier: 'zod', indent: '    ' });
    expect(source.split('\n').slice(1).every((line) => line.startsWith('    '))).toBe(true);
    const shape = new Function('zod', `return {\n  ${source}\n};`)(z) as z.ZodRawShape;
    expect(z.toJSONSchema(z.object(shape))).toEqual(z.toJSONSchema(z.object(buildReferenceInputShape())));
  });

  it('JSON Schema source text evaluates to the same properties, in both quote styles', () => {
    for (const quote of ["'", '"'] as const) {
      const options = { style: 'json-schema' as const, quote, names: { expectedSha256: 'expected-sha256' }, subject: "user's file" };
      const source = buildReferenceFragmentSource(options);
      expect(source).toContain(quote === "'" ? "'expected-sha256': {" : '"expected-sha256": {');
      expect(new Function(`return {${source}};`)()).toEqual(buildReferenceJsonSchemaProperties(options));
    }
  });

  it('can leave out roles the tool already has, for a suggestion that only adds siblings', () => {
    const properties = buildReferenceFragmentProperties({ style: 'zod', omit: ['content'], names: { content: 'html' } });
    expect(properties.map((property) => property.name)).toEqual(['path', 'url', 'expected_sha256']);
    expect(properties[0].source).toBe("path: z.string().optional().describe('Path of the file on this machine; preferred over pasting html.')");
    expect(properties[2].source).toContain('z.string().regex(/^[0-9a-fA-F]{64}$/).optional()');
  });
});
