// Registration loops (issue 9): a call inside `forEach`/`for…of`/`map` over definitions is read once per
// definition, with its own wrapper and appended text; text that depends on run time or on the
// environment is partly readable, with a reason, and its static part is still measured.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, type ReportJson } from '@toolslim/core';

/** A report over every `.ts` file given, written to a temporary folder (imports are read from disk). */
function report(files: Record<string, string>): ReportJson {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolslim-loops-'));
  for (const [name, code] of Object.entries(files)) writeFileSync(path.join(dir, name), code);
  const sources = Object.entries(files).map(([name, code]) => ({ filePath: path.join(dir, name), code }));
  return buildReport(sources, { cwd: dir, settings: { zodVersion: 4 } });
}

const SERVER_HEAD = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'loops', version: '1.0.0' });
`;

const DEFINITIONS = `import { z } from 'zod';
export const DEFS = [
  { name: 'pick_seed', description: 'Pick a seed variety.', schema: z.object({ crop: z.string() }), annotations: { readOnlyHint: true } },
  { name: 'sow_row', description: 'Sow one row of a bed.', schema: z.object({ bed: z.string(), row: z.number() }), annotations: { readOnlyHint: false } },
];
`;

function byName(result: ReportJson, name: string) {
  expect(result.errors).toEqual([]);
  const rows = result.tools.filter((tool) => tool.name === name);
  expect(rows, name).toHaveLength(1);
  return rows[0];
}

describe('registration loops', () => {
  it('reads each definition of an imported array, wrapped as the loop wraps it', () => {
    const result = report({
      'defs.ts': DEFINITIONS,
      'server.ts': `${SERVER_HEAD}import { DEFS } from './defs.js';
DEFS.forEach((def) => server.tool(def.name, def.description, { params: def.schema }, def.annotations, async () => ({ content: [] })));`,
    });
    const tool = byName(result, 'sow_row');
    expect(tool.file).toBe('server.ts');
    expect(tool.dynamic).toBe(false);
    // {"name":"sow_row",…} with `params` wrapping the definition's schema and its annotations.
    expect(tool.schemaBytes).toBeGreaterThan(Buffer.byteLength('{"type":"object","properties":{"params":{}}}'));
    expect(result.tools.map((t) => t.name).sort()).toEqual(['pick_seed', 'sow_row']);
  });

  it('reads `for…of` over `Object.values` of a record', () => {
    const result = report({
      'server.ts': `${SERVER_HEAD}import { z } from 'zod';
const RECORD = {
  water: { title: 'Water a bed', text: 'Open the valve of a bed.', shape: { bed: z.string() } },
  light: { title: 'Switch the lights', text: 'Switch the grow lights on or off.', shape: { on: z.boolean() } },
};
for (const [key, def] of Object.entries(RECORD)) {
  server.registerTool(key, { title: def.title, description: def.text, inputSchema: def.shape }, async () => ({ content: [] }));
}`,
    });
    expect(byName(result, 'water').dynamic).toBe(false);
    expect(byName(result, 'light').descriptionBytes).toBe(Buffer.byteLength('Switch the grow lights on or off.'));
  });

  it('marks text appended at run time as partly readable and measures its static part', () => {
    const result = report({
      'defs.ts': DEFINITIONS,
      'registry.ts': `import { DEFS } from './defs.js';
export function getTools(notices: string[]) {
  const tools = DEFS.filter((def) => def.name !== 'hidden');
  if (notices.length === 0) return tools;
  const suffix = \`\\n\\n<notice>\${notices.join('\\n')}</notice>\`;
  return tools.map((def) => ({ ...def, description: \`\${def.description}\${suffix}\` }));
}`,
      'server.ts': `${SERVER_HEAD}import { getTools } from './registry.js';
for (const def of getTools(process.argv.slice(2))) {
  server.tool(def.name, def.description, def.schema.shape, async () => ({ content: [] }));
}`,
    });
    const tool = byName(result, 'pick_seed');
    expect(tool.dynamic).toBe(true);
    expect(tool.unreadable).toEqual([{ field: 'description', reason: expect.any(String) }]);
    expect(tool.descriptionBytes).toBeGreaterThanOrEqual(Buffer.byteLength('Pick a seed variety.\n\n<notice></notice>'));
  });

  it('reads a class method called in a loop, with text from imported JSON looked up by name', () => {
    const result = report({
      'texts.json': '{ "pick_seed": { "description": "Pick a seed variety from the catalogue." } }',
      'lookup.ts': `import texts from './texts.json';
let cache: Record<string, { description: string }> | undefined;
function all() {
  if (!cache) { cache = texts; }
  return cache;
}
export function describe(name: string) {
  const found = all()[name];
  if (!found) throw new Error(name);
  return found.description;
}`,
      'server.ts': `${SERVER_HEAD}import { z } from 'zod';
import { describe } from './lookup.js';
const FACTORIES = { pick_seed: () => ({ name: 'pick_seed', shape: { crop: z.string() }, run: async () => ({ content: [] }) }) };
async function load(names: string[]) {
  const list = [];
  for (const n of names) list.push(FACTORIES[n as 'pick_seed']());
  return list.map((t) => ({ ...t, description: describe(t.name) }));
}
class Garden {
  add(t: { name: string; description: string; shape: object }) {
    server.registerTool(t.name, { description: t.description, inputSchema: t.shape }, async () => ({ content: [] }));
  }
  async start() {
    for (const t of await load(['pick_seed'])) this.add(t);
  }
}
new Garden().start();`,
    });
    const tool = byName(result, 'pick_seed');
    expect(tool.dynamic).toBe(false);
    expect(tool.descriptionBytes).toBe(Buffer.byteLength('Pick a seed variety from the catalogue.'));
  });

  it('leaves a loop over something it cannot trace to the definitions found by shape', () => {
    const result = report({
      'server.ts': `${SERVER_HEAD}import { z } from 'zod';
export const tool = { name: 'count_pots', description: 'Count the pots on a shelf.', inputSchema: { shelf: z.string() } };
for (const t of loadPlugins()) server.tool(t.name, t.description, t.shape, async () => ({ content: [] }));`,
    });
    expect(result.tools.map((t) => t.name)).toEqual(['count_pots']);
  });
});

