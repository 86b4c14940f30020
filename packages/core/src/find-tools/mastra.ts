/** Mastra: `createTool({ id, description, inputSchema, outputSchema, execute })`. */
import type { TSESTree } from '@typescript-eslint/types';
import { unwrap } from '../ast.js';
import type { Node } from '../model.js';
import { buildTool, getDefinitionParts, type FoundTool } from './build.js';
import type { Candidate } from './collect.js';
import type { DetectContext } from './context.js';

export function detectMastraCall(candidate: Candidate<TSESTree.CallExpression>, context: DetectContext): FoundTool | undefined {
  const call = candidate.node;
  // A project's own `createTool` (imported from one of its modules, or written in this file) is no Mastra
  // call: what it builds is read by its shape, and published only where the project registers it.
  if (isProjectFunction(call.callee, context)) return undefined;
  const definition = call.arguments.length === 1 ? context.resolveObject(call.arguments[0]) : undefined;
  if (!definition) return undefined;
  const fields = context.readFields(definition);
  const id = fields.get('id') ?? fields.get('name');
  if (!id) return undefined;
  context.claim(definition, fields);
  return buildTool({ framework: 'mastra', node: call, ...getDefinitionParts(fields, ['inputSchema']), name: id.value }, context);
}

/** `createTool` imported from a relative module (`./schema-utils.js`, tsc's `(0, utils_1.createTool)`) or declared in the file. */
function isProjectFunction(input: Node, context: DetectContext): boolean {
  let callee = unwrap(input);
  if (callee.type === 'SequenceExpression') callee = unwrap(callee.expressions[callee.expressions.length - 1]);
  const root = callee.type === 'MemberExpression' ? unwrap(callee.object) : callee;
  if (root.type !== 'Identifier') return false;
  const imported = context.getScope().getImport(root.name);
  if (imported) return imported.source.startsWith('.') || imported.source.startsWith('/');
  if (root !== callee) return false;
  const declared = context.getScope().resolve(root);
  return declared !== undefined && (declared.type === 'FunctionDeclaration' || declared.type === 'ArrowFunctionExpression' || declared.type === 'FunctionExpression');
}
