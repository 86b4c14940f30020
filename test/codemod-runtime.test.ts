/**
 * The codemod counts the `read_instructions` tool it adds (slim's totals must equal the running server's):
 * its estimate is the tool `serveInstructions` publishes, byte for byte. And the snippet slim prints for
 * servers it cannot wire (wrappers) compiles against the runtime's types; a fastmcp server slim wires serves
 * the instructions for real.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { serveInstructions } from '@toolslim/runtime';
import ts from 'typescript';
import { afterAll, expect, test } from 'vitest';
import { buildReadInstructionsTool } from '@toolslim/core';
import { buildWiring } from '../packages/codemod/src/wire-runtime.js';
import { buildWiringElsewhere } from '../packages/codemod/src/wire-plan.js';
import { applyEdits } from '../packages/codemod/src/text-edits.js';
import { getClientProfiles, getNamePrefix, parseSource } from '@toolslim/core';
import { DEFAULT_RESULT_MAX_TOKENS } from '../packages/runtime/src/results/bounded-results.js';
import { getNamePrefix as getRuntimeNamePrefix } from '../packages/runtime/src/family-index.js';
import { linkRuntimeBeside } from './support/runtime-links.js';

const dir = mkdtempSync(path.join(tmpdir(), 'toolslim-codemod-runtime-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the estimated read_instructions tool is the one the runtime publishes', async () => {
  writeFileSync(path.join(dir, 'billing.md'), '# billing\n');
  writeFileSync(path.join(dir, 'orders.md'), '# orders\n');
  const server = new McpServer({ name: 'x', version: '1.0.0' });
  serveInstructions(server, { dir });
  const client = new Client({ name: 'c', version: '1.0.0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(b), client.connect(a)]);
  const [published] = (await client.listTools()).tools;
  await client.close();
  expect(JSON.stringify(buildReadInstructionsTool('read_instructions', ['billing', 'orders'], 4))).toBe(JSON.stringify(published));
});

test('the runtime splits tool names into families as core does (toolsets place tools as report counts them)', () => {
  const names = ['db_query', 'db-query', 'dbQuery', 'DBQuery', 'db.query', 'repo/get', 'x:y', 'HTTPServerStart', '_private', 'a__b', 'ÉtatGet', 'simple', ''];
  expect(names.map(getRuntimeNamePrefix)).toEqual(names.map(getNamePrefix));
});

test('the runtime bounds results at the limit core gives for Claude Code', () => {
  expect(DEFAULT_RESULT_MAX_TOKENS).toBe(getClientProfiles(['claude-code'])[0].resultMaxTokens);
});

test('on a low-level Server, the estimate is the JSON Schema the runtime lists itself', async () => {
  writeFileSync(path.join(dir, 'billing.md'), '# billing\n');
  writeFileSync(path.join(dir, 'orders.md'), '# orders\n');
  const server = new Server({ name: 'x', version: '1.0.0' }, { capabilities: { tools: {} } });
  serveInstructions(server, { dir });
  const client = new Client({ name: 'c', version: '1.0.0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(b), client.connect(a)]);
  const published = (await client.listTools()).tools.find((tool) => tool.name === 'read_instructions');
  await client.close();
  expect(JSON.stringify(buildReadInstructionsTool('read_instructions', ['billing', 'orders'], 3, 1, 'low-level'))).toBe(JSON.stringify(published));
});

test('a wired server whose streamable HTTP has no sessions is flagged: the first-use gate cannot run there', () => {
  const wire = (transport: string) => {
    const code = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 'x', version: '1.0.0' });\nconst transport = new StreamableHTTPServerTransport({ ${transport} });\n`;
    const file = path.join(dir, 'src', 'http.ts');
    const program = parseSource(code, file);
    const statement = program.body[1] as { declarations: Array<{ init: Parameters<typeof buildWiring>[0]['servers'][number]['node'] }> };
    return buildWiring({ file, code, program, servers: [{ node: statement.declarations[0].init, name: undefined, framework: 'mcp-sdk' }], packageDir: 'docs/tools', moduleKind: 'esm', toolName: undefined }).wiring;
  };
  expect(wire('sessionIdGenerator: undefined')?.statelessHttp).toBe(true);
  expect(wire('sessionIdGenerator: () => randomUUID()')?.statelessHttp).toBeUndefined();
});

test('the snippet printed for a fastmcp server compiles', () => {
  const code = `import { FastMCP } from 'fastmcp';\nconst server = new FastMCP({ name: 'weather', version: '1.0.0' });\n`;
  const file = path.join(dir, 'src', 'server.ts');
  const { wiring } = buildWiring({
    file,
    code,
    program: parseSource(code, file),
    servers: [{ node: parseSource(code, file), name: undefined, framework: 'fastmcp' }],
    packageDir: 'docs/tools',
    moduleKind: 'esm',
    toolName: undefined,
  });
  expect(wiring?.wired).toBe(false);
  // A minimal FastMCP-shaped declaration: the snippet must type-check against it and the runtime's real types.
  const source = [
    `import type { z as Z } from 'zod';`,
    `declare const server: { addTool(tool: { name: string; description: string; parameters: Z.ZodType; execute: (args: { family: string }) => Promise<string> }): void };`,
    ...wiring!.lines,
    '',
  ].join('\n');
  expect(typeCheckSnippet('.snippet-check.mts', source)).toEqual([]);
});

test('a fastmcp server wired by slim serves read_instructions, its resources and the family index', async () => {
  const code = `import { FastMCP } from 'fastmcp';\nconst server = new FastMCP({ name: 'weather', version: '1.0.0', instructions: 'Weather data.' });\n`;
  const file = path.join(dir, 'src', 'fast.ts');
  const program = parseSource(code, file);
  const statement = program.body[1] as { declarations: Array<{ init: Parameters<typeof buildWiring>[0]['servers'][number]['node'] }> };
  const { edits, wiring } = buildWiring({
    file,
    code,
    program,
    servers: [{ node: statement.declarations[0].init, name: undefined, framework: 'fastmcp' }],
    packageDir: 'docs/tools',
    moduleKind: 'esm',
    toolName: undefined,
  });
  expect(wiring?.wired).toBe(true);
  expect(applyEdits(code, edits)).toContain(`serveFastMcpInstructions(new FastMCP({ name: 'weather', version: '1.0.0', instructions: 'Weather data.' }), { dir: findInstructionsDir(import.meta.url, 'docs/tools') });`);

  // The same call on a real FastMCP (fastmcp is a dev dependency of core), listed over Streamable HTTP in a
  // plain Node process (vitest's `source` condition would load the SDK client's dependencies from .ts).
  const requireFromCore = createRequire(path.join(import.meta.dirname, '../packages/core/package.json'));
  const url = (specifier: string) => JSON.stringify(pathToFileURL(requireFromCore.resolve(specifier)).href);
  const folder = path.join(dir, 'fast-docs');
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'weather.md'), '# weather\n\nCities are matched by name.\n');
  const script = path.join(dir, 'fast-check.mjs');
  writeFileSync(
    script,
    `import { FastMCP } from ${url('fastmcp')};
import { Client } from ${url('@modelcontextprotocol/sdk/client/index.js')};
import { StreamableHTTPClientTransport } from ${url('@modelcontextprotocol/sdk/client/streamableHttp.js')};
import { serveFastMcpInstructions } from ${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, '../packages/runtime/dist/index.js')).href)};
const server = serveFastMcpInstructions(new FastMCP({ name: 'weather', version: '1.0.0', instructions: 'Weather data.' }), { dir: ${JSON.stringify(folder)} });
server.addTool({ name: 'weather_now', description: 'Current weather.', execute: async () => 'sunny' });
const port = 41000 + Math.floor(Math.random() * 2000);
await server.start({ transportType: 'httpStream', httpStream: { port } });
const client = new Client({ name: 'c', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(new URL('http://127.0.0.1:' + port + '/mcp')));
const tools = (await client.listTools()).tools.map((tool) => tool.name);
const answer = await client.callTool({ name: 'read_instructions', arguments: { family: 'weather' } });
const resources = (await client.listResources()).resources.map((resource) => resource.uri);
console.log(JSON.stringify({ tools, text: answer.content[0].text, resources, instructions: client.getInstructions() }));
await client.close();
await server.stop();
process.exit(0);
`,
  );
  const child = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 60_000 });
  expect(child.status, child.stderr).toBe(0);
  const seen = JSON.parse(child.stdout.trim().split('\n').pop()!);
  expect(seen.tools).toEqual(['read_instructions', 'weather_now']);
  expect(seen.text).toBe('# weather\n\nCities are matched by name.\n');
  expect(seen.resources).toEqual(['instructions://weather']);
  expect(seen.instructions).toMatch(/^Weather data\.\n\n[\s\S]*weather/);
});

test('a CommonJS server wired by slim starts: it requires the ES-module runtime (Node >= 20.19 loads ESM with require)', () => {
  // The commonjs-output-of-tsc fixture as slim writes it, with the runtime, the SDK and zod beside it.
  const project = path.join(dir, 'cjs-server');
  cpSync(path.join(import.meta.dirname, '../packages/codemod/tests/fixtures/commonjs-output-of-tsc/output'), project, { recursive: true });
  linkRuntimeBeside(project);
  writeFileSync(
    path.join(project, 'check.cjs'),
    `const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { InMemoryTransport } = require('@modelcontextprotocol/sdk/inMemory.js');
const { server } = require('./dist/server.js');
(async () => {
  const client = new Client({ name: 'c', version: '1.0.0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(b), client.connect(a)]);
  const tools = (await client.listTools()).tools.map((tool) => tool.name);
  const answer = await client.callTool({ name: 'read_instructions', arguments: { family: 'files' } });
  console.log(JSON.stringify({ tools, text: answer.content[0].text, instructions: client.getInstructions() }));
  await client.close();
})();
`,
  );
  const child = spawnSync(process.execPath, ['check.cjs'], { cwd: project, encoding: 'utf8', timeout: 60_000 });
  expect(child.status, child.stderr).toBe(0);
  const seen = JSON.parse(child.stdout.trim());
  expect(seen.tools).toEqual(['read_instructions', 'files_list', 'files_stat']);
  expect(seen.text).toBe(readFileSync(path.join(project, 'docs/tools/files.md'), 'utf8'));
  expect(seen.instructions).toContain('files');
});

test('the lines printed for a server created in another workspace package compile', () => {
  const wiring = buildWiringElsewhere(
    { file: path.join(dir, 'packages/common/src/server.ts'), line: 3, construction: 'McpServer' },
    path.join(dir, 'apps/notes/src/index.ts'),
    path.join(dir, 'apps/notes/docs/tools'),
    (file) => path.relative(dir, file),
    undefined,
  );
  const source = [
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
    wiring.lines[0],
    `const server = new McpServer({ name: 'app', version: '1.0.0' });`,
    ...wiring.lines.slice(1),
    '',
  ].join('\n');
  expect(typeCheckSnippet('.snippet-elsewhere-check.mts', source)).toEqual([]);
});

/** Type-checks `source` as an ES module next to this test (strict, NodeNext), against the real packages; returns the diagnostics. */
function typeCheckSnippet(name: string, source: string): string[] {
  const snippet = path.join(import.meta.dirname, name);
  writeFileSync(snippet, source);
  try {
    const program = ts.createProgram([snippet], {
      strict: true,
      noEmit: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      types: ['node'],
      skipLibCheck: true,
    });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  } finally {
    rmSync(snippet, { force: true });
  }
}
