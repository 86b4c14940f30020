/**
 * Parameters of schemas imported from another module (the `imported-schemas` fixture) in the mode that
 * edits only the files it is given (jscodeshift): the descriptions are slimmed, the parameters keep
 * their text in the module where it is written, and no tool is skipped for it.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { planSlim } from '../src/index.js';

const fixture = path.join(import.meta.dirname, 'fixtures/imported-schemas/input');
const dir = mkdtempSync(path.join(tmpdir(), 'toolslim-params-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('with only the server file given, parameters written elsewhere keep their text', () => {
  cpSync(fixture, dir, { recursive: true });
  const server = path.join(dir, 'src/server.ts');
  const plan = planSlim({ cwd: dir, files: [server], onlyGivenFiles: true, wire: false });
  // Both tools are slimmed from their own descriptions; their parameters' text, written in another file, is not touched.
  expect(plan.tools.map((tool) => tool.name)).toEqual(['stock_count', 'stock_move']);
  expect(plan.skipped.map((tool) => tool.name)).toEqual(['stock_adjust']);
  expect(plan.sources.map((change) => path.relative(dir, change.file))).toEqual(['src/server.ts']);
});
