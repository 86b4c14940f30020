// The runtime on a low-level `Server` of MCP SDK 1.0, which has no `registerCapabilities` (its capabilities are
// the constructor's). Published servers still ship it; slimming one must leave a server that lists and serves
// `read_instructions` to today's client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Server } from 'mcp-sdk-1-0/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from 'mcp-sdk-1-0/types.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { serveInstructions } from '@toolslim/runtime';

const FAMILY = "# rooms\n\nUsage notes for the rooms tools, moved out of their descriptions. Read a tool's section before calling it the first time.\n\n## rooms_book\n\nBookings start on the hour.\n";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'toolslim-sdk-1-0-'));
  await writeFile(path.join(dir, 'rooms.md'), FAMILY);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function connect(server: Server): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'sdk-1-0-test', version: '0.0.0' });
  await client.connect(clientSide);
  return client;
}

function buildServer(capabilities: Record<string, unknown>): Server {
  const server = new Server({ name: 'rooms', version: '1.0.0' }, { capabilities });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [{ name: 'rooms_book', description: 'Book a meeting room. Before first use: read_instructions family="rooms".', inputSchema: { type: 'object', properties: {} } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => ({ content: [{ type: 'text', text: `booked by ${request.params.name}` }] }));
  return server;
}

describe('serveInstructions on an SDK 1.0 Server', () => {
  it('lists read_instructions beside the server tools and serves the family', async () => {
    const server = buildServer({ tools: {} });
    expect((server as unknown as { registerCapabilities?: unknown }).registerCapabilities).toBeUndefined();
    serveInstructions(server as never, { dir });
    const client = await connect(server);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['rooms_book', 'read_instructions']);
    const result = await client.callTool({ name: 'read_instructions', arguments: { family: 'rooms' } });
    expect((result.content as Array<{ text: string }>)[0].text).toContain('Bookings start on the hour.');
    const booked = await client.callTool({ name: 'rooms_book', arguments: {} });
    expect((booked.content as Array<{ text: string }>).map((part) => part.text).join('\n')).toContain('booked by rooms_book');
    await client.close();
  });

  it('declares the resources capability it adds, on a server made with tools only', async () => {
    const server = buildServer({ tools: {} });
    serveInstructions(server as never, { dir });
    const client = await connect(server);
    expect(client.getServerCapabilities()?.resources).toBeDefined();
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.name)).toEqual(['rooms-instructions']);
    await client.close();
  });
});
