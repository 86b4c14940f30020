/**
 * `budget --compare`: what the source says against what the running server lists, tool by tool, so a
 * user sees which tools the static analysis cannot read (dynamic text, runtime additions, hidden tools).
 */
import type { ReportJson, ReportTool } from '@toolslim/core';

export type CompareStatus =
  /** Static and runtime bytes are equal. */
  | 'same'
  /** Both sides have the tool with static text, and the sizes differ (runtime additions, conversion differences). */
  | 'differs'
  /** The source text is only partly readable, so the static number is a lower bound. */
  | 'dynamic'
  /** Listed by the server, not found in the source. */
  | 'runtime-only'
  /** Declared in the source, not listed by the server (feature flags, options, other servers). */
  | 'source-only';

export interface CompareRow {
  readonly name: string;
  readonly staticBytes: number | undefined;
  readonly runtimeBytes: number | undefined;
  readonly status: CompareStatus;
  readonly file: string | undefined;
  readonly line: number | undefined;
}

export function compareReports(fromSource: ReportJson, fromServer: ReportJson): CompareRow[] {
  const declared = new Map<string, ReportTool[]>();
  for (const tool of fromSource.tools) declared.set(tool.name, [...(declared.get(tool.name) ?? []), tool]);
  const rows: CompareRow[] = [];
  const seen = new Set<string>();
  for (const listed of fromServer.tools) {
    seen.add(listed.name);
    const candidates = declared.get(listed.name) ?? [];
    // ESM and CJS twins declare one tool twice: prefer the copy that matches.
    const match = candidates.find((tool) => tool.bytes === listed.bytes) ?? candidates[0];
    rows.push({
      name: listed.name,
      staticBytes: match?.bytes,
      runtimeBytes: listed.bytes,
      status: !match ? 'runtime-only' : match.bytes === listed.bytes ? 'same' : match.dynamic ? 'dynamic' : 'differs',
      file: match?.file,
      line: match?.line,
    });
  }
  for (const [name, tools] of declared) {
    if (seen.has(name)) continue;
    rows.push({ name, staticBytes: tools[0].bytes, runtimeBytes: undefined, status: 'source-only', file: tools[0].file, line: tools[0].line });
  }
  return rows;
}
