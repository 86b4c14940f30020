/**
 * Definitions collected from a module namespace (`Object.values(tools)` of `import * as tools`), each with an
 * async handler, registered in a loop: the evaluator reads the namespace as the object it is at run time, and
 * an async function as a value. The server is our own, started in memory with the real MCP SDK; the static
 * bytes must equal what it lists.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildReport } from '../src/report.js';
import { listToolsOnWire } from './schema-harness.js';

const coreDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const workDir = join(coreDir, 'node_modules', '.cache', 'toolslim-namespaces');
const created: string[] = [];
afterAll(() => {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
});

const FILES: Record<string, string> = {
  'tools/water.mjs': `import { z } from 'zod';
export const water = {
  name: 'water',
  description: 'Waters one bed.',
  inputSchema: { bed: z.string().describe('Which bed.'), litres: z.number().min(1).default(5) },
  handler: async ({ bed }) => ({ content: [{ type: 'text', text: bed }] }),
};
`,
  'tools/prune.mjs': `import { z } from 'zod';
export const prune = {
  name: 'prune',
  description: 'Prunes the plants of a bed.',
  inputSchema: { bed: z.string(), hard: z.boolean().optional() },
  handler: async () => ({ content: [] }),
};
`,
  'tools/index.mjs': `export { water } from './water.mjs';
export * from './prune.mjs';
`,
  'server.mjs': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as tools from './tools/index.mjs';

export function createServer() {
  const server = new McpServer({ name: 'garden', version: '1.0.0' });
  for (const tool of Object.values(tools)) {
    server.registerTool(tool.name, { title: tool.name.toUpperCase(), description: tool.description, inputSchema: tool.inputSchema }, tool.handler);
  }
  return server;
}
`,
};

describe('a loop over a module namespace', () => {
  it('reads each definition the namespace holds, as a real McpServer lists it', async () => {
    mkdirSync(workDir, { recursive: true });
    const dir = mkdtempSync(join(workDir, 'case-'));
    created.push(dir);
    for (const [name, code] of Object.entries(FILES)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), code);
    }
    const sources = Object.keys(FILES).map((name) => ({ filePath: join(dir, name), code: readFileSync(join(dir, name), 'utf8') }));
    const rows = buildReport(sources, { cwd: dir }).tools.filter((row) => row.file === 'server.mjs');
    const module = (await import(pathToFileURL(join(dir, 'server.mjs')).href)) as { createServer(): Parameters<typeof listToolsOnWire>[0] };
    const listed = await listToolsOnWire(module.createServer());
    expect(rows.map((row) => row.name).sort()).toEqual(['prune', 'water']);
    for (const tool of listed) {
      const row = rows.find((r) => r.name === tool.name)!;
      expect(row.unreadable, String(tool.name)).toBeUndefined();
      expect(row.bytes, String(tool.name)).toBe(Buffer.byteLength(JSON.stringify(tool)));
    }
  });
});
