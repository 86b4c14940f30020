/**
 * `toolslim slim --server` end to end on servers whose tool text the static reader does not follow
 * (fixtures/from-published): on a copy of each, slim plans on the server's own tools/list, checks the
 * slimmed copy by starting it, and writes. Then this test starts the slimmed server itself with a real SDK
 * client: the same tools with only description text changed, plus read_instructions, which serves every
 * family with the moved text. A second run changes nothing.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, test } from 'vitest';
import { run } from '../packages/cli/src/run.js';
import { FIXTURES_ROOT } from './support/fixture-servers.js';

const SERVERS = path.join(FIXTURES_ROOT, 'from-published');
const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** A copy of one fixture server, with the fixtures' installed packages. */
function copyServer(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `toolslim-slim-server-${name}-`));
  temporary.push(dir);
  cpSync(path.join(SERVERS, name), dir, { recursive: true });
  symlinkSync(path.join(FIXTURES_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

const START = `"${process.execPath}" --import tsx server.ts`;

async function slim(cwd: string, ...args: string[]) {
  return runSlim(cwd, ['--server', START, ...args]);
}

async function runSlim(cwd: string, args: string[], env: Record<string, string | undefined> = {}) {
  let stdout = '';
  let stderr = '';
  // These servers show where moved text is found and written, not which text moves (measured on the labelled sets).
  const code = await run(['slim', '--move-threshold', '0.3', ...args], {
    cwd,
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    isTTY: false,
    env: { ...process.env, ...env },
  });
  return { code, stdout, stderr };
}

interface Listed {
  tools: Array<{ name: string; description?: string; inputSchema: Record<string, unknown> } & Record<string, unknown>>;
  calls: Array<{ isError: boolean; text: string }>;
}

/** Start the server in `cwd` with the SDK client, list its tools and make the calls. */
async function startAndAsk(cwd: string, calls: (tools: Listed['tools']) => Array<{ name: string; arguments: Record<string, unknown> }>): Promise<Listed> {
  const transport = new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', 'server.ts'], cwd, env: getDefaultEnvironment(), stderr: 'pipe' });
  const client = new Client({ name: 'toolslim-slim-server-test', version: '0.0.0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    const answers = [];
    for (const call of calls(tools as Listed['tools'])) {
      const result = await client.callTool(call);
      const content = result.content as Array<{ type: string; text?: string }>;
      answers.push({ isError: result.isError === true, text: content.map((part) => part.text ?? '').join('') });
    }
    return { tools: tools as Listed['tools'], calls: answers };
  } finally {
    await client.close();
  }
}

/** A tool with every description left out: what must not change. */
function withoutDescriptions(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutDescriptions(item));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (k === 'description' && typeof v === 'string' && key !== 'properties' ? [] : [[k, withoutDescriptions(v, k)]])));
}

function readTree(dir: string, prefix = ''): Record<string, string> {
  const tree: Record<string, string> = {};
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.name === 'node_modules') continue;
    if (entry.isDirectory()) Object.assign(tree, readTree(dir, relative));
    else tree[relative] = readFileSync(path.join(dir, relative), 'utf8');
  }
  return tree;
}

const bytes = (tools: readonly unknown[]) => tools.reduce<number>((sum, tool) => sum + Buffer.byteLength(JSON.stringify(tool)), 0);
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

