/** The static side: files on disk → `core`'s report. Shared by `report`, `budget` and `budget --compare`. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildReport, type ReportJson, type SourceFile } from '@toolslim/core';
import { findSourceFiles, type SkippedFile } from './files.js';

export interface SourceReport {
  readonly report: ReportJson;
  /** Files left out on purpose (too large, not source), each with why. */
  readonly skipped: SkippedFile[];
  /** How many files were read. */
  readonly fileCount: number;
}

export function buildSourceReport(paths: readonly string[], cwd: string): SourceReport {
  const { files, skipped } = findSourceFiles(paths, cwd);
  const sources: SourceFile[] = [];
  const readErrors: ReportJson['errors'] = [];
  for (const filePath of files) {
    try {
      sources.push({ filePath, code: readFileSync(filePath, 'utf8') });
    } catch (error) {
      readErrors.push({ file: toRelative(filePath, cwd), message: `cannot be read: ${(error as Error).message}` });
    }
  }
  const report = buildReport(sources, { cwd });
  return { report: { ...report, errors: [...readErrors, ...report.errors] }, skipped, fileCount: sources.length };
}

export function toRelative(filePath: string, cwd: string): string {
  return path.relative(cwd, filePath).split(path.sep).join('/') || '.';
}
