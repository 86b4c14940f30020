/**
 * What `report` says after its table: the totals per family, the tools a targeted client cuts or
 * refuses (limits from core's client profiles, never a number of our own), what `slim` would remove
 * (the codemod's own planner, run in memory), and the one command to run next.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  buildPublishedTool,
  createFileConstantResolver,
  createProgramCache,
  findTools,
  type ProgramCache,
  getClientProfiles,
  type ClientProfile,
  type ReportJson,
  type ReportTool,
} from '@toolslim/core';

export interface FamilyTotal {
  readonly family: string;
  readonly tools: number;
  readonly bytes: number;
  readonly tokens: number;
  /** Share of all bytes, 0–1 (four decimals). */
  readonly share: number;
}

export type ClientProblemKind =
  | 'description-cut'
  | 'name-too-long'
  | 'name-not-accepted'
  /** `mcp__<server>__<tool>` (Claude Code) over its limit, with the server name declared in source. */
  | 'qualified-name-too-long'
  /** Server name + tool name (Cursor) over its limit. */
  | 'server-and-name-too-long'
  | 'too-many-tools';

export interface ClientProblem {
  readonly kind: ClientProblemKind;
  readonly client: string;
  readonly clientName: string;
  /** Absent for `too-many-tools`, which is about the whole server. */
  readonly tool?: string;
  readonly file?: string;
  readonly line?: number;
  /** The server name declared in source, for the two kinds that count it. */
  readonly server?: string;
  /** Characters of the description or the name, or the number of tools. */
  readonly actual: number;
  readonly limit: number;
}

export interface SlimEstimate {
  /** Tools the planner found in the same files. */
  readonly tools: number;
  /** Tools `slim` would rewrite. */
  readonly slimmable: number;
  /** Tools left as they are because what they would move does not pay for serving it. */
  readonly unprofitable: number;
  /** Tools it would leave alone with a reason (text built at run time, text shared between tools, …). */
  readonly skipped: number;
  readonly bytesBefore: number;
  readonly bytesAfter: number;
  readonly bytesSaved: number;
  readonly tokensSaved: number;
}

/** The same definitions declared in two folders (a source folder and its build output): counted twice. */
export interface DuplicateDeclarations {
  /** Tools whose name and size appear in more than one of the folders. */
  readonly tools: number;
  /** Where the copies are, relative to the current folder: the first folders in which their paths differ. */
  readonly folders: readonly string[];
}

export interface Story {
  readonly families: FamilyTotal[];
  readonly clientProblems: ClientProblem[];
  /** Null when there is nothing to plan (no tools) or the planner failed. */
  readonly slimEstimate: SlimEstimate | null;
  /** Set when the same definitions were read in two folders, so the totals count them twice. */
  readonly duplicates?: DuplicateDeclarations;
  /** The one command to run next. */
  readonly next: string;
}

export function findFamilyTotals(report: ReportJson): FamilyTotal[] {
  const byFamily = new Map<string, { tools: number; bytes: number; tokens: number }>();
  for (const tool of report.tools) {
    const total = byFamily.get(tool.family) ?? { tools: 0, bytes: 0, tokens: 0 };
    total.tools++;
    total.bytes += tool.bytes;
    total.tokens += tool.tokens;
    byFamily.set(tool.family, total);
  }
  const all = report.totals.bytes;
  return [...byFamily]
    .map(([family, total]) => ({ family, ...total, share: all === 0 ? 0 : Math.round((total.bytes / all) * 10_000) / 10_000 }))
    .sort((a, b) => b.bytes - a.bytes || (a.family < b.family ? -1 : 1));
}

/**
 * Every hard limit of the targeted clients that a tool breaks. Descriptions are measured in characters
 * (what clients count) and server names are read from the declarations, so files with tools are read
 * again; the numbers stay those of core's client profiles.
 */
