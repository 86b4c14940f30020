// `toolslim measure`: numbers checked against what a plain SDK client receives from the same server,
// and every way a server can fail, each with its own exit code. Servers: packages/cli/tests/servers.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '@toolslim/cli';
import { countTokens } from '@toolslim/core';
import { getServerPath, runBin, runCli, SERVERS_DIR } from '../packages/cli/tests/support/run-cli.js';

interface Row {
  name: string;
  bytes: number;
  tokens: number;
  nameBytes: number;
  descriptionBytes: number;
  schemaBytes: number;
  outputSchemaBytes?: number;
  family: string;
  dynamic: boolean;
}

/** What a plain SDK client receives from a stdio server, every page. */
async function listWithPlainClient(server: string, env: Record<string, string> = {}): Promise<Array<Record<string, unknown>>> {
  const client = new Client({ name: 'plain-test-client', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [getServerPath(server)], env: { ...(process.env as Record<string, string>), ...env } }));
  try {
    const tools: Array<Record<string, unknown>> = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {});
      tools.push(...(page.tools as Array<Record<string, unknown>>));
      cursor = page.nextCursor;
    } while (cursor);
    return tools;
  } finally {
    await client.close();
  }
}

/**
 * The tools exactly as they cross the wire, by speaking JSON-RPC over the server's stdin and stdout:
 * the SDK client re-orders keys while validating, which keeps bytes but changes the token count.
 */
async function listOnTheWire(server: string): Promise<Array<Record<string, unknown>>> {
  const child = spawn(process.execPath, [getServerPath(server)], { stdio: ['pipe', 'pipe', 'ignore'] });
  const lines = createInterface({ input: child.stdout! });
  const answers = new Map<number, { result: { tools: Array<Record<string, unknown>>; nextCursor?: string } }>();
  const waiters = new Map<number, () => void>();
  lines.on('line', (line) => {
    const message = JSON.parse(line);
    answers.set(message.id, message);
    waiters.get(message.id)?.();
  });
  const ask = (id: number, method: string, params: object) =>
    new Promise<void>((resolve) => {
      waiters.set(id, resolve);
      child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    }).then(() => answers.get(id)!);
  try {
    await ask(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'wire', version: '1' } });
    child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    const tools: Array<Record<string, unknown>> = [];
    let cursor: string | undefined;
    let id = 2;
    do {
      const answer = await ask(id++, 'tools/list', cursor ? { cursor } : {});
      tools.push(...answer.result.tools);
      cursor = answer.result.nextCursor;
    } while (cursor);
    return tools;
  } finally {
    child.kill();
  }
}

function getBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value));
}

async function measureJson(args: string[], env?: NodeJS.ProcessEnv) {
  const result = await runCli(['measure', '--json', ...args], { env });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(EXIT.ok);
  return JSON.parse(result.stdout) as { tools: Row[]; totals: { tools: number; bytes: number; tokens: number }; errors: unknown[] };
}

