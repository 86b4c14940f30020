/**
 * What the libraries installed next to a file do, for measuring from disk (report, budget): which zod
 * major a plain `import … from 'zod'` means, and whether the MCP SDK's McpServer adds `execution` to each
 * tool (SDK 1.24 and later do; 1.15 and earlier do not). The ESLint rules take settings instead.
 */
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import { findPackageRoot, listSourceFiles } from './files.js';

/** Memoised walk up from a file's folder to the nearest `node_modules/<name>` that `read` understands. */
function createNearestLookup<T>(name: string | undefined, read: (packageDir: string) => T | undefined): (filePath: string) => T | undefined {
  const byDirectory = new Map<string, T | undefined>();
  const lookup = (directory: string): T | undefined => {
    if (byDirectory.has(directory)) return byDirectory.get(directory);
    let found: T | undefined;
    try {
      // Without a package name, `read` is given each directory itself (its own package.json).
      found = read(name === undefined ? directory : join(directory, 'node_modules', name));
    } catch {
      found = undefined;
    }
    if (found === undefined) {
      const parent = dirname(directory);
      found = parent === directory ? undefined : lookup(parent);
    }
    byDirectory.set(directory, found);
    return found;
  };
  return (filePath) => lookup(dirname(filePath));
}

/**
 * zod 3.x (3.25 included: v4 lives under `zod/v4` there) publishes the v3 API at `zod`; 4.x publishes v4.
 * The zod installed nearest the file decides; a checkout with nothing installed is read with the major its
 * nearest `package.json` declares (`"zod": "^3.24.2"`), which is what its published build installs.
 */
export function createZodVersionLookup(): (filePath: string) => 3 | 4 | undefined {
  return createNearestLookup(undefined, (dir) => readInstalledZodMajor(join(dir, 'node_modules', 'zod')) ?? toZodMajor(readDeclaredRange(join(dir, 'package.json'), 'zod')?.replace(/^[^0-9]*/, '')));
}

function readInstalledZodMajor(dir: string): 3 | 4 | undefined {
  const packageJson = join(dir, 'package.json');
  return existsSync(packageJson) ? toZodMajor((JSON.parse(readFileSync(packageJson, 'utf8')) as { version?: string }).version) : undefined;
}

function toZodMajor(version: string | undefined): 3 | 4 | undefined {
  const major = Number(version?.split('.')[0]);
  return major === 3 ? 3 : major >= 4 ? 4 : undefined;
}

/** The version range a `package.json` declares for `name` (dependencies first), if it can be read. */
function readDeclaredRange(packageJson: string, name: string): string | undefined {
  if (!existsSync(packageJson)) return undefined;
  const json = JSON.parse(readFileSync(packageJson, 'utf8')) as Partial<Record<'dependencies' | 'peerDependencies' | 'devDependencies', Record<string, string>>>;
  return json.dependencies?.[name] ?? json.peerDependencies?.[name] ?? json.devDependencies?.[name];
}

/**
 * True when the MCP SDK the file's server runs adds `execution` to each tool: SDK 1.24 to 1.x (read from
 * its own `tools/list` code); never SDK v2 (`@modelcontextprotocol/server`), which writes only what a tool sets.
 */
export function createMcpSdkExecutionLookup(): (filePath: string, code?: string) => boolean | undefined {
  return (filePath, code) => (code === undefined ? undefined : readBundledExecution(code)) ?? getProjectLibraries(filePath).getMcpSdk()?.execution;
}

/**
 * A bundle that carries McpServer's own code (its `_registeredTools` and `_createRegisteredTool`) runs that
 * copy, not the SDK installed beside it: whether it publishes `execution` is read from its `tools/list`
 * mapping (`execution: tool.execution`, minified or not). Undefined for a file without McpServer inside.
 */
export function readBundledExecution(code: string): boolean | undefined {
  if (!code.includes('_createRegisteredTool') || !code.includes('_registeredTools')) return undefined;
  return /\bexecution:\s*[\w$]+\.execution\b/.test(code);
}

/**
 * The libraries a server publishes its schemas with, loaded from the project of the file being read:
 * zod (each flavour), zod-to-json-schema, the MCP SDK's schema conversion and TypeBox. zod and
 * zod-to-json-schema fall back to core's own copies (zod 4) when the project has none; the SDK falls
 * back to core's copy of what SDK 1.32 does (./schema/mcp-sdk-compat.ts); TypeBox has no fallback (a
 * file that imports it without it installed is reported as unreadable). Everything is loaded with
 * `require` on first use, one instance per package, so schemas and the functions converting them
 * always come from the same copy.
 */
