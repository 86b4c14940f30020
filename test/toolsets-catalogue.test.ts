/**
 * Toolsets on the slimmed `fixtures/verbose-catalogue`, measured as a user measures them: a copy is
 * slimmed, then `toolslim measure` starts it with `TOOLSLIM_TOOLSETS=db`. What it lists is the `db` family
 * and `read_instructions`, and the family's tools cost exactly what `toolslim report` gives as the `db`
 * family's share of the same source (the runtime places tools in families as core does).
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { planSlim, writeSlimPlan } from '../packages/codemod/src/index.js';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const cli = path.resolve(import.meta.dirname, '../packages/cli/dist/bin.js');
const tsx = path.resolve(import.meta.dirname, '../node_modules/tsx/dist/esm/index.mjs');

interface Measured {
  tools: Array<{ name: string; bytes: number; tokens: number }>;
  totals: { tools: number; bytes: number; tokens: number };
}

let workDir: string;
let project: string;

beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), 'toolslim-toolsets-'));
  project = path.join(workDir, 'verbose-catalogue');
  cpSync(path.join(fixtures, 'verbose-catalogue'), project, { recursive: true });
  symlinkSync(path.join(fixtures, 'node_modules'), path.join(workDir, 'node_modules'), 'dir');
  for (const file of ['package.json', 'tsconfig.json']) cpSync(path.join(fixtures, file), path.join(workDir, file));
  const plan = planSlim({ cwd: project, files: readdirSync(path.join(project, 'src')).map((file) => path.join(project, 'src', file)) });
  expect(plan.errors).toEqual([]);
  writeSlimPlan(plan);
}, 600_000);

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function measure(toolsets: string | undefined): Measured {
  const env = { ...process.env };
  delete env.TOOLSLIM_TOOLSETS;
  if (toolsets !== undefined) env.TOOLSLIM_TOOLSETS = toolsets;
  const child = spawnSync(process.execPath, [cli, 'measure', '--json', '--timeout', '120', '--', process.execPath, '--import', tsx, 'src/server.ts'], { cwd: project, env, encoding: 'utf8', timeout: 300_000 });
  expect(child.status, child.stderr).toBe(0);
  return JSON.parse(child.stdout) as Measured;
}

test('measure with one family on lists that family and read_instructions, at the cost report gives the family', () => {
  const report = spawnSync(process.execPath, [cli, 'report', '--json', '.'], { cwd: project, encoding: 'utf8', timeout: 300_000 });
  expect(report.status, report.stderr).toBe(0);
  const { families, tools } = JSON.parse(report.stdout) as { families: Array<{ family: string; bytes: number; tokens: number }>; tools: Array<{ name: string; family: string }> };
  const db = families.find((family) => family.family === 'db')!;

  const measured = measure('db');
  const listed = measured.tools.filter((tool) => tool.name !== 'read_instructions');
  expect(listed.map((tool) => tool.name).sort()).toEqual(tools.filter((tool) => tool.family === 'db').map((tool) => tool.name).sort());
  expect(measured.tools.map((tool) => tool.name)).toContain('read_instructions');
  expect(listed.reduce((sum, tool) => sum + tool.bytes, 0)).toBe(db.bytes);
  expect(listed.reduce((sum, tool) => sum + tool.tokens, 0)).toBe(db.tokens);

  // Unset, every tool is listed.
  expect(measure(undefined).totals.tools).toBe(tools.length + 1);
}, 600_000);

test('the line report prints under its family table costs what the running server publishes with it set', () => {
  const report = spawnSync(process.execPath, [cli, 'report', '--no-estimate', '.'], { cwd: project, encoding: 'utf8', timeout: 300_000 });
  expect(report.status, report.stderr).toBe(0);
  const line = /TOOLSLIM_TOOLSETS=(\S+) \(toolsets of @toolslim\/runtime\) publishes (\d+) tools, ([\d,]+) bytes \(~([\d,]+) tokens/.exec(report.stdout.replace(/\n/g, ' '));
  expect(line, report.stdout).not.toBeNull();
  const [, value, tools, bytes, tokens] = line!;
  const json = spawnSync(process.execPath, [cli, 'report', '--json', '--no-estimate', '.'], { cwd: project, encoding: 'utf8', timeout: 300_000 });
  const families = new Set(value.split(','));
  const reported = (JSON.parse(json.stdout) as { tools: Array<{ name: string; bytes: number; tokens: number; family: string; dynamic?: boolean }> }).tools.filter((tool) => families.has(tool.family));
  const sum = (list: ReadonlyArray<{ bytes: number; tokens: number }>, key: 'bytes' | 'tokens') => list.reduce((total, tool) => total + tool[key], 0);
  expect([Number(tools), Number(bytes.replace(/,/g, '')), Number(tokens.replace(/,/g, ''))]).toEqual([reported.length, sum(reported, 'bytes'), sum(reported, 'tokens')]);

  const listed = measure(value).tools.filter((tool) => tool.name !== 'read_instructions');
  expect(listed.map((tool) => tool.name).sort()).toEqual(reported.map((tool) => tool.name).sort());
  // Each tool whose text is static costs what report counts; text built at run time is a lower bound there.
  const byName = new Map(listed.map((tool) => [tool.name, tool]));
  for (const tool of reported) {
    if (tool.dynamic) expect(byName.get(tool.name)!.bytes).toBeGreaterThanOrEqual(tool.bytes);
    else expect([tool.name, byName.get(tool.name)!.bytes, byName.get(tool.name)!.tokens]).toEqual([tool.name, tool.bytes, tool.tokens]);
  }
}, 600_000);
