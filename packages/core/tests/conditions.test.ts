// Registrations made only under a run-time condition carry `condition.reason`; a condition that
// evaluates statically decides whether the registration is a tool at all.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { analyzeSource, buildReport, type ToolDecl } from '@toolslim/core';

function conditions(code: string): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const tool of analyzeSource(code, { filePath: 'server.ts' }).tools as readonly ToolDecl[]) {
    if (tool.name?.kind === 'static') out[tool.name.value] = tool.condition?.reason;
  }
  return out;
}

const HEADER = [
  "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
  "import { FastMCP } from 'fastmcp';",
  "const server = new McpServer({ name: 'n', version: '1' });",
];

describe('branches', () => {
  it('marks a branch that depends on process.env and names the variable', () => {
    const found = conditions(
      [
        ...HEADER,
        "const mode = process.env.MODE === 'full' ? 'full' : 'lite';",
        "if (mode === 'full') server.tool('full_scan', 'Scans all.', async () => ({ content: [] }));",
        "else server.tool('lite_scan', 'Scans some.', async () => ({ content: [] }));",
        "server.tool('always_here', 'Always.', async () => ({ content: [] }));",
      ].join('\n'),
    );
    expect(found.full_scan).toBe('registered only when mode === "full" (depends on process.env.MODE)');
    expect(found.lite_scan).toBe('registered only when mode !== "full" (depends on process.env.MODE)');
    expect(found.always_here).toBeUndefined();
    expect(Object.keys(found)).toHaveLength(3);
  });

  it('marks `&&`, ternaries and an early return in the registering function', () => {
    const found = conditions(
      [
        ...HEADER,
        'export function register(options: { beta?: boolean }) {',
        "  options.beta && server.tool('beta_tool', 'Beta.', async () => ({ content: [] }));",
        "  if (!process.env.TOKEN) return;",
        "  server.tool('needs_token', 'Token.', async () => ({ content: [] }));",
        '}',
      ].join('\n'),
    );
    expect(found.beta_tool).toBe('registered only when options.beta');
    expect(found.needs_token).toBe('registered only when process.env.TOKEN (depends on process.env.TOKEN)');
  });

  it('uses a condition that evaluates statically: a branch never taken is not a tool', () => {
    const found = conditions(
      [
        ...HEADER,
        'const LEGACY = false;',
        'const ON = true;',
        "if (LEGACY) server.tool('old_tool', 'Old.', async () => ({ content: [] }));",
        "else server.tool('new_tool', 'New.', async () => ({ content: [] }));",
        "ON && server.tool('on_tool', 'On.', async () => ({ content: [] }));",
        'function later() {',
        '  if (ON) return;',
        "  server.tool('never_tool', 'Never.', async () => ({ content: [] }));",
        '}',
      ].join('\n'),
    );
    expect(found).toEqual({ new_tool: undefined, on_tool: undefined });
  });
});

