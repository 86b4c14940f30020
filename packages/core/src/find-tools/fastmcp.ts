/** fastmcp: `server.addTool({ name, description, parameters, execute, annotations })`. */
import type { TSESTree } from '@typescript-eslint/types';
import { unwrap } from '../ast.js';
import { buildTool, getDefinitionParts, type FoundTool } from './build.js';
import type { Candidate } from './collect.js';
import type { DetectContext } from './context.js';

export function detectFastMcpCall(candidate: Candidate<TSESTree.CallExpression>, context: DetectContext): FoundTool | undefined {
  const call = candidate.node;
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || call.arguments.length !== 1) return undefined;
  const definition = context.resolveObject(call.arguments[0]);
  if (!definition) return undefined;
  const fields = context.readFields(definition);
  if (!fields.has('name')) return undefined;
  context.claim(definition, fields);
  return buildTool({ framework: 'fastmcp', node: call, ...getDefinitionParts(fields, ['parameters']), receiver: callee.object }, context);
}
