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
    for (const statement of program.body) {
      if (statement.type === 'ExportNamedDeclaration') {
        const declaration = statement.declaration;
        if (declaration?.type === 'VariableDeclaration') {
          for (const d of declaration.declarations) {
            if (d.id.type === 'Identifier' && d.id.name === name && d.init) return evaluateStatic(d.init);
          }
        }
        for (const spec of statement.specifiers) {
          const exported = spec.exported.type === 'Identifier' ? spec.exported.name : String(spec.exported.value);
          if (exported !== name) continue;
          const local = spec.local.type === 'Identifier' ? spec.local.name : String(spec.local.value);
          if (statement.source) {
            const target = resolveModule(file, String(statement.source.value), readFile);
            return target ? resolveExport(target, local, depth + 1) : undefined;
          }
          return evaluateStatic(spec.local as TSESTree.Identifier);
        }
      } else if (statement.type === 'ExportDefaultDeclaration' && name === 'default') {
        const declaration = statement.declaration;
        if (declaration.type !== 'FunctionDeclaration' && declaration.type !== 'ClassDeclaration' && declaration.type !== 'TSDeclareFunction' && declaration.type !== 'TSInterfaceDeclaration' && declaration.type !== 'TSEnumDeclaration' && declaration.type !== 'TSModuleDeclaration' && declaration.type !== 'TSTypeAliasDeclaration' && declaration.type !== 'VariableDeclaration') {
          return evaluateStatic(declaration);
        }
      } else if (statement.type === 'ExportAllDeclaration' && !statement.exported) {
        const target = resolveModule(file, String(statement.source.value), readFile);
        const found = target ? resolveExport(target, name, depth + 1) : undefined;
        if (found) return found;
      }
    }
    // CommonJS output: exports.NAME = "…".
    const assigned = Scope.of(program).getExportsAssignment(name);
    return assigned ? evaluateStatic(assigned) : undefined;
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
