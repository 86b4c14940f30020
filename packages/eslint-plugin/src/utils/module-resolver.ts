import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { createModuleResolver, createProgramCache, type ModuleResolver } from '@toolslim/core';

type AnyContext = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

const resolversByAst = new WeakMap<TSESTree.Program, ModuleResolver>();

/**
 * Other modules' programs, kept by path and text for the whole process: each lint reads every module it
 * follows from disk again, and a module whose text is unchanged is not parsed again (an edited one is).
 * Bounded by the characters it holds (about 40 bytes of heap each when parsed), oldest first.
 */
const programs = createProgramCache(1_000_000);

/**
 * The module resolver cross-file rules read other modules through: one per linted file (keyed by its AST,
 * new on every edit), so an edit to another module is seen on the next lint and no finding depends on
 * which files the process linted before.
 */
export function getModuleResolver(context: AnyContext): ModuleResolver {
  const ast = context.sourceCode.ast;
  let resolver = resolversByAst.get(ast);
  if (!resolver) {
    resolver = createModuleResolver({ programs });
    resolversByAst.set(ast, resolver);
  }
  return resolver;
}
