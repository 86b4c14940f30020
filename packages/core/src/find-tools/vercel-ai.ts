/**
 * Vercel AI SDK: `tool({ description, inputSchema | parameters, execute })` (and OpenAI Agents SDK's
 * `tool({ name, description, parameters, execute })`). The tool is named by the key
 * it is given in a record (`tools: { weather: tool({…}) }`), by the key of a definition record it spreads
 * (`tool({ ...defs.weather, execute })`), or by the key a same-file variable holding it is put under.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { getPropertyName, unwrap } from '../ast.js';
import type { DynamicText, Node, TextValue } from '../model.js';
import { buildTool, getDefinitionParts, type FoundTool } from './build.js';
import type { Candidate } from './collect.js';
import { findEnclosingClassBody, getKeyName, getMemberKey, getRecordName, type DetectContext, type KeyName } from './context.js';

export function detectVercelToolCall(candidate: Candidate<TSESTree.CallExpression>, context: DetectContext): FoundTool | undefined {
  const call = candidate.node;
  if (call.arguments.length !== 1) return undefined;
  const definition = context.resolveObject(call.arguments[0]);
  if (!definition) return undefined;
  const fields = context.readFields(definition);
  if (!fields.has('description') && !fields.has('inputSchema') && !fields.has('parameters')) return undefined;
  context.claim(definition, fields);
  const parts = getDefinitionParts(fields, ['inputSchema', 'parameters']);
  const keyName = getToolName(call, candidate.ancestors, definition, context);
  const name = fields.get('name')?.value;
  return buildTool(
    {
      // OpenAI's Agents SDK has the same `tool({...})` and names the tool in the definition itself.
      framework: !keyName && name ? 'openai' : 'vercel-ai',
      node: call,
      ...parts,
      name: keyName ?? name ?? buildUnnamed(call),
      classBody: findEnclosingClassBody(candidate.ancestors),
    },
    context,
  );
}

function getToolName(call: TSESTree.CallExpression, ancestors: readonly Node[], definition: TSESTree.ObjectExpression, context: DetectContext): KeyName | undefined {
  const holder = getSpreadRecordProperty(definition, context) ?? getVariableRecordProperty(call, ancestors, context);
  return getRecordName(call, ancestors, context) ?? (holder ? getKeyName(holder, context) : undefined);
}

/** `tool({ ...defs.weather, execute })` → the `weather` key of `defs`. */
function getSpreadRecordProperty(definition: TSESTree.ObjectExpression, context: DetectContext): TSESTree.Property | undefined {
  for (const p of definition.properties) {
    if (p.type !== 'SpreadElement') continue;
    const argument = unwrap(p.argument);
    if (argument.type !== 'MemberExpression') continue;
    const key = getMemberKey(argument);
    const record = key === undefined ? undefined : context.resolveObject(argument.object);
    if (!record) continue;
    for (const property of record.properties) {
      if (property.type === 'Property' && getPropertyName(property) === key) return property;
    }
  }
  return undefined;
}

/** `const weather = tool({…})` … `tools: { weather }` / `{ getWeather: weather }` in the same file. */
function getVariableRecordProperty(call: TSESTree.CallExpression, ancestors: readonly Node[], context: DetectContext): TSESTree.Property | undefined {
  const parent = ancestors[ancestors.length - 1];
  if (parent?.type !== 'VariableDeclarator' || parent.id.type !== 'Identifier' || unwrap(parent.init ?? parent) !== call) return undefined;
  for (const property of context.findPropertiesReferencing(parent.id.name)) {
    const value = property.value as TSESTree.Identifier;
    if (context.resolveIdentifier(value) === call) return property;
  }
  return undefined;
}

function buildUnnamed(call: TSESTree.CallExpression): { text: TextValue; node: undefined } {
  const text: DynamicText = {
    kind: 'dynamic',
    node: call,
    reason: 'the tool is named by the key of the record it is put in, which is not in this file',
    readable: '',
    dynamicNodes: [call],
  };
  return { text, node: undefined };
}
