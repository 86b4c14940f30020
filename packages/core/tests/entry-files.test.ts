// A package's entry points run what they import and nothing else: tool objects in a file no entry reaches
// (a second server nobody starts, a scanner's demo data) are not published, and report leaves them out.
// A bin that hands its server to an installed MCP server package names that package as not read.
import { describe, expect, it } from 'vitest';
import { getConditions, useReportOnFiles } from './report-on-files.js';

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { notesTools } from './tools.js';
const server = new McpServer({ name: 'notes', version: '1.0.0' });
for (const tool of notesTools) server.registerTool(tool.name, { description: tool.description, inputSchema: tool.inputSchema }, async () => ({ content: [] }));
`;
const TOOLS = `export const notesTools = [
  { name: 'read_note', description: 'Reads one note.', inputSchema: { type: 'object', properties: { id: { type: 'string' } } } },
];
`;
const FILES: Record<string, string> = {
  'notes/package.json': '{ "name": "notes", "bin": { "notes": "bin/server.js" } }',
  'notes/bin/server.js': `${SERVER}import { fork } from 'node:child_process';\nfork(new URL('./indexer.js', import.meta.url));\n`,
  'notes/bin/tools.js': TOOLS,
  // Named by the entry (a child process): it runs.
  'notes/bin/indexer.js': `export const indexerTool = { name: 'index_notes', description: 'Indexes notes.', inputSchema: { type: 'object', properties: {} } };\nconsole.log(indexerTool);\n`,
  // Examples a checker scans: no entry imports or names this file.
  'notes/bin/check-definitions.js': `function demoDefinitions() {
  return [{ name: 'demo_fetch', description: 'An example definition to check.', inputSchema: { type: 'object', properties: {} } }];
}
console.log(JSON.stringify(demoDefinitions()));
`,
  // A second server the package never starts.
  'notes/bin/legacy-server.js': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'legacy', version: '0.1.0' });
server.registerTool('legacy_search', { description: 'Searches the old way.' }, async () => ({ content: [] }));
`,
  // Loads a module whose path is computed: what it reaches cannot be known, so nothing is left out, and a module
  // only that load may pick is conditional.
  'plugins/package.json': '{ "name": "plugins", "bin": "main.js" }',
  'plugins/main.js': `${SERVER}const name = process.argv[2];\nawait import(\`./plugins/\${name}.js\`);\n`,
  'plugins/tools.js': TOOLS,
  'plugins/plugins/extra.js': `export const extraTool = { name: 'extra_tool', description: 'An extra tool.', inputSchema: { type: 'object', properties: {} } };\nexport default [extraTool];\n`,
  // A library whose files another package imports by path (a bundler resolves it): each may be reached.
  'common/package.json': '{ "name": "@demo/common", "exports": { ".": "./src/index.js" } }',
  'common/src/index.js': 'export const version = 1;\n',
  'common/src/tools/zones.js': `export const zoneTools = [{ name: 'list_zones', description: 'Lists zones.', inputSchema: { type: 'object', properties: {} } }];\nexport default zoneTools;\n`,
  'common/src/tools/stale.js': `export const staleTools = [{ name: 'stale_tool', description: 'Nothing uses it.', inputSchema: { type: 'object', properties: {} } }];\nexport default staleTools;\n`,
  'app/package.json': '{ "name": "app", "private": true }',
  'app/src/server.js': `import { zoneTools } from '@demo/common/src/tools/zones.js';\nexport default zoneTools;\n`,
  // A bin that loads a user's file from the home directory, and names its old module only as a value.
  'nursery/package.json': '{ "name": "nursery", "bin": "cli.js" }',
  'nursery/cli.js': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { homedir } from 'node:os';
