#!/usr/bin/env node
/**
 * What the runtime's wrapping adds to a tool result: an `McpServer` with one tool, called by the SDK's
 * client in memory, without the runtime against `serveInstructions` as slim wires it (the gate on,
 * toolsets unset) and with bounded results on as well. The tool answers one short line (the result
 * passes after a byte count), or, with `MEDIUM=1`, 40 KB of JSON rows (past the limit in bytes, within
 * it in tokens: counted in o200k_base, the rank table loaded in the warm-up). Then the bounded-results
 * layer alone on the short line, against a layer that only passes it on. Rounds alternate, one warm-up
 * each, medians compared; the ratios go in docs/benchmarks.md. No budget: the figure is recorded.
 *
 *   pnpm build && ROUNDS=9 CALLS=20000 node test/bench/results.bench.mjs
 *   pnpm build && ROUNDS=5 CALLS=200 MEDIUM=1 node test/bench/results.bench.mjs
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { serveInstructions } from '@toolslim/runtime';
import { createBoundedResults } from '../../packages/runtime/dist/results/bounded-results.js';
import { median } from './corpus.mjs';

const rounds = Number(process.env.ROUNDS ?? 5);
const calls = Number(process.env.CALLS ?? 2000);
const medium = process.env.MEDIUM === '1';
const rows = Array.from({ length: 400 }, (_, i) => ({ id: i, name: `row ${i}`, note: 'Imported from the nightly export; checked by the reconciler.' }));
const answer = medium ? JSON.stringify(rows) : '3 rows: 1, 2, 3.';
const files = { 'README.md': '# Tool instructions\n\n- [db](db.md)\n', 'db.md': '# db\n\nAll times are UTC.\n\n## db_query\n\nOnly SELECT statements run.\n' };

async function start(mode) {
  const server = new McpServer({ name: 'db', version: '1.0.0' });
  if (mode !== 'bare') serveInstructions(server, { dir: files, ...(mode === 'results' ? { results: true } : {}) });
  server.registerTool('db_query', { description: 'Run a query.' }, async () => ({ content: [{ type: 'text', text: answer }] }));
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

// The layer alone, on the short line: what bounded results add to a call, without the SDK around it.
const { layer } = createBoundedResults({}, []);
const small = { content: [{ type: 'text', text: '3 rows: 1, 2, 3.' }] };
const next = async () => small;
const passOn = { callTool: (call, go) => go() };
async function timeLayer(own) {
  const call = { name: 'db_query', arguments: {}, session: undefined };
  const begin = process.hrtime.bigint();
  for (let i = 0; i < calls * 10; i++) await own.callTool(call, next);
  return Number(process.hrtime.bigint() - begin) / 1e6;
}
await timeLayer(passOn);
await timeLayer(layer);
const layerTimes = { passOn: [], bounded: [] };
for (let round = 0; round < rounds; round++) {
  layerTimes.passOn.push(await timeLayer(passOn));
  layerTimes.bounded.push(await timeLayer(layer));
}
const layerMedians = { passOn: +median(layerTimes.passOn).toFixed(1), bounded: +median(layerTimes.bounded).toFixed(1) };
process.stdout.write(
  `${JSON.stringify({
    calls,
    rounds,
    resultBytes: Buffer.byteLength(answer),
    medianMs: medians,
    servedRatio: +(medians.served / medians.bare).toFixed(3),
    resultsRatio: +(medians.results / medians.bare).toFixed(3),
    layerCalls: calls * 10,
    layerMedianMs: layerMedians,
    layerRatio: +(layerMedians.bounded / layerMedians.passOn).toFixed(3),
  })}\n`,
);