describe('registrar wrappers', () => {
  it('marks tools registered through a reassigned registrar that may return without registering', () => {
    const found = conditions(
      [
        ...HEADER,
        "const fast = new FastMCP({ name: 'f', version: '1.0.0' });",
        "fast.addTool({ name: 'before_wrap', description: 'Before.', execute: async () => '' });",
        'const allowed = new Set((process.env.TOOLS ?? "").split(","));',
        'const add = fast.addTool.bind(fast);',
        'fast.addTool = ((tool) => {',
        '  if (!allowed.has(tool.name)) return;',
        '  add(tool);',
        '}) as typeof fast.addTool;',
        "fast.addTool({ name: 'after_wrap', description: 'After.', execute: async () => '' });",
      ].join('\n'),
    );
    expect(found.before_wrap).toBeUndefined();
    expect(found.after_wrap).toBe('registered through a wrapper of fast.addTool (line 8) that may return without registering');
  });

  it('marks tools registered through a wrapper that returns from a switch case, and leaves one whose only return registers', () => {
    const found = conditions(
      [
        ...HEADER,
        "const fast = new FastMCP({ name: 'f', version: '1.0.0' });",
        "const mode = process.env.MODE ?? 'small';",
        'const add = fast.addTool.bind(fast);',
        'fast.addTool = function (tool) {',
        '  switch (mode) {',
        "    case 'small':",
        '      if (!tool.core) return;',
        '      break;',
        "    case 'all':",
        '      break;',
        '  }',
        '  add(tool);',
        '};',
        "fast.addTool({ name: 'kiln_fire', description: 'Fire.', execute: async () => '' });",
      ].join('\n'),
    );
    expect(found.kiln_fire).toBe('registered through a wrapper of fast.addTool (line 7) that may return without registering');
    const always = conditions(
      [
        ...HEADER,
        "const fast = new FastMCP({ name: 'f', version: '1.0.0' });",
        'const add = fast.addTool.bind(fast);',
        'fast.addTool = (tool) => {',
        '  const named = { ...tool, name: `kiln_${tool.name}` };',
        '  [1, 2].forEach(() => { return; });',
        '  return add(named);',
        '};',
        "fast.addTool({ name: 'fire', description: 'Fire.', execute: async () => '' });",
      ].join('\n'),
    );
    expect(Object.values(always)).toEqual([undefined]);
  });

  it('leaves a wrapper that always registers alone', () => {
    const found = conditions(
      [
        ...HEADER,
        "const fast = new FastMCP({ name: 'f', version: '1.0.0' });",
        'const add = fast.addTool.bind(fast);',
        'fast.addTool = ((tool) => {',
        '  console.error(tool.name);',
        '  add(tool);',
        '}) as typeof fast.addTool;',
        "fast.addTool({ name: 'logged', description: 'Logged.', execute: async () => '' });",
        "server.tool('other', 'Other.', async () => ({ content: [] }));",
      ].join('\n'),
    );
    expect(found).toEqual({ logged: undefined, other: undefined });
  });
});

describe('registration helpers called under a condition', () => {
  const helper = [
    'function registerExtras(target: McpServer) {',
    "  target.tool('extra_tool', 'Extra.', async () => ({ content: [] }));",
    '}',
  ];

  it('marks a file-local helper whose every call is conditional, naming the conditions', () => {
    const found = conditions(
      [...HEADER, ...helper, "if (process.env.EXTRAS === 'on') registerExtras(server);", "const beta = process.env.BETA === '1';", 'if (beta) { registerExtras(server); }'].join('\n'),
    );
    expect(found.extra_tool).toBe(
      'registered only when registerExtras() is called, which is only when process.env.EXTRAS === "on" (depends on process.env.EXTRAS) or beta (depends on process.env.BETA)',
    );
  });

  it('leaves it unconditional when one call always runs, or when the helper is exported or passed around', () => {
    expect(conditions([...HEADER, ...helper, "if (process.env.EXTRAS) registerExtras(server);", 'registerExtras(server);'].join('\n')).extra_tool).toBeUndefined();
    expect(conditions([...HEADER, ...helper, 'export { registerExtras };', "if (process.env.EXTRAS) registerExtras(server);"].join('\n')).extra_tool).toBeUndefined();
    expect(conditions([...HEADER, ...helper, 'const plugins = [registerExtras];', "if (process.env.EXTRAS) registerExtras(server);"].join('\n')).extra_tool).toBeUndefined();
  });

  it('drops the tool when every call is statically never reached', () => {
    expect(conditions([...HEADER, ...helper, 'const ENABLED = false;', 'if (ENABLED) registerExtras(server);'].join('\n'))).not.toHaveProperty('extra_tool');
  });
});

