/**
 * The one cross-file resolver: what a name imported from another module of the project stands for.
 * It follows `export const`, `export function`, `export { a as b }`, `export … from`, `export *` (barrels),
 * namespace re-exports, default exports and CommonJS `exports.X`, and stops at a package boundary
 * (`export { z as zod } from 'zod'` resolves to zod's own `z`). Every failure is a value with a reason:
 * a missing file, a file that does not parse or is too large, a cycle, a chain past the depth limit.
 * Files are parsed with core's own parser, once per resolver (one resolver per `report` run).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parseSource, type Program, type ProgramCache } from '../ast.js';
import { isFile, readIfFile } from '../files.js';
import type { TSESTree } from '@typescript-eslint/types';
import type { ModuleBinding, ModuleResolver, Node } from '../model.js';
import { Scope } from '../text/scope.js';
import { findCompiledEnum } from '../schema/value/compiled-enums.js';

export interface ModuleResolverOptions {
  /** Read a file's text; default `fs.readFileSync`. Returning undefined means "no such file". */
  readonly readFile?: (path: string) => string | undefined;
  /** Re-export chains longer than this are not followed. */
  readonly maxDepth?: number;
  /** The run's parsed programs, shared with the reading of the files themselves. */
  readonly programs?: ProgramCache;
  /** Files larger than this (characters) are not parsed: generated bundles cost more than they tell. */
  readonly maxFileChars?: number;
}

const EXTENSION_SWAPS: Record<string, string[]> = {
  '.js': ['.ts', '.tsx', '.js', '.jsx'],
  '.mjs': ['.mts', '.mjs'],
  '.cjs': ['.cts', '.cjs'],
  '.jsx': ['.tsx', '.jsx'],
};
const BARE_EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.jsx', '/index.ts', '/index.tsx', '/index.js', '/index.mjs'];
const DEFAULT_MAX_FILE_CHARS = 5_000_000;

type Parsed = { readonly program: Program } | { readonly reason: string };

