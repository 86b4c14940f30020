// No silent miss: a sink whose tools cannot be read is named with file:line and the reason, in the
// file model (rules) and in the report; a loop over definitions found elsewhere by shape is not a miss.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeSource, buildReport } from '../src/index.js';

const MCP = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\n";
const dir = path.resolve('/virtual/unread');

function unreadOf(code: string) {
  return analyzeSource(code, { filePath: path.join(dir, 'server.ts') }).unread.map(({ line, sink, reason }) => ({ line, sink, reason }));
}

describe('unread sinks in the file model', () => {
  it('a helper nested in the function that builds the server is read at each call, and nothing is unread', () => {
    const model = analyzeSource(
      `${MCP}export function build() {
  const server = new McpServer({ name: 'x', version: '1' });
  function add(name: string, description: string, shape: z.ZodRawShape) {
    server.registerTool(name, { description, inputSchema: shape }, async () => ({ content: [] }));
  }
  add('one', 'Does one thing.', { a: z.string() });
  if (process.env.TWO) add('two', 'Does two things.', { b: z.number() });
  return server;
}`,
      { filePath: path.join(dir, 'server.ts') },
    );
    expect(model.tools.map((tool) => [tool.name?.kind === 'static' ? tool.name.value : undefined, tool.description?.kind, tool.condition?.reason])).toEqual([
      ['one', 'static', undefined],
      ['two', 'static', 'registered only when process.env.TWO (depends on process.env.TWO)'],
    ]);
    expect(model.unread).toEqual([]);
  });

  it('a subclass method that registers, called from another method, is read once per call', () => {
    const model = analyzeSource(
      `${MCP}class Catalogue extends McpServer {
  constructor() { super({ name: 'x', version: '1' }); this.registerAll(); }
  private define(name: string, description: string, shape: z.ZodRawShape) {
    this.registerTool(name, { description, inputSchema: z.object(shape) }, async () => ({ content: [] }));
  }
  private registerAll() {
    this.define('list_items', 'Lists the items.', { page: z.number() });
    this.define('get_item', 'Gets one item.', { id: z.string() });
  }
}`,
      { filePath: path.join(dir, 'server.ts') },
    );
    expect(model.tools.map((tool) => (tool.name?.kind === 'static' ? tool.name.value : undefined))).toEqual(['list_items', 'get_item']);
    expect(model.unread).toEqual([]);
  });

  it('a wrapper that may drop a tool is read at each call, with the object literal passed there, under its guard', () => {
    const model = analyzeSource(
      `import { FastMCP } from 'fastmcp';
import { z } from 'zod';
const server = new FastMCP({ name: 'x', version: '1.0.0' });
const everything = process.env.EVERYTHING === 'true';
function addTool(tool: { name: string; description: string; parameters: z.ZodTypeAny; execute: () => Promise<string> }) {
  if (!everything) return;
  server.addTool(tool);
}
addTool({ name: 'search', description: 'Searches the web.', parameters: z.object({ q: z.string() }), execute: async () => 'ok' });
addTool({ name: 'browse', description: 'Opens a page.', parameters: z.object({ url: z.string() }), execute: async () => 'ok' });`,
      { filePath: path.join(dir, 'server.ts') },
    );
    expect(model.tools.map((tool) => [tool.framework, tool.name?.kind === 'static' ? tool.name.value : undefined, tool.inputSchema.kind, tool.condition?.reason])).toEqual([
      ['fastmcp', 'search', 'static', 'registered only when everything (depends on process.env.EVERYTHING)'],
      ['fastmcp', 'browse', 'static', 'registered only when everything (depends on process.env.EVERYTHING)'],
    ]);
    expect(model.unread).toEqual([]);
  });

  it('names a loop over definitions it cannot trace, with where they come from', () => {
    expect(unreadOf(`${MCP}import { load } from 'registry';\nconst server = new McpServer({ name: 'x', version: '1' });\nfor (const d of load()) server.tool(d.name, d.text, async () => ({ content: [] }));`)).toEqual([
      { line: 5, sink: '.tool()', reason: "the tool's name is `d.name`, registered in a loop over `load()`, which toolslim cannot trace to the definitions it holds" },
    ]);
  });

  it('names a forEach over definitions it cannot trace', () => {
    expect(unreadOf(`${MCP}import { load } from 'registry';\nconst server = new McpServer({ name: 'x', version: '1' });\nload().forEach((d) => server.registerTool(d.name, { description: d.text }, async () => ({ content: [] })));`)).toEqual([
      { line: 5, sink: '.registerTool()', reason: "the tool's name is `d.name`, registered for each element of `load()`, which toolslim cannot trace to the definitions it holds" },
    ]);
  });

  it('a forwarder named as the sink is read at its calls, not named', () => {
    expect(unreadOf(`${MCP}export function wrap(server: McpServer) {\n  const registerTool = (name: string, config: object, cb: () => unknown) => server.registerTool(name, config, cb);\n  return { registerTool };\n}`)).toEqual([]);
  });

  it('a server that keeps to itself and registers nothing readable says so; one handed on does not', () => {
    expect(unreadOf(`${MCP}const server = new McpServer({ name: 'x', version: '1' });\nawait server.connect(transport);`).map((miss) => miss.sink)).toEqual(['server']);
    expect(unreadOf(`${MCP}import { registerAll } from './tools.js';\nconst server = new McpServer({ name: 'x', version: '1' });\nregisterAll(server);`)).toEqual([]);
  });

  it('a transport connected to a server an installed package builds names that package', () => {
    const stdio = "import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';\n";
    expect(unreadOf(`${stdio}import { CatalogueToolkit } from '@acme/catalogue-toolkit/mcp';\nconst toolkit = new CatalogueToolkit({ token: process.env.TOKEN });\nawait toolkit.connect(new StdioServerTransport());`)).toEqual([
      {
        line: 4,
        sink: '.connect()',
        reason: 'the server it connects is built by `CatalogueToolkit` of the installed package @acme/catalogue-toolkit; its tools are in that package, which toolslim does not read',
      },
    ]);
    // tsc's CommonJS output, built by an awaited factory.
    const cjs = `"use strict";\nconst stdio_1 = require("@modelcontextprotocol/sdk/server/stdio.js");\nconst kit_1 = require("catalogue-kit");\nasync function main() {\n  const server = await (0, kit_1.createCatalogueServer)({});\n  await server.connect(new stdio_1.StdioServerTransport());\n}\nmain();`;
    expect(unreadOf(cjs).map((miss) => [miss.line, miss.reason])).toEqual([
      [6, 'the server it connects is built by `kit_1.createCatalogueServer` of the installed package catalogue-kit; its tools are in that package, which toolslim does not read'],
    ]);
    // A server built by the project's own module is read there.
    expect(unreadOf(`${stdio}import { createServer } from './server.js';\nconst server = createServer();\nawait server.connect(new StdioServerTransport());`)).toEqual([]);
  });
});