describe('a `continue` guard in a loop over definitions', () => {
  it('decides per definition: a guard that never fires leaves the tool unconditional, one that may fire is the condition', () => {
    const code = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const defs = [
  { name: 'read_notes', description: 'Reads notes.', writes: false, schema: { id: z.string() } },
  { name: 'delete_note', description: 'Deletes a note.', writes: true, schema: { id: z.string() } },
];
export function register(server: McpServer, allowWrites: boolean) {
  for (const def of defs) {
    if (def.writes && !allowWrites) continue;
    server.registerTool(def.name, { description: def.description, inputSchema: def.schema }, async () => ({ content: [] }));
  }
}`;
    const tools = analyzeSource(code, { filePath: '/virtual/continue/server.ts' }).tools;
    expect(tools.map((tool) => [tool.name?.kind === 'static' ? tool.name.value : undefined, tool.condition?.reason])).toEqual([
      ['read_notes', undefined],
      ['delete_note', 'registered only when !(def.writes && !allowWrites)'],
    ]);
  });
});

describe('hooks a superclass calls', () => {
  const base = [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    'export abstract class RegistryBase {',
    '  constructor(protected server: McpServer, protected signedIn: () => boolean) {}',
    '  register(): void {',
    '    this.registerPublic();',
    '    if (this.signedIn()) this.registerPrivate();',
    '  }',
    '  protected registerPublic(): void {}',
    '  protected registerPrivate(): void {}',
    '}',
  ];
  const tools = [
    'export class NoteTools extends Registry {',
    "  protected registerPublic(): void { this.server.tool('search_notes', 'Searches notes.', async () => ({ content: [] })); }",
    "  protected registerPrivate(): void { this.server.tool('delete_note', 'Deletes a note.', async () => ({ content: [] })); }",
    '}',
  ];

  it('a registration in a hook the superclass calls under a condition carries that condition, up a chain of classes', () => {
    const found = conditions([...base, 'export abstract class Registry extends RegistryBase {}', ...tools].join('\n'));
    expect(found).toEqual({ search_notes: undefined, delete_note: 'registered only when RegistryBase calls this.registerPrivate(), which is only when this.signedIn(…)' });
  });

  it('reads the superclass in another module of the project', () => {
    const dir = path.resolve('/virtual/hooks');
    const report = buildReport(
      [
        { filePath: path.join(dir, 'registry-base.ts'), code: base.join('\n') },
        { filePath: path.join(dir, 'registry.ts'), code: "import { RegistryBase } from './registry-base.js';\nexport abstract class Registry extends RegistryBase {}" },
        { filePath: path.join(dir, 'note-tools.ts'), code: ["import { Registry } from './registry.js';", ...tools].join('\n') },
      ],
      { cwd: dir },
    );
    expect(Object.fromEntries(report.tools.map((tool) => [tool.name, tool.conditional]))).toEqual({
      search_notes: undefined,
      delete_note: 'registered only when RegistryBase calls this.registerPrivate(), which is only when this.signedIn(…)',
    });
  });
});

describe('list handlers whose function returns different lists', () => {
  it('a definition only some of the returns list is conditional; one every return lists is not', () => {
    const code = [
      "import { Server } from '@modelcontextprotocol/sdk/server/index.js';",
      "import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';",
      "const server = new Server({ name: 'n', version: '1' }, { capabilities: { tools: {} } });",
      'function listTools() {',
      "  const base = [{ name: 'list_beds', description: 'Lists the beds.', inputSchema: { type: 'object', properties: {} } }];",
      "  const reports = [{ name: 'harvest_report', description: 'Reports the harvest.', inputSchema: { type: 'object', properties: {} } }];",
      '  if (process.env.REPORTS) return [...base, ...reports];',
      '  return base;',
      '}',
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listTools() }));',
    ].join('\n');
    expect(conditions(code)).toEqual({ list_beds: undefined, harvest_report: 'listed only on some of the paths through `listTools()`' });
  });
});

describe('list handlers that filter their list at run time', () => {
  it('a definition of a list filtered by a run-time predicate is conditional; filter(Boolean) keeps every one', () => {
    const code = [
      "import { Server } from '@modelcontextprotocol/sdk/server/index.js';",
      "import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';",
      "const server = new Server({ name: 'n', version: '1' }, { capabilities: { tools: {} } });",
      "const hives = [{ name: 'count_hives', description: 'Counts the hives.', inputSchema: { type: 'object', properties: {} } }];",
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({',
      '  tools: [',
      "    { name: 'inspect_hive', description: 'Inspects one hive.', inputSchema: { type: 'object', properties: {} } },",
      "    { name: 'smoke_hive', description: 'Smokes one hive.', inputSchema: { type: 'object', properties: {} } },",
      '  ].filter((tool) => settings.calmBees === true || !isRisky(tool.name)).concat(hives.filter(Boolean)),',
      '}));',
    ].join('\n');
    expect(conditions(code)).toEqual({
      count_hives: undefined,
      inspect_hive: 'listed only when the filter keeps it (settings.calmBees === true || !isRisky(…))',
      smoke_hive: 'listed only when the filter keeps it (settings.calmBees === true || !isRisky(…))',
    });
  });
});

describe('definitions found by their shape whose only publication is a list handler registered in one mode', () => {
  const code = (guard: string) =>
    [
      "import { Server } from '@modelcontextprotocol/sdk/server/index.js';",
      "import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';",
      "const pruneTool = { name: 'prune_rose', description: 'Prunes one rose bush.', parameters: { type: 'object', properties: {} }, handler: async () => 'ok' };",
      "const feedTool = { name: 'feed_rose', description: 'Feeds one rose bush.', parameters: { type: 'object', properties: {} }, handler: async () => 'ok' };",
      'const registry = new Map();',
      'function fillRegistry(manager) {',
      '  for (const tool of [pruneTool, feedTool]) manager.registerTool(tool);',
      '}',
      'fillRegistry({ registerTool: (t) => registry.set(t.name, t) });',
      'function listOne(server) {',
      "  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: 'ask_gardener', description: 'Asks the gardener.', inputSchema: { type: 'object', properties: {} } }] }));",
      '}',
      'function listAll(server) {',
      '  const all = Array.from(registry.values()).map((t) => ({ name: t.name, description: t.description, inputSchema: t.parameters }));',
      '  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: all }));',
      '}',
      "const server = new Server({ name: 'rosary', version: '1' }, { capabilities: { tools: {} } });",
      guard,
    ].join('\n');
  it('lists them only in that mode: a registry of the project filled by registerTool(definition) publishes nothing itself', () => {
    const found = conditions(code("if (process.argv[2] === 'all') listAll(server); else listOne(server);"));
    expect(found.prune_rose).toBe('listed only through setRequestHandler(ListTools) (line 15), registered only when listAll() is called, which is only when process.argv[2] === "all"');
    expect(found.feed_rose).toEqual(found.prune_rose);
  });
  it('lists them for certain when that list handler is registered on every path', () => {
    const found = conditions(code('listAll(server);'));
    expect(found.prune_rose).toBeUndefined();
    expect(found.feed_rose).toBeUndefined();
  });
  it('lists them for certain when list handlers under different conditions may cover every path', () => {
    const code2 = code("if (process.argv[2] === 'all') listAll(server); else listEvery(server);").replace(
      'const server = new Server(',
      'function listEvery(server) {\n  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: Array.from(registry.values()) }));\n}\nconst server = new Server(',
    );
    expect(conditions(code2).prune_rose).toBeUndefined();
  });
});

describe('definitions found by their shape that a file only hands to a registry of its own', () => {
  it('are listed only where that registry is published, when the file builds no server', () => {
    const code = [
      "import { Client } from '@modelcontextprotocol/sdk/client/index.js';",
      "const sowTool = { name: 'sow_seeds', description: 'Sows one row of seeds.', parameters: { type: 'object', properties: {} }, handler: async () => 'ok' };",
      "const thinTool = { name: 'thin_row', description: 'Thins one row of seedlings.', parameters: { type: 'object', properties: {} }, handler: async () => 'ok' };",
      'export function fillRegistry(manager) {',
      '  for (const tool of [sowTool, thinTool]) manager.registerTool(tool);',
      '}',
      "export const client = new Client({ name: 'seed-bank', version: '1' });",
    ].join('\n');
    const found = conditions(code);
    expect(found.sow_seeds).toBe('registered only into a registry of the project (.registerTool(), line 5), which this file does not publish');
    expect(found.thin_row).toEqual(found.sow_seeds);
  });
});