export interface ProjectLibraries {
  /** zod's major version installed for this file, if any. */
  readonly zodMajor: number | undefined;
  /** The zod namespace of a flavour: `'zod'` (4), `'zod/v3'` (3) or `'zod/mini'`. */
  getZod(flavor: 3 | 4 | 'mini'): Record<string, unknown>;
  /** `zod/v4/core` of the same copy as `getZod(4)`. */
  getZodCore(): Record<string, unknown>;
  getZodToJsonSchema(): ZodToJsonSchema;
  /** The SDK's own `zod-compat` and `zod-json-schema-compat`, when the project has an SDK that has them. */
  getMcpSdkCompat(): McpSdkCompat | undefined;
  getTypeBox(): { Type: Record<string, (...args: unknown[]) => unknown> } | undefined;
  /** The MCP SDK the file's server runs (v1 `@modelcontextprotocol/sdk` or v2 `@modelcontextprotocol/server`), if installed. */
  getMcpSdk(): InstalledMcpSdk | undefined;
  /** fastmcp and the conversion it calls in `tools/list`, if installed. */
  getFastMcp(): InstalledFastMcp | undefined;
  /** `name@version` of each library a conversion for `framework` used; `toolslim's zod@x` for core's own copy. */
  describe(publisher: 'mcp-sdk' | 'mcp-sdk-v2' | 'fastmcp' | 'other'): string[];
}

/** An installed MCP SDK: which package and version, and what its `tools/list` does. */
export interface InstalledMcpSdk {
  readonly package: '@modelcontextprotocol/sdk' | '@modelcontextprotocol/server';
  readonly version: string;
  /** 1 for `@modelcontextprotocol/sdk` 1.x, 2 for `@modelcontextprotocol/server` (SDK v2). */
  readonly major: 1 | 2;
  /** Whether McpServer adds `execution` to every tool (SDK 1.24 to 1.x; v2 writes it only when the tool sets one). */
  readonly execution: boolean;
  /** SDK v2's own zod: raw shapes become `z.object(shape)` with it, and it converts when a schema has no `~standard.jsonSchema`. */
  getZod(): Record<string, unknown> | undefined;
}

/** An installed fastmcp, with the zod conversion its xsschema uses. */
export interface InstalledFastMcp {
  readonly version: string;
  /** Whether `tools/list` makes output schemas strict too (`strictJsonSchema`), as 4.x does. */
  readonly strictOutput: boolean;
  /** xsschema's `toJsonSchema` for zod, synchronously: Standard JSON Schema, else its own zod's / zod-to-json-schema. */
  toJsonSchema(schema: object): unknown;
  readonly libraries: readonly string[];
}

export type ZodToJsonSchema = (schema: unknown, options?: unknown) => unknown;

export interface McpSdkCompat {
  objectFromShape(shape: unknown): unknown;
  normalizeObjectSchema(schema: unknown): unknown;
  toJsonSchemaCompat(schema: unknown, options: { strictUnions: boolean; pipeStrategy: 'input' | 'output' }): unknown;
}

type Require = (id: string) => unknown;

const ownRequire = createRequire(import.meta.url) as Require;
const byDirectory = new Map<string, ProjectLibraries>();

function tryRequire(require: Require, ids: readonly string[]): Record<string, unknown> | undefined {
  for (const id of ids) {
    try {
      return require(id) as Record<string, unknown>;
    } catch {
      // not installed, or this version has no such entry: try the next
    }
  }
  return undefined;
}

function getZodMajor(require: Require): number | undefined {
  const manifest = tryRequire(require, ['zod/package.json']) as { version?: string } | undefined;
  const major = Number(manifest?.version?.split('.')[0]);
  return Number.isFinite(major) ? major : undefined;
}

/** Where each zod flavour lives in zod 4 and in zod 3.25 (which has v4 under `zod/v4`). */
const ZOD_ENTRIES: Record<number, Record<3 | 4 | 'mini' | 'core', readonly string[]>> = {
  4: { 4: ['zod'], 3: ['zod/v3'], mini: ['zod/mini'], core: ['zod/v4/core'] },
  3: { 4: ['zod/v4'], 3: ['zod'], mini: ['zod/v4-mini', 'zod/mini'], core: ['zod/v4/core'] },
};

