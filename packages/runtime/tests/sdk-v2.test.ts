// The runtime on MCP SDK 2 (`@modelcontextprotocol/server`), which Cloudflare's apps run: `serveInstructions`
// on a v2 `McpServer`, and `serveInstructionsViaRegister` on a wrapper that builds the server and hands the
// app only a registration context. Requests go through the SDK's own web-standard handler, as a Worker's do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { McpServer, createMcpHandler, type ServerOptions } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { serveInstructions, serveInstructionsViaRegister } from '@toolslim/runtime';

const FAMILIES: Record<string, string> = {
  analytics: '# analytics\n\n## graphql_query\n\nDates are UTC.\n\n- One account at a time.\n',
  zones: '# zones\n\n## zones_list\n\nSorted by name.\n',
};
const INDEX = '# Tool instructions\n\n- [analytics](analytics.md)\n- [zones](zones.md)\n';
const MODERN = '2026-07-28';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'toolslim-sdk2-'));
  await Promise.all(Object.entries(FAMILIES).map(([family, text]) => writeFile(path.join(dir, `${family}.md`), text)));
  await writeFile(path.join(dir, 'README.md'), INDEX);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** One JSON-RPC request to a v2 handler, in the 2026 protocol a Worker receives (stateless, no initialize). */
async function call(handler: ReturnType<typeof createMcpHandler>, method: string, params: Record<string, unknown> = {}) {
  const response = await handler.fetch(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': MODERN,
        'Mcp-Method': method,
        ...(typeof params.name === 'string' ? { 'Mcp-Name': params.name } : typeof params.uri === 'string' ? { 'Mcp-Name': params.uri } : {}),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method,
        params: {
          ...params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': MODERN,
            'io.modelcontextprotocol/clientInfo': { name: 'test', version: '0.0.0' },
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    }),
  );
  const text = await response.text();
  const data = response.headers.get('content-type')?.includes('application/json') ? text : text.split('\n').find((line) => line.startsWith('data: '))?.slice(6);
  const document = JSON.parse(data ?? '{}');
  if (document.error) throw new Error(JSON.stringify(document.error));
  return document.result;
}

async function expectServed(handler: ReturnType<typeof createMcpHandler>, ownTool: string, ownInstructions?: string) {
  const { tools } = await call(handler, 'tools/list');
  expect(tools.map((tool: { name: string }) => tool.name).sort()).toEqual([ownTool, 'read_instructions'].sort());
  const read = tools.find((tool: { name: string }) => tool.name === 'read_instructions');
  expect(read.inputSchema.properties.family.enum).toEqual(['analytics', 'zones']);
  for (const [family, text] of Object.entries(FAMILIES)) {
    const result = await call(handler, 'tools/call', { name: 'read_instructions', arguments: { family } });
    expect(result.content[0].text).toBe(text);
  }
  const unknown = await call(handler, 'tools/call', { name: 'read_instructions', arguments: { family: 'nope' } });
  expect(unknown.isError).toBe(true);
  const discover = await call(handler, 'server/discover');
  expect(discover.instructions).toContain(INDEX);
  if (ownInstructions) expect(discover.instructions.startsWith(ownInstructions)).toBe(true);
}

describe('serveInstructions on an SDK 2 McpServer', () => {
  it('serves the tool, the resources and the index, keeping the server own instructions', async () => {
    const handler = createMcpHandler(() => {
      const server = new McpServer({ name: 'v2', version: '1.0.0' }, { instructions: 'Own text.' });
      server.registerTool('zones_list', { description: 'List zones.', inputSchema: z.object({}) }, async () => ({ content: [] }));
      serveInstructions(server, { dir });
      return server;
    });
    await expectServed(handler, 'zones_list', 'Own text.');
    // A Worker's requests are stateless (2026-07-28): no session to gate in, so a slimmed tool runs at once.
    expect((await call(handler, 'tools/call', { name: 'zones_list', arguments: {} })).isError).toBeFalsy();
    const { resources } = await call(handler, 'resources/list');
    expect(resources.map((resource: { uri: string }) => resource.uri)).toEqual(['instructions://analytics', 'instructions://zones']);
    const read = await call(handler, 'resources/read', { uri: 'instructions://zones' });
    expect(read.contents[0].text).toBe(FAMILIES.zones);
  });
});

/** A wrapper shaped like Cloudflare's `createAuthenticatedMcpApp`: it builds the server; the app only registers. */
interface AppContext {
  registerTool: McpServer['registerTool'];
  accountId: string;
}
interface AppOptions {
  serverOptions?: ServerOptions | ((request: { accountId: string }) => ServerOptions | Promise<ServerOptions>);
  register: (context: AppContext) => void | Promise<void>;
}
function createApp(options: AppOptions) {
  return createMcpHandler(async () => {
    const configured = typeof options.serverOptions === 'function' ? await options.serverOptions({ accountId: 'a1' }) : options.serverOptions;
    const server = new McpServer({ name: 'app', version: '1.0.0' }, configured);
    await options.register({ registerTool: server.registerTool.bind(server) as McpServer['registerTool'], accountId: 'a1' });
    return server;
  });
}

describe('serveInstructionsViaRegister on a wrapper that builds an SDK 2 server', () => {
  it('registers the tool through the context and extends object server options', async () => {
    const handler = createApp(
      serveInstructionsViaRegister(
        {
          serverOptions: { instructions: 'DEPRECATED: use the other server.' },
          register(context) {
            // The context keeps the wrapper's type through the call.
            expect(context.accountId).toBe('a1');
            context.registerTool('graphql_query', { description: 'Query.', inputSchema: z.object({ q: z.string() }) }, async () => ({ content: [] }));
          },
        },
        { dir },
      ),
    );
    await expectServed(handler, 'graphql_query', 'DEPRECATED: use the other server.');
  });

  it('adds the instructions when the app has no server options, and when they are an async function', async () => {
    const registerZones = (context: AppContext) => {
      context.registerTool('zones_list', { description: 'List zones.', inputSchema: z.object({}) }, async () => ({ content: [] }));
    };
    await expectServed(createApp(serveInstructionsViaRegister({ register: registerZones }, { dir })), 'zones_list');
    const asyncOptions = async ({ accountId }: { accountId: string }) => ({ instructions: `Account ${accountId}.` });
    await expectServed(createApp(serveInstructionsViaRegister({ register: registerZones, serverOptions: asyncOptions }, { dir })), 'zones_list', 'Account a1.');
  });

  it('serves bundled instruction files (a Worker has no file system) the same as the folder', async () => {
    const files = { ...Object.fromEntries(Object.entries(FAMILIES).map(([family, text]) => [`${family}.md`, text])), 'README.md': INDEX };
    const registerZones = (context: AppContext) => {
      context.registerTool('zones_list', { description: 'List zones.', inputSchema: z.object({}) }, async () => ({ content: [] }));
    };
    await expectServed(createApp(serveInstructionsViaRegister({ register: registerZones }, { dir: files })), 'zones_list');
  });
});
