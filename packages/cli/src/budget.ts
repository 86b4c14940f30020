/**
 * The size budget (DESIGN.md, "Machine-readable outputs"): reading and validating the budget file,
 * checking a report against it, and the ratchet (`--update` lowers, never raises; `--init` starts one).
 */
import { readFileSync } from 'node:fs';
import type { ReportJson } from '@toolslim/core';
import { CliError, EXIT } from './exit-codes.js';

export interface Budget {
  /** Kept as written, so an editor's schema hint survives `--update`. */
  readonly $schema?: string;
  readonly totalBytes?: number;
  readonly perToolBytes?: number;
  /** Tools allowed over `perToolBytes`, each at most its number of bytes. */
  readonly oversized: Readonly<Record<string, number>>;
  /**
   * Every tool's bytes when the budget was written (each lowered by `--update` when it shrank): not a
   * limit, only what lets an over-budget total name the tools that grew.
   */
  readonly tools?: Readonly<Record<string, number>>;
}

export const DEFAULT_BUDGET_FILE = 'toolslim.budget.json';

/**
 * `--init`'s per-tool cap: about 1,000 o200k tokens, the size past which a definition's "how" text
 * usually dominates (the figure DESIGN.md's example uses).
 */
export const DEFAULT_PER_TOOL_BYTES = 4000;

/**
 * Headroom `--init` gives the total (and the most `--update` lowers it to): 10%, rounded up to three
 * significant digits, so a small new tool fits without an edit while a real jump still fails, and the
 * room is 10–11% at every size (rounding to the next 1,000 left a 4 KB server 23%, and `--update` could
 * not lower it). Listed tools get no headroom: a listed tool growing is what the ratchet exists to stop.
 */
export function getTotalWithHeadroom(totalBytes: number): number {
  const raw = Math.ceil(totalBytes * 1.1);
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(raw, 1))) - 2);
  return Math.ceil(raw / step) * step;
}

export type BudgetOffender =
  | { readonly kind: 'total'; readonly bytes: number; readonly limit: number }
  | { readonly kind: 'over-per-tool'; readonly name: string; readonly bytes: number; readonly limit: number }
  | { readonly kind: 'grew'; readonly name: string; readonly bytes: number; readonly limit: number };

/** A tool bigger than the budget file recorded it, or not recorded at all (new since). */
export interface GrownTool {
  readonly name: string;
  readonly bytes: number;
  /** Undefined for a tool the budget file does not record: new since the budget was written. */
  readonly recorded: number | undefined;
}

export interface BudgetCheck {
  readonly ok: boolean;
  readonly totalBytes: number;
  readonly tools: number;
  /** Tools measured from source whose text is only partly readable: their bytes are a lower bound. */
  readonly dynamicTools: number;
  readonly offenders: BudgetOffender[];
  /** Listed tools now smaller than their number (`--update` lowers them). */
  readonly shrank: Array<{ readonly name: string; readonly bytes: number; readonly limit: number }>;
  /** Listed tools that were not found at all (`--update` drops them). */
  readonly missing: Array<{ readonly name: string; readonly limit: number }>;
  /**
   * With the total over budget: the tools that grew since the file recorded their sizes, most first;
   * undefined when the file records no sizes (written before it did: `--update` adds them).
   */
  readonly grew?: readonly GrownTool[];
}

const KNOWN_FIELDS = new Set(['$schema', 'totalBytes', 'perToolBytes', 'oversized', 'tools']);

