import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The codemod writes one `<family>.md` per tool family and this index beside them. */
export const INSTRUCTIONS_INDEX_FILE = 'README.md';
export const DEFAULT_INSTRUCTIONS_TOOL_NAME = 'read_instructions';
export const DEFAULT_INSTRUCTIONS_URI_SCHEME = 'instructions';

/**
 * The instruction files themselves, by file name (`{ 'README.md': '…', 'billing.md': '…' }`): for a
 * runtime with no file system at run time (a Cloudflare Worker), bundled as a module of strings.
 */
export type InstructionFiles = Readonly<Record<string, string>>;

/**
 * A folder given as a path, a `file:` URL string, or a URL (e.g. `new URL('../docs/tools', import.meta.url)`),
 * or the files themselves (`InstructionFiles`).
 */
export type InstructionsDir = string | URL | InstructionFiles;

function isInstructionFiles(dir: InstructionsDir): dir is InstructionFiles {
  return typeof dir === 'object' && !(dir instanceof URL);
}

/** The folder's path; for bundled files, a description of them (for messages). */
export function getInstructionsDirPath(dir: InstructionsDir): string {
  if (isInstructionFiles(dir)) return '(bundled instruction files)';
  if (dir instanceof URL || dir.startsWith('file:')) return fileURLToPath(dir);
  return path.resolve(dir);
}

/** The families in a folder: every `*.md` except the index, sorted. Throws when the folder cannot be read. */
export function findInstructionFamilies(dir: InstructionsDir): string[] {
  const names = isInstructionFiles(dir)
    ? Object.keys(dir).filter((name) => typeof dir[name] === 'string' && !name.includes('/'))
    : readdirSync(getInstructionsDirPath(dir), { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name);
  return names
    .filter((name) => name.endsWith('.md') && name.toLowerCase() !== INSTRUCTIONS_INDEX_FILE.toLowerCase())
    .map((name) => name.slice(0, -'.md'.length))
    .filter((family) => family !== '')
    .sort();
}

/** A family's file, verbatim; read at call time so an edited file is served without a restart. */
export async function readInstructionFamily(dir: InstructionsDir, family: string): Promise<string> {
  if (isInstructionFiles(dir)) {
    const text = dir[`${family}.md`];
    if (typeof text !== 'string') throw new Error(`No ${family}.md among the bundled instruction files.`);
    return text;
  }
  return readFile(path.join(getInstructionsDirPath(dir), `${family}.md`), 'utf8');
}

/** The same, synchronously: what the runtime reads once when it is set up (which tool has a section where). */
export function readInstructionFamilySync(dir: InstructionsDir, family: string): string {
  if (isInstructionFiles(dir)) {
    const text = dir[`${family}.md`];
    if (typeof text !== 'string') throw new Error(`No ${family}.md among the bundled instruction files.`);
    return text;
  }
  return readFileSync(path.join(getInstructionsDirPath(dir), `${family}.md`), 'utf8');
}

export function buildInstructionsUri(family: string, scheme = DEFAULT_INSTRUCTIONS_URI_SCHEME): string {
  return `${scheme}://${encodeURIComponent(family)}`;
}

export interface LoadInstructionsIndexOptions {
  toolName?: string;
  uriScheme?: string;
  /** Append one sentence saying how to read a family, unless the index already names the tool. Default true. */
  appendPointer?: boolean;
}

/**
 * The text for the server's `instructions` (synchronous, so it can go straight into
 * `new McpServer(info, { instructions })`): the index file verbatim, or a one-line list of the
 * families when there is no index, plus a pointer to the tool and resources.
 */
export function loadInstructionsIndex(dir: InstructionsDir, options: LoadInstructionsIndexOptions = {}): string {
  const toolName = options.toolName ?? DEFAULT_INSTRUCTIONS_TOOL_NAME;
  const families = findInstructionFamilies(dir);
  const index = getIndexText(dir) ?? `Instructions are available for these tool families: ${families.join(', ')}.\n`;
  if (options.appendPointer === false || index.includes(toolName)) return index;
  const separator = index.endsWith('\n') ? '\n' : '\n\n';
  const scheme = options.uriScheme ?? DEFAULT_INSTRUCTIONS_URI_SCHEME;
  return `${index}${separator}Before the first call to a tool of one of these families, read that family's instructions with the \`${toolName}\` tool (\`family\` = the family's name) or the \`${scheme}://<family>\` resource.\n`;
}

function getIndexText(dir: InstructionsDir): string | undefined {
  if (isInstructionFiles(dir)) return dir[INSTRUCTIONS_INDEX_FILE];
  try {
    return readFileSync(path.join(getInstructionsDirPath(dir), INSTRUCTIONS_INDEX_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The instruction folder of the package a module belongs to, found at run time: from the module's own
 * location (`import.meta.url` or `__filename`) up to the package root, the first folder holding
 * `relativeDir`. The same call works from `src/`, from `dist/` (ESM or CommonJS), from a bundle, and
 * from the installed package, as long as the folder ships with it (`files`).
 */
export function findInstructionsDir(from: string | URL, relativeDir: string): string {
  const start = from instanceof URL || from.startsWith('file:') ? fileURLToPath(from) : path.resolve(from);
  let current = isDirectory(start) ? start : path.dirname(start);
  for (;;) {
    const candidate = path.join(current, relativeDir);
    if (isDirectory(candidate)) return candidate;
    // A package root with a name ends the search (a nested `dist/package.json` that only sets `type` does not).
    if (hasNamedPackage(current)) break;
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  throw new Error(`@toolslim/runtime: no ${relativeDir} folder between ${start} and its package root; ship it with the package (package.json "files").`);
}

function isDirectory(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

function hasNamedPackage(dir: string): boolean {
  const file = path.join(dir, 'package.json');
  if (!existsSync(file)) return false;
  try {
    return typeof (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === 'string';
  } catch {
    return false;
  }
}
