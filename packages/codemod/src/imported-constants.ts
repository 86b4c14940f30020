/**
 * Constants imported from other modules: ts-morph finds which declaration an import names (following
 * re-exports, with the project's module resolution), and core evaluates that declaration's initializer in
 * the file's current text, so edits to the other module are checked like edits to the file itself.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Project, ts, Node as MorphNode } from 'ts-morph';
import { evaluateText, findExportedInitializer, findTopLevelInitializer, type ConstantResolver, type ImportedConstantRef, type ModuleResolver, type Program, type TextPiece } from '@toolslim/core';
import type { SourceStore } from './source-store.js';
import type { ExternalText } from './text-edits.js';

interface Declaration {
  readonly file: string;
  readonly name: string;
  /** True when `name` is the exported name (found from syntax); otherwise it is the local variable ts-morph found. */
  readonly exported?: boolean;
}

export class ImportedConstants {
  private projectCache: Project | undefined;
  private readonly declarations = new Map<string, Declaration | undefined>();
  private readonly resolved = new WeakMap<object, ExternalText>();
  /** file → the other files its text was read from. */
  private readonly dependencies = new Map<string, Set<string>>();
  private depth = 0;
  /** Modules followed as `report` follows them (schemas, enum members, objects imported from other files). */
  moduleResolver: ModuleResolver | undefined;

  constructor(
    private readonly store: SourceStore,
    private readonly options: { readonly cwd: string; readonly tsconfig?: string },
  ) {}

  /** The ts-morph project, created on the first import that needs module resolution. */
  private get project(): Project {
    if (!this.projectCache) {
      const tsconfig = this.options.tsconfig ?? path.join(this.options.cwd, 'tsconfig.json');
      const base = { skipAddingFilesFromTsConfig: true, skipFileDependencyResolution: true };
      this.projectCache = existsSync(tsconfig)
        ? new Project({ ...base, tsConfigFilePath: tsconfig, compilerOptions: { allowJs: true } })
        : new Project({ ...base, compilerOptions: { allowJs: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext } });
    }
    return this.projectCache;
  }

  readonly resolve: ConstantResolver = (ref) => {
    // A constant built from constants of a third module resolves recursively; a cycle stops here.
    if (this.depth > 8) return undefined;
    const declaration = this.findDeclaration(ref);
    if (!declaration) return undefined;
    let program: Program;
    try {
      program = this.store.getProgram(declaration.file);
    } catch {
      return undefined;
    }
    const init = declaration.exported ? findExportedInitializer(program, declaration.name) : findTopLevelInitializer(program, declaration.name);
    if (!init) return undefined;
    const context = { program, filePath: declaration.file, resolveConstant: this.resolve };
    this.depth++;
    const text = (() => {
      try {
        return evaluateText(init, context);
      } finally {
        this.depth--;
      }
    })();
    if (text.kind !== 'static') return undefined;
    this.resolved.set(ref.local, { file: declaration.file, program, text, context });
    const deps = this.dependencies.get(ref.fromFile) ?? new Set<string>();
    deps.add(declaration.file);
    this.dependencies.set(ref.fromFile, deps);
    return { value: text.value, file: declaration.file };
  };

  /** The resolved text behind a piece that came from an imported constant. */
  readonly getExternal = (piece: TextPiece): ExternalText | undefined => this.resolved.get(piece.node);

  /** The files whose text `file`'s tools were read from. */
  getDependencies(file: string): ReadonlySet<string> {
    return this.dependencies.get(file) ?? new Set();
  }

  /** `file`'s tools read text written in `dependency` too (a schema imported from it). */
  addDependency(file: string, dependency: string): void {
    const deps = this.dependencies.get(file) ?? new Set<string>();
    deps.add(dependency);
    this.dependencies.set(file, deps);
  }

  private findDeclaration(ref: ImportedConstantRef): Declaration | undefined {
    const key = `${ref.fromFile}\0${ref.source}\0${ref.importedName}`;
    if (this.declarations.has(key)) return this.declarations.get(key);
    let found: Declaration | undefined;
    try {
      found = this.lookUp(ref);
    } catch {
      found = undefined;
    }
    this.declarations.set(key, found);
    return found;
  }

  private lookUp(ref: ImportedConstantRef): Declaration | undefined {
    const resolution = ts.resolveModuleName(ref.source, ref.fromFile, this.project.getCompilerOptions(), ts.sys);
    const target = resolution.resolvedModule?.resolvedFileName;
    if (!target || /\.d\.[mc]?ts$/.test(target) || target.split(path.sep).includes('node_modules')) return undefined;
    // Most constants are exported plainly (`export const X`, `export { x as X }`): read those from the
    // file's syntax, which costs one parse; only re-exports and the like need ts-morph's type checker.
    const program = this.store.getProgram(path.resolve(target));
    if (findExportedInitializer(program, ref.importedName)) return { file: path.resolve(target), name: ref.importedName, exported: true };
    const sourceFile = this.project.getSourceFile(target) ?? this.project.addSourceFileAtPath(target);
    const declaration = sourceFile.getExportedDeclarations().get(ref.importedName)?.[0];
    if (!declaration || !MorphNode.isVariableDeclaration(declaration)) return undefined;
    const file = path.resolve(declaration.getSourceFile().getFilePath());
    return { file, name: declaration.getName() };
  }
}
