// Bounded results on every server shape the runtime serves, with the SDK's real client: a result of about
// 200,000 tokens comes back as a first slice within the limit plus a reference; reading it all back with
// read_result rebuilds it exactly (same sha256); a small result is byte for byte what the server without
// the runtime answers. The slice is counted here with the o200k_base counter core measures with, exactly.
// Then, on one server: the bounds on what is held, expiry, dense text the one-per-3-bytes estimate would
// undercount, and the byte count where the rank table cannot be loaded.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { countTokens } from '@toolslim/core';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { serveBoundedResults } from '@toolslim/runtime';
import { createBoundedResults } from '../src/results/bounded-results.js';
import { buildBigResult, SHAPES, useShape } from './support/gate-servers.js';

type CallResult = { isError?: boolean; content: Array<{ type: string; text?: string }> };
const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallResult;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const BIG = buildBigResult();

/** Every slice of a held result, through read_result, joined. */
/** A held result through its resource. */
async function readResource(client: Client, uri: string): Promise<string> {
  const read = await client.readResource({ uri });
  return (read.contents[0] as { text: string }).text;
}

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
    const shown = countTokens(slice) + countTokens(note);
    expect(shown).toBeLessThanOrEqual(25_000);
    expect(shown).toBeGreaterThan(24_500);
    expect(BIG.startsWith(slice)).toBe(true);
    // Cut between two rows of the array, never inside one.
    expect(slice.endsWith('},')).toBe(true);
    expect(note).toContain(`797,781 bytes, 1 line, ${countTokens(BIG).toLocaleString('en-US')} tokens (o200k_base);`);
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

  it('cuts at the limit of the author’s own counter when given one', async () => {
    const perCharacter = (text: string) => text.length;
    const client = await open({ gate: false, results: { countTokens: perCharacter } });
    const [slice, note] = (await call(client, 'db_dump')).content.map((part) => part.text!);
    expect(slice.length + note.length).toBeLessThanOrEqual(25_000);
    expect(slice.length + note.length).toBeGreaterThan(24_000);
    expect(note).toContain(`${BIG.length.toLocaleString('en-US')} tokens;`);
  });

  it('saves what docs/runtime.md says, on the first answer a client receives', async () => {
    const docs = readFileSync(new URL('../../../docs/runtime.md', import.meta.url), 'utf8');
    const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
    const n = (value: number) => value.toLocaleString('en-US');
    const rows: string[] = [];
    const byBytes = { countTokens: (text: string) => Buffer.byteLength(text, 'utf8') };
    for (const [label, results] of [['o200k_base (the default)', true], ['UTF-8 bytes', byBytes]] as const) {
      const [slice, note] = (await call(await open({ gate: false, results }), 'db_dump')).content.map((part) => part.text!);
      rows.push(`| ${label} | ${n(bytes(slice) + bytes(note))} bytes: ${n(bytes(slice))} of the result, ${n(bytes(note))} of the note | ${n(countTokens(slice) + countTokens(note))} | ${n(bytes(BIG) - bytes(slice))} bytes |`);
    }
    // The rows the page lacks, so a failure shows the measured ones.
    expect(rows.filter((row) => !docs.includes(row))).toEqual([]);
  });

  it('reads the limit from MAX_MCP_OUTPUT_TOKENS, and the author’s own over it', async () => {
    const fromEnv = await open({ gate: false, results: { environment: { MAX_MCP_OUTPUT_TOKENS: '5000' } } });
    const [slice, note] = (await call(fromEnv, 'db_dump')).content.map((part) => part.text!);
    expect(countTokens(slice) + countTokens(note)).toBeLessThanOrEqual(5000);
    expect(countTokens(slice) + countTokens(note)).toBeGreaterThan(4500);
    const own = await open({ gate: false, results: { maxTokens: 2000, environment: { MAX_MCP_OUTPUT_TOKENS: '5000' } } });
    const [ownSlice, ownNote] = (await call(own, 'db_dump')).content.map((part) => part.text!);
    expect(countTokens(ownSlice) + countTokens(ownNote)).toBeLessThanOrEqual(2000);
  });

  it('holds at most maxHeld results and maxHeldBytes per session, oldest first out, under 1,000 large results', async () => {
    // Counted per character here: the bounds on what is held do not depend on the count, and a thousand
    // counts of 800 KB (o200k or bytes, each cut tried counted whole) would make this the slowest test for nothing.
    const client = await open({ gate: false, results: { maxHeld: 5, maxHeldBytes: 3 * 797_781, countTokens: (text: string) => text.length } });
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

  it('serves the whole held result as the resource the note names', async () => {
    const client = await open({ gate: false, results: true });
    const note = (await call(client, 'db_dump')).content[1].text!;
    const uri = /the resource `(results:\/\/\w+)`/.exec(note)![1];
    expect(sha256(await readResource(client, uri))).toBe(sha256(BIG));
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
    serveBoundedResults(server);
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

describe('the default count', () => {
  // A JSON array of numbers and base64: more tokens than bytes / 3, so an estimate would let them through.
  const DIGITS = JSON.stringify(Array.from({ length: 2000 }, (_, i) => (i * 7919) % 10_000));
  const BASE64 = Buffer.from(Array.from({ length: 4500 }, (_, i) => (i * 7919) % 251)).toString('base64');
  const serveText = async (text: string, maxTokens: number) => {
    const server = new McpServer({ name: 'dense', version: '1.0.0' });
    serveBoundedResults(server, { maxTokens });
    server.registerTool('dump', { description: 'Dump.' }, async () => ({ content: [{ type: 'text', text }] }));
    const client = new SdkClient({ name: 'c', version: '1.0.0' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(b), client.connect(a)]);
    return client as unknown as Client;
  };

  it.each([
    ['dense digits', DIGITS],
    ['base64', BASE64],
  ])('is core’s o200k_base count on %s, so the bound holds where one token per 3 bytes would pass it', async (_, text) => {
    const limit = 4000;
    expect(Buffer.byteLength(text) / 3).toBeLessThan(limit);
    expect(countTokens(text)).toBeGreaterThan(limit);
    const client = await serveText(text, limit);
    const [slice, note] = (await call(client, 'dump')).content.map((part) => part.text!);
    expect(note).toContain(`${countTokens(text).toLocaleString('en-US')} tokens (o200k_base)`);
    expect(countTokens(slice) + countTokens(note)).toBeLessThanOrEqual(limit);
    expect(text.startsWith(slice)).toBe(true);
    const id = /`id` = "(\w+)"/.exec(note)![1];
    expect(sha256(slice + (await readAll(client, id, slice.length)).text)).toBe(sha256(text));
    await client.close();
  });

  it('passes a result of at most the limit in bytes without counting it', async () => {
    const client = await serveText('x'.repeat(4000), 4000);
    expect((await call(client, 'dump')).content).toEqual([{ type: 'text', text: 'x'.repeat(4000) }]);
    await client.close();
  });

  it('counts UTF-8 bytes, which never undercount, where the rank table cannot be loaded (a runtime without node:fs)', async () => {
    const noFs = () => Promise.reject(new Error('No such module "node:fs".'));
    const { layer } = createBoundedResults({ maxTokens: 4000 }, [], async () => (await import('../src/results/result-tokens.js')).loadO200kCounter(noFs));
    const result = await layer.callTool!({ name: 'dump', arguments: {}, session: undefined }, async () => ({ content: [{ type: 'text', text: BASE64 }] }));
    const [slice, note] = result.content!.map((part) => (part as { text: string }).text);
    expect(note).toContain(`at most ${Buffer.byteLength(BASE64).toLocaleString('en-US')} tokens (counted as UTF-8 bytes: the o200k_base table could not be loaded here)`);
    expect(Buffer.byteLength(slice) + Buffer.byteLength(note)).toBeLessThanOrEqual(4000);
    expect(countTokens(slice) + countTokens(note)).toBeLessThanOrEqual(4000);
    expect(BASE64.startsWith(slice)).toBe(true);
  });
});
