// A sink method bound to its server (`const add = server.tool.bind(server)`, through casts) is the sink: a call of
// the bound name registers a tool, read at each call of the helper that makes it.
import { describe, expect, it } from 'vitest';
import { useReportOnFiles } from './report-on-files.js';

const FILES: Record<string, string> = {
  'apiary/package.json': '{ "name": "apiary", "type": "module" }',
  'apiary/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

class Apiary {
  private addShaped(mcp: McpServer, name: string, text: string, shape: z.ZodRawShape) {
    const add = mcp.tool.bind(mcp) as unknown as (name: string, text: string, shape: z.ZodRawShape, cb: () => Promise<{ content: [] }>) => void;
    add(name, text, shape, async () => ({ content: [] }));
  }

  register(mcp: McpServer) {
    this.addShaped(mcp, 'inspect_hive', 'Opens a hive and counts the frames of brood.', { hive: z.string().describe('Hive number.') });
    this.addShaped(mcp, 'feed_colony', 'Gives a colony sugar syrup.', { hive: z.string(), litres: z.number() });
  }
}

const server = new McpServer({ name: 'apiary', version: '1.0.0' });
new Apiary().register(server);
`,
};

const report = useReportOnFiles('bound-sink', FILES);

describe('a sink method bound to its server', () => {
  it('reads each call of the bound name as the sink, at every call of the helper that makes it', () => {
    const tools = report(['apiary/server.ts']).tools;
    expect(tools.map((tool) => tool.name).sort()).toEqual(['feed_colony', 'inspect_hive']);
    const inspect = tools.find((tool) => tool.name === 'inspect_hive')!;
    expect(inspect.descriptionBytes).toBe(Buffer.byteLength('Opens a hive and counts the frames of brood.'));
    expect(inspect.dynamic).toBe(false);
  });
});
