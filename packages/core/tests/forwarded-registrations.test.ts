/**
 * Registrations made by a helper written in another module: a registrar made by a factory
 * (`const plant = makePlanter(server)`, its returned function calling `server.tool(name, text, shape,
 * wrapped)`) and a helper imported and called with the server (`addSensor(server, 'x', …)`). Each call of
 * the helper is read with its own arguments; the registration in the helper's module is no longer named as
 * not read. Compared with what a real McpServer lists.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterAll, describe, expect, it } from 'vitest';
import { measureTool } from '../src/measure.js';
import type { PublishedTool } from '../src/model.js';
import { useReportOnFiles } from './report-on-files.js';
import { listToolsOnWire } from './schema-harness.js';

const HELPERS = `export function makePlanter(server, season = 'spring') {
  return (name, description, shape, handler) => {
    const wrapped = async (args) => ({ ...(await handler(args)), season });
    server.tool(name, description, shape, wrapped);
  };
}
export function addSensor(server, name, config, read) {
  server.registerTool(name, config, async () => ({ content: [{ type: 'text', text: String(await read()) }] }));
}
`;
const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { addSensor, makePlanter } from './helpers.mjs';
export function build() {
  const server = new McpServer({ name: 'greenhouse', version: '1.0.0' });
  const plant = makePlanter(server, 'autumn');
  plant('sow_tray', 'Sow seeds into one tray of the greenhouse.', { tray: z.number().int().describe('Tray number'), seed: z.string().describe('Seed variety') }, async () => ({ content: [] }));
  plant('water_tray', 'Water one tray.', { tray: z.number().int() }, async () => ({ content: [] }));
  addSensor(server, 'read_humidity', { description: 'Read the air humidity in percent.', inputSchema: { zone: z.enum(['north', 'south']).optional() } }, async () => 61);
  return server;
}
`;

const report = useReportOnFiles('forwarded', { 'gh/helpers.mjs': HELPERS, 'gh/server.mjs': SERVER });

// The same two modules where the SDK and zod resolve, to run them for real.
const coreDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = path.join(coreDir, 'node_modules', '.cache', 'toolslim-forwarded-tests');
mkdirSync(cacheDir, { recursive: true });
const runDir = mkdtempSync(path.join(cacheDir, 'case-'));
afterAll(() => rmSync(runDir, { recursive: true, force: true }));
writeFileSync(path.join(runDir, 'helpers.mjs'), HELPERS);
writeFileSync(path.join(runDir, 'server.mjs'), SERVER);

describe('a registration in a helper of another module', () => {
  it('is read at each call of the helper, as a real server lists it', async () => {
    const loaded = (await import(pathToFileURL(path.join(runDir, 'server.mjs')).href)) as { build: () => McpServer };
    const wire = (await listToolsOnWire(loaded.build())) as unknown as PublishedTool[];
    const read = report(['gh/server.mjs', 'gh/helpers.mjs']);
    expect(read.tools.map((tool) => tool.name).sort()).toEqual(wire.map((tool) => tool.name).sort());
    for (const tool of read.tools) {
      const runtime = wire.find((each) => each.name === tool.name)!;
      expect(tool.dynamic, tool.name).toBe(false);
      expect(tool.file, tool.name).toBe(path.join('gh', 'server.mjs'));
      expect(tool.bytes, tool.name).toBe(measureTool(runtime).bytes);
    }
    expect(read.unread).toEqual([]);
  });

  it('is still named as not read when no file read calls the helper', () => {
    const read = report(['gh/helpers.mjs']);
    expect(read.tools).toEqual([]);
    expect(read.unread?.map((miss) => miss.file)).toContain(path.join('gh', 'helpers.mjs'));
  });
});
