/** The static side: files on disk → `core`'s report. Shared by `report`, `budget` and `budget --compare`. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildReport, createProgramCache, type ProgramCache, type ReportJson, type SourceFile } from '@toolslim/core';
import { findSourceFiles, type SkippedFile } from './files.js';
import { PROGRESS_MIN_FILES, type Progress } from './progress.js';

export interface SourceReport {
  readonly report: ReportJson;
  /** Files left out on purpose (too large, not source), each with why. */
  readonly skipped: SkippedFile[];
  /** How many files were read. */
  readonly fileCount: number;
  /** The files read (absolute), for a second pass such as `report`'s slim estimate. */
  readonly files: readonly string[];
  /** The programs the report parsed, for the passes after it: no file is parsed twice. */
  readonly programs: ProgramCache;
}

export function buildSourceReport(paths: readonly string[], cwd: string, progress?: Progress): SourceReport {
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
  const onProgress = sources.length >= PROGRESS_MIN_FILES ? progress?.phase('reading tools') : undefined;
  const programs = createProgramCache();
  const report = buildReport(sources, { cwd, onProgress, programs });
  return { report: { ...report, errors: [...readErrors, ...report.errors] }, skipped, fileCount: sources.length, files: sources.map((file) => file.filePath), programs };
}

export function toRelative(filePath: string, cwd: string): string {
  return path.relative(cwd, filePath).split(path.sep).join('/') || '.';
}
