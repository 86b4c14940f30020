#!/usr/bin/env node
/**
 * After `toolslim slim --server` wrote a published package's copy: start the package as published and the
 * slimmed copy with the MCP SDK client, and check that tools/list differs only in description text plus
 * read_instructions, and that read_instructions serves every family it lists, each with text.
 *
 *   node test/realworld/published-slim-check.mjs <published package dir> <slimmed copy dir> -- <node> <bin> [args…]
 *
 * The command after `--` is run in each folder; the environment is passed through (dummy keys, loopback URLs).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const at = process.argv.indexOf('--');
const [original, slimmed] = process.argv.slice(2, at);
const [command, ...args] = process.argv.slice(at + 1);
if (!original || !slimmed || !command) {
  console.error('usage: published-slim-check.mjs <published dir> <slimmed dir> -- <command> [args…]');
  process.exit(2);
}

async function withServer(cwd, use) {
  const transport = new StdioClientTransport({ command, args, cwd, env: process.env, stderr: 'ignore' });
  const client = new Client({ name: 'toolslim-published-check', version: '0.0.0' });
  await client.connect(transport);
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

async function listAll(client) {
  const tools = [];
  let cursor;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}

/** The tool with every description (the tool's and its schema's, at any depth) taken out. */
function withoutDescriptions(value) {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key, v]) => !(key === 'description' && typeof v === 'string')).map(([key, v]) => [key, withoutDescriptions(v)]));
}

const before = await withServer(original, listAll);
const { after, served } = await withServer(slimmed, async (client) => {
  const after = await listAll(client);
  const reader = after.find((tool) => tool.name === 'read_instructions');
  const families = reader?.inputSchema?.properties?.family?.enum ?? [];
  const served = [];
  for (const family of families) {
    const result = await client.callTool({ name: 'read_instructions', arguments: { family } });
    const text = (result.content ?? []).map((part) => part.text ?? '').join('');
    served.push({ family, bytes: Buffer.byteLength(text), error: result.isError === true });
  }
  return { after, served };
});
const problems = [];
const afterByName = new Map(after.map((tool) => [tool.name, tool]));
let changed = 0;
for (const tool of before) {
  const next = afterByName.get(tool.name);
  if (!next) problems.push(`${tool.name} is no longer listed`);
  else if (JSON.stringify(withoutDescriptions(tool)) !== JSON.stringify(withoutDescriptions(next))) problems.push(`${tool.name} changed beyond its description text`);
  else if (JSON.stringify(tool) !== JSON.stringify(next)) changed++;
}
const added = after.filter((tool) => !before.some((b) => b.name === tool.name)).map((tool) => tool.name);
if (added.join() !== 'read_instructions') problems.push(`added tools: ${added.join(', ') || 'none'} (expected read_instructions)`);
if (served.length === 0) problems.push('read_instructions lists no family');
for (const family of served) if (family.error || family.bytes === 0) problems.push(`read_instructions serves no text for ${family.family}`);
const bytes = (tools) => tools.reduce((sum, tool) => sum + Buffer.byteLength(JSON.stringify(tool)), 0);
console.log(JSON.stringify({ tools: before.length, changed, bytesBefore: bytes(before), bytesAfter: bytes(after), families: served, problems }, null, 1));
process.exit(problems.length > 0 ? 1 : 0);
