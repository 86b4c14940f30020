// An object whose `inputSchema` notes field types in words (`{ pots: 'number' }`), or holds settings as plain data
// (`parameters: { minGapCm: 40 }`), is a catalogue entry or a rule's configuration, not a tool definition: it is not found by its shape, and so it does not stand in for the
// definitions a registration loop publishes, whose sink is then named as not read.
import { describe, expect, it } from 'vitest';
import { analyzeSource } from '@toolslim/core';
import { useReportOnFiles } from './report-on-files.js';

function names(code: string): Array<string | undefined> {
  return analyzeSource(code, { filePath: 'catalogue.js' }).tools.map((t) => (t.name?.kind === 'static' ? t.name.value : undefined));
}

const CATALOGUE = `export const CHORES = {
  'beds.water': { name: 'Water Beds', description: 'Waters the raised beds', inputSchema: { bed: 'string', litres: 'number?' } },
  'seeds.sow': { name: 'Sow Seeds', description: 'Sows a tray of seeds', inputSchema: { species: 'string', title: 'string', trays: 'number' } },
};
`;

const FILES: Record<string, string> = {
  'greenhouse/package.json': '{ "name": "greenhouse", "type": "module" }',
  'greenhouse/register.js': `export function registerAll(server, definitions) {
  for (const def of definitions) {
    server.tool(def.name, def.text, {}, async () => ({ content: [] }));
  }
}
`,
  'greenhouse/vents.js': `export default [{ name: 'open_vent', text: 'Opens a roof vent.', endpoint: '/vents/open' }];\n`,
  'greenhouse/server.js': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerAll } from './register.js';
import vents from './vents.js';
import { CHORES } from './chores.js';
const server = new McpServer({ name: 'greenhouse', version: '1.0.0' });
registerAll(server, vents);
console.error(\`\${Object.keys(CHORES).length} chores known\`);
`,
  'greenhouse/chores.js': CATALOGUE,
};

const report = useReportOnFiles('type-notes', FILES);

describe('a schema written as type notes', () => {
  it('is not a tool definition; JSON Schemas and zod shapes still are', () => {
    expect(names(CATALOGUE)).toEqual([]);
    expect(names(`export const t = { name: 'water_beds', description: 'Waters the beds.', inputSchema: { type: 'object' } };`)).toEqual(['water_beds']);
    expect(names(`export const t = { name: 'water_beds', description: 'Waters the beds.', inputSchema: { $ref: '#/defs/bed' } };`)).toEqual(['water_beds']);
    expect(names(`export const t = { name: 'water_beds', description: 'Waters the beds.', inputSchema: { title: 'Beds', note: 'see the shed' } };`)).toEqual(['water_beds']);
    expect(names(`import { z } from 'zod';\nexport const t = { name: 'water_beds', description: 'Waters the beds.', inputSchema: { bed: z.string() } };`)).toEqual(['water_beds']);
  });

  it('is not a tool definition when its schema is settings written as plain data; a property map still is one', () => {
    const RULES = `export const rules = [
  { id: 'B1', name: 'Bed spacing', description: 'Beds keep a path between them.', severity: 'error', parameters: { minGapCm: 40, beds: ['north', 'south'], pairs: [{ from: 'north', to: 'south' }] } },
];`;
    expect(names(RULES)).toEqual([]);
    expect(names(`export const t = { name: 'water_beds', description: 'Waters the beds.', inputSchema: { bed: { description: 'Which bed.' } } };`)).toEqual(['water_beds']);
    expect(names(`export const t = { name: 'water_beds', description: 'Waters the beds.', inputSchema: {} };`)).toEqual(['water_beds']);
  });

  it('does not take the catalogue for the definitions a loop registers: the loop is read through its caller', () => {
    const result = report(['greenhouse/register.js', 'greenhouse/vents.js', 'greenhouse/server.js', 'greenhouse/chores.js']);
    // The helper's loop runs over the list server.js passes (vents.js), never over the chores catalogue.
    expect(result.tools.map((tool) => [tool.name, tool.file])).toEqual([['open_vent', 'greenhouse/server.js']]);
    expect(result.unread).toEqual([]);
  });

  it('names the loop as not read when no caller of the helper is among the files read', () => {
    const result = report(['greenhouse/register.js', 'greenhouse/vents.js', 'greenhouse/chores.js']);
    expect(result.tools.map((tool) => tool.name)).toEqual([]);
    expect(result.unread).toEqual([expect.objectContaining({ file: 'greenhouse/register.js', line: 3, sink: '.tool()', reason: expect.stringContaining('registered in a loop over `definitions`') })]);
  });
});
