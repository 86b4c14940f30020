// A list of definitions passed through `.filter()` before it is listed or registered: a test toolslim can decide
// drops or keeps each definition; a test known only at run time (`allowed.has(t.name)`) makes each conditional.
// The same reading for a list of this file, one imported from another module, and a `for…of` loop over it.
import { describe, expect, it } from 'vitest';
import { useReportOnFiles } from './report-on-files.js';

const BEDS = `export const BEDS = [
  { name: 'water_bed', description: 'Waters a bed.', inputSchema: { type: 'object', properties: {} } },
  { name: 'weed_bed', description: 'Weeds a bed.', inputSchema: { type: 'object', properties: {} } },
];
`;
const FILES: Record<string, string> = {
  'garden/package.json': '{ "name": "garden", "private": true }',
  'garden/beds.mjs': BEDS,
  'garden/listed.mjs': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const LOCAL = [{ name: 'rake_path', description: 'Rakes a path.', inputSchema: { type: 'object', properties: {} } }];
export function listTools(names) {
  const allowed = new Set(names);
  return LOCAL.filter((t) => allowed.has(t.name)).map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }));
}
const server = new Server({ name: 'garden', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listTools(process.env.GARDEN_TOOLS?.split(',')) }));
`,
  'garden/imported.mjs': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { BEDS } from './beds.mjs';
const allowed = new Set(process.env.GARDEN_TOOLS?.split(','));
const server = new Server({ name: 'garden', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: BEDS.filter((t) => allowed.has(t.name)).map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })) }));
`,
  'garden/looped.mjs': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { BEDS } from './beds.mjs';
const server = new McpServer({ name: 'garden', version: '1' });
for (const t of BEDS.filter((bed) => bed.name !== 'weed_bed')) server.registerTool(t.name, { description: t.description }, async () => ({ content: [] }));
`,
};

const report = useReportOnFiles('filtered', FILES);
const conditions = (files: readonly string[]) => report(files).tools.map((tool) => [tool.name, tool.conditional ?? false]);

describe('a list of definitions passed through .filter()', () => {
  it('makes each definition of this file conditional when the test is known only at run time', () => {
    expect(conditions(['garden/listed.mjs'])).toEqual([['rake_path', 'listed only when the filter keeps it (allowed.has(…))']]);
  });

  it('does the same for a list imported from another module', () => {
    expect(conditions(['garden/imported.mjs', 'garden/beds.mjs']).sort()).toEqual([
      ['water_bed', 'listed only when the filter keeps it (allowed.has(…))'],
      ['weed_bed', 'listed only when the filter keeps it (allowed.has(…))'],
    ]);
  });

  it('registers what a test toolslim can decide keeps, in a loop over the filtered list; what it drops is not certain', () => {
    const found = Object.fromEntries(conditions(['garden/looped.mjs', 'garden/beds.mjs']));
    expect(found.water_bed).toBe(false);
    expect(found.weed_bed).toEqual(expect.stringContaining("the filter `BEDS.filter((bed) => bed.name !== 'weed_bed')`"));
  });
});
