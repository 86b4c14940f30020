#!/usr/bin/env node
/**
 * What the runtime's wrapping adds to a small tool result: an `McpServer` with one tool that answers one
 * short line, called by the SDK's client in memory, without the runtime against `serveInstructions` as
 * slim wires it (the gate on, toolsets unset) and with bounded results on as well. Rounds alternate,
 * one warm-up each, medians compared; the ratios go in docs/benchmarks.md. No budget: the figure is
 * recorded, not enforced.
 *
 *   pnpm build && ROUNDS=5 CALLS=2000 node test/bench/results.bench.mjs
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { serveInstructions } from '@toolslim/runtime';
import { median } from './corpus.mjs';

const rounds = Number(process.env.ROUNDS ?? 5);
const calls = Number(process.env.CALLS ?? 2000);
const files = { 'README.md': '# Tool instructions\n\n- [db](db.md)\n', 'db.md': '# db\n\nAll times are UTC.\n\n## db_query\n\nOnly SELECT statements run.\n' };

async function start(mode) {
  const server = new McpServer({ name: 'db', version: '1.0.0' });
  if (mode !== 'bare') serveInstructions(server, { dir: files, ...(mode === 'results' ? { results: true } : {}) });
  server.registerTool('db_query', { description: 'Run a query.' }, async () => ({ content: [{ type: 'text', text: '3 rows: 1, 2, 3.' }] }));
  const client = new Client({ name: 'bench', version: '1.0.0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(b), client.connect(a)]);
  // The gate's one round trip happens once per session, before the timed calls.
  await client.callTool({ name: 'db_query', arguments: {} });
  return client;
}

async function time(mode) {
  const client = await start(mode);
  const begin = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) await client.callTool({ name: 'db_query', arguments: {} });
  const ms = Number(process.hrtime.bigint() - begin) / 1e6;
  await client.close();
  return ms;
}

const modes = ['bare', 'served', 'results'];
for (const mode of modes) await time(mode);
const times = Object.fromEntries(modes.map((mode) => [mode, []]));
for (let round = 0; round < rounds; round++) for (const mode of modes) times[mode].push(await time(mode));
const medians = Object.fromEntries(modes.map((mode) => [mode, Math.round(median(times[mode]))]));
process.stdout.write(
  `${JSON.stringify({ calls, rounds, medianMs: medians, servedRatio: +(medians.served / medians.bare).toFixed(3), resultsRatio: +(medians.results / medians.bare).toFixed(3) })}\n`,
);
