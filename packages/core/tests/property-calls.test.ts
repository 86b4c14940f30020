/**
 * A registration inside a function written as a property of a definition object (`exec(server, { name })
 * { server.registerTool(name, …) }`), called through that property for each definition of a list
 * (`tool.exec(server, { name: tool.name, ctx: await tool.load() })`): each call binds the parameters, an
 * argument object keeping the parts it can read. Compared with what a real McpServer lists.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import { analyzeSource } from '../src/index.js';
import { measureTool } from '../src/measure.js';
import { buildPublishedTool } from '../src/published.js';
import { getName, listToolsOnWire, loadSource } from './schema-harness.js';

const GARDEN = `import { z } from 'zod';
var waterTool = {
  name: 'water_bed',
  description: 'Waters one bed of the garden.',
  async load(shared) { return { beds: shared.beds }; },
  exec(server, { name, description, ctx }) {
    const inputSchema = z.object({ litres: z.number().min(1).describe('How much water') });
    server.registerTool(name, { description, inputSchema: inputSchema.shape }, async () => ({ content: [] }));
  },
};
var pruneTool = {
  name: 'prune_bed',
  description: 'Prunes the shrubs of one bed.',
  disabled: (config) => config.winter === true,
  exec(server, { name, description }) {
    server.registerTool(name, { description }, async () => ({ content: [] }));
  },
};
// Not in the list: never registered, though its method has the same name.
var compostTool = {
  name: 'turn_compost',
  description: 'Turns the compost heap.',
  exec(server, { name, description }) {
    server.registerTool(name, { description }, async () => ({ content: [] }));
  },
};
var tools = [waterTool, pruneTool];
export async function register(server, config = {}) {
  const enabled = tools.filter((tool) => !tool.disabled?.(config));
  await Promise.all(enabled.map(async (tool) => {
    const ctx = await tool.load?.({ beds: ['north'] });
    tool.exec(server, { ctx, name: tool.name, description: tool.description });
  }));
}
`;

describe('a registration in a definition’s method', () => {
  it('is read once per definition the method is called for, as a real server lists them', async () => {
    const loaded = await loadSource(GARDEN);
    const server = new McpServer({ name: 'garden', version: '1.0.0' });
    await (loaded.module.register as (s: McpServer) => Promise<void>)(server);
    const wire = await listToolsOnWire(server);
    const tools = analyzeSource(loaded.code, { filePath: loaded.filePath }).tools.map((decl) => buildPublishedTool(decl));
    expect(tools.map((tool) => tool.tool?.name ?? tool.lowerBound?.name)).toEqual(wire.map(getName));
    for (const tool of tools) {
      const runtime = wire.find((t) => getName(t) === tool.tool?.name);
      expect(tool.dynamic, tool.tool?.name).toBe(false);
      expect(measureTool(tool.tool!).bytes).toBe(measureTool(runtime as never).bytes);
    }
  });
});