import { join } from 'node:path';
const server = new McpServer({ name: 'nursery', version: '1.0.0' });
server.registerTool('pot_seedling', { description: 'Pots a seedling.' }, async () => ({ content: [] }));
const beds = { kind: 'seedlings', shelf: 'seedlings' };
try { await import(join(homedir(), '.nursery', 'extra.js')); } catch {}
console.error(beds);
`,
  // Its older registrations, which nothing imports or starts.
  'nursery/seedlings.js': `export function registerSeedlings(server) {
  server.registerTool('water_seedling', { description: 'Waters a seedling.' }, async () => ({ content: [] }));
}
`,
  // A bin that starts a module by its bare name in a path: that module runs.
  'orchard/package.json': '{ "name": "orchard", "bin": "cli.js" }',
  'orchard/cli.js': `import { fork } from 'node:child_process';\nimport { join } from 'node:path';\nfork(join(import.meta.dirname, 'picker'));\n`,
  'orchard/picker.js': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'orchard', version: '1.0.0' });
server.registerTool('pick_apples', { description: 'Picks apples.' }, async () => ({ content: [] }));
`,
  // A bin whose server is built by an installed package that depends on an MCP server library.
  'docs/package.json': '{ "name": "docs", "bin": "cli.js" }',
  'docs/cli.js': `import { runDocsServer } from 'docs-server-kit';\nawait runDocsServer({ name: 'docs', root: './data' });\n`,
  'docs/node_modules/docs-server-kit/package.json': '{ "name": "docs-server-kit", "dependencies": { "@modelcontextprotocol/sdk": "^1.0.0" } }',
  'docs/node_modules/docs-server-kit/index.js': 'export async function runDocsServer() {}\n',
  // A bin that only loads an installed server package for what loading it runs (an all-in-one edition).
  'kiln/package.json': '{ "name": "kiln", "bin": "bin.mjs" }',
  'kiln/bin.mjs': `process.env.KILN_ZONES ??= 'all';\nimport('kiln-server').catch((error) => {\n  process.stderr.write(String(error));\n  process.exit(1);\n});\n`,
  'kiln/node_modules/kiln-server/package.json': '{ "name": "kiln-server", "dependencies": { "@modelcontextprotocol/sdk": "^1.0.0" } }',
  'kiln/node_modules/kiln-server/index.js': 'export {};\n',
  'glaze/package.json': '{ "name": "glaze", "bin": "bin.cjs" }',
  'glaze/bin.cjs': `require('kiln-server/cli');\n`,
  'glaze/node_modules/kiln-server/package.json': '{ "name": "kiln-server", "dependencies": { "@modelcontextprotocol/sdk": "^1.0.0" } }',
  'glaze/node_modules/kiln-server/cli.js': 'module.exports = {};\n',
  'ash/package.json': '{ "name": "ash", "bin": "bin.mjs" }',
  'ash/bin.mjs': `import 'plain-kit';\n`,
  'ash/node_modules/plain-kit/package.json': '{ "name": "plain-kit", "dependencies": { "yaml": "^2.0.0" } }',
  'ash/node_modules/plain-kit/index.js': 'export {};\n',
  // A program whose package names the compiled file (`main`, `start`) and whose `dev` script runs the source; a
  // second server in its sources is started by nothing.
  'kilnworks/package.json': '{ "name": "kilnworks", "main": "dist/server.js", "scripts": { "dev": "tsx src/server.ts", "start": "node dist/server.js" } }',
  'kilnworks/tsconfig.json': '{\n  // built next to the sources\n  "compilerOptions": { "outDir": "./dist", "rootDir": "./src", },\n}\n',
  'kilnworks/src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'kilnworks', version: '1.0.0' });
server.registerTool('fire_kiln', { description: 'Fires the kiln.' }, async () => {
  const { firingLog } = await import(
    './firing-log.js'
  );
  return { content: [{ type: 'text', text: String(firingLog) }] };
});
`,
  'kilnworks/src/firing-log.ts': 'export const firingLog = [];\n',
  'kilnworks/src/second-server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'kilnworks-next', version: '0.1.0' });
server.registerTool('cool_kiln', { description: 'Cools the kiln.' }, async () => ({ content: [] }));
`,
  // Started by another tool (\`vite\`): its one script that runs a file is a helper, not the program.
  'gallery/package.json': '{ "name": "gallery", "private": true, "scripts": { "dev": "vite", "token": "tsx token.ts" } }',
  'gallery/token.ts': 'console.log("token");\n',
  'gallery/src/main.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'gallery', version: '1.0.0' });
