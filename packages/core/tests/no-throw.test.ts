/**
 * No input shape makes core throw: every .js/.ts/.mjs/.cjs file of a few large installed packages goes
 * through the tool detector, and every tool found through the published-tool builder and the measurer.
 * The packages that declare no tools (zod, typescript-eslint) also prove the detector's restraint.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildPublishedTool, findTools, measureTool, parseSource, type Program } from '@toolslim/core';
import { walk } from '../src/ast.js';
import type { Framework } from '../src/model.js';
import { evaluateSchema } from '../src/schema/index.js';

const PNPM_STORE = fileURLToPath(new URL('../../../node_modules/.pnpm/', import.meta.url));
const MAX_BYTES = 5 * 1024 * 1024;
const SOURCE_FILE = /\.(?:[cm]?js|[cm]?ts)$/;
/**
 * A guard against a hang, not a speed check: the whole file runs in ~25 s of CPU on 2 cores, and a
 * loaded CI machine gets ample room. How fast core reads next to parsing is test/bench/find-tools.bench.mjs.
 */
const TIMEOUT = 180_000;

/** Installed package folders whose `.pnpm` entry matches, e.g. `@typescript-eslint+utils@8.72.0…` → its package dir. */
function findPackageDirs(entryPattern: RegExp): string[] {
  const dirs: string[] = [];
  for (const entry of readdirSync(PNPM_STORE)) {
    const match = entryPattern.exec(entry);
    if (!match) continue;
    const name = match[1].replace('+', '/');
    dirs.push(join(PNPM_STORE, entry, 'node_modules', name));
  }
  return dirs;
}

function findSourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') findSourceFiles(path, out);
    else if (entry.isFile() && SOURCE_FILE.test(entry.name)) out.push(path);
  }
  return out;
}

interface ScanResult {
  readonly files: number;
  readonly parsed: number;
  readonly thrown: string[];
  readonly tools: string[];
  readonly parseMs: number;
  /** Time in findTools alone (the walk, the detectors and the schema evaluation they call). */
  readonly findMs: number;
}

/**
 * `report` may cost at most twice ESLint's parse; finding tools is one part of that budget, so it must stay
 * a small fraction of the parse (about a tenth here). A ratio holds on a loaded machine where times do not.
 */
function scan(dirs: readonly string[]): ScanResult {
  const files = dirs.flatMap((dir) => findSourceFiles(dir));
  const result: ScanResult = { files: files.length, parsed: 0, thrown: [], tools: [], parseMs: 0, findMs: 0 };
  let parsed = 0;
  let parseMs = 0;
  let findMs = 0;
  for (const file of files) {
    if (statSync(file).size > MAX_BYTES) continue;
    const code = readFileSync(file, 'utf8');
    const label = relative(PNPM_STORE, file);
    let program: Program;
    const parseStart = performance.now();
    try {
      program = parseSource(code, file);
    } catch {
      continue; // not our input: a file the parser refuses is reported by the CLI, not analysed
    }
    parseMs += performance.now() - parseStart;
    parsed++;
    try {
      const findStart = performance.now();
      const model = findTools(program, { filePath: file });
      findMs += performance.now() - findStart;
      for (const tool of model.tools) {
        const name = tool.name?.kind === 'static' ? tool.name.value : '<dynamic>';
        result.tools.push(`${label}:${tool.line} ${tool.framework} ${name}`);
        const published = buildPublishedTool(tool);
        if (published.tool) measureTool(published.tool);
      }
    } catch (error) {
      result.thrown.push(`${label}: ${error instanceof Error ? error.stack : String(error)}`);
    }
  }
  console.log(`${files.length} files, ${parsed} parsed; parse ${Math.round(parseMs)} ms, findTools ${Math.round(findMs)} ms`);
  return { ...result, parsed, parseMs, findMs };
}

describe('core never throws on real-world code', () => {
  it(
    'reads the MCP SDK and finds only the tools of its example servers',
    () => {
      const dirs = findPackageDirs(/^(@modelcontextprotocol\+sdk)@/);
      expect(dirs.length).toBeGreaterThan(0);
      const result = scan(dirs);
      expect(result.thrown).toEqual([]);
      expect(result.files).toBeGreaterThan(200);
      expect(result.parsed / result.files).toBeGreaterThan(0.95);
      // Every tool found is declared by an example server, in its ESM and its CJS build alike.
      expect(result.tools.filter((t) => !/\/dist\/(?:esm|cjs)\/examples\/server\//.test(t))).toEqual([]);
      const names = (build: string) =>
        new Set(result.tools.filter((t) => t.includes(`/dist/${build}/`)).map((t) => t.split(' ').slice(1).join(' ')));
      expect(names('esm')).toEqual(names('cjs'));
      for (const expected of ['mcp-sdk greet', 'mcp-sdk multi-greet', 'mcp-sdk long-task', 'mcp-sdk collect-user-info-task', 'mcp-sdk-low-level write_haiku']) {
        expect(names('esm')).toContain(expected);
      }
    },
    TIMEOUT,
  );

  it(
    'reads zod and finds no tools in it',
    () => {
      const result = scan(findPackageDirs(/^(zod)@/));
      expect(result.thrown).toEqual([]);
      expect(result.files).toBeGreaterThan(500);
      expect(result.parsed / result.files).toBeGreaterThan(0.95);
      expect(result.tools).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'reads typescript-eslint and finds no tools in it',
    () => {
      const result = scan(findPackageDirs(/^(typescript-eslint|@typescript-eslint\+[a-z-]+)@/));
      expect(result.thrown).toEqual([]);
      expect(result.files).toBeGreaterThan(500);
      expect(result.parsed / result.files).toBeGreaterThan(0.95);
      expect(result.tools).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'the schema evaluator never throws on any expression of large real files',
    () => {
      const root = fileURLToPath(new URL('../node_modules/', import.meta.url));
      const files = [
        join(root, '@modelcontextprotocol/sdk/dist/esm/server/mcp.js'),
        join(root, '@modelcontextprotocol/sdk/dist/cjs/types.js'),
        ...findSourceFiles(join(root, 'zod/v4/classic')).filter((file) => file.endsWith('.js')),
      ];
      let evaluated = 0;
      for (const file of files) {
        const program = parseSource(readFileSync(file, 'utf8'), file);
        const frameworks: Framework[] = ['mcp-sdk', 'mcp-sdk-low-level', 'fastmcp', 'vercel-ai', 'langchain'];
        walk(program, (node) => {
          if (node.type !== 'ObjectExpression' && node.type !== 'CallExpression' && node.type !== 'Identifier') return;
          const framework = frameworks[evaluated % frameworks.length];
          expect(() => evaluateSchema(node, framework, { program, filePath: file, zodVersion: 4 })).not.toThrow();
          evaluated++;
        });
      }
      expect(evaluated).toBeGreaterThan(5000);
    },
    TIMEOUT,
  );
});
