// Tool definitions in a test file (a test's fixtures) read nothing of what a server lists: a list handler whose
// list toolslim cannot follow is still named as not read beside them.
import { describe, expect, it } from 'vitest';
import { useReportOnFiles } from './report-on-files.js';

const FILES: Record<string, string> = {
  'orchard/package.json': '{ "name": "orchard", "type": "module" }',
  'orchard/src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { loadOrchardTools } from './load.js';
const server = new Server({ name: 'orchard', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await loadOrchardTools(process.env.ORCHARD_ROWS) }));
`,
  'orchard/src/load.ts': `export async function loadOrchardTools(rows: string | undefined) {
  const { default: tools } = await import(rows ?? './rows.js');
  return tools;
}
export const countRows = (tools: unknown[]) => tools.length;
`,
  'orchard/src/server.test.ts': `import { countRows } from './load.js';
console.assert(countRows([{ name: 'pick_row', description: 'Picks a row of the orchard (a test fixture).', inputSchema: { type: 'object', properties: {} } }]) === 1);
`,
};

const report = useReportOnFiles('unread-beside-tests', FILES);

describe('a list handler beside the definitions of a test file', () => {
  it('is named as not read', () => {
    const result = report(['orchard/src/server.ts', 'orchard/src/load.ts', 'orchard/src/server.test.ts']);
    expect(result.unread).toEqual([expect.objectContaining({ file: 'orchard/src/server.ts', sink: 'setRequestHandler(ListTools)' })]);
  });
});