export function readBudgetFile(filePath: string, shownPath: string): Budget {
  let text: string;
  try {
    text = readFileSync(filePath, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const hint = code === 'ENOENT' ? ' Create one with `toolslim budget --init`.' : '';
    throw new CliError(`Cannot read the budget file ${shownPath} (${code ?? 'error'}).${hint}`, EXIT.badBudgetFile);
  }
  return parseBudget(text, shownPath);
}

/** Validate a budget file's text; every problem names the field (or says the file is not JSON). */
export function parseBudget(text: string, shownPath: string): Budget {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new CliError(`The budget file ${shownPath} is not valid JSON: ${(error as Error).message}`, EXIT.badBudgetFile);
  }
  const fail = (message: string): never => {
    throw new CliError(`The budget file ${shownPath} ${message}`, EXIT.badBudgetFile);
  };
  if (!isPlainObject(data)) return fail('must hold a JSON object like {"totalBytes": 160000, "perToolBytes": 4000, "oversized": {}}.');
  for (const key of Object.keys(data)) {
    if (!KNOWN_FIELDS.has(key)) fail(`has an unknown field "${key}" (known: totalBytes, perToolBytes, oversized, tools).`);
  }
  const totalBytes = getByteCount(data.totalBytes, 'totalBytes', fail);
  const perToolBytes = getByteCount(data.perToolBytes, 'perToolBytes', fail);
  if (totalBytes === undefined && perToolBytes === undefined) fail('sets neither "totalBytes" nor "perToolBytes".');
  const oversized: Record<string, number> = {};
  if (data.oversized !== undefined) {
    if (!isPlainObject(data.oversized)) fail('field "oversized" must be an object of tool name → bytes.');
    for (const [name, value] of Object.entries(data.oversized as Record<string, unknown>)) {
      oversized[name] = getByteCount(value, `oversized.${name}`, fail)!;
    }
  }
  let tools: Record<string, number> | undefined;
  if (data.tools !== undefined) {
    if (!isPlainObject(data.tools)) fail('field "tools" must be an object of tool name → bytes.');
    tools = {};
    for (const [name, value] of Object.entries(data.tools as Record<string, unknown>)) {
      tools[name] = getByteCount(value, `tools.${name}`, fail)!;
    }
  }
  if (data.$schema !== undefined && typeof data.$schema !== 'string') fail('field "$schema" must be a string.');
  return { $schema: data.$schema as string | undefined, totalBytes, perToolBytes, oversized, ...(tools ? { tools } : {}) };
}

function getByteCount(value: unknown, field: string, fail: (message: string) => never): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
    fail(`field "${field}" must be a positive whole number of bytes, got ${JSON.stringify(value)}.`);
  }
  return value as number;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The largest size per tool name: compiled output can declare a tool twice (ESM and CJS twins), and a
 * budget is about the tool, not the copy.
 */
function getBytesByName(report: ReportJson): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const tool of report.tools) sizes.set(tool.name, Math.max(tool.bytes, sizes.get(tool.name) ?? 0));
  return sizes;
}

export function checkBudget(report: ReportJson, budget: Budget): BudgetCheck {
  const offenders: BudgetOffender[] = [];
  const shrank: BudgetCheck['shrank'] = [];
  const missing: BudgetCheck['missing'] = [];
  const totalBytes = report.totals.bytes;
  if (budget.totalBytes !== undefined && totalBytes > budget.totalBytes) {
    offenders.push({ kind: 'total', bytes: totalBytes, limit: budget.totalBytes });
  }
  const sizes = getBytesByName(report);
  for (const [name, bytes] of sizes) {
    const listed = budget.oversized[name];
    if (listed !== undefined) {
      if (bytes > listed) offenders.push({ kind: 'grew', name, bytes, limit: listed });
      else if (bytes < listed) shrank.push({ name, bytes, limit: listed });
    } else if (budget.perToolBytes !== undefined && bytes > budget.perToolBytes) {
      offenders.push({ kind: 'over-per-tool', name, bytes, limit: budget.perToolBytes });
    }
  }
  for (const [name, limit] of Object.entries(budget.oversized)) {
    if (!sizes.has(name)) missing.push({ name, limit });
  }
  offenders.sort((a, b) => b.bytes - b.limit - (a.bytes - a.limit));
  const totalOver = offenders.some((offender) => offender.kind === 'total');
  return {
    ok: offenders.length === 0,
    totalBytes,
    tools: report.totals.tools,
    dynamicTools: report.tools.filter((tool) => tool.dynamic).length,
    offenders,
    shrank,
    missing,
    ...(totalOver && budget.tools ? { grew: findGrownTools(sizes, budget.tools) } : {}),
  };
}

