/** Mastra: `createTool({ id, description, inputSchema, outputSchema, execute })`. */
import type { TSESTree } from '@typescript-eslint/types';
import { buildTool, getDefinitionParts, type FoundTool } from './build.js';
import type { Candidate } from './collect.js';
import type { DetectContext } from './context.js';

export function detectMastraCall(candidate: Candidate<TSESTree.CallExpression>, context: DetectContext): FoundTool | undefined {
  const call = candidate.node;
  const definition = call.arguments.length === 1 ? context.resolveObject(call.arguments[0]) : undefined;
  if (!definition) return undefined;
  const fields = context.readFields(definition);
  const id = fields.get('id') ?? fields.get('name');
  if (!id) return undefined;
  context.claim(definition, fields);
  return buildTool({ framework: 'mastra', node: call, ...getDefinitionParts(fields, ['inputSchema']), name: id.value }, context);
}