describe('unread sinks in the report', () => {
  const file = (name: string, code: string) => ({ filePath: path.join(dir, name), code });

  it('lists each with its file and line', () => {
    const report = buildReport([file('server.ts', `${MCP}export function add(server: McpServer, name: string) {\n  server.tool(name, 'Does it.', async () => ({ content: [] }));\n}`)], { cwd: dir });
    expect(report.tools).toEqual([]);
    expect(report.unread).toEqual([{ file: 'server.ts', line: 4, sink: '.tool()', reason: "the tool's name is `name`, a parameter of `add`, and no call of it that toolslim can read gives it a value" }]);
  });

  it('names a tool whose name is read only in part: it is measured, but the name it lists is unknown', () => {
    const report = buildReport(
      [
        file(
          'server.ts',
          `${MCP}export function addKilnTools(server: McpServer, kiln: string) {\n  const prefix = kiln === 'raku' ? 'raku' : 'stoneware';\n  server.registerTool(\`fire_\${prefix}_kiln\`, { description: 'Starts a firing.' }, async () => ({ content: [] }));\n}`,
        ),
      ],
      { cwd: dir },
    );
    expect(report.tools.map((tool) => [tool.name, tool.unreadable?.map((u) => u.field)])).toEqual([['fire__kiln', ['name']]]);
    expect(report.unread).toEqual([
      {
        file: 'server.ts',
        line: 5,
        sink: '.registerTool()',
        reason: 'the tool\'s name cannot be read: a conditional whose condition is known only at run time; it is measured with the name\'s static parts, "fire__kiln", which is not the name it lists',
      },
    ]);
  });

  it('a list handler over a registry filled at run time lists definitions found by their shape only as conditional', () => {
    const kiln = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema as listSchema } from '@modelcontextprotocol/sdk/types.js';
class GlazeTools {
  static mixTool = { name: 'mix_glaze', description: 'Mixes a glaze batch.', inputSchema: { type: 'object', properties: {} } };
  static testTool = { name: 'test_glaze', description: 'Fires a test tile.', inputSchema: { type: 'object', properties: {} } };
  static toolDefinitions = [GlazeTools.mixTool, GlazeTools.testTool];
}
class Shelf {
  tools = new Map();
  add(group, picked) { for (const d of group.toolDefinitions) if (picked.includes(d.name)) this.tools.set(d.name, d); return this; }
  build() { return { tools: Array.from(this.tools.values()) }; }
}
export class KilnServer {
  server = new Server({ name: 'kiln', version: '1' }, { capabilities: { tools: {} } });
  shelf = new Shelf().add(GlazeTools, ['mix_glaze']);
  start() {
    const { tools: listed } = this.shelf.build();
    this.server.setRequestHandler(listSchema, async () => ({ tools: listed }));
  }
}
new KilnServer().start();`;
    const report = buildReport([file('kiln.js', kiln)], { cwd: dir });
    expect(report.tools.map((tool) => [tool.name, tool.conditional])).toEqual([
      ['mix_glaze', 'a definition found by its shape that no registration toolslim read lists; this project registers its definitions through a loop or list handler (kiln.js:18) that may leave it out'],
      ['test_glaze', 'a definition found by its shape that no registration toolslim read lists; this project registers its definitions through a loop or list handler (kiln.js:18) that may leave it out'],
    ]);
    expect(report.unread).toEqual([
      {
        file: 'kiln.js',
        line: 18,
        sink: 'setRequestHandler(ListTools)',
        reason: 'the tools it lists are what `this.shelf.build()` returns at run time, from a registry filled by calls toolslim does not follow',
      },
    ]);
  });

  it('a loop over definitions found in another file by their shape is no miss', () => {
    const report = buildReport(
      [
        file('defs.ts', `${MCP}export const defs = [{ name: 'ping', description: 'Checks the service.', inputSchema: { host: z.string() } }];`),
        file('server.ts', `${MCP}import { defs } from './defs.js';\nconst server = new McpServer({ name: 'x', version: '1' });\nfor (const d of pick(defs)) server.registerTool(d.name, { description: d.description, inputSchema: d.inputSchema }, async () => ({ content: [] }));`),
      ],
      { cwd: dir },
    );
    expect(report.tools.map((tool) => tool.name)).toEqual(['ping']);
    expect(report.unread).toEqual([]);
    // The loop selects what it registers (`pick(defs)`): the definition is kept, never counted as certain.
    expect(report.tools[0].conditional).toBe(
      'a definition found by its shape that no registration toolslim read lists; this project registers its definitions through a loop or list handler (server.ts:5) that may leave it out',
    );
  });
});

describe('a loop that publishes names computed from its definitions', () => {
  const file = (name: string, code: string) => ({ filePath: path.join(dir, name), code });

  it('stays named even when the definitions are found by their shape, since they do not give the names it lists', () => {
    const report = buildReport(
      [
        file('defs.ts', `${MCP}export const defs = [{ name: 'notes.search', description: 'Searches notes.', schema: { query: z.string() } }];`),
        file(
          'server.ts',
          `${MCP}import { defs } from './defs.js';\nimport { toSnakeCase } from './names.js';\nexport function registerAll(server: McpServer, options: { naming: string }) {\n  for (const d of defs) server.tool(toSnakeCase(d.name, options.naming), d.description, d.schema, async () => ({ content: [] }));\n}`,
        ),
      ],
      { cwd: dir },
    );
    expect(report.unread).toEqual([
      {
        file: 'server.ts',
        line: 6,
        sink: 'tool()',
        reason:
          'it registers definitions handed to it (`d.description`), which toolslim cannot trace to where they are written, under names computed from theirs (`toSnakeCase(…)`); definitions found by their shape do not give the names it lists',
      },
    ]);
  });

  it('stays named when it lists each definition under another of its fields, and those found by their shape are only conditional', () => {
    const report = buildReport(
      [
        file('skills.ts', `${MCP}export const sowSkill = { id: 'sow_seeds', name: 'Sow Seeds', description: 'Sows seeds in a tray.', inputSchema: { tray: z.string() } };`),
        file(
          'shelf.ts',
          `${MCP}export class Shelf {
  skills = new Map();
  add(skill) { this.skills.set(skill.id, skill); }
  publish(server: McpServer) {
    for (const skill of [...this.skills.values()]) server.registerTool(skill.id, { title: skill.name, description: skill.description, inputSchema: skill.inputSchema }, async () => ({ content: [] }));
  }
}`,
        ),
      ],
      { cwd: dir },
    );
    expect(report.unread).toEqual([
      {
        file: 'shelf.ts',
        line: 7,
        sink: '.registerTool()',
        reason:
          "the tool's name is `skill.id`, registered in a loop over `[...this.skills.values()]`, which toolslim cannot trace to the definitions it holds; the name it publishes is each definition's `id`, so the definitions found where they are written, named by their `name`, do not give it",
      },
    ]);
    expect(report.tools.map((tool) => [tool.name, tool.conditional])).toEqual([
      ['Sow Seeds', 'a definition found by its shape that no registration toolslim read lists; this project registers its definitions through a loop (shelf.ts:7) that lists them under names of its own making, not the one written here'],
    ]);
  });
});

describe('a bin that launches another program', () => {
  const launcher = `#!/usr/bin/env node
const { spawn } = require('child_process');
const path = require('path');
const binary = path.join(__dirname, 'bin', \`catalogue-\${process.platform}-\${process.arch}\`);
const child = spawn(binary, process.argv.slice(2), { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));
`;
  const inPackage = (files: Record<string, string>, read: (root: string) => void) => {
    const root = mkdtempSync(path.join(tmpdir(), 'toolslim-launcher-'));
    try {
      for (const [name, code] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
        writeFileSync(path.join(root, name), code);
      }
      read(root);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };

  it('is named with the call that starts the program, since its tools are that program\'s', () => {
    inPackage({ 'package.json': JSON.stringify({ name: 'catalogue', bin: './index.js' }), 'index.js': launcher }, (root) => {
      const report = buildReport([{ filePath: path.join(root, 'index.js'), code: launcher }], { cwd: root });
      expect(report.tools).toEqual([]);
      expect(report.unread).toEqual([
        { file: 'index.js', line: 5, sink: 'spawn()', reason: 'this program starts another one (`binary`) and hands it its stdio; the tools that program lists are not in JavaScript toolslim reads' },
      ]);
    });
  });

  it('is no miss when its package declares the tools in JavaScript, and a file that is not a bin is no launcher', () => {
    const server = `${MCP}const server = new McpServer({ name: 'x', version: '1' });\nserver.registerTool('ping', { description: 'Checks the service.', inputSchema: { host: z.string() } }, async () => ({ content: [] }));`;
    const own = launcher.replace("path.join(__dirname, 'bin', `catalogue-${process.platform}-${process.arch}`)", 'process.execPath');
    inPackage({ 'package.json': JSON.stringify({ name: 'catalogue', bin: { catalogue: 'bin/cli.js' } }), 'bin/cli.js': own, 'dist/server.js': server }, (root) => {
      const report = buildReport(
        [
          { filePath: path.join(root, 'bin/cli.js'), code: own },
          { filePath: path.join(root, 'dist/server.js'), code: server },
        ],
        { cwd: root },
      );
      expect(report.tools.map((tool) => tool.name)).toEqual(['ping']);
      expect(report.unread).toEqual([]);
    });
    inPackage({ 'package.json': JSON.stringify({ name: 'catalogue', bin: './other.js' }), 'index.js': launcher }, (root) => {
      expect(buildReport([{ filePath: path.join(root, 'index.js'), code: launcher }], { cwd: root }).unread).toEqual([]);
    });
  });
});

describe('a server built by a package whose files are read too', () => {
  it('is no miss: a monorepo that ships its toolkit beside the server reads the toolkit', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'toolslim-toolkit-'));
    try {
      const toolkit = `${MCP}export class CatalogueToolkit extends McpServer {\n  constructor() {\n    super({ name: 'catalogue', version: '1' });\n    this.registerTool('list_items', { description: 'Lists the items.', inputSchema: { page: z.number() } }, async () => ({ content: [] }));\n  }\n}`;
      const server = "import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';\nimport { CatalogueToolkit } from '@acme/catalogue-toolkit';\nawait new CatalogueToolkit().connect(new StdioServerTransport());";
      const files = { 'toolkit/package.json': JSON.stringify({ name: '@acme/catalogue-toolkit' }), 'toolkit/src/index.ts': toolkit, 'server/package.json': JSON.stringify({ name: 'catalogue-server' }), 'server/src/index.ts': server };
      for (const [name, code] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
        writeFileSync(path.join(root, name), code);
      }
      const sources = ['toolkit/src/index.ts', 'server/src/index.ts'].map((name) => ({ filePath: path.join(root, name), code: files[name as keyof typeof files] }));
      const report = buildReport(sources, { cwd: root });
      expect(report.tools.map((tool) => tool.name)).toEqual(['list_items']);
      expect(report.unread).toEqual([]);
      // The server's package read alone: the toolkit's tools are not in what was read.
      expect(buildReport([sources[1]], { cwd: root }).unread?.map((miss) => miss.sink)).toEqual(['.connect()']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('a loop over definitions a project function builds', () => {
  const file = (name: string, code: string) => ({ filePath: path.join(dir, name), code });

  it('reads each call of the function, with a field it computes by statements marked, not the whole loop named', () => {
    const code = `${MCP}const cache = new Map();
function toJsonOnce(schema) { if (!cache.has(schema)) cache.set(schema, schema.shape); return cache.get(schema); }
function defineChore(name: string, description: string, schema = z.object({})) {
  return { name, description, inputSchema: toJsonOnce(schema) };
}
const chores = [defineChore('water_beds', 'Waters the beds.', z.object({ bed: z.string() })), defineChore('sweep_paths', 'Sweeps the paths.')];
const server = new McpServer({ name: 'garden', version: '1' });
for (const chore of chores) server.registerTool(chore.name, { description: chore.description, inputSchema: chore.inputSchema }, async () => ({ content: [] }));`;
    const report = buildReport([file('chores.ts', code)], { cwd: dir });
    expect(report.unread).toEqual([]);
    expect(report.tools.map((tool) => [tool.name, tool.unreadable?.map((entry) => entry.field)]).sort()).toEqual([
      ['sweep_paths', ['inputSchema']],
      ['water_beds', ['inputSchema']],
    ]);
  });
});

describe('a library registerTool that takes one definition object', () => {
  const file = (name: string, code: string) => ({ filePath: path.join(dir, name), code });

  it('is no miss where the definition is read by its shape, and stays named where it is not', () => {
    const code = `import type { McpServer } from 'greenhouse-kit/server';
import { z } from 'zod';
export function registerBeds(server: McpServer) {
  server.registerTool({ name: 'list_beds', description: 'Lists the raised beds.', inputSchema: { page: z.number().optional() } }, async () => ({ content: [] }));
  server.registerTool({ name: 'bed_count', description: 'Counts the raised beds.' }, async () => ({ content: [] }));
}
`;
    const report = buildReport([file('beds.ts', code)], { cwd: dir });
    expect(report.tools.map((tool) => tool.name)).toEqual(['list_beds']);
    expect(report.unread?.map((miss) => miss.line)).toEqual([5]);
  });
});
