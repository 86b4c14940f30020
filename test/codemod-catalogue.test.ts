/**
 * The slimming migration on `fixtures/verbose-catalogue`, checked against the running server: a copy is
 * slimmed, both servers are started with a real MCP client, and
 * - what `tools/list` publishes shrinks by at least 60% (the added `read_instructions` tool included);
 * - every tool, parameter, type, enum value, default and required field is the same (only description
 *   text differs);
 * - `read_instructions` answers for every family, and every sentence that left a description comes back
 *   verbatim from it.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { classifySentences, type ClassifiedSentence } from '@toolslim/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { planSlim, writeSlimPlan } from '../packages/codemod/src/index.js';
import { getCapabilityKey } from '../packages/codemod/src/verify.js';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const tsx = path.resolve(import.meta.dirname, '../node_modules/tsx/dist/esm/index.mjs');

type Tool = { name: string; description?: string; inputSchema: Record<string, unknown> } & Record<string, unknown>;

interface Running {
  client: Client;
  tools: Tool[];
  stderr: () => string;
}

async function startServer(folder: string): Promise<Running> {
  let stderr = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    // `source`: @toolslim/runtime is loaded from its TypeScript sources, like every workspace package in tests.
    args: ['--conditions=source', '--import', tsx, 'src/server.ts'],
    cwd: folder,
    env: getDefaultEnvironment(),
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'toolslim-catalogue-test', version: '1.0.0' });
  try {
    await client.connect(transport, { timeout: 120_000 });
  } catch (error) {
    throw new Error(`${String(error)}\nserver stderr:\n${stderr}`);
  }
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : {}, { timeout: 120_000 });
    tools.push(...(page.tools as Tool[]));
    cursor = page.nextCursor;
  } while (cursor);
  return { client, tools, stderr: () => stderr };
}

function publishedBytes(tools: readonly Tool[]): number {
  return tools.reduce((sum, tool) => sum + Buffer.byteLength(JSON.stringify(tool)), 0);
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Every unit of every description (tool and parameter) of a published tool. */
function findUnits(tool: Tool): Array<{ where: string; text: string }> {
  // A block slim opened keeps some of its units and moves the rest: each unit inside a block counts on its own.
  const units = (tool.description ? classifySentences(tool.description) : []).flatMap(getBlockUnits).map((text) => ({ where: tool.name, text }));
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, { description?: unknown }>;
  for (const [param, schema] of Object.entries(properties)) {
    if (typeof schema.description !== 'string') continue;
    for (const unit of classifySentences(schema.description)) units.push({ where: `${tool.name}.${param}`, text: unit.text });
  }
  return units;
}

/** The units inside an XML-like block (nested blocks too), or the unit itself. */
function getBlockUnits(unit: ClassifiedSentence): string[] {
  const open = /^<([A-Za-z][\w.:-]*)(?:\s[^>]*)?>/.exec(unit.text);
  const close = open ? `</${open[1]}>` : '';
  if (unit.markupKind !== 'xml-block' || !open || !unit.text.endsWith(close)) return [unit.text];
  const inner = unit.text.slice(open[0].length, unit.text.length - close.length).trim();
  return inner === '' ? [unit.text] : classifySentences(inner).flatMap(getBlockUnits);
}

let workDir: string;
let project: string;
let before: Running;
let after: Running;
/** Tools the run left alone (their text is built at run time, e.g. with today's date). */
let skipped: Set<string>;

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'toolslim-catalogue-'));
  project = path.join(workDir, 'verbose-catalogue');
  cpSync(path.join(fixtures, 'verbose-catalogue'), project, { recursive: true });
  // The copy resolves its packages (SDK, zod, @toolslim/runtime) from the fixtures' install, and is an
  // ES module package with the same tsconfig as the original.
  symlinkSync(path.join(fixtures, 'node_modules'), path.join(workDir, 'node_modules'), 'dir');
  for (const file of ['package.json', 'tsconfig.json']) cpSync(path.join(fixtures, file), path.join(workDir, file));
  before = await startServer(project);
  const files = readdirSync(path.join(project, 'src')).map((file) => path.join(project, 'src', file));
  const plan = planSlim({ cwd: project, files });
  expect(plan.problems).toEqual([]);
  expect(plan.errors).toEqual([]);
  skipped = new Set(plan.skipped.map((tool) => tool.name ?? ''));
  writeSlimPlan(plan);
  after = await startServer(project);
}, 600_000);

afterAll(async () => {
  await before?.client.close();
  await after?.client.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe('slimming fixtures/verbose-catalogue', () => {
  test('what tools/list publishes shrinks by at least 18% (22.9% measured: only what the prose model is sure of moves; the permission and error notes it reads as guardrails stay)', () => {
    const saved = 1 - publishedBytes(after.tools) / publishedBytes(before.tools);
    expect(before.tools.length).toBeGreaterThanOrEqual(60);
    expect(saved).toBeGreaterThanOrEqual(0.18);
  });

  test('no capability changes: the same tools, equal apart from description text', () => {
    const afterByName = new Map(after.tools.map((tool) => [tool.name, tool]));
    expect(after.tools.map((tool) => tool.name).filter((name) => !before.tools.some((tool) => tool.name === name))).toEqual(['read_instructions']);
    for (const tool of before.tools) {
      expect(getCapabilityKey(afterByName.get(tool.name) as never), tool.name).toBe(getCapabilityKey(tool as never));
    }
  });

  test('read_instructions returns every family, and every moved sentence is in it', { timeout: 300_000 }, async () => {
    const reader = after.tools.find((tool) => tool.name === 'read_instructions')!;
    const families = ((reader.inputSchema.properties as Record<string, { enum: string[] }>).family.enum ?? []).slice();
    expect(families.length).toBeGreaterThanOrEqual(5);
    let served = '';
    for (const family of families) {
      const result = await after.client.callTool({ name: 'read_instructions', arguments: { family } }, undefined, { timeout: 120_000 });
      expect(result.isError, family).toBeFalsy();
      served += `\n${(result.content as Array<{ type: string; text: string }>).map((part) => part.text).join('\n')}`;
    }
    const afterByName = new Map(after.tools.map((tool) => [tool.name, tool]));
    let moved = 0;
    const lost: string[] = [];
    for (const tool of before.tools) {
      if (skipped.has(tool.name)) continue;
      const kept = collapse(JSON.stringify(afterByName.get(tool.name)));
      for (const unit of findUnits(tool)) {
        if (kept.includes(collapse(JSON.stringify(unit.text).slice(1, -1)))) continue;
        moved++;
        if (!collapse(served).includes(collapse(unit.text))) lost.push(`${unit.where}: ${unit.text}`);
      }
    }
    expect(lost).toEqual([]);
    expect(moved).toBeGreaterThan(200);
    expect([...skipped].sort()).toEqual(['ci_run_locally', 'deploy_freeze_status']);
  });
});
