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
