// `report` reads each file once: its table, the client facts after it and the planner's estimate share
// one parse per file (core's ProgramCache), also for the modules a file imports.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, parseSource, type ProgramCache, type Program } from '@toolslim/core';
import { planSlim } from '@toolslim/codemod';
import { readFileSync } from 'node:fs';
import { findSourceFiles } from '../packages/cli/src/files.js';

/** A cache that parses like core's and counts how often each file was parsed. */
function createCountingCache(): ProgramCache & { parses: Map<string, number>; asked: Map<string, number> } {
  const programs = new Map<string, { code: string; program: Program }>();
  const parses = new Map<string, number>();
  const asked = new Map<string, number>();
  return {
    parses,
    asked,
    get(code, filePath) {
      asked.set(filePath, (asked.get(filePath) ?? 0) + 1);
      const hit = programs.get(filePath);
      if (hit && hit.code === code) return hit.program;
      parses.set(filePath, (parses.get(filePath) ?? 0) + 1);
      const program = parseSource(code, filePath);
      programs.set(filePath, { code, program });
      return program;
    },
  };
}

describe('report parses each file once', () => {
  it('the report, its imported modules and the slim estimate share one parse per file', () => {
    const folder = path.resolve(__dirname, '../fixtures/cross-module');
    const { files } = findSourceFiles([folder], folder);
    const cache = createCountingCache();
    const report = buildReport(
      files.map((filePath) => ({ filePath, code: readFileSync(filePath, 'utf8') })),
      { cwd: folder, programs: cache },
    );
    expect(report.tools.length).toBeGreaterThan(0);
    const askedByReport = new Map(cache.asked);
    planSlim({ cwd: folder, files, wire: false, programs: cache });
    // The planner asked the cache for every file again (it did not parse them on its own)…
    for (const file of files) expect(cache.asked.get(file) ?? 0, file).toBeGreaterThan(askedByReport.get(file) ?? 0);
    expect(cache.parses.size).toBeGreaterThanOrEqual(files.length);
    // …and every file, read by the report, as an import and by the planner, was parsed once.
    for (const [file, count] of cache.parses) expect(count, file).toBe(1);
  });
});