const NAMES = readdirSync(SERVERS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('toolslim slim --server', { timeout: 240_000 }, () => {
  test('there are at least five servers to slim', () => {
    expect(NAMES.length).toBeGreaterThanOrEqual(5);
  });

  test.each(NAMES)('%s: slimmed from what it publishes, checked by starting it, and served', async (name) => {
    const dir = copyServer(name);
    const before = await startAndAsk(dir, () => []);
    const result = await slim(dir, '--json', '--force');
    const json = JSON.parse(result.stdout) as { checked: boolean; problems: string[]; published: { before: number; after: number }; wiring: Array<{ proved: boolean }>; tools: unknown[] };
    expect(json.problems).toEqual([]);
    expect(json.checked).toBe(true);
    expect(json.tools.length).toBeGreaterThan(0);
    expect(json.wiring.some((wiring) => wiring.proved)).toBe(true);

    // The slimmed server, started by this test: the same tools, only description text changed, plus read_instructions.
    const after = await startAndAsk(dir, (tools) => {
      const family = tools.find((tool) => tool.name === 'read_instructions')?.inputSchema as { properties?: { family?: { enum?: string[] } } } | undefined;
      return (family?.properties?.family?.enum ?? []).map((value) => ({ name: 'read_instructions', arguments: { family: value } }));
    });
    expect(after.tools.map((tool) => tool.name).sort()).toEqual([...before.tools.map((tool) => tool.name), 'read_instructions'].sort());
    for (const tool of before.tools) {
      const slimmed = after.tools.find((candidate) => candidate.name === tool.name)!;
      expect(withoutDescriptions(slimmed)).toEqual(withoutDescriptions(tool));
      expect(Buffer.byteLength(JSON.stringify(slimmed))).toBeLessThanOrEqual(Buffer.byteLength(JSON.stringify(tool)));
    }
    expect(bytes(after.tools)).toBe(json.published.after);
    expect(bytes(before.tools)).toBe(json.published.before);

    // Every family is served, and every moved sentence is in what it serves and no longer in a description.
    expect(after.calls.length).toBeGreaterThan(0);
    const served = after.calls.map((call) => {
      expect(call.isError).toBe(false);
      return flat(call.text);
    });
    const docs = path.join(dir, 'docs', 'tools');
    for (const file of readdirSync(docs).filter((f) => f !== 'README.md')) {
      const family = file.replace(/\.md$/, '');
      expect(served.some((text) => text === flat(readFileSync(path.join(docs, file), 'utf8')))).toBe(true);
      expect(family).not.toMatch(/^(?:test|tests)$/);
    }
    const published = flat(after.tools.map((tool) => JSON.stringify(tool)).join(' '));
    for (const text of readFileSync(path.join(docs, readdirSync(docs).find((f) => f !== 'README.md')!), 'utf8').split('\n').filter((line) => /^[A-Z].*\.$/.test(line))) {
      expect(published.includes(JSON.stringify(text).slice(1, -1))).toBe(false);
    }

    // A second run finds nothing more to move.
    const again = await slim(dir, '--json', '--force');
    expect(JSON.parse(again.stdout).changed).toBe(false);
  });

  test('when the slimmed copy does not list what the plan expects, nothing is written', async () => {
    // The server reads its texts from a path it is given, here the original file: the slimmed copy's
    // edited tools.json is never read, so the restarted server still publishes the old descriptions.
    const dir = copyServer('descriptions-json');
    const server = readFileSync(path.join(dir, 'server.ts'), 'utf8').replace("new URL('./tools.json', import.meta.url)", "process.env.PANTRY_TEXTS ?? new URL('./tools.json', import.meta.url)");
    writeFileSync(path.join(dir, 'server.ts'), server);
    const before = readTree(dir);
    const result = await runSlim(dir, ['--server', START, '--force'], { PANTRY_TEXTS: path.join(dir, 'tools.json') });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the slimmed server did not pass its check, nothing was written');
    expect(result.stderr).toMatch(/pantry_list description: from character \d+ the server lists "/);
    expect(readTree(dir)).toEqual(before);
  });

  test('--server leaves a small server alone unless --even-if-larger, as slimming from source does', async () => {
    // Its first two tools only: what moves would not pay for read_instructions.
    const dir = copyServer('descriptions-json');
    const texts = JSON.parse(readFileSync(path.join(dir, 'tools.json'), 'utf8')) as { tools: unknown[] };
    writeFileSync(path.join(dir, 'tools.json'), `${JSON.stringify({ ...texts, tools: texts.tools.slice(0, 2) }, null, 2)}\n`);
    const plain = JSON.parse((await slim(dir, '--json', '--dry-run')).stdout) as { tools: unknown[]; skipped: Array<{ reason: string }> };
    expect(plain.tools).toEqual([]);
    expect(plain.skipped.some((entry) => entry.reason.includes('would not pay for the read_instructions tool'))).toBe(true);
    const forced = JSON.parse((await slim(dir, '--json', '--dry-run', '--even-if-larger')).stdout) as { tools: unknown[] };
    expect(forced.tools.length).toBeGreaterThan(0);
  });

  test('static slim wires an McpServer whose tool handlers were replaced on its low-level server, and the started server serves', async () => {
    const dir = copyServer('replaced-handlers');
    // A small server: net of what serving adds it would be left alone; this test is about the wiring.
    const result = await runSlim(dir, ['--force', '--even-if-larger']);
    expect(result.code).toBe(0);
    expect(readFileSync(path.join(dir, 'server.ts'), 'utf8')).toContain('serveInstructions(server.server, ');
    const after = await startAndAsk(dir, () => [{ name: 'read_instructions', arguments: { family: 'kiln' } }]);
    expect(after.tools.map((tool) => tool.name)).toContain('read_instructions');
    expect(after.calls[0].isError).toBe(false);
    expect(after.calls[0].text).toContain('## kiln_fire');
  });

  test('--server with --url starts a Streamable HTTP server, checks the slimmed copy over HTTP, then writes', async () => {
    const dir = copyServer('descriptions-json');
    // The same texts, served over Streamable HTTP (stateless: a server per request) on the port it is given.
    writeFileSync(
      path.join(dir, 'server.ts'),
      [
        "import { readFileSync } from 'node:fs';",
        "import { createServer } from 'node:http';",
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        "import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';",
        "import { z } from 'zod';",
        '',
        "const texts = JSON.parse(readFileSync(new URL('./tools.json', import.meta.url), 'utf8')) as { tools: Array<{ name: string; description: string; params: Record<string, { type: string; description: string }> }> };",
        '',
        'function buildServer(): McpServer {',
        "  const server = new McpServer({ name: 'pantry', version: '1.0.0' });",
        '  for (const tool of texts.tools) {',
        '    const shape: Record<string, z.ZodType> = {};',
        "    for (const [key, param] of Object.entries(tool.params)) shape[key] = (param.type === 'number' ? z.number() : z.string()).describe(param.description);",
        "    server.registerTool(tool.name, { description: tool.description, inputSchema: shape }, async () => ({ content: [{ type: 'text' as const, text: 'ok' }] }));",
        '  }',
        '  return server;',
        '}',
        '',
        'createServer(async (request, response) => {',
        '  const server = buildServer();',
        '  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });',
        "  response.on('close', () => void transport.close());",
        '  await server.connect(transport);',
        '  await transport.handleRequest(request, response);',
        "}).listen(Number(process.env.PANTRY_PORT), '127.0.0.1');",
        '',
      ].join('\n'),
    );
    const port = await findFreePort();
    const url = `http://127.0.0.1:${port}/mcp`;
    const result = await runSlim(dir, ['--server', START, '--url', url, '--json', '--force'], { PANTRY_PORT: String(port) });
    const json = JSON.parse(result.stdout) as { checked: boolean; problems: string[]; published: { before: number; after: number } };
    expect(json.problems).toEqual([]);
    expect(json.checked).toBe(true);
    expect(json.published.after).toBeLessThan(json.published.before);
    expect(readFileSync(path.join(dir, 'server.ts'), 'utf8')).toContain('serveInstructions(server, ');
  });
});

/** A loopback port nobody listens on now. */
async function findFreePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
