/**
 * Project factories named in `settings.factories` (`defineTool({...})`, `makeTool({...})`): the call
 * wraps a definition, so no schema-like key is needed. The definition may sit one level down
 * (`defineTool({ capability, schema: { name, description, inputSchema }, handle })`).
 */
import type { TSESTree } from '@typescript-eslint/types';
import { buildTool, findFirstField, getDefinitionParts, HANDLER_KEYS, type FoundTool } from './build.js';
import type { Candidate } from './collect.js';
import { findEnclosingClassBody, type DetectContext } from './context.js';

export function detectFactoryCall(candidate: Candidate<TSESTree.CallExpression>, context: DetectContext): FoundTool | undefined {
  const call = candidate.node;
  const classBody = findEnclosingClassBody(candidate.ancestors);
  for (const argument of call.arguments) {
    const definition = context.resolveObject(argument);
    if (!definition) continue;
    const fields = context.readFields(definition);
    if (fields.has('name') || fields.has('id')) {
      context.claim(definition, fields);
      const parts = getDefinitionParts(fields);
      return buildTool({ framework: 'factory', node: call, ...parts, name: parts.name ?? fields.get('id')?.value, classBody }, context);
    }
    for (const field of fields.values()) {
      const inner = context.resolveObject(field.value);
      if (!inner) continue;
      const innerFields = context.readFields(inner);
      if (!innerFields.has('name') || !innerFields.has('description')) continue;
      context.claim(definition, fields);
      context.claim(inner, innerFields);
      const parts = getDefinitionParts(innerFields);
      return buildTool(
        { framework: 'factory', node: call, ...parts, handler: parts.handler ?? findFirstField(fields, HANDLER_KEYS)?.value, classBody },
        context,
      );
    }
  }
  return undefined;
}
