/**
 * What a value evaluation needs to know about where it runs: the parsed file, which zod `'zod'` means
 * there, and the hooks that follow imports into other files.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { Program } from '../../ast.js';
import type { ConstantResolver, ModuleResolver } from '../../model.js';

export interface ValueContext {
  readonly program: Program;
  readonly filePath: string;
  readonly zodVersion: 3 | 4;
  readonly resolveConstant?: ConstantResolver;
  readonly resolveModule?: ModuleResolver;
}

export type FunctionLike = TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression | TSESTree.FunctionDeclaration;