export function findClientProblems(report: ReportJson, profiles: readonly ClientProfile[], cwd: string, programs?: ProgramCache): ClientProblem[] {
  const problems: ClientProblem[] = [];
  const declared = readDeclaredFacts(report, cwd, programs);
  const names = new Set(report.tools.map((tool) => tool.name));
  for (const profile of profiles) {
    const at = (tool: ReportTool) => ({ client: profile.id, clientName: profile.name, tool: tool.name, file: tool.file, line: tool.line });
    for (const tool of report.tools) {
      const facts = declared.get(tool);
      // A description that cannot be read again is counted by its bytes: never fewer than its characters.
      const chars = facts?.descriptionChars ?? tool.descriptionBytes;
      if (profile.descriptionMaxChars !== undefined && chars > profile.descriptionMaxChars) {
        problems.push({ kind: 'description-cut', ...at(tool), actual: chars, limit: profile.descriptionMaxChars });
      }
      if (tool.dynamic && tool.bytes === 0) continue;
      if (profile.toolNameMaxLength !== undefined && tool.name.length > profile.toolNameMaxLength) {
        problems.push({ kind: 'name-too-long', ...at(tool), actual: tool.name.length, limit: profile.toolNameMaxLength });
      } else if (profile.toolNamePattern !== undefined && !profile.toolNamePattern.test(tool.name)) {
        problems.push({ kind: 'name-not-accepted', ...at(tool), actual: tool.name.length, limit: profile.toolNameMaxLength ?? tool.name.length });
      }
      const server = facts?.serverName;
      if (server === undefined) continue;
      const qualified = profile.qualifiedName?.build(server, tool.name);
      if (profile.qualifiedName && qualified !== undefined && qualified.length > profile.qualifiedName.maxLength) {
        problems.push({ kind: 'qualified-name-too-long', ...at(tool), server, actual: qualified.length, limit: profile.qualifiedName.maxLength });
      }
      if (profile.serverPlusToolMaxLength !== undefined && server.length + tool.name.length > profile.serverPlusToolMaxLength) {
        problems.push({ kind: 'server-and-name-too-long', ...at(tool), server, actual: server.length + tool.name.length, limit: profile.serverPlusToolMaxLength });
      }
    }
    if (profile.maxTools !== undefined && names.size > profile.maxTools) {
      problems.push({ kind: 'too-many-tools', client: profile.id, clientName: profile.name, actual: names.size, limit: profile.maxTools });
    }
  }
  return problems;
}

interface DeclaredFacts {
  readonly descriptionChars: number | undefined;
  readonly serverName: string | undefined;
}

/** What the report does not carry: each tool's description in characters and its server's name. */
function readDeclaredFacts(report: ReportJson, cwd: string, programs: ProgramCache = createProgramCache()): Map<ReportTool, DeclaredFacts> {
  const facts = new Map<ReportTool, DeclaredFacts>();
  const resolveConstant = createFileConstantResolver({ readFile: (file) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined) });
  const byFile = new Map<string, ReportTool[]>();
  for (const tool of report.tools) if (tool.file !== undefined) byFile.set(tool.file, [...(byFile.get(tool.file) ?? []), tool]);
  for (const [file, tools] of byFile) {
    const filePath = path.resolve(cwd, file);
    const found = new Map<string, DeclaredFacts>();
    try {
      for (const decl of findTools(programs.get(readFileSync(filePath, 'utf8'), filePath), { filePath, resolveConstant }).tools) {
        const published = buildPublishedTool(decl).tool;
        if (!published) continue;
        const server = decl.server?.name?.kind === 'static' ? decl.server.name.value : undefined;
        found.set(`${published.name}:${decl.line}`, { descriptionChars: published.description?.length, serverName: server });
      }
    } catch {
      // Read again only for these facts: a file core reported as broken adds none.
    }
    for (const tool of tools) {
      const match = found.get(`${tool.name}:${tool.line}`);
      if (match) facts.set(tool, match);
    }
  }
  return facts;
}

/** `--clients claude-code,openai` → profiles; the MCP specification and the current MCP clients when absent. */
export function getTargetedClients(value: string | undefined): ClientProfile[] {
  const ids = value === undefined ? undefined : value.split(',').map((id) => id.trim()).filter(Boolean);
  return getClientProfiles(ids);
}