function once<T>(load: () => T): () => T {
  let loaded = false;
  let value: T;
  return () => {
    if (!loaded) {
      value = load();
      loaded = true;
    }
    return value;
  };
}

/**
 * Where a package is installed for code in `directory`: the nearest `node_modules/<name>` above it, as
 * Node resolves it; when there is none, the one a workspace package it depends on has (a pnpm monorepo
 * installs a shared package's dependencies next to that package only: an app that registers its tools
 * through `@repo/common` runs the SDK and zod that `packages/common/node_modules` holds). Returns the
 * folder as reached (a symlink under pnpm); never NODE_PATH or global folders.
 */
export function findInstalledPackage(directory: string, name: string): string | undefined {
  return findAbove(directory, name) ?? findThroughWorkspace(directory, name);
}

function findAbove(directory: string, name: string): string | undefined {
  for (let dir = directory; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** How many workspace packages the search visits at most (a monorepo's graph can be large). */
const WORKSPACE_SEARCH_LIMIT = 64;

/**
 * Breadth first through the workspace packages the file's package depends on (dependencies whose real
 * folder is not inside a `node_modules`, i.e. `workspace:` links). The dependencies the code imports
 * come first — those imported by the files next to `directory`, then by the package's other files —
 * so the SDK is the one the registering code reaches (an app may also depend on an eval package that
 * installs another SDK major).
 */
function findThroughWorkspace(directory: string, name: string): string | undefined {
  return searchWorkspace(directory, (packageDir) => {
    const found = join(packageDir, 'node_modules', name);
    return existsSync(join(found, 'package.json')) ? found : undefined;
  });
}

function searchWorkspace<T>(directory: string, check: (packageDir: string) => T | undefined): T | undefined {
  const start = findPackageRoot(directory);
  if (start === undefined) return undefined;
  const seen = new Set([start]);
  const queue = [start];
  let first = true;
  while (queue.length > 0 && seen.size <= WORKSPACE_SEARCH_LIMIT) {
    const packageDir = queue.shift()!;
    const dependencies = readDependencyNames(packageDir);
    const ordered = orderByImports(dependencies, first ? [directory, packageDir] : [packageDir]);
    first = false;
    for (const dependency of ordered) {
      const linked = findAbove(packageDir, dependency);
      if (linked === undefined) continue;
      let real: string;
      try {
        real = realpathSync(linked);
      } catch {
        continue;
      }
      if (real.split(sep).includes('node_modules') || seen.has(real)) continue;
      seen.add(real);
      const found = check(real);
      if (found !== undefined) return found;
      queue.push(real);
    }
  }
  return undefined;
}

/** How many source files to read per folder when ranking dependencies by import. */
const IMPORT_SCAN_LIMIT = 400;

/**
 * Dependencies sorted by how many source files import them: first counted in the files of `folders[0]`
 * only, then (ties) across the whole of the last folder; never-imported ones keep manifest order, last.
 */
function orderByImports(dependencies: readonly string[], folders: readonly string[]): string[] {
  if (dependencies.length < 2) return [...dependencies];
  const counts = folders.map((folder, index) => countImports(dependencies, folder, index === folders.length - 1));
  return [...dependencies].sort((a, b) => {
    for (const count of counts) {
      const difference = (count.get(b) ?? 0) - (count.get(a) ?? 0);
      if (difference !== 0) return difference;
    }
    return 0;
  });
}

/** Import counts per folder: every folder of a package ranks the same dependencies, read them once. */
const importCounts = new Map<string, Map<string, number>>();

function countImports(dependencies: readonly string[], folder: string, recursive: boolean): Map<string, number> {
  const key = `${folder}\0${recursive}\0${dependencies.join(',')}`;
  let counts = importCounts.get(key);
  if (!counts) {
    counts = countImportsUncached(dependencies, folder, recursive);
    importCounts.set(key, counts);
  }
  return counts;
}

function countImportsUncached(dependencies: readonly string[], folder: string, recursive: boolean): Map<string, number> {
  const counts = new Map<string, number>();
  const enter = (_parent: string, name: string) => recursive && name !== 'node_modules' && name !== 'dist' && !name.startsWith('.');
  const { files } = listSourceFiles(folder, { limit: IMPORT_SCAN_LIMIT, enter });
  for (const file of files) {
    let code: string;
    try {
      code = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const dependency of dependencies) {
      if (code.includes(`'${dependency}`) || code.includes(`"${dependency}`)) counts.set(dependency, (counts.get(dependency) ?? 0) + 1);
    }
  }
  return counts;
}

function readDependencyNames(packageDir: string): string[] {
  try {
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as Record<string, unknown>;
    const names: string[] = [];
    for (const key of ['dependencies', 'peerDependencies', 'devDependencies']) {
      const deps = manifest[key];
      if (deps && typeof deps === 'object') names.push(...Object.keys(deps));
    }
    return names;
  } catch {
    return [];
  }
}

/**
 * `require` from a folder, looking only where {@link findInstalledPackage} looks: never in NODE_PATH or
 * global folders (pnpm's bin shims put the whole store on NODE_PATH, which is not the file's project).
 */
function createProjectRequire(directory: string): Require & { findDir(name: string): string | undefined } {
  const packageDirs = new Map<string, string | undefined>();
  const findDir = (name: string): string | undefined => {
    if (!packageDirs.has(name)) packageDirs.set(name, findInstalledPackage(directory, name));
    return packageDirs.get(name);
  };
  const require = (id: string) => {
    const name = packageNameOf(id);
    const dir = findDir(name);
    if (dir === undefined) throw new Error(`${name} is not installed above ${directory}`);
    return createRequire(join(dir, 'package.json'))(id);
  };
  return Object.assign(require, { findDir });
}

function packageNameOf(id: string): string {
  return id.startsWith('@') ? id.split('/').slice(0, 2).join('/') : id.split('/')[0];
}

function createProjectLibraries(directory: string | undefined): ProjectLibraries {
  const project = directory === undefined ? undefined : createProjectRequire(directory);
  const zodMajor = project ? getZodMajor(project) : undefined;
  const entries = zodMajor === undefined ? undefined : ZOD_ENTRIES[zodMajor >= 4 ? 4 : 3];
  // zod 3 before 3.25 has no v4: those flavours then come from core's zod 4 (a file using them would not run there anyway).
  const loadZod = (flavor: 3 | 4 | 'mini' | 'core') =>
    (project && entries ? tryRequire(project, entries[flavor]) : undefined) ?? (ownRequire(ZOD_ENTRIES[4][flavor][0]) as Record<string, unknown>);
  const getMcpSdk = once(() => (directory === undefined ? undefined : findMcpSdk(directory)));
  const getFastMcp = once(() => (directory === undefined ? undefined : findFastMcp(directory)));
  const zods = { 3: once(() => loadZod(3)), 4: once(() => loadZod(4)), mini: once(() => loadZod('mini')), core: once(() => loadZod('core')) };
  return {
    zodMajor,
    getZod: (flavor) => {
      const module = zods[flavor]();
      return (module.z ?? module) as Record<string, unknown>;
    },
    getZodCore: zods.core,
    getZodToJsonSchema: once(() => {
      const module = (project && tryRequire(project, ['zod-to-json-schema'])) ?? (ownRequire('zod-to-json-schema') as Record<string, unknown>);
      return module.zodToJsonSchema as ZodToJsonSchema;
    }),
    getMcpSdkCompat: once(() => {
      if (!project || getMcpSdk()?.major !== 1) return undefined;
      const compat = tryRequire(project, ['@modelcontextprotocol/sdk/server/zod-compat.js']);
      const jsonCompat = tryRequire(project, ['@modelcontextprotocol/sdk/server/zod-json-schema-compat.js']);
      if (typeof compat?.objectFromShape !== 'function' || typeof jsonCompat?.toJsonSchemaCompat !== 'function') return undefined;
      return { ...compat, ...jsonCompat } as unknown as McpSdkCompat;
    }),
    getTypeBox: once(() => (project ? tryRequire(project, ['@sinclair/typebox']) : undefined) as ReturnType<ProjectLibraries['getTypeBox']>),
    getMcpSdk,
    getFastMcp,
    describe(publisher) {
      const zod = zodMajor === undefined ? `toolslim's zod@${readVersion(ownRequire, 'zod')}` : `zod@${readVersion(project!, 'zod')}`;
      if (publisher === 'mcp-sdk' || publisher === 'mcp-sdk-v2') {
        const sdk = getMcpSdk();
        return sdk ? [`${sdk.package}@${sdk.version}`, zod] : [`toolslim's copy of @modelcontextprotocol/sdk 1.32 conversion`, zod];
      }
      if (publisher === 'fastmcp') {
        const fastmcp = getFastMcp();
        return fastmcp ? [...fastmcp.libraries, zod] : [zod];
      }
      return [zod];
    },
  };
}

function readVersion(require: Require, name: string): string {
  return (tryRequire(require, [`${name}/package.json`]) as { version?: string } | undefined)?.version ?? '?';
}

function readManifestVersion(dir: string): string {
  try {
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string }).version ?? '?';
  } catch {
    return '?';
  }
}

const SDK_PACKAGES = ['@modelcontextprotocol/sdk', '@modelcontextprotocol/server'] as const;

/** The nearest MCP SDK (either major) above the folder; otherwise the one a workspace package it depends on has. */
function findMcpSdk(directory: string): InstalledMcpSdk | undefined {
  const pick = (find: (name: string) => string | undefined) => {
    let best: { name: (typeof SDK_PACKAGES)[number]; dir: string } | undefined;
    for (const name of SDK_PACKAGES) {
      const dir = find(name);
      // Nearest wins: compare the folders holding `node_modules`, not the package paths (the names differ in length).
      if (dir !== undefined && (best === undefined || dir.length - name.length > best.dir.length - best.name.length)) best = { name, dir };
    }
    return best;
  };
  const found = pick((name) => findAbove(directory, name)) ?? findSdkThroughWorkspace(directory);
  if (!found) return undefined;
  const version = readManifestVersion(found.dir);
  if (found.name === '@modelcontextprotocol/server') {
    const sdkRequire = createProjectRequire(safeRealpath(found.dir));
    return { package: found.name, version, major: 2, execution: false, getZod: once(() => tryRequire(sdkRequire, ['zod'])) };
  }
  return { package: found.name, version, major: 1, execution: readsExecution(found.dir) ?? true, getZod: () => undefined };
}

/** Through the workspace, the SDK of the first package (imports first) that has one, v1 or v2. */
function findSdkThroughWorkspace(directory: string): { name: (typeof SDK_PACKAGES)[number]; dir: string } | undefined {
  return searchWorkspace(directory, (packageDir) => {
    for (const name of SDK_PACKAGES) {
      const dir = join(packageDir, 'node_modules', name);
      if (existsSync(join(dir, 'package.json'))) return { name, dir };
    }
    return undefined;
  });
}

function safeRealpath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** True when SDK 1.x's McpServer publishes `execution`, read from its own `tools/list` code. */
function readsExecution(dir: string): boolean | undefined {
  for (const build of ['esm', 'cjs']) {
    try {
      return /execution:\s*tool\.execution/.test(readFileSync(join(dir, 'dist', build, 'server', 'mcp.js'), 'utf8'));
    } catch {
      // try the other build
    }
  }
  return undefined;
}

/**
 * fastmcp's `tools/list` converts with xsschema's `toJsonSchema`: a schema's Standard JSON Schema
 * (`~standard.jsonSchema.input({ target: 'draft-07' })`, zod 4.2 and later) when it has one; otherwise,
 * for zod 4, `toJSONSchema(schema, { target: 'draft-7' })` from the `zod/v4/core` that xsschema itself
 * resolves (fastmcp's own zod: a schema built by another copy of zod keeps its `.describe()` text in that
 * copy's registry, so it is not published), and zod-to-json-schema with no options for zod 3.
 * Which of these the installed xsschema does is read from its code (`readXsschemaConversion`).
 */
function findFastMcp(directory: string): InstalledFastMcp | undefined {
  const dir = findInstalledPackage(directory, 'fastmcp');
  if (dir === undefined) return undefined;
  const real = safeRealpath(dir);
  const fastmcpRequire = createProjectRequire(real);
  const xsschemaDir = fastmcpRequire.findDir('xsschema');
  const xsRequire = xsschemaDir === undefined ? fastmcpRequire : createProjectRequire(safeRealpath(xsschemaDir));
  const core = tryRequire(xsRequire, ['zod/v4/core']) as { toJSONSchema?: (schema: unknown, options?: unknown) => unknown } | undefined;
  const zodToJsonSchema = tryRequire(xsRequire, ['zod-to-json-schema'])?.zodToJsonSchema as ZodToJsonSchema | undefined;
  // Without its code, the 4.x behaviour.
  const code = readDistScripts(real)?.find((text) => text.includes('cachedToolsList') || text.includes('ListToolsRequestSchema, async'));
  const strictOutput = code === undefined || /outputSchema:\s*strictJsonSchema\(/.test(code);
  const libraries = [`fastmcp@${readManifestVersion(dir)}`];
  if (xsschemaDir !== undefined) libraries.push(`xsschema@${readManifestVersion(xsschemaDir)}`);
  const conversion = xsschemaDir === undefined ? undefined : readXsschemaConversion(safeRealpath(xsschemaDir));
  return {
    version: readManifestVersion(dir),
    strictOutput,
    libraries,
    toJsonSchema(schema) {
      const standard = (schema as { '~standard'?: { jsonSchema?: { input(options: { target: string }): unknown } } })['~standard'];
      if (standard?.jsonSchema && (conversion?.standardJsonSchema ?? true)) return standard.jsonSchema.input({ target: 'draft-07' });
      if ('_zod' in schema) {
        if (!core?.toJSONSchema) throw new Error('fastmcp has no zod 4 to convert with');
        const target = conversion === undefined ? 'draft-7' : conversion.zod4Target;
        return target === undefined ? core.toJSONSchema(schema) : core.toJSONSchema(schema, { target });
      }
      if (!zodToJsonSchema) throw new Error('fastmcp has no zod-to-json-schema to convert with');
      return zodToJsonSchema(schema);
    },
  };
}

/** The text of each script in an installed package's `dist` folder, or undefined when it cannot be read. */
function readDistScripts(dir: string): string[] | undefined {
  try {
    const dist = join(dir, 'dist');
    return readdirSync(dist)
      .filter((file) => /\.[cm]?js$/.test(file))
      .map((file) => readFileSync(join(dist, file), 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * What the installed xsschema's code does with a zod 4 schema: whether it asks the schema's Standard JSON Schema
 * first (`schema['~standard'].jsonSchema.input(…)`), and the target it gives zod's `toJSONSchema` (none in 0.3:
 * zod's default, draft 2020-12). Undefined when its code cannot be read.
 */
function readXsschemaConversion(dir: string): { readonly standardJsonSchema: boolean; readonly zod4Target: string | undefined } | undefined {
  const files = readDistScripts(dir);
  if (files === undefined) return undefined;
  // The module that converts zod 4 is the one importing `zod/v4/core`; other vendors' modules have their own options.
  const zod = files.filter((code) => /['"]zod\/v4\/core['"]/.test(code));
  if (zod.length === 0) return undefined;
  const call = /\btoJSONSchema\s*\(\s*\w+\s*,\s*\{[^{}]*?\btarget\s*:\s*['"]([\w-]+)['"]/.exec(zod.join('\n'));
  return { standardJsonSchema: files.some((code) => /\bjsonSchema\s*\.\s*input\s*\(/.test(code)), zod4Target: call?.[1] };
}

/** Per file path as well, so that the evaluator, which asks on every zod call, does not resolve the path again. */
const byFilePath = new Map<string, ProjectLibraries>();

/** The libraries for a file (memoised per folder); without a file, core's own copies. */
export function getProjectLibraries(filePath: string | undefined): ProjectLibraries {
  const known = filePath === undefined ? undefined : byFilePath.get(filePath);
  if (known) return known;
  const directory = filePath === undefined || filePath === '' ? undefined : dirname(resolve(filePath));
  const key = directory ?? '';
  let libraries = byDirectory.get(key);
  if (!libraries) {
    libraries = createProjectLibraries(directory);
    byDirectory.set(key, libraries);
  }
  if (filePath !== undefined) byFilePath.set(filePath, libraries);
  return libraries;
}

/** Which zod major `'zod'` means for a file: the installed one (3 or 4), undefined when none is. */
export function getInstalledZodVersion(filePath: string | undefined): 3 | 4 | undefined {
  const major = getProjectLibraries(filePath).zodMajor;
  return major === undefined ? undefined : major >= 4 ? 4 : 3;
}
