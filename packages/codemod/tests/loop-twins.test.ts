/**
 * Definitions found by their shape and registered by a loop in another file (the
 * `loop-registered-definitions` fixture: the loop wraps each schema in `{ params }`) are one tool each:
 * slim plans them where their text is written and sizes them as the loop publishes them, so its numbers
 * are `report`'s, before and after, and the loop's reading is neither counted twice nor skipped.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildReport } from '@toolslim/core';
import { planSlim, writeSlimPlan } from '../src/index.js';
import { findProjectSources } from './helpers.js';

const fixture = path.join(import.meta.dirname, 'fixtures/loop-registered-definitions/input');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function copy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolslim-loop-'));
  dirs.push(dir);
  cpSync(fixture, dir, { recursive: true });
  return dir;
}

function report(dir: string) {
  const files = findProjectSources(dir).map((filePath) => ({ filePath, code: readFileSync(filePath, 'utf8') }));
  return buildReport(files, { cwd: dir });
}

test('a definition registered by a loop is sized as the loop publishes it, once', () => {
  const dir = copy();
  const before = report(dir);
  const plan = planSlim({ cwd: dir, files: findProjectSources(dir), skipUnprofitable: false });
  expect(plan.skipped).toEqual([]);
  expect(plan.totals.found).toBe(2);
  expect(plan.totals.before.bytes).toBe(before.totals.bytes);
  const bytesOf = (json: typeof before, name: string) => json.tools.find((tool) => tool.name === name)?.bytes;
  // The `{ params }` wrapper is in the size: the loop's reading, not the definition's schema alone.
  expect(before.tools.every((tool) => tool.file === 'src/server.ts')).toBe(true);
  writeSlimPlan(plan);
  const after = report(dir);
  for (const tool of plan.tools) {
    expect(tool.before?.bytes).toBe(bytesOf(before, tool.name));
    expect(tool.after?.bytes).toBe(bytesOf(after, tool.name));
  }
  expect(plan.totals.after.bytes - (plan.totals.added?.bytes ?? 0) - (plan.totals.instructions?.bytes ?? 0)).toBe(after.totals.bytes);
});
