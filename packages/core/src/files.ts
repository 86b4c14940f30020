/**
 * The few file-system reads core does outside a parse: whether a path is a file, its text, the package a
 * folder belongs to, and the source files under a folder. One place, so every reader treats a missing or
 * unreadable path the same way (as absent, never a throw).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Without a throw for a missing path: module resolution asks this of many candidates that do not exist. */
export function isFile(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

/**
 * True for `server.js` beside a `server.ts` (or `.tsx`, `.mts` for `.mjs`, `.cts` for `.cjs`): a compiled copy left
 * next to its source, which the program never runs as written (TypeScript resolves `./server.js` to the source, and
 * the build writes elsewhere or over it). What it declares is the source's, or stale.
 */
export function isCompiledCopyBesideSource(file: string): boolean {
  return findTypeScriptSource(file) !== undefined;
}

/** `server.ts` for `server.js` (`.mts` for `.mjs`, `.cts` for `.cjs`, or `.tsx`) when `exists` says it is there. */
export function findTypeScriptSource(file: string, exists: (candidate: string) => boolean = isFile): string | undefined {
  const match = /\.([cm]?)jsx?$/.exec(file);
  if (!match) return undefined;
  const stem = file.slice(0, match.index);
  return [`${stem}.${match[1]}ts`, `${stem}.tsx`].find(exists);
}

export function readIfFile(file: string): string | undefined {
  if (!isFile(file)) return undefined;
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The nearest folder at or above `directory` that has a package.json. */
export function findPackageRoot(directory: string): string | undefined {
  for (let dir = directory; ; dir = path.dirname(dir)) {
    if (isFile(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

const SOURCE_FILE = /\.[cm]?[jt]sx?$/;

export interface SourceFileList {
  readonly files: readonly string[];
  /** False when the listing stopped at `limit`. */
  readonly complete: boolean;
}

/**
 * JavaScript and TypeScript sources under `root` (declaration files left out), depth first. A sub-folder
 * is entered only when `enter(folder, name)` says so; the listing stops once it holds more than `limit`.
 */
export function listSourceFiles(root: string, options: { readonly limit: number; readonly enter: (folder: string, name: string) => boolean }): SourceFileList {
  const files: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (options.enter(dir, entry.name)) stack.push(path.join(dir, entry.name));
      } else if (entry.isFile() && SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(path.join(dir, entry.name));
        if (files.length > options.limit) return { files, complete: false };
      }
    }
  }
  return { files, complete: true };
}