server.registerTool('hang_painting', { description: 'Hangs a painting.' }, async () => ({ content: [] }));
`,
  // A bin that is neither read nor built beside a start script: the bin may run any file.
  'shed/package.json': '{ "name": "shed", "bin": "dist/cli.js", "scripts": { "start": "node tools/warm.js" } }',
  'shed/tools/warm.js': 'console.log("warm");\n',
  'shed/src/cli.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'shed', version: '1.0.0' });
server.registerTool('open_shed', { description: 'Opens the shed.' }, async () => ({ content: [] }));
`,
  // The same call into a package that builds no MCP server: nothing to name.
  'other/package.json': '{ "name": "other", "bin": "cli.js" }',
  'other/cli.js': `import { runDocsServer } from 'plain-kit';\nawait runDocsServer({ name: 'docs' });\n`,
  'other/node_modules/plain-kit/package.json': '{ "name": "plain-kit", "dependencies": { "yaml": "^2.0.0" } }',
  'other/node_modules/plain-kit/index.js': 'export async function runDocsServer() {}\n',
  // A bin that starts Node again with arguments it builds: any file of the package may be what it runs.
  'studio/package.json': '{ "name": "studio", "bin": "cli.js" }',
  'studio/cli.js': `import { spawn } from 'node:child_process';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'studio', version: '1.0.0' });
server.registerTool('stretch_canvas', { description: 'Stretches a canvas.' }, async () => ({ content: [] }));
if (process.argv[2] === 'worker') spawn(process.execPath, process.argv.slice(3), { stdio: 'inherit' });
`,
  'studio/easel.js': `export function registerEasel(server) {
  server.registerTool('raise_easel', { description: 'Raises the easel.' }, async () => ({ content: [] }));
}
`,
  // A script that runs a file the package no longer holds (and no build writes) is no entry.
  'pottery/package.json': '{ "name": "pottery", "bin": "cli.js", "scripts": { "start": "node cli.js", "start:old": "node old-server.js" } }',
  'pottery/cli.js': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'pottery', version: '1.0.0' });
server.registerTool('throw_pot', { description: 'Throws a pot on the wheel.' }, async () => ({ content: [] }));
`,
  'pottery/glazes.js': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'glazes', version: '0.1.0' });
server.registerTool('mix_glaze', { description: 'Mixes a glaze.' }, async () => ({ content: [] }));
`,
  // A bin that starts a child process on a sibling it names; the child imports the server through a `.js` path that a
  // stale compiled copy beside the source also answers to.
  'loom/package.json': '{ "name": "loom", "bin": "dist/bin/cli.js" }',
  'loom/tsconfig.json': '{ "compilerOptions": { "outDir": "./dist" } }',
  'loom/bin/cli.ts': `import { spawn } from 'node:child_process';\nimport { join } from 'node:path';\nspawn('node', [join(import.meta.dirname, 'stdio.js')], { stdio: 'inherit' });\n`,
  'loom/bin/stdio.ts': `import { startLoom } from '../core/server.js';\nstartLoom();\n`,
  'loom/core/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function startLoom() {
  const server = new McpServer({ name: 'loom', version: '1.0.0' });
  server.registerTool('weave_cloth', { description: 'Weaves a length of cloth.' }, async () => ({ content: [] }));
}
`,
  'loom/core/server.js': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function startLoom() {
  const server = new McpServer({ name: 'loom', version: '0.9.0' });
  server.registerTool('weave_cloth', { description: 'Weaves cloth.' }, async () => ({ content: [] }));
  server.registerTool('card_wool', { description: 'Cards wool (removed since).' }, async () => ({ content: [] }));
}
`,
  'loom/unused.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
new McpServer({ name: 'spare', version: '1' }).registerTool('spin_yarn', { description: 'Spins yarn.' }, async () => ({ content: [] }));
`,
  // The same script naming a compiled file not built yet: the package may run any file.
  'kiosk/package.json': '{ "name": "kiosk", "bin": "cli.js", "scripts": { "start": "node cli.js", "start:next": "node dist/next.js" } }',
  'kiosk/cli.js': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'kiosk', version: '1.0.0' });
server.registerTool('print_ticket', { description: 'Prints a ticket.' }, async () => ({ content: [] }));
`,
  'kiosk/next.js': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'kiosk-next', version: '0.1.0' });
