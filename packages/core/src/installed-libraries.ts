/**
 * What the libraries installed next to a file do, for measuring from disk (report, budget): which zod
 * major a plain `import … from 'zod'` means, and whether the MCP SDK's McpServer adds `execution` to each
 * tool (SDK 1.24 and later do; 1.15 and earlier do not). The ESLint rules take settings instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

/** Memoised walk up from a file's folder to the nearest `node_modules/<name>` that `read` understands. */
function createNearestLookup<T>(name: string, read: (packageDir: string) => T | undefined): (filePath: string) => T | undefined {
  const byDirectory = new Map<string, T | undefined>();
  const lookup = (directory: string): T | undefined => {
    if (byDirectory.has(directory)) return byDirectory.get(directory);
    let found: T | undefined;
    try {
      found = read(join(directory, 'node_modules', name));
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

/** zod 3.x (3.25 included: v4 lives under `zod/v4` there) publishes the v3 API at `zod`; 4.x publishes v4. */
export function createZodVersionLookup(): (filePath: string) => 3 | 4 | undefined {
  return createNearestLookup('zod', (dir) => {
    const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string };
    const major = Number(version?.split('.')[0]);
    return major === 3 ? 3 : major >= 4 ? 4 : undefined;
  });
}

/** True when the nearest installed SDK's McpServer publishes `execution`, read from its own `tools/list` code. */
export function createMcpSdkExecutionLookup(): (filePath: string) => boolean | undefined {
  return createNearestLookup('@modelcontextprotocol/sdk', (dir) => {
    for (const build of ['esm', 'cjs']) {
      try {
        return /execution:\s*tool\.execution/.test(readFileSync(join(dir, 'dist', build, 'server', 'mcp.js'), 'utf8'));
      } catch {
        // try the other build
      }
    }
    return undefined;
  });
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
 * `require` from a folder, looking only in the `node_modules` folders above it: never in NODE_PATH or
 * global folders (pnpm's bin shims put the whole store on NODE_PATH, which is not the file's project).
 */
function createProjectRequire(directory: string): Require {
  const packageDirs = new Map<string, string | undefined>();
  const findDir = (name: string): string | undefined => {
    if (packageDirs.has(name)) return packageDirs.get(name);
    let found: string | undefined;
    for (let dir = directory; ; dir = dirname(dir)) {
      const candidate = join(dir, 'node_modules', name);
      if (existsSync(join(candidate, 'package.json'))) {
        found = candidate;
        break;
      }
      if (dirname(dir) === dir) break;
    }
    packageDirs.set(name, found);
    return found;
  };
  return (id) => {
    const name = id.startsWith('@') ? id.split('/').slice(0, 2).join('/') : id.split('/')[0];
    const dir = findDir(name);
    if (dir === undefined) throw new Error(`${name} is not installed above ${directory}`);
    return createRequire(join(dir, 'package.json'))(id);
  };
}

function createProjectLibraries(directory: string | undefined): ProjectLibraries {
  const project = directory === undefined ? undefined : createProjectRequire(directory);
  const zodMajor = project ? getZodMajor(project) : undefined;
  const entries = zodMajor === undefined ? undefined : ZOD_ENTRIES[zodMajor >= 4 ? 4 : 3];
  // zod 3 before 3.25 has no v4: those flavours then come from core's zod 4 (a file using them would not run there anyway).
  const loadZod = (flavor: 3 | 4 | 'mini' | 'core') =>
    (project && entries ? tryRequire(project, entries[flavor]) : undefined) ?? (ownRequire(ZOD_ENTRIES[4][flavor][0]) as Record<string, unknown>);
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
      if (!project) return undefined;
      const compat = tryRequire(project, ['@modelcontextprotocol/sdk/server/zod-compat.js']);
      const jsonCompat = tryRequire(project, ['@modelcontextprotocol/sdk/server/zod-json-schema-compat.js']);
      if (typeof compat?.objectFromShape !== 'function' || typeof jsonCompat?.toJsonSchemaCompat !== 'function') return undefined;
      return { ...compat, ...jsonCompat } as unknown as McpSdkCompat;
    }),
    getTypeBox: once(() => (project ? tryRequire(project, ['@sinclair/typebox']) : undefined) as ReturnType<ProjectLibraries['getTypeBox']>),
  };
}

/** The libraries for a file (memoised per folder); without a file, core's own copies. */
export function getProjectLibraries(filePath: string | undefined): ProjectLibraries {
  const directory = filePath === undefined || filePath === '' ? undefined : dirname(resolve(filePath));
  const key = directory ?? '';
  let libraries = byDirectory.get(key);
  if (!libraries) {
    libraries = createProjectLibraries(directory);
    byDirectory.set(key, libraries);
  }
  return libraries;
}

/** Which zod major `'zod'` means for a file: the installed one (3 or 4), undefined when none is. */
export function getInstalledZodVersion(filePath: string | undefined): 3 | 4 | undefined {
  const major = getProjectLibraries(filePath).zodMajor;
  return major === undefined ? undefined : major >= 4 ? 4 : 3;
}
