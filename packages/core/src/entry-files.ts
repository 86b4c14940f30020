/**
 * Which files of a package its entry points run. A package whose `bin` (or, without one, `main` and
 * `exports`) names a file the report reads runs that file and what it imports, nothing else: a file no
 * entry reaches (a second server nobody starts, a scanner's demo data, a test, a benchmark) publishes no
 * tool. Reaching is by the import graph (`import`, `export … from`, `require`, `import()` with a literal
 * path) over the files given, plus any quoted mention of the file's name (a child process, a worker).
 * Whenever that could be incomplete the package is left alone: an entry not read, an `import()` or
 * `require()` of a computed path, a program that starts Node again (`process.execPath`), path aliases
 * (`imports` in package.json, `paths` in a tsconfig), a file of the package imported by path from
 * elsewhere, a library without `exports` or with a wildcard export.
 */
import path from 'node:path';
import { findPackageRoot, readIfFile } from './files.js';
import { resolveModulePath } from './resolve/modules.js';
import { escapeRegExp } from './regexp.js';
import { isPlainObject } from './schema/value/plain-data.js';

export interface EntryFiles {
  /** True when the file belongs to a package whose entry points were read and none of them reaches it. */
  isNeverRun(filePath: string): boolean;
  /**
   * True when the file belongs to a package that is a program (`bin`) whose every file it runs was read:
   * nothing outside the package calls what it exports, so an export none of its files calls never runs.
   */
  isClosedProgram(filePath: string): boolean;
  /** False when the file's package was checked and none of its entry points reaches the file (read or not). */
  mayRun(filePath: string): boolean;
}

