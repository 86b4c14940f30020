/**
 * Which files of a package its entry points run. A package whose `bin` or start script (or, without either,
 * `main` and `exports`) names a file the report reads, or the source of one it compiles (`dist/x.js` from
 * `src/x.ts` by the tsconfig's `outDir` and `rootDir`), runs that file and what it imports, nothing else: a file no
 * entry reaches (a second server nobody starts, a scanner's demo data, a test, a benchmark) publishes no
 * tool. Reaching is by the import graph (`import`, `export … from`, `require`, `import()` with a literal
 * path) over the files given, plus any quoted mention of the file's name (a child process, a worker).
 * A package that loads a module by a path computed at run time (`import(\`./plugins/${name}.js\`)`) or starts Node
 * again on a file its arguments name (`spawn(process.execPath, args)`) may run any of its files: a file its entries
 * do not reach otherwise runs only if that load picks it, so its tools are conditional.
 * Whenever reaching could be incomplete otherwise the package is left alone: an entry not read, path aliases
 * (`imports` in package.json, `paths` in a tsconfig), a file of the package imported by path from
 * elsewhere, a library without `exports` or with a wildcard export.
 */
import path from 'node:path';
import { findPackageRoot, findTypeScriptSource, readIfFile } from './files.js';
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
  /**
   * Why a tool of this file is listed only under a condition: its package's entries reach the file only through a
   * path computed at run time. Undefined when they import or name it, or load nothing by a computed path.
   */
  findComputedLoadOnly(filePath: string): string | undefined;
}

