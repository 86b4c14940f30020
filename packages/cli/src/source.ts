/** The static side: files on disk → `core`'s report. Shared by `report`, `budget` and `budget --compare`. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { assignFamilies, buildReport, type ReportJson, type ReportTool, type SourceFile } from '@toolslim/core';
import { findSourceFiles, type SkippedFile } from './files.js';
import { PROGRESS_MIN_FILES, type OnProgress, type Progress } from './progress.js';

export interface SourceReport {
  readonly report: ReportJson;
  /** Files left out on purpose (too large, not source), each with why. */
  readonly skipped: SkippedFile[];
  /** How many files were read. */
  readonly fileCount: number;
  /** The files read (absolute), for a second pass such as `report`'s slim estimate. */
  readonly files: readonly string[];
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
  const report = onProgress ? buildReportInBatches(sources, cwd, onProgress) : buildReport(sources, { cwd });
  return { report: { ...report, errors: [...readErrors, ...report.errors] }, skipped, fileCount: sources.length, files: sources.map((file) => file.filePath) };
}

export function toRelative(filePath: string, cwd: string): string {
  return path.relative(cwd, filePath).split(path.sep).join('/') || '.';
}

const BATCH_FILES = 50;

/**
 * The same report, built a batch of files at a time so a terminal can show progress. Families depend on
 * every tool's name, so they are assigned again over the whole set, as `buildReport` does.
 */
function buildReportInBatches(sources: readonly SourceFile[], cwd: string, onProgress: OnProgress): ReportJson {
  const tools: ReportTool[] = [];
  const errors: ReportJson['errors'] = [];
  for (let start = 0; start < sources.length; start += BATCH_FILES) {
    const batch = buildReport(sources.slice(start, start + BATCH_FILES), { cwd });
    tools.push(...batch.tools);
    errors.push(...batch.errors);
    onProgress(Math.min(start + BATCH_FILES, sources.length), sources.length);
  }
  const families = assignFamilies(tools.map((tool) => ({ name: tool.name === '(dynamic name)' ? undefined : tool.name, filePath: path.resolve(cwd, tool.file ?? '') })));
  const named = tools.map((tool, index) => ({ ...tool, family: families[index] }));
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  named.sort((a, b) => b.bytes - a.bytes || compare(a.name, b.name) || compare(a.file ?? '', b.file ?? '') || (a.line ?? 0) - (b.line ?? 0));
  const totals = { tools: named.length, bytes: 0, tokens: 0 };
  for (const tool of named) {
    totals.bytes += tool.bytes;
    totals.tokens += tool.tokens;
  }
  return { tools: named, totals, errors };
}
