// Declaration patterns of real servers that have no fixture server of their own.
import { describe, expect, it } from 'vitest';
import { analyzeSource } from '@toolslim/core';

function summary(code: string) {
  return analyzeSource(code, { filePath: 'tools.ts' }).tools.map((t) => ({
    framework: t.framework,
    name: t.name?.kind === 'static' ? t.name.value : undefined,
    description: t.description?.kind === 'static' ? t.description.value : t.description ? `<dynamic: ${t.description.reason}>` : undefined,
    schema: t.inputSchema.kind,
  }));
}

describe('reading patterns', () => {
  it('a project method with registerTool’s signature registers a tool', () => {
    const code = `import { z } from 'zod';
export function registerAll(context) {
  context.accountTool('buckets_list', { description: 'List buckets.', inputSchema: z.object({ prefix: z.string().optional() }) }, async (args, account) => ({ content: [] }));
}`;
    expect(summary(code)).toEqual([{ framework: 'mcp-sdk', name: 'buckets_list', description: 'List buckets.', schema: 'static' }]);
  });

  it('a definition without a description is found, its description unreadable with a reason', () => {
    const code = `import { z } from 'zod';
const schema = z.object({ id: z.string() });
const tool = () => ({ name: 'dashboard-get', schema, handler: async () => ({ content: [] }) });
export default tool;`;
    expect(summary(code)).toEqual([
      { framework: 'shape', name: 'dashboard-get', description: expect.stringMatching(/^<dynamic: .*added where the tool is registered/), schema: 'static' },
    ]);
  });

  it('the published name of a toolkit entry is its method', () => {
    const code = `import { z } from 'zod';
export const tools = [{ method: 'invoices_create', name: 'Create Invoice', description: 'Create an invoice.', parameters: z.object({ amount: z.number() }) }];`;
    expect(summary(code).map((row) => row.name)).toEqual(['invoices_create']);
  });

  it('an HTTP method is not a tool name', () => {
    const code = `import { z } from 'zod';
export const routes = [{ method: 'GET', name: 'list_items', description: 'List items.', schema: z.object({}) }];`;
    expect(summary(code).map((row) => row.name)).toEqual(['list_items']);
  });

  it('a `params` raw shape beside a name, a description and a handler is the input schema', () => {
    const code = `import { z } from 'zod';
const idParam = z.string().describe('Id.');
export const defs = [
  { name: 'item_get', description: 'Get one item.', params: { idParam }, handler: async () => ({}) },
  { name: 'request', description: 'Not a tool: no handler.', params: { idParam } },
];`;
    expect(summary(code)).toEqual([{ framework: 'shape', name: 'item_get', description: 'Get one item.', schema: 'static' }]);
  });
});
