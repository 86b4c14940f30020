// PLACEHOLDER (helper cli replaces this file): signatures only.
import type { PublishedTool, ToolslimSettings } from './model.js';

/** One row of `toolslim report --json` / `measure --json` (DESIGN.md, "Machine-readable outputs"). */
export interface ReportTool {
  name: string;
  file?: string;
  line?: number;
  framework?: string;
  family: string;
  dynamic: boolean;
  bytes: number;
  tokens: number;
  nameBytes: number;
  descriptionBytes: number;
  schemaBytes: number;
}

export interface ReportJson {
  tools: ReportTool[];
  totals: { tools: number; bytes: number; tokens: number };
  errors: Array<{ file: string; message: string }>;
}

/** Static report over source files (paths relative to `cwd` in the output). */
export function buildReport(
  files: readonly { readonly filePath: string; readonly code: string }[],
  options: { readonly cwd: string; readonly settings?: ToolslimSettings },
): ReportJson {
  void files;
  void options;
  throw new Error('buildReport: not implemented yet');
}

/** The same report over what a running server listed. */
export function buildRuntimeReport(tools: readonly PublishedTool[], settings?: ToolslimSettings): ReportJson {
  void tools;
  void settings;
  throw new Error('buildRuntimeReport: not implemented yet');
}
