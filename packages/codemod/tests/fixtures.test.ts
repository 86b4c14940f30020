/**
 * Fixture pairs discovered from disk: `fixtures/<case>/input/` is a little project, `output/` is the
 * same project after `slim` (sources and `docs/tools/*.md`), compared byte for byte. Every output is
 * slimmed again and must not change (idempotence). `options.json` holds options and expectations.
 * `UPDATE_FIXTURES=1` rewrites the outputs (review them before committing).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hasChanges, planSlim, writeSlimPlan, type SlimOptions } from '../src/index.js';
import { findProjectSources, readTree } from './helpers.js';

const fixturesDir = path.join(import.meta.dirname, 'fixtures');
const cases = readdirSync(fixturesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

interface CaseOptions extends Partial<Pick<SlimOptions, 'instructionsDir' | 'pointer' | 'settings' | 'extraSentences' | 'skipUnprofitable'>> {
  /** Folders to slim, relative to the project (as the corpus manifest's `sources`); default: every source file. */
  readonly sources?: readonly string[];
  /** Tool names that must be reported as skipped. */
  readonly skipped?: readonly string[];
  /** Why each shared parameter text left as it is was left (`SlimPlan.keptShared`). */
  readonly keptShared?: readonly string[];
}

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

function copyToTemp(from: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolslim-fixture-'));
  temporary.push(dir);
  cpSync(from, dir, { recursive: true });
  return dir;
}

function slimProject(dir: string, options: CaseOptions) {
  const { sources, ...slimOptions } = options;
  const files = findProjectSources(dir).filter((file) => !sources || sources.some((source) => file.startsWith(path.join(dir, source) + path.sep)));
  return planSlim({ ...slimOptions, cwd: dir, files });
}

describe('slim fixtures', () => {
  test('the fixture cases are discovered from disk', () => {
    expect(cases.length).toBeGreaterThanOrEqual(14);
  });

  describe.each(cases)('%s', (name) => {
    const caseDir = path.join(fixturesDir, name);
    const optionsFile = path.join(caseDir, 'options.json');
    const options: CaseOptions = existsSync(optionsFile) ? JSON.parse(readFileSync(optionsFile, 'utf8')) : {};

    test('input → output, byte for byte', () => {
      const dir = copyToTemp(path.join(caseDir, 'input'));
      const plan = slimProject(dir, options);
      expect(plan.problems).toEqual([]);
      expect(plan.errors).toEqual([]);
      expect(plan.skipped.map((tool) => tool.name).sort()).toEqual([...(options.skipped ?? [])].sort());
      expect(plan.keptShared.map((text) => text.reason).sort()).toEqual([...(options.keptShared ?? [])].sort());
      writeSlimPlan(plan);
      if (process.env.UPDATE_FIXTURES) {
        rmSync(path.join(caseDir, 'output'), { recursive: true, force: true });
        cpSync(dir, path.join(caseDir, 'output'), { recursive: true });
      }
      expect(readTree(dir)).toEqual(readTree(path.join(caseDir, 'output')));
    });

    test('output is left as it is (idempotent)', () => {
      const dir = copyToTemp(path.join(caseDir, 'output'));
      const plan = slimProject(dir, options);
      expect(plan.problems).toEqual([]);
      expect(plan.tools.map((tool) => tool.name)).toEqual([]);
      expect(hasChanges(plan)).toBe(false);
    });
  });
});
