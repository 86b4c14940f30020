/**
 * Where a server is created when none of the slimmed files creates one: tools registered through a
 * wrapper (`createAuthenticatedMcpApp({ register(context) { … } })`) whose `new McpServer(…)` sits in
 * another package of the same repository. Follows the files' imports (relative ones, and package ones
 * that resolve to a workspace folder outside `node_modules`) a few levels deep and names the first
 * `new McpServer(` / `new Server(` / `new FastMCP(` it finds.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';

export interface ServerElsewhere {
  /** Absolute. */
  readonly file: string;
  readonly line: number;
  readonly construction: string;
}

const CONSTRUCTION = /\bnew\s+(McpServer|Server|FastMCP)\s*(?:<[^>()]*>)?\s*\(/;
const IMPORT = /\b(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '/index.ts', '/index.js'];
const MAX_FILES = 400;

export function findServerElsewhere(files: readonly string[], maxDepth = 4): ServerElsewhere | undefined {
  const given = new Set(files.map((file) => path.resolve(file)));
  const seen = new Set<string>(given);
  let frontier = [...given];
  for (let depth = 0; depth < maxDepth && frontier.length > 0 && seen.size < MAX_FILES; depth++) {
    const next: string[] = [];
    for (const file of frontier) {
      const code = readText(file);
      if (code === undefined) continue;
      if (!given.has(file)) {
        const match = CONSTRUCTION.exec(code);
        if (match) return { file, line: code.slice(0, match.index).split('\n').length, construction: match[1] };
      }
      for (const specifier of findImports(code)) {
        const target = resolveImport(file, specifier);
        if (target && !seen.has(target)) {
          seen.add(target);
          next.push(target);
        }
      }
    }
    frontier = next;
  }
  return undefined;
}

function findImports(code: string): string[] {
  const out: string[] = [];
  for (const match of code.matchAll(IMPORT)) out.push(match[1] ?? match[2] ?? match[3]);
  return out;
}

/** A relative or workspace import as a source file, or undefined (a library under node_modules, a missing file). */
export function resolveImport(from: string, specifier: string): string | undefined {
  let base: string | undefined;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else if (!specifier.startsWith('node:')) {
    const parts = specifier.split('/');
    const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
    const rest = parts.slice(specifier.startsWith('@') ? 2 : 1).join('/');
    for (let dir = path.dirname(from); ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'node_modules', name);
      if (existsSync(candidate)) {
        const real = safeRealpath(candidate);
        // Only workspace packages (linked from inside the repository), never an installed library.
        if (real === undefined || real.split(path.sep).includes('node_modules')) return undefined;
        base = path.join(real, rest);
        break;
      }
      if (path.dirname(dir) === dir) return undefined;
    }
  }
  if (base === undefined) return undefined;
  const stripped = base.replace(/\.(?:m|c)?js$/, '');
  for (const candidate of [base, ...EXTENSIONS.map((ext) => stripped + ext)]) {
    if (isFile(candidate) && !candidate.split(path.sep).includes('node_modules') && !/\.d\.[mc]?ts$/.test(candidate)) return candidate;
  }
  return undefined;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function safeRealpath(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}

function readText(file: string): string | undefined {
  try {
    const text = readFileSync(file, 'utf8');
    return text.length > 2_000_000 ? undefined : text;
  } catch {
    return undefined;
  }
}
