import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { findApiToolArrays, type ApiToolArray } from '@toolslim/core';
import { getToolslimSettings } from './file-model.js';
import { getModuleResolver } from './module-resolver.js';

type AnyContext = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

/** One reading per parsed file, shared by `api-tool-limits` and `prefer-tool-search`. */
const arraysByAst = new WeakMap<TSESTree.Program, readonly ApiToolArray[]>();

/** The tool arrays of the file's model-API requests; an array imported from another module is read through the file's module resolver. */
export function getApiToolArrays(context: AnyContext): readonly ApiToolArray[] {
  const ast = context.sourceCode.ast;
  const cached = arraysByAst.get(ast);
  if (cached) return cached;
  const arrays = findApiToolArrays(ast, {
    program: ast,
    filePath: context.filename,
    zodVersion: getToolslimSettings(context).zodVersion ?? 4,
    resolveModule: getModuleResolver(context),
  });
  arraysByAst.set(ast, arrays);
  return arrays;
}
