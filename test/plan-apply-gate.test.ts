// After plan, one changed mark and apply, the slimmed server of our own starts with the real MCP SDK
// client: the kept unit is in the description it lists, the first call of a slimmed tool is gated (it
// returns the tool's moved text and does not run), and the next call runs.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterAll, expect, test } from 'vitest';
import { buildPlanFile, parsePlanFile, planSlim, planSlimFromPlanFile, writeSlimPlan } from '@toolslim/codemod';
import { findProjectSources } from '../packages/codemod/tests/helpers.js';
import { linkRuntimeBeside } from './support/runtime-links.js';

const FIXTURE = path.join(import.meta.dirname, '../packages/codemod/tests/plan-file-fixture');
const KEPT = 'Returns at most 25 recipes, best match first.';
const MOVED = 'Results are sorted by how many of the given ingredients a recipe uses, then by rating.';

const dir = mkdtempSync(path.join(tmpdir(), 'toolslim-plan-gate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the applied plan serves the kept unit in the description and gates the first call of a slimmed tool', async () => {
  cpSync(FIXTURE, dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), '{ "name": "recipes", "private": true, "type": "module" }\n');
  const options = { cwd: dir, files: findProjectSources(dir) };
  const lines = buildPlanFile(planSlim(options), { paths: ['src'], wire: true, skipUnprofitable: true }).split('\n');
  const at = lines.findIndex((line) => line.includes(`\`${KEPT}\``));
  lines[at] = lines[at].replace('- [move]', '- [stay]');
  writeSlimPlan(planSlimFromPlanFile(parsePlanFile(lines.join('\n')), options));

  // The runtime, the SDK and zod beside the slimmed server, as an install would put them.
  linkRuntimeBeside(dir);
  const { server } = (await import(pathToFileURL(path.join(dir, 'src/server.ts')).href)) as { server: McpServer };
  const client = new Client({ name: 'c', version: '1.0.0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(b), client.connect(a)]);
  try {
    const find = (await client.listTools()).tools.find((tool) => tool.name === 'recipes_find');
    expect(find?.description).toContain(KEPT);
    expect(find?.description).not.toContain(MOVED);

    const first = (await client.callTool({ name: 'recipes_find', arguments: { query: 'leek' } })) as { isError?: boolean; content: Array<{ text: string }> };
    expect(first.isError).toBe(true);
    expect(first.content[0].text).toContain(MOVED);
    expect(first.content[0].text).not.toContain('found leek');
    expect(readFileSync(path.join(dir, 'docs/tools/recipes.md'), 'utf8')).toContain(MOVED);

    const second = (await client.callTool({ name: 'recipes_find', arguments: { query: 'leek' } })) as { isError?: boolean; content: Array<{ text: string }> };
    expect(second.isError).not.toBe(true);
    expect(second.content[0].text).toBe('found leek');
  } finally {
    await client.close();
  }
});