describe('toolslim measure over stdio', () => {
  it('measures each tool exactly as a plain SDK client receives it', async () => {
    const plain = await listWithPlainClient('normal');
    const wire = await listOnTheWire('normal');
    const report = await measureJson(['--', process.execPath, getServerPath('normal')]);
    expect(report.tools.map((tool) => tool.name).sort()).toEqual(plain.map((tool) => tool.name).sort());
    for (const tool of plain) {
      const row = report.tools.find((entry) => entry.name === tool.name)!;
      const sent = wire.find((entry) => entry.name === tool.name)!;
      expect(row.bytes).toBe(getBytes(tool));
      expect(row.bytes).toBe(getBytes(sent));
      expect(row.tokens).toBe(countTokens(JSON.stringify(sent)));
      expect(row.nameBytes).toBe(Buffer.byteLength(String(tool.name)));
      expect(row.descriptionBytes).toBe(Buffer.byteLength(String(tool.description)));
      expect(row.schemaBytes).toBe(getBytes(tool.inputSchema));
      expect(row.outputSchemaBytes).toBe(tool.outputSchema ? getBytes(tool.outputSchema) : undefined);
      expect(row).not.toHaveProperty('file');
      expect(row.dynamic).toBe(false);
    }
    expect(report.totals).toEqual({
      tools: plain.length,
      bytes: plain.reduce((sum, tool) => sum + getBytes(tool), 0),
      tokens: wire.reduce((sum, tool) => sum + countTokens(JSON.stringify(tool)), 0),
    });
    expect(report.tools.map((tool) => tool.bytes)).toEqual(report.tools.map((tool) => tool.bytes).sort((a, b) => b - a));
  });

  it('prints the table with bytes/4, schema share, the instructions size and totals', async () => {
    const result = await runCli(['measure', '--', process.execPath, getServerPath('normal')]);
    expect(result.code).toBe(EXIT.ok);
    const instructions = 'Use notes_search before notes_create so you do not write duplicates. Notes are Markdown.';
    expect(result.stdout).toContain(`instructions ${Buffer.byteLength(instructions)} bytes (${countTokens(instructions)} tokens)`);
    expect(result.stdout).toMatchSnapshot();
  });

  it('--top N prints the N heaviest and still totals every tool', async () => {
    const full = await measureJson(['--', process.execPath, getServerPath('normal')]);
    const result = await runCli(['measure', '--top', '1', '--', process.execPath, getServerPath('normal')]);
    expect(result.code).toBe(EXIT.ok);
    expect(result.stdout).toContain(`\n${full.tools[0].name} `);
    expect(result.stdout).not.toContain(`\n${full.tools[1].name} `);
    expect(result.stdout).toContain('… and 2 lighter tools (--top 1).');
    expect(result.stdout).toContain(`Total: 3 tools, ${full.totals.bytes.toLocaleString('en-US')} bytes`);
  });

  it('follows nextCursor and counts fields the SDK client would drop', async () => {
    const plain = await listWithPlainClient('paginated');
    const wire = await listOnTheWire('paginated');
    const report = await measureJson(['--', process.execPath, getServerPath('paginated')]);
    expect(report.tools.map((tool) => [tool.name, tool.bytes, tool.tokens]).sort()).toEqual(
      wire.map((tool) => [tool.name, getBytes(tool), countTokens(JSON.stringify(tool))]).sort(),
    );
    expect(report.totals.tools).toBe(7);
    expect(plain).toHaveLength(7);
    for (const tool of plain) {
      const row = report.tools.find((entry) => entry.name === tool.name)!;
      // The server sends one extra field on page_tool_1; the SDK client drops it, the model's client may not.
      const extra = tool.name === 'page_tool_1' ? getBytes({ x_vendor_hint: 'kept by the server, dropped by the SDK client' }) - 2 + 1 : 0;
      expect(row.bytes).toBe(getBytes(tool) + extra);
    }
    const text = await runCli(['measure', '--', process.execPath, getServerPath('paginated')]);
    expect(text.stdout).toContain('lists 7 tools over 3 pages');
  });

  it('passes the environment through and starts the command in --cwd', async () => {
    const report = await measureJson(['--cwd', SERVERS_DIR, '--', 'node', 'normal.mjs'], { ...process.env, TOOLSLIM_TEST_EXTRA_TOOL: 'from_env' });
    expect(report.tools.map((tool) => tool.name)).toContain('from_env');
  });

  it('the built executable prints the same JSON', async () => {
    const args = ['measure', '--json', '--', process.execPath, getServerPath('normal')];
    const built = await runBin(args);
    expect(built.code).toBe(EXIT.ok);
    expect(built.stdout).toBe((await runCli(args)).stdout);
  });
});

