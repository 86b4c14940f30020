// Bounded results on every server shape the runtime serves, with the SDK's real client: a result of about
// 200,000 tokens comes back as a first slice within the limit plus a reference; reading it all back with
// read_result rebuilds it exactly (same sha256); a small result is byte for byte what the server without
// the runtime answers. Then, on one server: the bounds on what is held, expiry, and core's exact counter.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { countTokens } from '@toolslim/core';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { serveBoundedResults } from '@toolslim/runtime';
import { estimateTokens } from '../src/results/bounded-results.js';
import { buildBigResult, SHAPES, useShape } from './support/gate-servers.js';

type CallResult = { isError?: boolean; content: Array<{ type: string; text?: string }> };
const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallResult;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const BIG = buildBigResult();

/** Every slice of a held result, through read_result, joined. */
async function readAll(client: Client, id: string, from: number): Promise<{ text: string; reads: number }> {
  let text = '';
  let offset = from;
  let reads = 0;
  for (;;) {
    const result = await call(client, 'read_result', { id, offset });
    expect(result.isError).toBeFalsy();
    text += result.content[0].text;
    reads++;
    const next = /next: `offset` = (\d+)/.exec(result.content[1].text!);
    if (!next) return { text, reads };
    offset = Number(next[1]);
  }
}

describe.each(SHAPES)('bounded results on $name', (shape) => {
  const shapeServers = useShape(shape);
  const open = async (options: Parameters<typeof shape.start>[0], bare?: boolean) => (await shapeServers.open(options, bare)).client;

  it('gives a first slice within the limit and the reference; read_result rebuilds the whole exactly', async () => {
    const client = await open({ gate: false, results: true });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('read_result');
    const result = await call(client, 'db_dump');
    expect(result.content).toHaveLength(2);
    const [slice, note] = result.content.map((part) => part.text!);
    expect(estimateTokens(slice) + estimateTokens(note)).toBeLessThanOrEqual(25_000);
    expect(BIG.startsWith(slice)).toBe(true);
    // Cut between two rows of the array, never inside one.
    expect(slice.endsWith('},')).toBe(true);
    expect(note).toContain(`797,781 bytes, 1 line,`);
    expect(note).toContain(`sha256 ${sha256(BIG)}`);
    const [, id, offset] = /`id` = "(\w+)", `offset` = (\d+)/.exec(note)!;
    expect(Number(offset)).toBe(slice.length);
    const { text, reads } = await readAll(client, id, Number(offset));
    expect(sha256(slice + text)).toBe(sha256(BIG));
    expect(reads).toBeGreaterThan(5);
  });

  it('passes a small result byte for byte as the server without the runtime answers it', async () => {
    const served = await call(await open({ gate: false, results: true }), 'db_ping');
    const bare = await call(await open({}, true), 'db_ping');
    expect(JSON.stringify(served)).toBe(JSON.stringify(bare));
  });
});

describe('what bounded results hold', () => {
  const shape = SHAPES[0];
  const clients: Client[] = [];
  afterAll(() => Promise.all(clients.map((client) => client.close())));
  const open = async (options: Parameters<typeof shape.start>[0]) => {
    const client = await (await shape.start(options)).connect();
    clients.push(client);
    return client;
  };

  it('cuts at the limit counted with core’s o200k_base counter when given it', async () => {
    const client = await open({ gate: false, results: { countTokens } });
    const [slice, note] = (await call(client, 'db_dump')).content.map((part) => part.text!);
    const shown = countTokens(slice) + countTokens(note);
    expect(shown).toBeLessThanOrEqual(25_000);
    expect(shown).toBeGreaterThan(24_000);
    expect(note).toContain('about 214,002 tokens');
  });

  it('saves what docs/runtime.md says, on the first answer a client receives', async () => {
    const docs = readFileSync(new URL('../../../docs/runtime.md', import.meta.url), 'utf8');
    const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
    const n = (value: number) => value.toLocaleString('en-US');
    for (const [label, results] of [['the default estimate', true], ["core's `countTokens`", { countTokens }]] as const) {
      const [slice, note] = (await call(await open({ gate: false, results }), 'db_dump')).content.map((part) => part.text!);
      const row = `| ${label} | ${n(bytes(slice) + bytes(note))} bytes: ${n(bytes(slice))} of the result, ${n(bytes(note))} of the note | ${n(countTokens(slice) + countTokens(note))} | ${n(bytes(BIG) - bytes(slice))} bytes |`;
      expect(docs).toContain(row);
    }
  });

  it('reads the limit from MAX_MCP_OUTPUT_TOKENS, and the author’s own over it', async () => {
    const fromEnv = await open({ gate: false, results: { environment: { MAX_MCP_OUTPUT_TOKENS: '5000' } } });
    const [slice] = (await call(fromEnv, 'db_dump')).content.map((part) => part.text!);
    expect(estimateTokens(slice)).toBeLessThanOrEqual(5000);
    expect(estimateTokens(slice)).toBeGreaterThan(4000);
    const own = await open({ gate: false, results: { maxTokens: 2000, environment: { MAX_MCP_OUTPUT_TOKENS: '5000' } } });
    expect(estimateTokens((await call(own, 'db_dump')).content[0].text!)).toBeLessThanOrEqual(2000);
  });

  it('holds at most maxHeld results and maxHeldBytes per session, oldest first out, under 1,000 large results', async () => {
    const client = await open({ gate: false, results: { maxHeld: 5, maxHeldBytes: 3 * 797_781 } });
    const ids: string[] = [];
    for (let i = 0; i < 1000; i++) ids.push(/`id` = "(\w+)"/.exec((await call(client, 'db_dump')).content[1].text!)![1]);
    // The byte bound (3 results) is the tighter one here: the last three are held, nothing before them.
    for (const id of ids.slice(-3)) expect((await call(client, 'read_result', { id, offset: 0 })).isError).toBeFalsy();
    for (const id of [ids[0], ids[500], ids.at(-4)!]) {
      const gone = await call(client, 'read_result', { id, offset: 0 });
      expect(gone.isError).toBe(true);
      expect(gone.content[0].text).toMatch(/^No held result/);
    }
  });

  it('answers an expired or unknown id with an error result', async () => {
    let now = 0;
    const client = await open({ gate: false, results: { ttlMs: 60_000, now: () => now } });
    const id = /`id` = "(\w+)"/.exec((await call(client, 'db_dump')).content[1].text!)![1];
    expect((await call(client, 'read_result', { id, offset: 0 })).isError).toBeFalsy();
    now = 60_001;
    const expired = await call(client, 'read_result', { id, offset: 0 });
    expect(expired.isError).toBe(true);
    expect(expired.content[0].text).toBe(`Result "${id}" expired: results are held for 1 minutes. Call the tool again.`);
    expect((await call(client, 'read_result', { id: 'nope', offset: 0 })).isError).toBe(true);
  });
});

describe('serveBoundedResults', () => {
  it('bounds the results of a server with no instruction folder, in one line', async () => {
    const server = new McpServer({ name: 'db', version: '1.0.0' });
    serveBoundedResults(server, { countTokens });
    server.registerTool('db_dump', { description: 'Dump.' }, async () => ({ content: [{ type: 'text', text: BIG }] }));
    const client = new SdkClient({ name: 'c', version: '1.0.0' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(b), client.connect(a)]);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['db_dump', 'read_result']);
    const [slice, note] = (await call(client as unknown as Client, 'db_dump')).content.map((part) => part.text!);
    expect(countTokens(slice) + countTokens(note)).toBeLessThanOrEqual(25_000);
    await client.close();
  });
});
