import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { createModuleResolver, type ModuleResolver } from '@toolslim/core';

type AnyContext = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

const resolversByAst = new WeakMap<TSESTree.Program, ModuleResolver>();

/**
 * The module resolver cross-file rules read other modules through: one per linted file (keyed by its AST,
 * new on every edit), so an edit to another module is seen on the next lint and no finding depends on
 * which files the process linted before.
 */
export function getModuleResolver(context: AnyContext): ModuleResolver {
  const ast = context.sourceCode.ast;
  let resolver = resolversByAst.get(ast);
  if (!resolver) {
    resolver = createModuleResolver();
    resolversByAst.set(ast, resolver);
  }
  return resolver;
}
