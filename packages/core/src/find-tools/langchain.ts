/**
 * LangChain.js: `tool(fn, { name, description, schema })`, `new DynamicStructuredTool({ … })` and
 * `new DynamicTool({ name, description, func })` (which takes one string and has no schema).
 */
import type { TSESTree } from '@typescript-eslint/types';
import { unwrap } from '../ast.js';
import { buildTool, getDefinitionParts, type FoundTool } from './build.js';
import type { Candidate } from './collect.js';
import { findEnclosingClassBody, type DetectContext } from './context.js';

/** `tool(fn, { name, … })`: the second argument names the tool. */
export function detectLangChainToolCall(candidate: Candidate<TSESTree.CallExpression>, context: DetectContext): FoundTool | undefined {
  const call = candidate.node;
  if (call.arguments.length !== 2) return undefined;
  const [fn, configArg] = call.arguments;
  const first = unwrap(fn);
  const isFunctionLike = first.type === 'ArrowFunctionExpression' || first.type === 'FunctionExpression' || first.type === 'Identifier' || first.type === 'MemberExpression';
  const config = isFunctionLike ? context.resolveObject(configArg) : undefined;
  if (!config) return undefined;
  const fields = context.readFields(config);
  if (!fields.has('name')) return undefined;
  context.claim(config, fields);
  const parts = getDefinitionParts(fields, ['schema']);
  return buildTool({ framework: 'langchain', node: call, ...parts, handler: fn, classBody: findEnclosingClassBody(candidate.ancestors) }, context);
}

export function detectLangChainConstructor(candidate: Candidate<TSESTree.NewExpression>, className: string, context: DetectContext): FoundTool | undefined {
  const call = candidate.node;
  const definition = call.arguments.length >= 1 ? context.resolveObject(call.arguments[0]) : undefined;
  if (!definition) return undefined;
  const fields = context.readFields(definition);
  if (!fields.has('name')) return undefined;
  context.claim(definition, fields);
  const parts = getDefinitionParts(fields, className.startsWith('DynamicStructuredTool') ? ['schema'] : []);
  return buildTool({ framework: 'langchain', node: call, ...parts, classBody: findEnclosingClassBody(candidate.ancestors) }, context);
}
