/**
 * Which source files a command reads: the named files and everything under the named folders with a
 * JavaScript/TypeScript extension, minus `.gitignore`d paths, `node_modules` (unless a path names it),
 * declaration files and files too large to be hand-written source.
 */
import { existsSync, readdirSync, readFileSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { CliError, EXIT } from './exit-codes.js';

export const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.jsx', '.mts', '.cts'] as const;

/** Larger files are bundles or generated data, and parsing them would dominate the run. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

export interface SkippedFile {
  readonly filePath: string;
  readonly reason: string;
}

export interface SourceFiles {
  /** Absolute paths, sorted, without duplicates. */
  readonly files: string[];
  readonly skipped: SkippedFile[];
}

interface IgnoreScope {
  /** The folder holding the `.gitignore`; its patterns are relative to it. */
  readonly base: string;
  readonly rules: Ignore;
}

/** Resolve the paths (relative to `cwd`) into source files. A path that does not exist is a usage error. */
export function findSourceFiles(paths: readonly string[], cwd: string): SourceFiles {
  const missing = paths.filter((p) => !existsSync(path.resolve(cwd, p)));
  if (missing.length > 0) {
    throw new CliError(`No such file or folder: ${missing.join(', ')}`, EXIT.usage);
  }
  const files = new Set<string>();
  const skipped: SkippedFile[] = [];
  for (const given of paths) {
    const root = path.resolve(cwd, given);
    if (statSync(root).isDirectory()) {
      walkFolder(root, getAncestorScopes(root), isInsideNodeModules(root), files, skipped);
    } else {
      addFile(root, files, skipped, true);
    }
  }
  return { files: [...files].sort(), skipped };
}

export function isSourceFile(filePath: string): boolean {
  const lower = filePath.toLowerCase();
  if (/\.d\.[mc]?ts$/.test(lower)) return false;
  return SOURCE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

function walkFolder(folder: string, scopes: readonly IgnoreScope[], keepNodeModules: boolean, files: Set<string>, skipped: SkippedFile[]): void {
  const own = readIgnoreScope(folder);
  const active = own ? [...scopes, own] : scopes;
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    skipped.push({ filePath: folder, reason: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` });
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    // Symbolic links to folders are not followed: they loop, and pnpm workspaces are full of them.
    const isFolder = entry.isDirectory();
    if (isFolder) {
      if (entry.name === '.git' || (entry.name === 'node_modules' && !keepNodeModules)) continue;
      if (isIgnored(active, full, true)) continue;
      walkFolder(full, active, keepNodeModules, files, skipped);
    } else if ((entry.isFile() || entry.isSymbolicLink()) && isSourceFile(full) && !isIgnored(active, full, false)) {
      addFile(full, files, skipped, false);
    }
  }
}

function addFile(filePath: string, files: Set<string>, skipped: SkippedFile[], named: boolean): void {
  if (!isSourceFile(filePath)) {
    // Only reachable for a file named on the command line; the walk filters silently.
    if (named) skipped.push({ filePath, reason: 'not a JavaScript or TypeScript source file' });
    return;
  }
  let size: number;
  try {
    const stats = statSync(filePath);
    if (!stats.isFile()) return;
    size = stats.size;
  } catch {
    return; // a dangling symbolic link
  }
  if (size > MAX_FILE_BYTES) {
    skipped.push({ filePath, reason: `over 5 MB (${(size / 1024 / 1024).toFixed(1)} MB), skipped` });
    return;
  }
  files.add(filePath);
}

function isIgnored(scopes: readonly IgnoreScope[], full: string, isFolder: boolean): boolean {
  for (const scope of scopes) {
    const relative = path.relative(scope.base, full).split(path.sep).join('/');
    if (!relative || relative.startsWith('..')) continue;
    if (scope.rules.ignores(isFolder ? `${relative}/` : relative)) return true;
  }
  return false;
}

function readIgnoreScope(folder: string): IgnoreScope | undefined {
  const file = path.join(folder, '.gitignore');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  return { base: folder, rules: ignore().add(text) };
}

/**
 * `.gitignore` files above a named folder, up to the repository root, apply inside it too — except a
 * scope that ignores the named folder itself: a path the user names is never hidden from them. Outside
 * a repository, git reads no `.gitignore` above the folder, and neither do we.
 */
function getAncestorScopes(root: string): IgnoreScope[] {
  const scopes: IgnoreScope[] = [];
  let folder = root;
  while (!existsSync(path.join(folder, '.git'))) {
    const parent = path.dirname(folder);
    if (parent === folder) return [];
    folder = parent;
    const scope = readIgnoreScope(folder);
    if (scope) scopes.push(scope);
  }
  return scopes.reverse().filter((scope) => !isIgnored([scope], root, true));
}

function isInsideNodeModules(root: string): boolean {
  return root.split(path.sep).includes('node_modules');
}
