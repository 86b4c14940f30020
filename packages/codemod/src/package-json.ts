/**
 * What a slimmed server's package needs to build, start and publish: `@toolslim/runtime` in
 * `dependencies`, the instruction folder in `files` (when the package lists its files), the install
 * command of the package manager it uses, and whether its code runs as an ES module or CommonJS.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import type { ModuleKind } from './wire-runtime.js';

export const RUNTIME_PACKAGE = '@toolslim/runtime';
/** The runtime release the codemod writes code for. */
export const RUNTIME_RANGE = '^0.1.0';

/** The folder of the nearest package.json with a `name` (a `dist/package.json` that only sets `type` is not a package root). */
export function findPackageRoot(file: string): string | undefined {
  let fallback: string | undefined;
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const json = readPackageJson(dir);
    if (json) {
      fallback ??= dir;
      if (typeof json.name === 'string') return dir;
    }
    if (path.dirname(dir) === dir) return fallback;
  }
}

function readPackageJson(dir: string): Record<string, unknown> | undefined {
  const file = path.join(dir, 'package.json');
  if (!existsSync(file)) return undefined;
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How a file runs. `.mjs`/`.mts` and `.cjs`/`.cts` say it; otherwise the nearest package.json's `type`
 * decides, and for TypeScript in a package without `"type": "module"` the tsconfig's `module` does
 * (ES output, as bundlers and `esnext` emit, keeps `import.meta`; `commonjs` and `node16` output does not).
 */
export function getModuleKind(file: string, hasImportSyntax: boolean): ModuleKind {
  if (/\.m[jt]s$/.test(file)) return 'esm';
  if (/\.c[jt]s$/.test(file)) return 'cjs';
  let type: unknown;
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const json = readPackageJson(dir);
    if (json) {
      type = json.type;
      break;
    }
    if (path.dirname(dir) === dir) break;
  }
  if (type === 'module') return 'esm';
  if (!/\.tsx?$/.test(file)) return hasImportSyntax ? 'esm' : 'cjs';
  const module = findTsconfigModule(file);
  if (module === undefined) return hasImportSyntax ? 'esm' : 'cjs';
  const { ModuleKind: Kind } = ts;
  return module === Kind.CommonJS || module === Kind.Node16 || module === Kind.NodeNext || module === Kind.AMD || module === Kind.UMD ? 'cjs' : 'esm';
}

function findTsconfigModule(file: string): ts.ModuleKind | undefined {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const tsconfig = path.join(dir, 'tsconfig.json');
    if (existsSync(tsconfig)) {
      try {
        const parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
        return parsed?.options.module;
      } catch {
        return undefined;
      }
    }
    if (existsSync(path.join(dir, 'package.json')) && typeof readPackageJson(dir)?.name === 'string') return undefined;
    if (path.dirname(dir) === dir) return undefined;
  }
}

export interface PackageJsonChange {
  readonly file: string;
  readonly before: string;
  readonly after: string;
}

/**
 * package.json with the runtime in `dependencies` and the instruction folder in `files` (only when the
 * package has a `files` list that does not cover it yet). Undefined when nothing changes or the file
 * cannot be read as JSON.
 */
