/**
 * A scratch tree of packages written once per test file (outside any node_modules, removed when the file
 * ends), and `report` on the files of it a test names, as `toolslim report` reads them.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { buildReport } from '../src/report.js';

type Report = ReturnType<typeof buildReport>;

/** Call at a test file's top level with the tree (relative path → text); returns `report(paths)`, with the tree's `root`. */
export function useReportOnFiles(prefix: string, files: Record<string, string>): ((paths: readonly string[]) => Report) & { readonly root: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), `toolslim-${prefix}-`));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  for (const [file, code] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), code);
  }
  const report = (paths: readonly string[]): Report => buildReport(paths.map((file) => ({ filePath: path.join(root, file), code: readFileSync(path.join(root, file), 'utf8') })), { cwd: root });
  return Object.assign(report, { root });
}

/** Each tool's condition by name (false when certain). */
export function getConditions(report: Report): Record<string, string | false> {
  return Object.fromEntries(report.tools.map((tool) => [tool.name, tool.conditional ?? false]));
}