export function createModuleResolver(options: ModuleResolverOptions = {}): ModuleResolver {
  const readFile = options.readFile ?? readIfFile;
  const maxDepth = options.maxDepth ?? 12;
  const maxChars = options.maxFileChars ?? DEFAULT_MAX_FILE_CHARS;
  const parsed = new Map<string, Parsed>();
  const exists = (path: string) => (readFile === readIfFile ? isFile(path) : readFile(path) !== undefined);

  const parse = (file: string): Parsed => {
    let entry = parsed.get(file);
    if (!entry) {
      const code = readFile(file);
      if (code === undefined) entry = { reason: `'${file}' cannot be read` };
      else if (code.length > maxChars) entry = { reason: `'${file}' is over ${Math.round(maxChars / 1_000_000)} MB and is not read` };
      else {
        try {
          // `import defs from './defs.json'` (resolveJsonModule): the JSON is the module's default export.
          const text = file.endsWith('.json') ? `export default ${code};` : code;
          const as = file.endsWith('.json') ? `${file}.ts` : file;
          entry = { program: options.programs ? options.programs.get(text, as) : parseSource(text, as) };
        } catch (error) {
          entry = { reason: `'${file}' does not parse: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
        }
      }
      parsed.set(file, entry);
    }
    return entry;
  };

  const resolveExport = (file: string, name: string, depth: number, seen: ReadonlySet<string>): ModuleBinding => {
    const key = `${file}\0${name}`;
    if (seen.has(key)) return { kind: 'unreadable', reason: `\`${name}\` is re-exported in a cycle` };
    if (depth > maxDepth) return { kind: 'unreadable', reason: `\`${name}\` is re-exported through more than ${maxDepth} modules` };
    const entry = parse(file);
    if (!('program' in entry)) return { kind: 'unreadable', reason: entry.reason };
    const next = new Set(seen).add(key);
    const { program } = entry;
    const local = findLocalExport(program, name);
    if (local) {
      if (local.kind === 'node') return { kind: 'node', program, filePath: file, node: local.node };
      return resolveLocalName(file, program, local.name, depth + 1, next);
    }
    let viaStar: ModuleBinding | undefined;
    for (const statement of program.body) {
      if (statement.type === 'ExportNamedDeclaration' && statement.source) {
        for (const spec of statement.specifiers) {
          if (getName(spec.exported) !== name) continue;
          return resolveImportFrom(file, String(statement.source.value), getName(spec.local), depth + 1, next);
        }
      } else if (statement.type === 'ExportAllDeclaration' || getCommonJsExportStar(statement) !== undefined) {
        // `export * from './x'`, or tsc's CommonJS `__exportStar(require("./x"), exports)`.
        const source = statement.type === 'ExportAllDeclaration' ? String(statement.source.value) : getCommonJsExportStar(statement)!;
        if (statement.type === 'ExportAllDeclaration' && statement.exported) {
          if (getName(statement.exported) === name) return resolveImportFrom(file, source, '*', depth + 1, next);
          continue;
        }
        if (!isRelative(source)) continue;
        const found = resolveImportFrom(file, source, name, depth + 1, next);
        if (found.kind !== 'unreadable') return found;
        viaStar ??= found.reason.includes('cycle') || found.reason.includes('more than') ? found : undefined;
      }
    }
    return viaStar ?? { kind: 'unreadable', reason: `'${file}' exports no \`${name}\`` };
  };

  /** A top-level name of a file: its declaration, or the import it re-exports. */
  const resolveLocalName = (file: string, program: Program, name: string, depth: number, seen: ReadonlySet<string>): ModuleBinding => {
    const declared = findTopLevelDeclaration(program, name);
    if (declared) return { kind: 'node', program, filePath: file, node: declared };
    const imported = Scope.of(program).getImport(name);
    if (imported) return resolveImportFrom(file, imported.source, imported.importedName, depth, seen);
    return { kind: 'unreadable', reason: `\`${name}\` is not declared at the top of '${file}'` };
  };

  const resolveImportFrom = (fromFile: string, source: string, importedName: string, depth: number, seen: ReadonlySet<string>): ModuleBinding => {
    const target = isRelative(source) ? resolveModulePath(fromFile, source, exists) : resolveProjectSpecifier(fromFile, source, exists);
    if (!isRelative(source) && !target) return { kind: 'package', source, importedName };
    if (!target) return { kind: 'unreadable', reason: `'${source}' (imported by '${fromFile}') cannot be found` };
    if (importedName === '*') {
      const entry = parse(target);
      return 'program' in entry ? { kind: 'namespace', program: entry.program, filePath: target } : { kind: 'unreadable', reason: entry.reason };
    }
    return resolveExport(target, importedName, depth, seen);
  };

  return {
    resolveImport: (fromFile, source, importedName) => resolveImportFrom(fromFile, source, importedName, 0, new Set()),
    resolveExport: (file, name) => resolveExport(file, name, 0, new Set()),
    getProgram: (file) => {
      const entry = parse(file);
      return 'program' in entry ? entry.program : undefined;
    },
  };
}

/**
 * A bare specifier that names a file of the project: a tsconfig `paths` alias (`@/schema/x`) or a
 * package of the same workspace (`@repo/common/src/x`). Installed packages are left to the caller.
 */
function resolveProjectSpecifier(fromFile: string, source: string, exists: (path: string) => boolean): string | undefined {
  for (const base of findAliasTargets(dirname(fromFile), source)) {
    const found = resolveModulePath(fromFile, base, exists);
    if (found) return found;
  }
  const workspace = findWorkspacePackages(dirname(fromFile));
  for (const [name, dir] of workspace) {
    if (source !== name && !source.startsWith(`${name}/`)) continue;
    const subpath = source.slice(name.length + 1);
    if (subpath) return resolveModulePath(join(dir, 'package.json'), `./${subpath}`, exists);
    for (const entry of ['src/index.ts', 'src/index.tsx', 'index.ts', 'src/index.js', 'index.js']) {
      if (exists(join(dir, entry))) return join(dir, entry);
    }
  }
  return undefined;
}

const tsconfigCache = new Map<string, { dir: string; baseUrl: string; paths: Record<string, string[]> } | null>();

/** Where a tsconfig `paths` alias points, from the nearest tsconfig.json that declares paths. */
function findAliasTargets(dir: string, source: string): string[] {
  const config = findTsconfigPaths(dir);
  if (!config) return [];
  const out: string[] = [];
  for (const [pattern, targets] of Object.entries(config.paths)) {
    const star = pattern.indexOf('*');
    let rest: string | undefined;
    if (star === -1) rest = pattern === source ? '' : undefined;
    else if (source.startsWith(pattern.slice(0, star)) && source.endsWith(pattern.slice(star + 1))) {
      rest = source.slice(star, source.length - (pattern.length - star - 1));
    }
    if (rest === undefined) continue;
    for (const target of targets) out.push(resolve(config.baseUrl, target.replace('*', rest)));
  }
  return out;
}

function findTsconfigPaths(dir: string): { dir: string; baseUrl: string; paths: Record<string, string[]> } | undefined {
  if (tsconfigCache.has(dir)) return tsconfigCache.get(dir) ?? undefined;
  let found: { dir: string; baseUrl: string; paths: Record<string, string[]> } | undefined;
  const file = join(dir, 'tsconfig.json');
  if (isFile(file)) {
    try {
      const json = JSON.parse(stripJsonComments(readFileSync(file, 'utf8'))) as { compilerOptions?: { baseUrl?: string; paths?: Record<string, string[]> } };
      const paths = json.compilerOptions?.paths;
      if (paths) found = { dir, baseUrl: resolve(dir, json.compilerOptions?.baseUrl ?? '.'), paths };
    } catch {
      found = undefined;
    }
  }
  const parent = dirname(dir);
  if (!found && parent !== dir && !existsSync(join(dir, '.git'))) found = findTsconfigPaths(parent);
  tsconfigCache.set(dir, found ?? null);
  return found;
}

function stripJsonComments(text: string): string {
  return text.replace(/("(?:[^"\\]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (match, string: string | undefined) => string ?? '').replace(/,(\s*[}\]])/g, '$1');
}

const workspaceCache = new Map<string, ReadonlyMap<string, string>>();

/** Packages of the workspace a folder belongs to (pnpm-workspace.yaml or `workspaces`), by name. */
function findWorkspacePackages(dir: string): ReadonlyMap<string, string> {
  const cached = workspaceCache.get(dir);
  if (cached) return cached;
  let result: ReadonlyMap<string, string> = new Map();
  const patterns = readWorkspacePatterns(dir);
  if (patterns) {
    const packages = new Map<string, string>();
    for (const pattern of patterns) {
      const folders = pattern.endsWith('/*') ? listDirs(join(dir, pattern.slice(0, -2))) : [join(dir, pattern)];
      for (const folder of folders) {
        const name = readPackageName(folder);
        if (name) packages.set(name, folder);
      }
    }
    result = packages;
  } else {
    const parent = dirname(dir);
    if (parent !== dir) result = findWorkspacePackages(parent);
  }
  workspaceCache.set(dir, result);
  return result;
}

function readWorkspacePatterns(dir: string): string[] | undefined {
  const yaml = join(dir, 'pnpm-workspace.yaml');
  if (isFile(yaml)) {
    const patterns: string[] = [];
    let inPackages = false;
    for (const line of readFileSync(yaml, 'utf8').split('\n')) {
      if (/^packages\s*:/.test(line)) inPackages = true;
      else if (/^\S/.test(line)) inPackages = false;
      else if (inPackages) {
        const item = /^\s*-\s*['"]?([^'"#]+?)['"]?\s*$/.exec(line);
        if (item && !item[1].startsWith('!')) patterns.push(item[1]);
      }
    }
    return patterns;
  }
  const pkg = join(dir, 'package.json');
  if (isFile(pkg)) {
    try {
      const json = JSON.parse(readFileSync(pkg, 'utf8')) as { workspaces?: string[] | { packages?: string[] } };
      const workspaces = Array.isArray(json.workspaces) ? json.workspaces : json.workspaces?.packages;
      if (workspaces) return workspaces;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function listDirs(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== 'node_modules')
      .map((d) => join(dir, d.name));
  } catch {
    return [];
  }
}

function readPackageName(dir: string): string | undefined {
  try {
    const name = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown }).name;
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}

function isRelative(source: string): boolean {
  return source.startsWith('./') || source.startsWith('../') || source === '.' || source === '..' || isAbsolute(source);
}

function getName(node: { type: string; name?: string; value?: unknown }): string {
  return node.type === 'Identifier' ? node.name! : String(node.value);
}

type LocalExport = { readonly kind: 'node'; readonly node: Node } | { readonly kind: 'name'; readonly name: string };

/** What a file exports as `name` by itself (not through `export … from`). */
function findLocalExport(program: Program, name: string): LocalExport | undefined {
  for (const statement of program.body) {
    if (statement.type === 'ExportNamedDeclaration' && !statement.source) {
      const declaration = statement.declaration;
      if (declaration?.type === 'VariableDeclaration') {
        for (const d of declaration.declarations) {
          if (d.id.type === 'Identifier' && d.id.name === name && d.init) return { kind: 'node', node: d.init };
          // `export var Color;` then tsc's `(function (Color) { … })(Color || (Color = {}))`.
          const compiledEnum = d.id.type === 'Identifier' && d.id.name === name && !d.init ? findCompiledEnum(program, name) : undefined;
          if (compiledEnum) return { kind: 'node', node: compiledEnum };
        }
      } else if (
        (declaration?.type === 'FunctionDeclaration' || declaration?.type === 'ClassDeclaration' || declaration?.type === 'TSEnumDeclaration') &&
        declaration.id?.name === name
      ) {
        return { kind: 'node', node: declaration };
      }
      for (const spec of statement.specifiers) {
        if (getName(spec.exported) === name) return { kind: 'name', name: getName(spec.local) };
      }
    } else if (statement.type === 'ExportDefaultDeclaration' && name === 'default') {
      const declaration = statement.declaration;
      if (declaration.type === 'Identifier') return { kind: 'name', name: declaration.name };
      if (declaration.type !== 'TSDeclareFunction' && declaration.type !== 'TSInterfaceDeclaration') return { kind: 'node', node: declaration };
    } else if (statement.type === 'TSExportAssignment' && name === 'default') {
      return { kind: 'node', node: statement.expression };
    }
  }
  const assigned = Scope.of(program).getExportsAssignment(name) ?? findCommonJsReExport(program, name);
  return assigned ? { kind: 'node', node: assigned } : findModuleExportsProperty(program, name);
}

/**
 * `module.exports = { definition, handler }` at the top of a CommonJS module, assigned once: the
 * property `name` of that literal (a shorthand names the module's own declaration). Undefined when a
 * spread or computed key after it may replace it.
 */
function findModuleExportsProperty(program: Program, name: string): LocalExport | undefined {
  const literals: TSESTree.ObjectExpression[] = [];
  for (const statement of program.body) {
    if (statement.type !== 'ExpressionStatement' || statement.expression.type !== 'AssignmentExpression' || statement.expression.operator !== '=') continue;
    const { left, right } = statement.expression;
    if (left.type !== 'MemberExpression' || left.computed || left.property.type !== 'Identifier' || left.property.name !== 'exports') continue;
    if (left.object.type !== 'Identifier' || left.object.name !== 'module') continue;
    if (right.type !== 'ObjectExpression') return undefined;
    literals.push(right);
  }
  if (literals.length !== 1) return undefined;
  const properties = literals[0].properties;
  for (let i = properties.length - 1; i >= 0; i--) {
    const property = properties[i];
    if (property.type === 'SpreadElement' || property.computed) return undefined;
    const key = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? String(property.key.value) : undefined;
    if (key !== name) continue;
    if (property.kind !== 'init' || property.method) return undefined;
    return property.value.type === 'Identifier' ? { kind: 'name', name: property.value.name } : { kind: 'node', node: property.value };
  }
  return undefined;
}

/** The module of tsc's CommonJS `__exportStar(require("./x"), exports)` (also `tslib_1.__exportStar`). */
function getCommonJsExportStar(statement: Program['body'][number]): string | undefined {
  if (statement.type !== 'ExpressionStatement' || statement.expression.type !== 'CallExpression') return undefined;
  const call = statement.expression;
  const callee = call.callee.type === 'MemberExpression' && !call.callee.computed ? call.callee.property : call.callee;
  if (callee.type !== 'Identifier' || callee.name !== '__exportStar' || call.arguments.length !== 2) return undefined;
  const [required, target] = call.arguments;
  if (target.type !== 'Identifier' || target.name !== 'exports') return undefined;
  if (required.type !== 'CallExpression' || required.callee.type !== 'Identifier' || required.callee.name !== 'require') return undefined;
  const source = required.arguments[0];
  return source?.type === 'Literal' && typeof source.value === 'string' ? source.value : undefined;
}

/**
 * tsc's CommonJS form of `export { a as X } from './x'`: `Object.defineProperty(exports, "X", { enumerable: true,
 * get: function () { return x_1.a; } })`. The getter's expression (`x_1.a`, a member of a `require`) is the value.
 */
function findCommonJsReExport(program: Program, name: string): Node | undefined {
  for (const statement of program.body) {
    if (statement.type !== 'ExpressionStatement' || statement.expression.type !== 'CallExpression') continue;
    const { callee, arguments: args } = statement.expression;
    if (callee.type !== 'MemberExpression' || callee.object.type !== 'Identifier' || callee.object.name !== 'Object') continue;
    if (callee.property.type !== 'Identifier' || callee.property.name !== 'defineProperty' || args.length !== 3) continue;
    const [target, key, descriptor] = args;
    if (target.type !== 'Identifier' || target.name !== 'exports' || key.type !== 'Literal' || key.value !== name || descriptor.type !== 'ObjectExpression') continue;
    for (const property of descriptor.properties) {
      if (property.type !== 'Property' || getPropertyKey(property) !== 'get') continue;
      const getter = property.value;
      if (getter.type !== 'FunctionExpression' && getter.type !== 'ArrowFunctionExpression') continue;
      if (getter.body.type !== 'BlockStatement') return getter.body;
      const only = getter.body.body.length === 1 ? getter.body.body[0] : undefined;
      if (only?.type === 'ReturnStatement' && only.argument) return only.argument;
    }
  }
  return undefined;
}

function getPropertyKey(property: { key: Node; computed: boolean }): string | undefined {
  if (property.key.type === 'Identifier' && !property.computed) return property.key.name;
  return property.key.type === 'Literal' ? String(property.key.value) : undefined;
}

/** A top-level `const`/`let`/`var` initializer, function, class or enum named `name`. */
function findTopLevelDeclaration(program: Program, name: string): Node | undefined {
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' && statement.declaration ? statement.declaration : statement;
    if (declaration.type === 'VariableDeclaration') {
      for (const d of declaration.declarations) {
        if (d.id.type === 'Identifier' && d.id.name === name && d.init) return d.init;
        const compiledEnum = d.id.type === 'Identifier' && d.id.name === name && !d.init ? findCompiledEnum(program, name) : undefined;
        if (compiledEnum) return compiledEnum;
      }
    } else if (
      (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration' || declaration.type === 'TSEnumDeclaration') &&
      declaration.id?.name === name
    ) {
      return declaration;
    }
  }
  return undefined;
}

/** The file a relative specifier names, trying TypeScript's source-for-output mapping. */
export function resolveModulePath(fromFile: string, specifier: string, exists: (path: string) => boolean): string | undefined {
  const base = resolve(dirname(fromFile), specifier);
  const extension = /\.[cm]?jsx?$/.exec(base)?.[0];
  const candidates = extension
    ? [...EXTENSION_SWAPS[extension].map((swap) => base.slice(0, -extension.length) + swap), ...BARE_EXTENSIONS.map((suffix) => base + suffix)]
    : [base, ...BARE_EXTENSIONS.map((suffix) => base + suffix)];
  return candidates.find((candidate) => exists(candidate));
}
