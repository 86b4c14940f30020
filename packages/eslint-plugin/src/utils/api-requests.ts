import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { createModuleResolver, findApiToolArrays, type ApiToolArray } from '@toolslim/core';
import { getToolslimSettings } from './file-model.js';

type AnyContext = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

/** One reading per parsed file, shared by `api-tool-limits` and `prefer-tool-search`. */
const arraysByAst = new WeakMap<TSESTree.Program, readonly ApiToolArray[]>();

/**
 * The tool arrays of the file's model-API requests. An array imported from another module is read from
 * disk through core's module resolver, created per file so an edit to that module is seen on the next lint
 * and no finding depends on which files the process linted before.
 */
export function getApiToolArrays(context: AnyContext): readonly ApiToolArray[] {
  const ast = context.sourceCode.ast;
  const cached = arraysByAst.get(ast);
  if (cached) return cached;
  const arrays = findApiToolArrays(ast, {
    program: ast,
    filePath: context.filename,
    zodVersion: getToolslimSettings(context).zodVersion ?? 4,
    resolveModule: createModuleResolver(),
  });
  arraysByAst.set(ast, arrays);
  return arrays;
}
