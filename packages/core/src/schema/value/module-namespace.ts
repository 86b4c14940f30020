/**
 * The names another module of the project exports, for `Object.values(tools)` of `import * as tools`: an
 * ES module namespace lists its exports sorted by name (`export * from` included, `default` too). A module
 * whose exports cannot be listed statically (CommonJS, an `export *` that cannot be followed) has no list.
 */
import type { Program } from '../../ast.js';
import type { ModuleResolver } from '../../model.js';

const MAX_RE_EXPORTS = 12;

/** The export names of `filePath`, sorted as a namespace object lists them; undefined when they cannot all be known. */
export function listExportNames(program: Program, filePath: string, resolveModule: ModuleResolver | undefined): string[] | undefined {
  const names = new Set<string>();
  return collect(program, filePath, resolveModule, names, new Set(), 0, true) ? [...names].sort() : undefined;
}

function collect(program: Program, filePath: string, resolveModule: ModuleResolver | undefined, names: Set<string>, seen: Set<string>, depth: number, withDefault: boolean): boolean {
  if (seen.has(filePath) || depth > MAX_RE_EXPORTS) return true;
  seen.add(filePath);
  let isModule = false;
  for (const statement of program.body) {
    if (statement.type === 'ExportDefaultDeclaration') {
      isModule = true;
      if (withDefault) names.add('default');
    } else if (statement.type === 'ExportNamedDeclaration') {
      isModule = true;
      const declaration = statement.declaration;
      if (declaration?.type === 'VariableDeclaration') {
        for (const declarator of declaration.declarations) {
          if (declarator.id.type !== 'Identifier') return false;
          names.add(declarator.id.name);
        }
      } else if (declaration && 'id' in declaration && declaration.id?.type === 'Identifier') names.add(declaration.id.name);
      for (const specifier of statement.specifiers) {
        const exported = specifier.exported;
        names.add(exported.type === 'Identifier' ? exported.name : String(exported.value));
      }
    } else if (statement.type === 'ExportAllDeclaration') {
      isModule = true;
      if (statement.exported) {
        names.add(statement.exported.name);
        continue;
      }
      const target = resolveModule?.resolveImport(filePath, String(statement.source.value), '*');
      if (target?.kind !== 'namespace') return false;
      // `export *` passes every name on but `default`.
      if (!collect(target.program, target.filePath, resolveModule, names, seen, depth + 1, false)) return false;
    } else if (statement.type === 'ImportDeclaration') isModule = true;
  }
  return isModule;
}