export function buildPackageJsonChange(packageRoot: string, packageDir: string): PackageJsonChange | undefined {
  const file = path.join(packageRoot, 'package.json');
  let before: string;
  let json: Record<string, unknown>;
  try {
    before = readFileSync(file, 'utf8');
    json = JSON.parse(before) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const eol = before.includes('\r\n') ? '\r\n' : '\n';
  const indent = /^\{\r?\n([ \t]+)"/.exec(before)?.[1] ?? '  ';
  let changed = false;
  const dependencies = json.dependencies && typeof json.dependencies === 'object' ? (json.dependencies as Record<string, string>) : undefined;
  const hasRuntime = [json.dependencies, json.peerDependencies].some((deps) => deps && typeof deps === 'object' && RUNTIME_PACKAGE in deps);
  if (!hasRuntime) {
    json.dependencies = insertSorted(dependencies ?? {}, RUNTIME_PACKAGE, RUNTIME_RANGE);
    changed = true;
  }
  if (Array.isArray(json.files) && !packageDir.startsWith('..') && !isCovered(json.files as unknown[], packageDir)) {
    json.files = [...(json.files as unknown[]), packageDir];
    changed = true;
  }
  if (!changed) return undefined;
  const trailing = /\r?\n$/.test(before) ? eol : '';
  const serialise = (value: unknown) => JSON.stringify(value, null, indent).replace(/\n/g, eol) + trailing;
  // A file in JSON.stringify's own layout is written the same way; any other layout gets a textual edit.
  if (serialise(JSON.parse(before)) === before) return { file, before, after: serialise(json) };
  let after = before;
  const entry = `"${RUNTIME_PACKAGE}": "${RUNTIME_RANGE}"`;
  if (!hasRuntime) {
    const open = /"dependencies"\s*:\s*\{/.exec(after);
    if (open) {
      const at = open.index + open[0].length;
      const rest = after.slice(at);
      const multiline = /^(\r?\n)([ \t]+)"/.exec(rest);
      if (multiline) after = `${after.slice(0, at)}${multiline[1]}${multiline[2]}${entry},${rest}`;
      else after = `${after.slice(0, at)} ${entry}${/^\s*\}/.test(rest) ? ' ' : ','}${rest}`;
    } else {
      // No dependencies yet: a new field before the closing brace.
      const close = after.lastIndexOf('}');
      const head = after.slice(0, close).replace(/\s*$/, '');
      after = `${head},${eol}${indent}"dependencies": {${eol}${indent}${indent}${entry}${eol}${indent}}${eol}${after.slice(close)}`;
    }
  }
  if (Array.isArray(json.files) && json.files.includes(packageDir) && !isCovered(JSON.parse(before).files as unknown[], packageDir)) {
    const list = /"files"\s*:\s*\[([^\]]*)\]/.exec(after);
    if (!list) return { file, before, after: serialise(json) };
    const inner = list[1];
    const closeAt = list.index + list[0].length - 1;
    const lastItem = /(\S)(\s*)$/.exec(inner);
    const itemIndent = /\n([ \t]+)"/.exec(inner)?.[1];
    const added = itemIndent ? `,${eol}${itemIndent}"${packageDir}"` : `, "${packageDir}"`;
    after = lastItem
      ? `${after.slice(0, list.index + list[0].length - 1 - lastItem[2].length)}${added}${after.slice(closeAt - lastItem[2].length)}`
      : `${after.slice(0, closeAt)}"${packageDir}"${after.slice(closeAt)}`;
  }
  return { file, before, after };
}

/** A key added in sorted position when the keys were sorted, else at the end. */
function insertSorted(record: Record<string, string>, key: string, value: string): Record<string, string> {
  const keys = Object.keys(record);
  const sorted = keys.every((k, i) => i === 0 || keys[i - 1].localeCompare(k) <= 0);
  const all = [...keys, key];
  if (sorted) all.sort((a, b) => a.localeCompare(b));
  return Object.fromEntries(all.map((k) => [k, k === key ? value : record[k]]));
}

/** Whether a `files` entry already ships the folder (`docs`, `docs/tools`, `docs/**`, `docs/tools/*.md`). */
function isCovered(files: readonly unknown[], dir: string): boolean {
  return files.some((entry) => {
    if (typeof entry !== 'string') return false;
    const clean = entry.replace(/^\.\//, '').replace(/\/$/, '');
    if (clean === dir || dir.startsWith(`${clean}/`)) return true;
    return clean.startsWith(`${dir}/`) && clean.endsWith('*.md');
  });
}

/** The one command that installs what package.json now lists, for the package manager in use. */
export function findInstallCommand(packageRoot: string): string {
  const managers: ReadonlyArray<readonly [string, string]> = [
    ['pnpm-lock.yaml', 'pnpm install'],
    ['yarn.lock', 'yarn install'],
    ['bun.lockb', 'bun install'],
    ['bun.lock', 'bun install'],
    ['package-lock.json', 'npm install'],
  ];
  for (let dir = packageRoot; ; dir = path.dirname(dir)) {
    const found = managers.find(([lock]) => existsSync(path.join(dir, lock)));
    if (found) return found[1];
    const declared = readPackageJson(dir)?.packageManager;
    if (typeof declared === 'string') return `${declared.split('@')[0]} install`;
    if (path.dirname(dir) === dir) return 'npm install';
  }
}