/** What `slim` would do to the same files, planned in memory by the codemod (nothing is written). */
export async function estimateSlim(cwd: string, files: readonly string[], onProgress?: (done: number, total: number) => void, programs?: ProgramCache): Promise<SlimEstimate | null> {
  // Loaded on demand: the codemod pulls in ts-morph.
  const { planSlim } = await import('@toolslim/codemod');
  try {
    // Wired as slim would wire it, so the estimate is net of what serving the moved text adds.
    const plan = planSlim({ cwd, files, onProgress, programs });
    const { before, after } = plan.totals;
    return {
      tools: plan.totals.found,
      slimmable: plan.tools.length,
      skipped: plan.skipped.length,
      unprofitable: plan.skipped.filter((tool) => tool.unprofitable).length,
      bytesBefore: before.bytes,
      bytesAfter: after.bytes,
      bytesSaved: before.bytes - after.bytes,
      tokensSaved: before.tokens - after.tokens,
    };
  } catch {
    return null;
  }
}

/** A description over a client's cut, or a saving that shows on the bill (a twentieth and a kilobyte). */
const WORTH_SHARE = 0.05;
const WORTH_BYTES = 1000;

export function isWorthSlimming(report: ReportJson, story: Omit<Story, 'next'>): boolean {
  const estimate = story.slimEstimate;
  if (!estimate || estimate.slimmable === 0) return false;
  if (story.clientProblems.some((problem) => problem.kind === 'description-cut')) return true;
  return estimate.bytesSaved >= WORTH_BYTES && estimate.bytesSaved >= report.totals.bytes * WORTH_SHARE;
}

/**
 * Tools declared twice with the same name and size in different folders: a source folder and its build
 * output (`src/` and `dist/`), or ESM and CJS twins. A name shared by tools of different sizes is two
 * tools (two servers in one repository), not a copy.
 */
export function findDuplicateDeclarations(report: ReportJson): DuplicateDeclarations | undefined {
  const byIdentity = new Map<string, Set<string>>();
  for (const tool of report.tools) {
    if (tool.file === undefined || (tool.dynamic && tool.bytes === 0)) continue;
    const key = `${tool.name}\u0000${tool.bytes}`;
    byIdentity.set(key, (byIdentity.get(key) ?? new Set()).add(tool.file));
  }
  let tools = 0;
  const folders = new Set<string>();
  for (const files of byIdentity.values()) {
    if (files.size < 2) continue;
    tools++;
    for (const folder of getDivergingFolders([...files])) folders.add(folder);
  }
  // Source folders first, so the suggested one is the source rather than its build output.
  const isBuildOutput = (folder: string) => BUILD_OUTPUT.test(folder);
  const sorted = [...folders].sort((a, b) => Number(isBuildOutput(a)) - Number(isBuildOutput(b)) || (a < b ? -1 : a > b ? 1 : 0));
  return tools === 0 ? undefined : { tools, folders: sorted };
}

/** Folder names build tools write to by convention. */
const BUILD_OUTPUT = /(^|\/)(dist|build|out|lib|esm|cjs)\/$/;

/** `src/a/x.ts` and `dist/a/x.js` → `src/`, `dist/`: each path up to the first folder where they differ. */
function getDivergingFolders(files: readonly string[]): string[] {
  const parts = files.map((file) => file.split('/'));
  let common = 0;
  while (parts.every((segments) => common < segments.length - 1 && segments[common] === parts[0][common])) common++;
  return parts.map((segments) => (common < segments.length - 1 ? `${segments.slice(0, common + 1).join('/')}/` : segments.join('/')));
}

/** The one command worth running next, in the order a new user needs them. */
export function findNextCommand(report: ReportJson, story: Omit<Story, 'next'>, paths: readonly string[], cwd: string): string {
  const where = paths.length === 1 && paths[0] === '.' ? '' : ` ${paths.join(' ')}`;
  // A file that does not parse is the first thing to fix: its tools are missing from every number.
  if (report.tools.length === 0 && report.errors.length > 0) return `fix the ${report.errors.length === 1 ? 'file' : 'files'} above, then toolslim report${where}`;
  if (report.tools.length === 0) return 'toolslim report <folder with your server source>';
  // When most tools cannot be read from source, only the running server can say what it publishes.
  const unknown = report.tools.filter((tool) => tool.dynamic && tool.bytes === 0).length;
  if (unknown * 2 >= report.tools.length) return 'toolslim measure -- <the command that starts your server>';
  if (isWorthSlimming(report, story)) return `toolslim slim${where} --dry-run`;
  if (!existsSync(path.join(cwd, 'toolslim.budget.json'))) return `toolslim budget${where} --init`;
  return `toolslim budget${where}`;
}
