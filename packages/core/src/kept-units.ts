/**
 * The units an author keeps in a description although the planner would move them:
 * `<instructions>/kept-in-descriptions.json`, written by `toolslim slim --apply` from a plan's `[stay]` marks.
 * The codemod reads it to plan again without moving them, and the rules read it so that they do not report
 * what the author chose to keep. One reader of the format for both.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { findPackageRoot } from './files.js';
import type { UnitDecision } from './prose/plan.js';
import { isPlainObject } from './schema/value/plain-data.js';

export const KEPT_FILE = 'kept-in-descriptions.json';

/** Where slim writes the instruction folder, under the server's package: the default first, then the folders it moves aside to. */
export const INSTRUCTIONS_DIRS = ['docs/tools', 'docs/tool-instructions', 'tool-instructions'] as const;

/** Unit text → where it goes. */
export type TextDecisions = ReadonlyMap<string, UnitDecision>;

export interface ToolDecisions {
  readonly description?: TextDecisions;
  /** By parameter key (its path joined with `.`). */
  readonly params?: ReadonlyMap<string, TextDecisions>;
}

/** By tool name. */
export type AuthorDecisions = ReadonlyMap<string, ToolDecisions>;

/** A kept-units file that is not one: `file` is the path given, `reason` what is wrong. */
export class KeptFileError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`${file} is not a file of kept units (${reason}); fix or delete it.`);
  }
}

/** The kept units of a file's text, each kept where it is (`stays`). Throws a KeptFileError when the text is not such a file. */
export function parseKeptFile(text: string, file: string): AuthorDecisions {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new KeptFileError(file, error instanceof Error ? error.message : String(error));
  }
  const tools = (json as { tools?: unknown } | null)?.tools;
  if (!isPlainObject(tools)) throw new KeptFileError(file, 'it has no "tools" object');
  const out = new Map<string, ToolDecisions>();
  for (const [tool, entry] of Object.entries(tools)) {
    if (!isPlainObject(entry)) throw new KeptFileError(file, `"${tool}" is not an object`);
    const description = readTexts(entry.description, `${tool}.description`, file);
    const params = new Map<string, TextDecisions>();
    if (entry.parameters !== undefined) {
      if (!isPlainObject(entry.parameters)) throw new KeptFileError(file, `"${tool}".parameters is not an object`);
      for (const [param, texts] of Object.entries(entry.parameters)) params.set(param, readTexts(texts, `${tool}.parameters.${param}`, file));
    }
    out.set(tool, { description, params });
  }
  return out;
}

/** The kept units of an instruction folder, or undefined when it has no such file. Throws a KeptFileError on a malformed one. */
export function readKeptUnits(instructionsDir: string): AuthorDecisions | undefined {
  const file = path.join(instructionsDir, KEPT_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  return parseKeptFile(text, file);
}

const found = new Map<string, { readonly stamp: string; readonly kept: AuthorDecisions | undefined }>();
/** A source folder's package root, found once per process. */
const roots = new Map<string, string>();

/**
 * The kept units that apply to a source file: those of the instruction folders of its package (the nearest
 * folder with a package.json, else the file's own folder). A malformed file counts as none here: slim stops
 * on it with the reason. Read again when the file changes (an editor lints for hours).
 */
export function findKeptUnits(sourceFile: string): AuthorDecisions | undefined {
  const dir = path.dirname(path.resolve(sourceFile));
  let root = roots.get(dir);
  if (root === undefined) roots.set(dir, (root = findPackageRoot(dir) ?? dir));
  const files = INSTRUCTIONS_DIRS.map((dir) => path.join(root, dir, KEPT_FILE));
  const stamp = files.map((file) => statStamp(file)).join('|');
  const cached = found.get(root);
  if (cached && cached.stamp === stamp) return cached.kept;
  let kept: Map<string, ToolDecisions> | undefined;
  for (const dir of INSTRUCTIONS_DIRS) {
    let units: AuthorDecisions | undefined;
    try {
      units = readKeptUnits(path.join(root, dir));
    } catch {
      units = undefined;
    }
    for (const [tool, decisions] of units ?? []) (kept ??= new Map()).set(tool, decisions);
  }
  found.set(root, { stamp, kept });
  return kept;
}

function statStamp(file: string): string {
  try {
    const stat = statSync(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return '';
  }
}

function readTexts(value: unknown, where: string, file: string): TextDecisions {
  if (value === undefined) return new Map();
  if (!Array.isArray(value) || value.some((text) => typeof text !== 'string')) throw new KeptFileError(file, `${where} is not a list of texts`);
  return new Map(value.map((text: string) => [text, 'stays' as const]));
}
