import type { TSESLint, TSESTree, ParserServices } from '@typescript-eslint/utils';
import { findTools, isCompiledCopyBesideSource, type ConstantResolver, type FileModel, type ImportedConstantRef, type ToolslimSettings } from '@toolslim/core';

type AnyContext = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

/**
 * One model per parsed file, shared by every rule that runs on it. Keyed by the AST object, which ESLint
 * creates anew for every file and every edit, so nothing carries over from one file to the next.
 */
const modelsByAst = new WeakMap<TSESTree.Program, FileModel>();

export function getFileModel(context: AnyContext): FileModel {
  const ast = context.sourceCode.ast;
  const cached = modelsByAst.get(ast);
  if (cached) return cached;
  // A compiled copy beside its source (`server.js` next to `server.ts`) publishes nothing of its own: the source is
  // what runs, and is linted itself.
  const model = isCompiledCopyBesideSource(context.filename) ? { tools: [], servers: [], unread: [] } : findTools(ast, {
    filePath: context.filename,
    settings: getToolslimSettings(context),
    resolveConstant: buildConstantResolver(context.sourceCode.parserServices),
  });
  modelsByAst.set(ast, model);
  return model;
}

/** `settings.toolslim` from the user's config; documented in docs/settings.md. */
export function getToolslimSettings(context: AnyContext): ToolslimSettings {
  const settings = (context.settings as { toolslim?: unknown }).toolslim;
  return isPlainObject(settings) ? (settings as ToolslimSettings) : {};
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `ts.SymbolFlags.Alias`: the plugin reads types through the parser's TypeScript without importing its own copy. */
const SYMBOL_FLAG_ALIAS = 2_097_152;

/**
 * With type information (the user's config sets `parserOptions.project` or `projectService`), an imported
 * constant whose type is a string literal is read through the checker. Without it the resolver is absent
 * and core marks such text dynamic: the rules stay correct, they only see less.
 */
function buildConstantResolver(services: Partial<ParserServices> | undefined): ConstantResolver | undefined {
  const program = services?.program;
  const nodeMap = services?.esTreeNodeToTSNodeMap;
  if (!program || !nodeMap) return undefined;
  const checker = program.getTypeChecker();
  return (ref: ImportedConstantRef) => {
    const tsNode = nodeMap.get(ref.local);
    if (!tsNode) return undefined;
    const type = checker.getTypeAtLocation(tsNode);
    if (!type.isStringLiteral()) return undefined;
    const symbol = checker.getSymbolAtLocation(tsNode);
    const target = symbol && symbol.flags & SYMBOL_FLAG_ALIAS ? checker.getAliasedSymbol(symbol) : symbol;
    const file = target?.declarations?.[0]?.getSourceFile().fileName;
    return file ? { value: type.value, file } : { value: type.value };
  };
}
