// An object literal given more properties after it is declared (`const info = { description }; if (shape)
// info.inputSchema = shape;`) holds more than its initializer: the registration reads the assigned fields, and a
// value built by later assignments is marked partly readable, never read as the empty literal it starts as.
import { describe, expect, it } from 'vitest';
import { useReportOnFiles } from './report-on-files.js';

const FILES: Record<string, string> = {
  'cellar/package.json': '{ "name": "cellar", "type": "module" }',
  'cellar/server.js': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const server = new McpServer({ name: 'cellar', version: '1.0.0' });

function addCellarTool(name, text, schema) {
  const info = { description: text };
  info.title = 'Cellar';
  if (schema) {
    const shape = {};
    for (const [key, value] of Object.entries(schema.shape)) shape[key] = value;
    info.inputSchema = shape;
  }
  server.registerTool(name, info, async () => ({ content: [] }));
}

addCellarTool('rack_bottle', 'Puts a bottle in a rack of the cellar.', z.object({ rack: z.string() }));
`,
};

const report = useReportOnFiles('later-properties', FILES);

describe('an object given properties after it is declared', () => {
  it('reads the fields assigned to the config, and marks the one built by later assignments partly readable', () => {
    const result = report(['cellar/server.js']);
    expect(result.tools).toHaveLength(1);
    const [tool] = result.tools;
    expect(tool.name).toBe('rack_bottle');
    // The description and the title assigned after the literal are read; the shape filled by a loop is not taken for `{}`.
    expect(tool.descriptionBytes).toBe(Buffer.byteLength(JSON.stringify('Puts a bottle in a rack of the cellar.')) - 2);
    expect(tool.dynamic).toBe(true);
    expect(tool.unreadable).toEqual([expect.objectContaining({ field: 'inputSchema', reason: expect.stringContaining('`shape` is given properties after it is declared') })]);
  });
});