describe('toolslim measure when the server fails', () => {
  it('exits 3 when the command does not exist', async () => {
    const result = await runCli(['measure', '--', 'toolslim-no-such-command-x1']);
    expect(result.code).toBe(EXIT.commandNotFound);
    expect(result.stderr).toContain('Cannot start "toolslim-no-such-command-x1": command not found.');
  });

  it('exits 4 when the server crashes at start, showing its stderr tail', async () => {
    const result = await runCli(['measure', '--', process.execPath, getServerPath('crash')]);
    expect(result.code).toBe(EXIT.serverCrashed);
    expect(result.stderr).toContain('exited before answering (exit code 1).');
    expect(result.stderr).toContain('Last 3 lines of its stderr:\n  loading config…\n  Error: MISSING_API_KEY is not set\n');
  });

  it('exits 5 when the server never answers within --timeout', async () => {
    const result = await runCli(['measure', '--timeout', '1', '--', process.execPath, getServerPath('silent')]);
    expect(result.code).toBe(EXIT.timeout);
    expect(result.stderr).toContain('did not answer within 1 s (--timeout)');
  });

  // Waiting for the timeout would end in exit 5 and its message: exit 6 shows it did not wait.
  it('exits 6 as soon as the server writes non-protocol text to stdout, quoting the line, without waiting for the timeout', async () => {
    const result = await runCli(['measure', '--json', '--timeout', '600', '--', process.execPath, getServerPath('noisy')]);
    expect(result.code).toBe(EXIT.nonProtocolOutput);
    expect(result.stderr).toContain(
      'The server wrote line 1 of its stdout, which is not a JSON-RPC message: "Server listening on stdio, ready for requests". Over stdio, stdout carries only JSON-RPC messages',
    );
    expect(result.stderr).not.toContain('--timeout');
  });

  it('names the exit code of a server that exits at once with nothing on stderr', async () => {
    const result = await runCli(['measure', '--', process.execPath, '-e', 'process.exit(3)']);
    expect(result.code).toBe(EXIT.serverCrashed);
    expect(result.stderr).toContain('exited before answering (exit code 3). It wrote nothing to stderr.');
  });

  it('exits 7 when the server lists no tools', async () => {
    const result = await runCli(['measure', '--', process.execPath, getServerPath('no-tools')]);
    expect(result.code).toBe(EXIT.noTools);
    expect(result.stderr).toContain('listed no tools');
  });

  it('exits 2 on wrong flags, naming what is wrong', async () => {
    expect((await runCli(['measure'])).code).toBe(EXIT.usage);
    const both = await runCli(['measure', '--url', 'http://127.0.0.1:9/mcp', '--', 'node', 'x.js']);
    expect(both.code).toBe(EXIT.usage);
    expect(both.stderr).toContain('either --url or -- <command…>');
    const timeout = await runCli(['measure', '--timeout', 'soon', '--', 'node']);
    expect(timeout.code).toBe(EXIT.usage);
    expect(timeout.stderr).toContain('--timeout needs a positive number, got "soon"');
    const cwd = await runCli(['measure', '--cwd', 'no/such/folder', '--', 'node', 'server.js']);
    expect(cwd.code).toBe(EXIT.usage);
    expect(cwd.stderr).toContain('--cwd no/such/folder: no such folder.');
    const stray = await runCli(['measure', 'node', 'server.js']);
    expect(stray.code).toBe(EXIT.usage);
    expect(stray.stderr).toContain('put the server command after --');
  });
});

// The SDK's HTTP client cannot load inside vitest here (its SSE parser's `source` export is TypeScript),
// so HTTP runs go through the built executable, and the test's own client speaks plain JSON-RPC over fetch.
describe('toolslim measure --url (Streamable HTTP)', () => {
  let server: { url: string; close: () => Promise<void> };

  beforeAll(async () => {
    const { startHttpServer } = (await import(getServerPath('http'))) as { startHttpServer: () => Promise<typeof server> };
    server = await startHttpServer();
  });
  afterAll(() => server.close());

  async function listOverHttp(): Promise<Array<Record<string, unknown>>> {
    const headers = { authorization: 'Bearer test-token', 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const post = async (body: unknown) => (await fetch(server.url, { method: 'POST', headers, body: JSON.stringify(body) })).json();
    await post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'plain', version: '1' } } });
    const answer = (await post({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} })) as { result: { tools: Array<Record<string, unknown>> } };
    return answer.result.tools;
  }

  it('measures what the endpoint lists, sending --header', async () => {
    const plain = await listOverHttp();
    const result = await runBin(['measure', '--json', '--url', server.url, '--header', 'Authorization: Bearer test-token']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(EXIT.ok);
    const report = JSON.parse(result.stdout) as { tools: Row[]; totals: { bytes: number } };
    expect(plain.length).toBe(2);
    for (const tool of plain) expect(report.tools.find((row) => row.name === tool.name)!.bytes).toBe(getBytes(tool));
    expect(report.totals.bytes).toBe(plain.reduce((sum, tool) => sum + getBytes(tool), 0));
  });

  it('exits 8 when the endpoint answers with an HTTP error (no token)', async () => {
    const result = await runBin(['measure', '--url', server.url]);
    expect(result.code).toBe(EXIT.httpRefused);
    expect(result.stderr).toContain(`The HTTP endpoint ${server.url} refused`);
    expect(result.stderr).toContain('HTTP 401');
  });

  it('exits 8 when nothing listens on the port', async () => {
    const port = await getClosedPort();
    const result = await runBin(['measure', '--url', `http://127.0.0.1:${port}/mcp`]);
    expect(result.code).toBe(EXIT.httpRefused);
    expect(result.stderr).toContain(`refused the connection (connect ECONNREFUSED 127.0.0.1:${port}): nothing listens there; check that the server runs, on this host and port.`);
  });

  it('says why fetch will not try a port the Fetch standard blocks', async () => {
    const result = await runBin(['measure', '--url', 'http://127.0.0.1:6000/mcp']);
    expect(result.code).toBe(EXIT.httpRefused);
    expect(result.stderr).toContain("was not contacted: Node's fetch refuses port 6000, one the Fetch standard blocks because another protocol uses it");
  });
});

/** A port that was free a moment ago and is closed now. */
async function getClosedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
