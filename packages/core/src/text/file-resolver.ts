/**
 * A `ConstantResolver` that reads constants exported from other files of the same project, through the
 * one cross-file resolver (`resolve/modules.ts`: `.js` specifiers to their `.ts` sources, re-exports,
 * barrels, CommonJS `exports.X`) and the text evaluator. Relative imports only. Used by `report` and
 * `budget`; the codemod and type-aware ESLint configs fill the same hook their own way.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { Program } from '../ast.js';
import type { ConstantResolver, ModuleResolver, Node } from '../model.js';
import { createModuleResolver } from '../resolve/modules.js';
import { evaluateText, readImportedText } from './evaluate.js';
import { Scope } from './scope.js';

export interface FileConstantResolverOptions {
  /** Read a file's text; default `fs.readFileSync`. Returning undefined means "no such file". */
  readonly readFile?: (path: string) => string | undefined;
  /** Re-export chains longer than this are not followed. */
  readonly maxDepth?: number;
  /** The run's module resolver, so files are parsed once for constants and for schemas alike. */
  readonly modules?: ModuleResolver;
}

export function createFileConstantResolver(options: FileConstantResolverOptions = {}): ConstantResolver {
  const modules = options.modules ?? createModuleResolver({ readFile: options.readFile, maxDepth: options.maxDepth });
  return (ref) => {
    if (!ref.source.startsWith('.')) return undefined;
    const binding = modules.resolveImport(ref.fromFile, ref.source, ref.importedName);
    if (binding.kind !== 'node') return undefined;
    const node = binding.node;
    const text = readImportedText(
      node,
      () => evaluateText(node, { program: binding.program, filePath: binding.filePath, resolveModule: modules }),
      () => undefined,
    );
    if (!text) return undefined;
    return text.kind === 'static' ? { value: text.value, file: binding.filePath } : undefined;
  };
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