server.registerTool('scan_ticket', { description: 'Scans a ticket.' }, async () => ({ content: [] }));
`,
  // A program with no bin: its start script runs its main. A tsconfig as `tsc --init` writes it (`paths` commented
  // out), a script of a build output whose source is gone, and register functions re-exported and imported by index
  // modules that no file calls.
  'ceramics/package.json': '{ "name": "ceramics", "main": "dist/src/index.js", "scripts": { "start": "node dist/src/index.js", "check": "node dist/scripts/check.js" } }',
  'ceramics/tsconfig.json': '{\n  "compilerOptions": {\n    // "paths": {},\n    "outDir": "./dist",\n    "rootDir": "./",\n  }\n}\n',
  'ceramics/src/index.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerWheel } from './tools/index.js';
const server = new McpServer({ name: 'ceramics', version: '1.0.0' });
registerWheel(server);
`,
  'ceramics/src/tools/index.ts': `import { registerWheel } from './wheel.js';
import { registerGlaze } from './glaze.js';
export { registerWheel, registerGlaze };
export { registerKiln } from './kiln.js';
`,
  'ceramics/src/tools/wheel.ts': `export const registerWheel = (server) => server.registerTool('throw_pot', { description: 'Throws a pot on the wheel.' }, async () => ({ content: [] }));\n`,
  'ceramics/src/tools/glaze.ts': `export const registerGlaze = (server) => server.registerTool('glaze_pot', { description: 'Glazes a pot.' }, async () => ({ content: [] }));\n`,
  'ceramics/src/tools/kiln.ts': `export function registerKiln(server) {\n  server.registerTool('fire_kiln', { description: 'Fires the kiln.' }, async () => ({ content: [] }));\n}\n`,
  // Built with `tsc` (outDir dist, rootDir src) and read whole, dist beside src.
  'trellis/package.json': '{ "name": "trellis", "bin": { "trellis": "dist/index.js" } }',
  'trellis/tsconfig.json': '{ "compilerOptions": { "outDir": "dist", "rootDir": "src" } }',
  'trellis/src/index.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { registerVine } from './tools/vine.js';\nconst server = new McpServer({ name: 'trellis', version: '1.0.0' });\nregisterVine(server);\n`,
  'trellis/src/tools/vine.ts': `export function registerVine(server) {\n  server.registerTool('tie_vine', { description: 'Ties a vine to the trellis.' }, async () => ({ content: [] }));\n}\n`,
  'trellis/dist/index.js': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { registerVine } from './tools/vine.js';\nconst server = new McpServer({ name: 'trellis', version: '1.0.0' });\nregisterVine(server);\n`,
  'trellis/dist/tools/vine.js': `export function registerVine(server) {\n  server.registerTool('tie_vine', { description: 'Ties a vine to the trellis.' }, async () => ({ content: [] }));\n}\n`,
};

const report = useReportOnFiles('entries', FILES);

describe('files the entry points of a package run', () => {
  it('reads the source of a program read whole with its build output, not the compiled copies', () => {
    const files = ['trellis/src/index.ts', 'trellis/src/tools/vine.ts', 'trellis/dist/index.js', 'trellis/dist/tools/vine.js'];
    expect(report(files).tools.map((tool) => [tool.name, tool.file])).toEqual([['tie_vine', 'trellis/src/tools/vine.ts']]);
  });

  it('reads a package whose start script runs its main as a program: register functions nothing calls are conditional', () => {
    const files = ['ceramics/src/index.ts', 'ceramics/src/tools/index.ts', 'ceramics/src/tools/wheel.ts', 'ceramics/src/tools/glaze.ts', 'ceramics/src/tools/kiln.ts'];
    expect(getConditions(report(files))).toEqual({
      throw_pot: false,
      glaze_pot: 'registered only when registerGlaze() is called; the program exports it and none of its files calls it',
      fire_kiln: 'registered only when registerKiln() is called; the program exports it and none of its files calls it',
    });
  });

  it('leaves out tool objects and registrations in files no entry reaches, keeps what the entry imports or names', () => {
    const files = ['notes/bin/server.js', 'notes/bin/tools.js', 'notes/bin/indexer.js', 'notes/bin/check-definitions.js', 'notes/bin/legacy-server.js'];
    expect(report(files).tools.map((tool) => tool.name).sort()).toEqual(['index_notes', 'read_note']);
  });

  it('reads every file when the entry is not among the files read', () => {
    const names = report(['notes/bin/tools.js', 'notes/bin/check-definitions.js', 'notes/bin/legacy-server.js']).tools.map((tool) => tool.name);
    expect(names.sort()).toEqual(['demo_fetch', 'legacy_search', 'read_note']);
  });

  it('leaves nothing out when an entry loads a module by a computed path, and lists what only that load reaches as conditional', () => {
    const tools = report(['plugins/main.js', 'plugins/tools.js', 'plugins/plugins/extra.js']).tools;
    expect(tools.map((tool) => [tool.name, tool.conditional]).sort()).toEqual([
      ['extra_tool', "in a module its package's entries do not import: it runs only if the path computed at main.js:6 loads it"],
      ['read_note', undefined],
    ]);
  });
});

describe('a program its package scripts and compiles', () => {
  it('lists the tools of a module a start of Node may run, and no other entry reaches, as conditional', () => {
    const tools = report(['studio/cli.js', 'studio/easel.js']).tools;
    expect(tools.map((tool) => [tool.name, tool.conditional]).sort()).toEqual([
      ['raise_easel', "in a module its package's entries do not import: it runs only if the Node program started at cli.js:5 is it"],
      ['stretch_canvas', undefined],
    ]);
  });

  it('runs what a child process it names imports, the source and not a compiled copy left beside it', () => {
    const tools = report(['loom/bin/cli.ts', 'loom/bin/stdio.ts', 'loom/core/server.ts', 'loom/core/server.js', 'loom/unused.ts']).tools;
    expect(tools.map((tool) => [tool.name, tool.file])).toEqual([['weave_cloth', 'loom/core/server.ts']]);
  });

  it('takes no script that runs a file the package neither holds nor builds as an entry', () => {
    expect(report(['pottery/cli.js', 'pottery/glazes.js']).tools.map((tool) => tool.name)).toEqual(['throw_pot']);
    expect(report(['kiosk/cli.js', 'kiosk/next.js']).tools.map((tool) => tool.name).sort()).toEqual(['print_ticket', 'scan_ticket']);
  });

  it('runs the source of the compiled file its package names, and a literal after `import(` on the next line is no computed path', () => {
    const names = report(['kilnworks/src/server.ts', 'kilnworks/src/firing-log.ts', 'kilnworks/src/second-server.ts']).tools.map((tool) => tool.name);
    expect(names).toEqual(['fire_kiln']);
  });

  it('reads every file of a package another tool starts, though a helper script runs one file', () => {
    expect(report(['gallery/token.ts', 'gallery/src/main.ts']).tools.map((tool) => tool.name)).toEqual(['hang_painting']);
  });

  it('reads every file when its bin is neither read nor built, though a start script runs one', () => {
    expect(report(['shed/tools/warm.js', 'shed/src/cli.ts']).tools.map((tool) => tool.name)).toEqual(['open_shed']);
  });
});

describe('what a bin names and loads', () => {
  it('leaves out a module named only as a value, though the bin loads a file from the home directory', () => {
    expect(report(['nursery/cli.js', 'nursery/seedlings.js']).tools.map((tool) => tool.name)).toEqual(['pot_seedling']);
  });

  it('keeps a module the bin starts by its bare name in a path', () => {
    expect(report(['orchard/cli.js', 'orchard/picker.js']).tools.map((tool) => tool.name)).toEqual(['pick_apples']);
  });
});

describe('a library of the workspace', () => {
  it('leaves out what its exports do not reach, and keeps every file when another package imports one by path', () => {
    expect(report(['common/src/index.js', 'common/src/tools/zones.js', 'common/src/tools/stale.js']).tools.map((tool) => tool.name)).toEqual([]);
    const names = report(['common/src/index.js', 'common/src/tools/zones.js', 'common/src/tools/stale.js', 'app/src/server.js']).tools.map((tool) => tool.name);
    expect(names.sort()).toEqual(['list_zones', 'stale_tool']);
  });
});

describe('a bin whose server an installed package builds', () => {
  it('names the call into a package that depends on an MCP server library as not read', () => {
    const result = report(['docs/cli.js']);
    expect(result.tools).toEqual([]);
    expect(result.unread).toEqual([expect.objectContaining({ file: 'docs/cli.js', line: 2, sink: 'runDocsServer()', reason: expect.stringContaining('installed package docs-server-kit') })]);
  });

  it('names nothing for a package that builds no MCP server', () => {
    expect(report(['other/cli.js']).unread).toEqual([]);
    expect(report(['ash/bin.mjs']).unread).toEqual([]);
  });

  it('names a package the bin only loads, by import() or require(), as not read', () => {
    const loaded = report(['kiln/bin.mjs']);
    expect(loaded.tools).toEqual([]);
    expect(loaded.unread).toEqual([expect.objectContaining({ file: 'kiln/bin.mjs', line: 2, sink: 'import()', reason: expect.stringContaining('installed package kiln-server') })]);
    expect(report(['glaze/bin.cjs']).unread).toEqual([expect.objectContaining({ file: 'glaze/bin.cjs', line: 1, sink: 'require()', reason: expect.stringContaining('installed package kiln-server') })]);
  });
});