const SPECIFIER = /(?:\bfrom|\bimport|\brequire\s*\()\s*\(?\s*(['"])([^'"\n]+)\1/g;
/**
 * `import(name)`, `require(dir + x)`, `import(\`./${x}\`)`: a path computed at run time. A path built from
 * the user's home directory (`require(join(homedir(), 'tools', 'x.js'))`) loads the user's file, never the package's.
 */
const COMPUTED_LOAD = /(?<![\w$.])(?:import|require)\s*\(\s*(?!['"]|\s*\)|(?:[\w$]+\.)?(?:join|resolve)\(\s*(?:[\w$]+\.)?homedir\(\))/;
/** `spawn(process.execPath, args)`: the program starts Node again, on a file its arguments name. */
const STARTS_NODE = /\bprocess\.(?:execPath\b|argv\[0\])/;

export function createEntryFiles(given: ReadonlyMap<string, string>): EntryFiles {
  const rootOf = new Map<string, string | undefined>();
  const getRoot = (file: string) => {
    const dir = path.dirname(file);
    if (!rootOf.has(dir)) rootOf.set(dir, findPackageRoot(dir));
    return rootOf.get(dir);
  };
  const reachedBy = new Map<string, Reached | undefined>();
  const getReachedOf = (root: string) => {
    if (!reachedBy.has(root)) reachedBy.set(root, readReached(root, given, getRoot, isDeepImported));
    return reachedBy.get(root);
  };
  const getReached = (file: string) => {
    const root = getRoot(file);
    return root === undefined || !given.has(file) ? undefined : getReachedOf(root);
  };
  let deepImported: ReadonlySet<string> | undefined;
  const isDeepImported = (name: string) => (deepImported ??= listDeepImports(given)).has(name);
  return {
    isNeverRun(filePath) {
      const file = path.resolve(filePath);
      const reached = getReached(file)?.files;
      if (reached === undefined || reached.has(file)) return false;
      return !isNamedByReached(file, reached, given);
    },
    mayRun(filePath) {
      const file = path.resolve(filePath);
      const root = getRoot(file);
      const reached = root === undefined ? undefined : getReachedOf(root)?.files;
      return reached === undefined || reached.has(file) || isNamedByReached(file, reached, given);
    },
    isClosedProgram(filePath) {
      const file = path.resolve(filePath);
      const reached = getReached(file);
      return reached !== undefined && reached.program && reached.files.has(file);
    },
  };
}

interface Reached {
  readonly files: ReadonlySet<string>;
  /** The entries are the package's `bin`: a program, not a library others import. */
  readonly program: boolean;
}

/** The files the package's entries reach; undefined when the package is not checked. */
function readReached(
  root: string,
  given: ReadonlyMap<string, string>,
  getRoot: (file: string) => string | undefined,
  isDeepImported: (name: string) => boolean,
): Reached | undefined {
  const manifest = readManifest(root);
  if (!manifest || manifest.imports !== undefined || /"paths"\s*:/.test(readIfFile(path.join(root, 'tsconfig.json')) ?? '')) return undefined;
  // Another file imports one of its files by path (`@repo/common/src/tools`): any file may be reached.
  if (typeof manifest.name === 'string' && isDeepImported(manifest.name)) return undefined;
  const exists = (candidate: string) => given.has(candidate);
  const entries = listEntries(manifest).flatMap((entry) => resolveModulePath(path.join(root, 'package.json'), `./${entry.replace(/^\.\//, '')}`, exists) ?? []);
  if (entries.length === 0) return undefined;
  const reached = new Set<string>(entries);
  const queue = [...entries];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    const code = given.get(file) ?? '';
    if (COMPUTED_LOAD.test(code) || STARTS_NODE.test(code)) return undefined;
    for (const match of code.matchAll(SPECIFIER)) {
      const specifier = match[2];
      if (!specifier.startsWith('.')) continue;
      const target = resolveModulePath(file, specifier, exists);
      // Only this package's files are followed; another package is checked from its own entries.
      if (target === undefined || reached.has(target) || getRoot(target) !== root) continue;
      reached.add(target);
      queue.push(target);
    }
  }
  return { files: reached, program: hasBin(manifest) };
}

/**
 * `spawn(process.execPath, [join(__dirname, 'server.js')])`, `new Worker('./worker.js')`: the file named in a
 * quote, with its extension or after a `/`. A bare word (`'garden'`) names it only as an argument of a call
 * that builds a path or starts a program (`fork(join(dir, 'garden'))`); elsewhere it is a value (`kind: 'garden'`).
 */
function isNamedByReached(file: string, reached: ReadonlySet<string>, given: ReadonlyMap<string, string>): boolean {
  const stem = escapeRegExp(path.basename(file).replace(/\.[cm]?[jt]sx?$/, ''));
  const quoted = new RegExp(`(?:[/'"\`]${stem}\\.[cm]?[jt]sx?|/${stem})['"\`]|\\b(?:join|resolve|fork|spawn|execFile|Worker|URL)\\s*\\([^()]*?['"\`]${stem}['"\`]`);
  for (const other of reached) if (quoted.test(given.get(other) ?? '')) return true;
  return false;
}

/** Packages some file imports by a path inside them (`pkg/src/x`, `@scope/pkg/lib/y`). */
function listDeepImports(given: ReadonlyMap<string, string>): ReadonlySet<string> {
  const names = new Set<string>();
  for (const code of given.values()) {
    for (const match of code.matchAll(SPECIFIER)) {
      const parts = match[2].split('/');
      const length = match[2].startsWith('@') ? 2 : 1;
      if (!match[2].startsWith('.') && parts.length > length) names.add(parts.slice(0, length).join('/'));
    }
  }
  return names;
}

interface Manifest {
  readonly name?: unknown;
  readonly bin?: unknown;
  readonly main?: unknown;
  readonly exports?: unknown;
  readonly imports?: unknown;
}

function readManifest(root: string): Manifest | undefined {
  try {
    return JSON.parse(readIfFile(path.join(root, 'package.json')) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}

function hasBin(manifest: Manifest): boolean {
  return typeof manifest.bin === 'string' || (isPlainObject(manifest.bin) && Object.keys(manifest.bin).length > 0);
}

/** What a user starts (`bin`); a package with no `bin` is a library, run through `main` and `exports`. */
function listEntries(manifest: Manifest): string[] {
  const bins = typeof manifest.bin === 'string' ? [manifest.bin] : isPlainObject(manifest.bin) ? Object.values(manifest.bin) : [];
  const strings = (value: unknown): unknown[] => (isPlainObject(value) ? Object.values(value).flatMap(strings) : [value]);
  const library = [manifest.main, ...strings(manifest.exports)];
  // Without `exports` a library hands out every file by path, and so does a wildcard export (`"./dist/*"`).
  if (bins.length === 0 && (manifest.exports === undefined || library.some((entry) => typeof entry === 'string' && entry.includes('*')))) return [];
  return (bins.length > 0 ? bins : library).filter((entry): entry is string => typeof entry === 'string' && !entry.includes('*'));
}
