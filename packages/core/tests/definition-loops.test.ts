/**
 * Definitions a module changes after declaring them: a top-level loop over its own list that closes every
 * schema and adds a shared field to some (`if (!SCOPED.has(tool.name)) continue;`). A low-level server of
 * our own lists them; the report must size what it lists, and leave a tool as declared when the loop does
 * something it does not run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildReport } from '../src/report.js';
import { listToolsOnWire } from './schema-harness.js';
import { useScratchProjects } from './scratch-projects.js';

const writeProject = useScratchProjects('toolslim-definition-loops');

const LIBRARY = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export const LIBRARY_TOOLS = [
  {
    name: 'find_book',
    description: 'Finds a book by title.',
    inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
  },
  {
    name: 'renew_loan',
    description: 'Renews one loan.',
    inputSchema: { type: 'object', properties: { loan: { type: 'string' } } },
  },
  {
    name: 'list_branches',
    description: 'Lists the branches of the library.',
    inputSchema: { type: 'object', properties: {} },
  },
];

const BRANCH_SCOPED = new Set(['find_book', 'renew_loan']);

for (const tool of LIBRARY_TOOLS) {
  tool.inputSchema.additionalProperties = false;
  if (!BRANCH_SCOPED.has(tool.name)) continue;
  if (tool.inputSchema.properties.branch) continue;
  tool.inputSchema.properties.branch = {
    type: 'string',
    description: 'Which branch to ask. ' + 'Omit for the main branch.',
  };
}

export function createServer() {
  const server = new Server({ name: 'library', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: LIBRARY_TOOLS }));
  return server;
}
`;

async function readAndList(code: string) {
  const dir = writeProject({ 'library.mjs': code });
  const rows = buildReport([{ filePath: join(dir, 'library.mjs'), code: readFileSync(join(dir, 'library.mjs'), 'utf8') }], { cwd: dir }).tools;
  const module = (await import(pathToFileURL(join(dir, 'library.mjs')).href)) as { createServer(): Parameters<typeof listToolsOnWire>[0] };
  return { rows, listed: await listToolsOnWire(module.createServer()) };
}

describe('top-level loops that change declared definitions', () => {
  it('sizes each tool as the loop leaves it: closed schemas, the shared field only where the guard lets it through', async () => {
    const { rows, listed } = await readAndList(LIBRARY);
    expect(listed.map((tool) => Object.keys((tool.inputSchema as { properties: object }).properties))).toEqual([['title', 'branch'], ['loan', 'branch'], []]);
    expect(rows).toHaveLength(3);
    for (const tool of listed) {
      const row = rows.find((r) => r.name === tool.name);
      expect(row?.unreadable, String(tool.name)).toBeUndefined();
      expect(row?.bytes, String(tool.name)).toBe(Buffer.byteLength(JSON.stringify(tool)));
    }
  });

  it('leaves the tools as declared when the loop runs a statement it does not run', async () => {
    const code = LIBRARY.replace('  tool.inputSchema.additionalProperties = false;\n', '  tool.inputSchema.additionalProperties = false;\n  console.error(tool.name);\n');
    const { rows, listed } = await readAndList(code);
    const find = rows.find((r) => r.name === 'find_book');
    const declared = { name: 'find_book', description: 'Finds a book by title.', inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] } };
    expect(find?.bytes).toBe(Buffer.byteLength(JSON.stringify(declared)));
    expect(find?.bytes).toBeLessThan(Buffer.byteLength(JSON.stringify(listed[0])));
  });
});

// Definitions that hold their registration config under a field of their own, registered in a loop with that field as
// the config: `server.registerTool(tool.name, tool.definition, tool.handler)`.
const NESTED = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const readBed = {
  name: 'read_bed',
  definition: { description: 'Reads one raised bed: its plants and last watering.', inputSchema: { bed: z.string().describe('Which bed.') } },
  handler: async () => ({ content: [] }),
};
const waterBed = {
  name: 'water_bed',
  definition: { description: 'Waters one raised bed.', inputSchema: { bed: z.string(), litres: z.number().max(20).optional() } },
  handler: async () => ({ content: [] }),
};
const BEDS = [readBed, waterBed];

export function createServer() {
  const server = new McpServer({ name: 'beds', version: '1.0.0' });
  for (const tool of BEDS) server.registerTool(tool.name, tool.definition, tool.handler);
  return server;
}
`;

describe('a loop that registers each definition with a config it holds', () => {
  it('reads the config through the definition, byte for byte, and the config is no tool of its own', async () => {
    const dir = writeProject({ 'beds.mjs': NESTED });
    const rows = buildReport([{ filePath: join(dir, 'beds.mjs'), code: NESTED }], { cwd: dir }).tools;
    const module = (await import(pathToFileURL(join(dir, 'beds.mjs')).href)) as { createServer(): Parameters<typeof listToolsOnWire>[0] };
    const listed = await listToolsOnWire(module.createServer());
    expect(rows.map((row) => row.name).sort()).toEqual(['read_bed', 'water_bed']);
    for (const tool of listed) {
      const row = rows.find((r) => r.name === tool.name);
      expect(row?.unreadable, String(tool.name)).toBeUndefined();
      expect(row?.bytes, String(tool.name)).toBe(Buffer.byteLength(JSON.stringify(tool)));
    }
  });

  it('marks a schema whose definition holds a value known only at run time, sized as what can be known of it', async () => {
    const dir = writeProject({
      'settings.mjs': `export const settings = { bed: process.env.BED ?? 'north' };\n`,
      'read.mjs': `import { z } from 'zod';
import { settings } from './settings.mjs';
export const readBed = {
  name: 'read_bed',
  definition: {
    description: 'Reads one bed.',
    inputSchema: { bed: z.string().describe(\`Which bed; default \${settings.bed}\`), depth: z.number().int().optional() },
  },
};
`,
      'beds.mjs': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { readBed } from './read.mjs';
const BEDS = [readBed];
export function createServer() {
  const server = new McpServer({ name: 'beds', version: '1.0.0' });
  for (const tool of BEDS) server.registerTool(tool.name, tool.definition, async () => ({ content: [] }));
  return server;
}
`,
    });
    const files = ['beds.mjs', 'read.mjs', 'settings.mjs'].map((name) => ({ filePath: join(dir, name), code: readFileSync(join(dir, name), 'utf8') }));
    const [row] = buildReport(files, { cwd: dir }).tools;
    const module = (await import(pathToFileURL(join(dir, 'beds.mjs')).href)) as { createServer(): Parameters<typeof listToolsOnWire>[0] };
    const [listed] = await listToolsOnWire(module.createServer());
    // The definition is imported: found, its schema marked as known only in part.
    expect(row.name).toBe('read_bed');
    expect(row.unreadable?.map((entry) => entry.field)).toEqual(['inputSchema']);
    // Sized as the server publishes it, less the run-time text and nothing else.
    const published = Buffer.byteLength(JSON.stringify(listed.inputSchema));
    expect(row.schemaBytes).toBe(published - Buffer.byteLength('north'));
  });

  it('finds a definition holding its config under a field of its own in its module alone, where its text is written', () => {
    const code = `import { z } from 'zod';
export const readBed = {
  name: 'read_bed',
  definition: { description: 'Reads one raised bed.', inputSchema: { bed: z.string().describe('Which bed.') } },
  handler: async () => ({ content: [] }),
};
// A part of a definition that defines one itself is no tool of its own.
export const plan = { name: 'plan_beds', description: 'Plans the beds.', inputSchema: { season: z.string() }, preview: { description: 'Shows the plan.', inputSchema: { row: z.string() } } };
`;
    const rows = buildReport([{ filePath: '/virtual/beds/read.mjs', code }], { cwd: '/virtual/beds' }).tools;
    expect(rows.map((row) => [row.name, row.line])).toEqual([
      ['read_bed', 4],
      ['plan_beds', 8],
    ]);
  });

  it('names the registration when one definition of the loop cannot be read, and reads the others', () => {
    const code = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { packedTool } from 'bed-tools';
const readBed = { name: 'read_bed', definition: { description: 'Reads one bed.', inputSchema: { bed: z.string() } } };
const BEDS = [readBed, packedTool(process.env.BED_PACK)];
const server = new McpServer({ name: 'beds', version: '1.0.0' });
for (const tool of BEDS) server.registerTool(tool.name, tool.definition, async () => ({ content: [] }));
`;
    const report = buildReport([{ filePath: '/virtual/beds/all.mjs', code }], { cwd: '/virtual/beds' });
    expect(report.tools.map((row) => row.name)).toEqual(['read_bed']);
    expect(report.unread?.map((miss) => [miss.line, miss.sink])).toEqual([[7, '.registerTool()']]);
    expect(report.unread?.[0]?.reason).toMatch(/for one of them the tool's name, `tool\.name`, cannot be read/);
  });

  it('names the registration when a list filled by push is spread from something it cannot read', () => {
    const code = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { packedTools } from 'bed-tools';
const BEDS = [];
BEDS.push({ name: 'read_bed', definition: { description: 'Reads one bed.', inputSchema: { bed: z.string() } } });
BEDS.push(...packedTools(process.env.BED_PACK));
const server = new McpServer({ name: 'beds', version: '1.0.0' });
for (const tool of BEDS) server.registerTool(tool.name, tool.definition, async () => ({ content: [] }));
`;
    const report = buildReport([{ filePath: '/virtual/beds/pushed.mjs', code }], { cwd: '/virtual/beds' });
    expect(report.tools.map((row) => row.name)).toEqual(['read_bed']);
    expect(report.unread?.map((miss) => [miss.line, miss.sink])).toEqual([[8, '.registerTool()']]);
  });

  it('marks the description and schema of a config it cannot read, never sizing them as empty', () => {
    const code = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'beds', version: '1.0.0' });
server.registerTool('read_plan', JSON.parse(process.env.BED_PLAN ?? '{}'), async () => ({ content: [] }));
`;
    const [row] = buildReport([{ filePath: '/virtual/beds/plan.mjs', code }], { cwd: '/virtual/beds' }).tools;
    expect(row.unreadable?.map((entry) => [entry.field, entry.reason])).toEqual([
      ['inputSchema', 'the config `JSON.parse(…)` is not an object toolslim can read'],
      ['description', 'the config `JSON.parse(…)` is not an object toolslim can read'],
    ]);
  });
});