/** Tools now bigger than recorded, and tools not recorded at all, by how much they added. */
function findGrownTools(sizes: ReadonlyMap<string, number>, recorded: Readonly<Record<string, number>>): GrownTool[] {
  const grown: GrownTool[] = [];
  for (const [name, bytes] of sizes) {
    const before = Object.hasOwn(recorded, name) ? recorded[name] : undefined;
    if (before === undefined || bytes > before) grown.push({ name, bytes, recorded: before });
  }
  return grown.sort((a, b) => b.bytes - (b.recorded ?? 0) - (a.bytes - (a.recorded ?? 0)) || a.name.localeCompare(b.name));
}

/** Every tool's size, by name in order: the `tools` record a budget file keeps. */
function recordSizes(sizes: ReadonlyMap<string, number>): Record<string, number> {
  return Object.fromEntries([...sizes.keys()].sort().map((name) => [name, sizes.get(name)!]));
}

/** A first budget from today's numbers: every tool over the cap is listed at its current size. */
export function buildInitialBudget(report: ReportJson, perToolBytes: number): Budget {
  const oversized: Record<string, number> = {};
  const sizes = getBytesByName(report);
  for (const name of [...sizes.keys()].sort()) {
    const bytes = sizes.get(name)!;
    if (bytes > perToolBytes) oversized[name] = bytes;
  }
  return { totalBytes: getTotalWithHeadroom(report.totals.bytes), perToolBytes, oversized, tools: recordSizes(sizes) };
}

/**
 * The ratchet: each number becomes the smaller of itself and what `--init` would write today; listed
 * tools now within `perToolBytes`, or gone, are dropped. Nothing is ever raised. The recorded sizes
 * follow the same rule (a tool that grew keeps its old size, so a later over-budget total still names
 * it), with new tools added and gone ones dropped.
 */
export function lowerBudget(budget: Budget, report: ReportJson): Budget {
  const sizes = getBytesByName(report);
  const oversized: Record<string, number> = {};
  for (const [name, limit] of Object.entries(budget.oversized)) {
    const bytes = sizes.get(name);
    if (bytes === undefined) continue;
    if (budget.perToolBytes !== undefined && bytes <= budget.perToolBytes) continue;
    oversized[name] = Math.min(limit, bytes);
  }
  const totalBytes = budget.totalBytes === undefined ? undefined : Math.min(budget.totalBytes, getTotalWithHeadroom(report.totals.bytes));
  const tools: Record<string, number> = {};
  for (const [name, bytes] of [...sizes].sort(([a], [b]) => a.localeCompare(b))) {
    const before = budget.tools && Object.hasOwn(budget.tools, name) ? budget.tools[name] : undefined;
    tools[name] = before === undefined ? bytes : Math.min(before, bytes);
  }
  return { $schema: budget.$schema, totalBytes, perToolBytes: budget.perToolBytes, oversized, tools };
}

/** The file as written: fields in a fixed order, two-space indent, a final newline. */
export function serializeBudget(budget: Budget): string {
  const data: Record<string, unknown> = {};
  if (budget.$schema !== undefined) data.$schema = budget.$schema;
  if (budget.totalBytes !== undefined) data.totalBytes = budget.totalBytes;
  if (budget.perToolBytes !== undefined) data.perToolBytes = budget.perToolBytes;
  data.oversized = budget.oversized;
  if (budget.tools !== undefined) data.tools = budget.tools;
  return `${JSON.stringify(data, null, 2)}\n`;
}

export interface BudgetChange {
  /** `totalBytes` or `oversized.<tool>`. */
  readonly field: string;
  readonly from: number;
  /** Undefined when the entry was dropped. */
  readonly to: number | undefined;
}

/** What `--update` changed, field by field. */
export function findLowered(before: Budget, after: Budget): BudgetChange[] {
  const changes: BudgetChange[] = [];
  if (before.totalBytes !== undefined && before.totalBytes !== after.totalBytes) {
    changes.push({ field: 'totalBytes', from: before.totalBytes, to: after.totalBytes });
  }
  for (const [name, limit] of Object.entries(before.oversized)) {
    const now = after.oversized[name];
    if (now !== limit) changes.push({ field: `oversized.${name}`, from: limit, to: now });
  }
  return changes;
}