describe('values that depend on process.env', () => {
  it('are unreadable with the variable named, never read as their fallback', () => {
    const result = report({
      'server.ts': `${SERVER_HEAD}import { z } from 'zod';
const SAFE_MODE = process.env.SAFE_MODE === 'true';
server.registerTool('prune', {
  description: SAFE_MODE ? 'Prune dead leaves.' : 'Prune dead leaves, or cut whole stems when asked.',
  inputSchema: { plant: z.string() },
}, async () => ({ content: [] }));
server.registerTool('label', {
  description: process.env.LABEL_TEXT || 'Print a plant label.',
  inputSchema: { plant: z.string() },
}, async () => ({ content: [] }));
server.registerTool('feed', {
  description: \`Feed a plant. \${process.env.FEED_NOTE ?? ''}\`,
  inputSchema: { plant: z.string() },
}, async () => ({ content: [] }));`,
    });
    expect(byName(result, 'prune').unreadable).toEqual([{ field: 'description', reason: 'a conditional that depends on process.env.SAFE_MODE' }]);
    expect(byName(result, 'label').unreadable).toEqual([{ field: 'description', reason: 'depends on process.env.LABEL_TEXT' }]);
    const feed = byName(result, 'feed');
    expect(feed.unreadable).toEqual([{ field: 'description', reason: 'depends on process.env.FEED_NOTE' }]);
    expect(feed.descriptionBytes).toBe(Buffer.byteLength('Feed a plant. '));
  });
});

describe('a helper that defers its registration in a closure', () => {
  it('is read once per call of the helper, as a bundle inlines a deferred registrar', () => {
    const result = report({
      'server.js': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const pending = [];
function registerTool(name, config, callback) {
  pending.push((server) => {
    server.registerTool(name, config, callback);
  });
}
export function createServer() {
  const server = new McpServer({ name: 'garden', version: '1.0.0' });
  for (const register of pending) register(server);
  return server;
}
registerTool('water_bed', { description: 'Waters one bed.', inputSchema: { bed: z.string() } }, async () => ({ content: [] }));
registerTool('weed_bed', { description: 'Weeds one bed.', inputSchema: { bed: z.string(), depth: z.number() } }, async () => ({ content: [] }));
`,
    });
    expect(result.unread).toEqual([]);
    expect(result.tools.map((tool) => [tool.name, tool.dynamic]).sort()).toEqual([
      ['water_bed', false],
      ['weed_bed', false],
    ]);
  });
});

describe('definitions a helper builds once per entry of a table', () => {
  it('are read once per call, with the branches around them decided for that call', () => {
    const result = report({
      'beds.ts': `import { z } from 'zod';
const KINDS = [
  { kind: 'raised', label: 'raised bed', canCover: true },
  { kind: 'sunken', label: 'sunken bed' },
];
function bedTools(config: { kind: string; label: string; canCover?: boolean }) {
  const tools = [{ name: \`water_\${config.kind}_bed\`, description: \`Waters a \${config.label}.\`, inputSchema: z.object({ bed: z.string() }) }];
  if (config.canCover) tools.push({ name: \`cover_\${config.kind}_bed\`, description: \`Covers a \${config.label}.\`, inputSchema: z.object({ bed: z.string() }) });
  return tools;
}
export const ALL = KINDS.flatMap((config) => bedTools(config));
`,
      'server.ts': `${SERVER_HEAD}import { ALL } from './beds.js';
for (const t of ALL) server.registerTool(t.name, { description: t.description, inputSchema: t.inputSchema.shape }, async () => ({ content: [] }));
`,
    });
    expect(result.tools.map((tool) => tool.name).sort()).toEqual(['cover_raised_bed', 'water_raised_bed', 'water_sunken_bed']);
    expect(result.tools.every((tool) => !tool.dynamic)).toBe(true);
  });
});
