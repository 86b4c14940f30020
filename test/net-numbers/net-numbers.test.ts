/**
 * slim's before → after is net: what it adds to every request (the `read_instructions` tool, the text
 * added to the server's `instructions`) is in "after". A small server of our own, six tools with a little
 * how-text each, is slimmed in a copy; both versions are started and listed with a real MCP client, and
 * the totals slim printed must equal what each server publishes: every tool in `tools/list` plus its
 * `instructions`.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { planSlim, writeSlimPlan, type SlimPlan } from '../../packages/codemod/src/index.js';
import { buildServerInstructionsText } from '@toolslim/core';
import { loadInstructionsIndex } from '../../packages/runtime/src/instructions-dir.js';
import { HEAVY_SERVER, SERVER } from './server.js';

const fixtures = path.resolve(import.meta.dirname, '../../fixtures');
const tsx = path.resolve(import.meta.dirname, '../../node_modules/tsx/dist/esm/index.mjs');

interface Published {
  readonly tools: number;
  readonly toolBytes: number;
  readonly instructionsBytes: number;
}

async function listPublished(folder: string): Promise<Published> {
  let stderr = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--conditions=source', '--import', tsx, 'src/server.ts'],
    cwd: folder,
    env: getDefaultEnvironment(),
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'toolslim-net-numbers-test', version: '1.0.0' });
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    const instructions = client.getInstructions();
    return {
      tools: tools.length,
      toolBytes: tools.reduce((sum, tool) => sum + Buffer.byteLength(JSON.stringify(tool)), 0),
      instructionsBytes: instructions === undefined ? 0 : Buffer.byteLength(instructions),
    };
  } catch (error) {
    throw new Error(`${String(error)}\nserver stderr:\n${stderr}`);
  } finally {
    await client.close();
  }
}

interface Run {
  readonly plan: SlimPlan;
  readonly before: Published;
  readonly after: Published;
}

const workDirs: string[] = [];

async function slimAndList(source: string): Promise<Run> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'toolslim-net-'));
  workDirs.push(workDir);
  const project = path.join(workDir, 'notes');
  mkdirSync(path.join(project, 'src'), { recursive: true });
  // Packages (SDK, zod, @toolslim/runtime) come from the fixtures' install, as the catalogue test does.
  symlinkSync(path.join(fixtures, 'node_modules'), path.join(workDir, 'node_modules'), 'dir');
  for (const file of ['package.json', 'tsconfig.json']) cpSync(path.join(fixtures, file), path.join(workDir, file));
  writeFileSync(path.join(project, 'src', 'server.ts'), source);
  const before = await listPublished(project);
  const plan = planSlim({ cwd: project, files: [path.join(project, 'src', 'server.ts')] });
  expect(plan.problems).toEqual([]);
  writeSlimPlan(plan);
  return { plan, before, after: await listPublished(project) };
}

let light: Run;
let heavy: Run;

beforeAll(async () => {
  light = await slimAndList(SERVER);
  heavy = await slimAndList(HEAVY_SERVER);
}, 300_000);

afterAll(() => {
  for (const dir of workDirs) rmSync(dir, { recursive: true, force: true });
});

describe("slim's totals are what the server publishes, instructions included", () => {
  // Before the net accounting, slim printed 3,134 → 2,900 bytes (−7%) for the light server and wrote it;
  // started again it published 2,900 bytes of tools and 482 of instructions: 3,382, 8% more than before.
  test('a light server whose moved text does not pay for the tool and the instructions is left alone, and says so', () => {
    const { plan, before, after } = light;
    expect(before.tools).toBe(6);
    expect(before.instructionsBytes).toBe(0);
    expect(plan.tools).toEqual([]);
    expect(plan.skipped.length).toBeGreaterThan(0);
    for (const tool of plan.skipped) {
      expect(tool.unprofitable).toBe(true);
      expect(tool.reason).toMatch(/would not pay for what serving them adds to every request \(the read_instructions tool, \d+ bytes, and the server instructions, \d+ bytes\)/);
    }
    expect(after).toEqual(before);
    expect(plan.totals.after.bytes).toBe(plan.totals.before.bytes);
    expect(plan.totals.before.bytes).toBe(before.toolBytes);
  });

  test('a heavier server is slimmed, and the printed after is tools/list plus the instructions it publishes', () => {
    const { plan, before, after } = heavy;
    expect(plan.tools.length).toBeGreaterThan(0);
    expect(plan.totals.before.bytes).toBe(before.toolBytes + before.instructionsBytes);
    expect(after.tools).toBe(7);
    expect(after.instructionsBytes).toBeGreaterThan(0);
    expect(plan.totals.instructions?.bytes).toBe(after.instructionsBytes);
    expect(plan.totals.after.bytes).toBe(after.toolBytes + after.instructionsBytes);
    expect(plan.totals.after.bytes).toBeLessThan(plan.totals.before.bytes);
  });
});

describe('the instructions text slim counts', () => {
  // The codemod's one copy of the runtime's sentence (it does not import the runtime): the same text.
  test.each([
    ['an index with a final newline', '# Tool instructions\n\n- [notes](notes.md): notes_save, notes_search\n', 'read_instructions'],
    ['an index without one', '# Tool instructions\n\n- [notes](notes.md)', 'read_instructions'],
    ['another tool name', '# Tools\n\n- [a](a.md)\n', 'read_docs'],
    ['an index that names the tool already', 'Call read_instructions first.\n', 'read_instructions'],
  ])('is what the runtime adds for %s', (_, index, toolName) => {
    expect(buildServerInstructionsText(index, toolName)).toBe(loadInstructionsIndex({ 'README.md': index, 'notes.md': '# notes\n' }, { toolName }));
  });
});
