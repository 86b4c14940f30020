/**
 * A `ConstantResolver` that reads constants exported from other files of the same project by parsing
 * them with core's own parser — no type checker, no ts-morph project. Relative imports only; `.js`
 * specifiers map to their `.ts` sources as TypeScript's NodeNext resolution does. Used by `report`
 * and `budget`; the codemod and type-aware ESLint configs fill the same hook their own way.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { TSESTree } from '@typescript-eslint/types';
import { parseSource, type Program } from '../ast.js';
import type { ConstantResolver, ImportedConstantRef, Node } from '../model.js';
import { evaluateText } from './evaluate.js';
import { Scope } from './scope.js';

export interface FileConstantResolverOptions {
  /** Read a file's text; default `fs.readFileSync`. Returning undefined means "no such file". */
  readonly readFile?: (path: string) => string | undefined;
  /** Re-export chains longer than this are not followed. */
  readonly maxDepth?: number;
}

const EXTENSION_SWAPS: Record<string, string[]> = {
  '.js': ['.ts', '.tsx', '.js', '.jsx'],
  '.mjs': ['.mts', '.mjs'],
  '.cjs': ['.cts', '.cjs'],
  '.jsx': ['.tsx', '.jsx'],
};
const BARE_EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '/index.ts', '/index.js'];

export function createFileConstantResolver(options: FileConstantResolverOptions = {}): ConstantResolver {
  const readFile = options.readFile ?? readIfFile;
  const maxDepth = options.maxDepth ?? 8;
  const programs = new Map<string, Program | null>();

  const getProgram = (path: string): Program | undefined => {
    if (!programs.has(path)) {
      const code = readFile(path);
      let program: Program | null = null;
      if (code !== undefined) {
        try {
          program = parseSource(code, path);
        } catch {
          program = null;
        }
      }
      programs.set(path, program);
    }
    return programs.get(path) ?? undefined;
  };

  const resolveExport = (file: string, name: string, depth: number): { value: string; file: string } | undefined => {
    if (depth > maxDepth) return undefined;
    const program = getProgram(file);
    if (!program) return undefined;
    const context = { program, filePath: file, resolveConstant: (ref: ImportedConstantRef) => resolveRef(ref, depth + 1) };
    const evaluateStatic = (node: Node) => {
      const text = evaluateText(node, context);
      return text.kind === 'static' ? { value: text.value, file } : undefined;
    };
    const direct = findExportedInitializer(program, name);
    if (direct) return evaluateStatic(direct);
    for (const statement of program.body) {
      if (statement.type === 'ExportNamedDeclaration' && statement.source) {
        for (const spec of statement.specifiers) {
          const exported = spec.exported.type === 'Identifier' ? spec.exported.name : String(spec.exported.value);
          if (exported !== name) continue;
          const local = spec.local.type === 'Identifier' ? spec.local.name : String(spec.local.value);
          const target = resolveModule(file, String(statement.source.value), readFile);
          return target ? resolveExport(target, local, depth + 1) : undefined;
        }
      } else if (statement.type === 'ExportAllDeclaration' && !statement.exported) {
        const target = resolveModule(file, String(statement.source.value), readFile);
        const found = target ? resolveExport(target, name, depth + 1) : undefined;
        if (found) return found;
      }
    }
    return undefined;
  };

  const resolveRef = (ref: ImportedConstantRef, depth: number): { value: string; file: string } | undefined => {
    if (!ref.source.startsWith('.')) return undefined;
    const target = resolveModule(ref.fromFile, ref.source, readFile);
    return target ? resolveExport(target, ref.importedName, depth) : undefined;
  };

  return (ref) => resolveRef(ref, 0);
}

/** The file a relative specifier names, trying TypeScript's source-for-output mapping. */
function resolveModule(fromFile: string, specifier: string, readFile: (path: string) => string | undefined): string | undefined {
  const base = resolve(dirname(fromFile), specifier);
  const extension = /\.[cm]?jsx?$/.exec(base)?.[0];
  const candidates = extension
    ? EXTENSION_SWAPS[extension].map((swap) => base.slice(0, -extension.length) + swap)
    : [base, ...BARE_EXTENSIONS.map((suffix) => base + suffix)];
  return candidates.find((candidate) => readFile === readIfFile ? isFile(candidate) : readFile(candidate) !== undefined);
}

function isFile(path: string): boolean {
  try {
    return existsSync(path) && statSync(path).isFile();
  } catch {
    return false;
  }
}

function readIfFile(path: string): string | undefined {
  return isFile(path) ? readFileSync(path, 'utf8') : undefined;
}

/** The initializer of a top-level variable `NAME` (exported or not). */
export function findTopLevelInitializer(program: Program, name: string): Node | undefined {
  for (const statement of program.body) {
    const declaration =
      statement.type === 'VariableDeclaration'
        ? statement
        : statement.type === 'ExportNamedDeclaration' && statement.declaration?.type === 'VariableDeclaration'
          ? statement.declaration
          : undefined;
    for (const declarator of declaration?.declarations ?? []) {
      if (declarator.id.type === 'Identifier' && declarator.id.name === name && declarator.init) return declarator.init;
    }
  }
  return undefined;
}

/**
 * The expression a file exports as `name` without going through another module: `export const NAME = …`,
 * `export { local as NAME }`, `export default …` (for `default`), or CommonJS `exports.NAME = …`.
 */
export function findExportedInitializer(program: Program, name: string): Node | undefined {
  for (const statement of program.body) {
    if (statement.type === 'ExportNamedDeclaration' && !statement.source) {
      if (statement.declaration?.type === 'VariableDeclaration') {
        for (const d of statement.declaration.declarations) {
          if (d.id.type === 'Identifier' && d.id.name === name && d.init) return d.init;
        }
      }
      for (const spec of statement.specifiers) {
        const exported = spec.exported.type === 'Identifier' ? spec.exported.name : String(spec.exported.value);
        if (exported === name && spec.local.type === 'Identifier') return findTopLevelInitializer(program, spec.local.name);
      }
    } else if (statement.type === 'ExportDefaultDeclaration' && name === 'default' && isExpression(statement.declaration)) {
      return statement.declaration;
    }
  }
  return Scope.of(program).getExportsAssignment(name);
}

function isExpression(node: TSESTree.ExportDefaultDeclaration['declaration']): boolean {
  return !/Declaration$/.test(node.type) && node.type !== 'TSDeclareFunction';
}