const SPECIFIER = /(?:\bfrom|\bimport|\brequire\s*\()\s*\(?\s*(['"])([^'"\n]+)\1/g;
/**
 * `import(name)`, `require(dir + x)`, `import(\`./${x}\`)`: a path computed at run time (a literal on the line
 * after `import(` is none). A path built from
 * the user's home directory (`require(join(homedir(), 'tools', 'x.js'))`) loads the user's file, never the package's.
 */
const COMPUTED_LOAD = /(?<![\w$.])(?:import|require)\s*\(\s*(?=[^\s'")])(?!(?:[\w$]+\.)?(?:join|resolve)\(\s*(?:[\w$]+\.)?homedir\(\))/;
/**
 * A file named in a quote, with its extension or after a `/` (`'stdio.js'`, `'./bin/worker'`), or by its bare name as
 * an argument of a call that builds a path or starts a program (`fork(join(dir, 'picker'))`): its stem (as
 * `isNamedByReached` reads a name).
 */
const NAMED_FILE = /[/'"`]([\w.-]+?)\.[cm]?[jt]sx?['"`]|\/([\w.-]+)['"`]|\b(?:join|resolve|fork|spawn|execFile|Worker|URL)\s*\([^()]*?['"`]([\w.-]+)['"`]/g;
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
      const reached = getReached(file);
      if (reached === undefined || reached.computedLoad !== undefined || reached.files.has(file)) return false;
      // A compiled copy beside its source (or in the tsconfig's `outDir`, its source read too): what names or imports it
      // runs the source, as TypeScript resolves it.
      if (toTypeScriptSibling(file, given) !== file || reached.compiledCopies.has(file)) return true;
      return !isNamedByReached(file, reached.files, given);
    },
    mayRun(filePath) {
      const file = path.resolve(filePath);
      const root = getRoot(file);
      const reached = root === undefined ? undefined : getReachedOf(root);
      if (reached === undefined || reached.computedLoad !== undefined || reached.files.has(file)) return true;
      return toTypeScriptSibling(file, given) === file && !reached.compiledCopies.has(file) && isNamedByReached(file, reached.files, given);
    },
    isClosedProgram(filePath) {
      const file = path.resolve(filePath);
      const reached = getReached(file);
      return reached !== undefined && reached.computedLoad === undefined && reached.program && reached.files.has(file);
    },
    findComputedLoadOnly(filePath) {
      const file = path.resolve(filePath);
      const root = getRoot(file);
      const reached = getReached(file);
      const load = reached?.computedLoad;
      if (root === undefined || reached === undefined || load === undefined || reached.files.has(file) || isNamedByReached(file, reached.files, given)) return undefined;
      const at = `${path.relative(root, load.file)}:${load.line}`;
      return `in a module its package's entries do not import: it runs only if ${load.startsNode ? `the Node program started at ${at} is it` : `the path computed at ${at} loads it`}`;
    },
  };
}

interface Reached {
  readonly files: ReadonlySet<string>;
  /** The entries are the package's `bin`: a program, not a library others import. */
  readonly program: boolean;
  /** Files read that are compiled copies of sources read too (`dist/tools/x.js` of `src/tools/x.ts`, by the tsconfig). */
  readonly compiledCopies: ReadonlySet<string>;
  /** The first load by a computed path (or start of Node) that the entries reach: any file of the package may run. */
  readonly computedLoad?: { readonly file: string; readonly line: number; readonly startsNode: boolean };
}

/** The files the package's entries reach; undefined when the package is not checked. */
function readReached(
  root: string,
  given: ReadonlyMap<string, string>,
  getRoot: (file: string) => string | undefined,
  isDeepImported: (name: string) => boolean,
): Reached | undefined {
  const manifest = readManifest(root);
  if (!manifest || manifest.imports !== undefined || hasPathAliases(root)) return undefined;
  // Another file imports one of its files by path (`@repo/common/src/tools`): any file may be reached.
  if (typeof manifest.name === 'string' && isDeepImported(manifest.name)) return undefined;
  // A file of the package that the report does not read (an entry such as `cli.js` beside the sources given) is
  // still followed from disk: what it imports may be read.
  const onDisk = new Map<string, string | undefined>();
  const readCode = (file: string) => given.get(file) ?? (onDisk.has(file) ? onDisk.get(file) : onDisk.set(file, readIfFile(file)).get(file));
  const exists = (candidate: string) => given.has(candidate) || readCode(candidate) !== undefined;
  const manifestPath = path.join(root, 'package.json');
  // A compiled file (`dist/index.js`, on disk or named by the package) stands for its source when that is read.
  const toSource = (file: string) => {
    for (const source of toSourcePaths(root, path.relative(root, file))) {
      const read = resolveModulePath(manifestPath, `./${source}`, (candidate) => given.has(candidate));
      if (read !== undefined) return read;
    }
    return file;
  };
  // A compiled file read beside its source (`dist/index.js` and `src/index.ts`, both given) stands for that source:
  // the source is what the author edits, and its compiled copy adds nothing.
  const preferSource = (file: string) => (given.has(toSource(file)) ? toSource(file) : file);
  const resolveFrom = (from: string, specifier: string) => {
    const target = resolveModulePath(from, specifier, exists) ?? resolveModulePath(from, specifier, () => true);
    const found = target === undefined ? undefined : given.has(target) ? preferSource(target) : [toSource(target)].find(exists);
    return found === undefined ? undefined : toTypeScriptSibling(found, given);
  };
  const resolveEntry = (entry: string) => resolveFrom(manifestPath, `./${entry.replace(/^\.\//, '')}`);
  // A script that runs a file the package does not hold and could not build (`node old-server.js`, deleted since)
  // runs nothing: it is no entry.
  const scripts = new Set(listScriptFiles(manifest));
  // A build output counts unless the tsconfig says where its source is and it is not there (`dist/scripts/x.js` with
  // `outDir` and `rootDir` given and no `scripts/x.ts`); without them, any source may build it.
  const mapsSources = typeof readCompilerOptions(root)?.outDir === 'string';
  const couldBuild = (entry: string) =>
    isBuildOutput(root, entry) && (!mapsSources || toSourcePaths(root, entry).some((source) => resolveModulePath(manifestPath, `./${source}`, exists) !== undefined));
  const isStaleScript = (entry: string) => scripts.has(entry) && !hasBin(manifest, entry) && !couldBuild(entry);
  const listed = listEntries(manifest).filter((entry) => resolveEntry(entry) !== undefined || !isStaleScript(entry));
  const entries = listed.flatMap((entry) => resolveEntry(entry) ?? []);
  // An entry the report does not read is followed from disk only beside one it reads: a report on some files
  // of a package without its entry reads every file it is given.
  if (!entries.some((entry) => given.has(entry))) return undefined;
  // The files its scripts run count only beside entries that were all found: a `bin` whose file is neither read
  // nor built may run any file, and a test script alone says nothing of what the server runs.
  if (scripts.size > 0 && entries.length < listed.length) return undefined;
  const reached = new Set<string>(entries);
  const queue = [...entries];
  // A file a reached file names (a child process, a worker: `spawn('node', [join(__dirname, 'stdio.js')])`) runs, and so
  // does what it imports.
  const byStem = new Map<string, string[]>();
  for (const file of given.keys()) {
    if (getRoot(file) !== root) continue;
    const stem = path.basename(file).replace(/\.[cm]?[jt]sx?$/, '');
    byStem.set(stem, [...(byStem.get(stem) ?? []), file]);
  }
  const reach = (target: string) => {
    if (reached.has(target)) return;
    reached.add(target);
    queue.push(target);
  };
  let computedLoad: Reached['computedLoad'];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const code = readCode(file) ?? '';
    // A load by a computed path is named before a start of Node: it is what picks a module.
    const computed = computedLoad === undefined || computedLoad.startsNode ? COMPUTED_LOAD.exec(code) : null;
    const node = computedLoad === undefined && !computed ? STARTS_NODE.exec(code) : null;
    const load = computed ?? node;
    if (load) computedLoad = { file, line: code.slice(0, load.index).split('\n').length, startsNode: node !== null };
    for (const match of code.matchAll(SPECIFIER)) {
      const specifier = match[2];
      if (!specifier.startsWith('.')) continue;
      const target = resolveFrom(file, specifier);
      // Only this package's files are followed; another package is checked from its own entries.
      if (target === undefined || getRoot(target) !== root) continue;
      reach(target);
    }
    for (const match of code.matchAll(NAMED_FILE)) {
      const stem = (match[1] ?? match[2] ?? match[3]).replace(/\.[cm]?[jt]sx?$/, '');
      for (const named of byStem.get(stem) ?? []) reach(toTypeScriptSibling(preferSource(named), given));
    }
  }
  const compiledCopies = new Set([...given.keys()].filter((file) => getRoot(file) === root && preferSource(file) !== file));
  return { files: reached, program: isProgram(manifest), compiledCopies, ...(computedLoad === undefined ? {} : { computedLoad }) };
}

/**
 * `server.ts` for `server.js` when both are given: a compiled copy left beside its source (or `./server.js` written in
 * TypeScript, which resolves to the source) stands for the source, as TypeScript resolves it.
 */
function toTypeScriptSibling(file: string, given: ReadonlyMap<string, string>): string {
  return findTypeScriptSource(file, (candidate) => given.has(candidate)) ?? file;
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
  readonly scripts?: unknown;
  readonly private?: unknown;
}

/** `node dist/index.js`, `tsx src/server.ts`, `ts-node --esm src/main.ts`: the file a script runs with Node. */
const RUNS_FILE = /(?:^|&&|;|\|\|)\s*(?:[\w-]+=\S+\s+)*(?:node|tsx|ts-node|ts-node-esm|bun)(?:\s+(?:--?[\w-]+(?:=\S+)?))*\s+((?:\.\/)?[\w./-]+\.[cm]?[jt]sx?)(?=\s|$)/g;

/**
 * The files the package's scripts run (`npm start`, `npm run dev`, `npm run start:chat`, …): each is a program of
 * the package. Only when `start` or `dev` runs a file itself: a package started by another tool (`vite`,
 * `wrangler dev`, `next dev`) has entries its scripts do not name, and a helper script (`tsx token.ts`) is not one.
 */
function listScriptFiles(manifest: Manifest): string[] {
  if (!isPlainObject(manifest.scripts)) return [];
  const scripts = manifest.scripts as Record<string, unknown>;
  const runs = (script: unknown) => (typeof script === 'string' ? [...script.matchAll(RUNS_FILE)].map((match) => match[1]) : []);
  if (runs(scripts.start).length === 0 && runs(scripts.dev).length === 0) return [];
  return Object.values(scripts).flatMap(runs);
}

/**
 * A compiled file's source (`dist/server.js` → `src/server.ts`) by the package's tsconfig `outDir` and `rootDir`:
 * the report reads the sources, and the package's entries name what they compile to.
 */
function toSourcePaths(root: string, entry: string): string[] {
  const options = readCompilerOptions(root);
  const outDir = typeof options?.outDir === 'string' ? toPackagePath(options.outDir).replace(/\/$/, '') : undefined;
  const file = toPackagePath(entry);
  if (!outDir || !file.startsWith(`${outDir}/`)) return [file];
  // Without a `rootDir`, TypeScript takes the folder common to the inputs: most often `src`.
  const rootDirs = typeof options?.rootDir === 'string' ? [toPackagePath(options.rootDir).replace(/\/$/, '')] : ['src', ''];
  return rootDirs.map((rootDir) => path.join(rootDir === '.' ? '' : rootDir, file.slice(outDir.length + 1)));
}

/** The tsconfig maps import paths (`"paths"`): an import may reach any file. A `// "paths": {}` left commented out maps none. */
function hasPathAliases(root: string): boolean {
  const options = readCompilerOptions(root);
  if (options !== undefined) return options.paths !== undefined;
  return /"paths"\s*:/.test(readIfFile(path.join(root, 'tsconfig.json')) ?? '');
}

/** `compilerOptions` of the package's own tsconfig.json (comments and trailing commas allowed), when it has one. */
function readCompilerOptions(root: string): Record<string, unknown> | undefined {
  const text = readIfFile(path.join(root, 'tsconfig.json'));
  if (text === undefined) return undefined;
  try {
    const json = JSON.parse(text.replace(/("(?:[^"\\]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (_, string: string | undefined) => string ?? '').replace(/,(\s*[}\]])/g, '$1'));
    return isPlainObject(json) && isPlainObject(json.compilerOptions) ? (json.compilerOptions as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function readManifest(root: string): Manifest | undefined {
  try {
    return JSON.parse(readIfFile(path.join(root, 'package.json')) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}

/** A path of the package as written in package.json or tsconfig.json, normalised: `./dist/x.js` → `dist/x.js`. */
function toPackagePath(file: string): string {
  return path.normalize(file).replace(/^\.\//, '');
}

/**
 * A package that is a program, not a library others import: it has a `bin`, it is never published (`private`), or
 * its `start` script runs its `main` (`"main": "dist/index.js"`, `"start": "node dist/index.js"`).
 */
function isProgram(manifest: Manifest): boolean {
  if (hasBin(manifest) || manifest.private === true) return true;
  const start = isPlainObject(manifest.scripts) ? (manifest.scripts as Record<string, unknown>).start : undefined;
  if (typeof manifest.main !== 'string' || typeof start !== 'string') return false;
  const main = toPackagePath(manifest.main);
  return [...start.matchAll(RUNS_FILE)].some((match) => toPackagePath(match[1]) === main);
}

/** Whether the package has a `bin`, or (given an entry) whether that entry is one of its `bin` files. */
function hasBin(manifest: Manifest, entry?: string): boolean {
  const bins = typeof manifest.bin === 'string' ? [manifest.bin] : isPlainObject(manifest.bin) ? Object.values(manifest.bin) : [];
  const clean = (file: unknown) => (typeof file === 'string' ? toPackagePath(file) : file);
  return entry === undefined ? bins.length > 0 : bins.some((bin) => clean(bin) === clean(entry));
}

/** Folders a build writes to: the tsconfig's `outDir`, and those bundlers and compilers write by default. */
const BUILD_FOLDERS = ['dist', 'build', 'out', 'lib', '.output'];

/** A file a build may write (`dist/server.js`, or under the tsconfig's `outDir`): missing until the package is built. */
function isBuildOutput(root: string, entry: string): boolean {
  const file = toPackagePath(entry);
  const outDir = readCompilerOptions(root)?.outDir;
  const folders = typeof outDir === 'string' ? [...BUILD_FOLDERS, toPackagePath(outDir).replace(/\/$/, '')] : BUILD_FOLDERS;
  return folders.some((folder) => file.startsWith(`${folder}/`));
}

/**
 * What a user starts (`bin`, and the files its scripts run); a package with neither is a library,
 * run through `main` and `exports`.
 */
function listEntries(manifest: Manifest): string[] {
  const bins = [...(typeof manifest.bin === 'string' ? [manifest.bin] : isPlainObject(manifest.bin) ? Object.values(manifest.bin) : []), ...listScriptFiles(manifest)];
  const strings = (value: unknown): unknown[] => (isPlainObject(value) ? Object.values(value).flatMap(strings) : [value]);
  const library = [manifest.main, ...strings(manifest.exports)];
  // Without `exports` a library hands out every file by path, and so does a wildcard export (`"./dist/*"`).
  if (bins.length === 0 && (manifest.exports === undefined || library.some((entry) => typeof entry === 'string' && entry.includes('*')))) return [];
  return (bins.length > 0 ? bins : library).filter((entry): entry is string => typeof entry === 'string' && !entry.includes('*'));
}
