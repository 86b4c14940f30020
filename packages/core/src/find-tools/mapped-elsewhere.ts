/**
 * A list handler that maps definitions written in another module:
 * `tools: defs.tools.map((t) => ({ name: t.name, inputSchema: t.inputSchema, outputSchema: t.outputSchema || FALLBACK }))`
 * with `defs` imported (or required). The definitions are not object literals of this file, so they are
 * traced as values (`traceElements`, across modules) and the callback's literal is read once per value,
 * its parameter bound to it: what the callback adds to every tool (a shared output schema, annotations)
 * is then part of each tool, as the server lists it.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { JsonValue, ListedAddition, Node } from '../model.js';
import { getPropertyName } from '../ast.js';
import { bindParameters, evaluateValue, isPlainObject, Unreadable, withBindings } from '../schema/static-value.js';
import { toJson } from './static-json.js';
import { isNamespaceRef } from '../schema/value/references.js';
import { buildTool, getDefinitionParts, type FoundTool } from './build.js';
import type { DetectContext, FunctionNode } from './context.js';
import { addCondition } from './conditions.js';
import { traceElements, unwrapKept } from './loops.js';

/** The callback's literal, to be read once per definition value the mapped collection holds. */
export interface MappedValues {
  readonly fn: FunctionNode;
  readonly object: TSESTree.ObjectExpression;
  readonly values: readonly Record<string, unknown>[];
  /** Per value, the condition a `.filter()` put on it (undefined: listed whenever the collection is). */
  readonly conditions: readonly (string | undefined)[];
}

/** The definitions `source` holds, as values, when they can be traced (in this module or another). */
export function traceMappedValues(fn: FunctionNode, object: TSESTree.ObjectExpression, source: Node, context: DetectContext): MappedValues | undefined {
  if (fn.params.length === 0 || fn.params[0].type !== 'Identifier') return undefined;
  const traced = traceElements(source, context.schemaContext, 0);
  if (traced instanceof Unreadable) return undefined;
  const elements = traced.map(unwrapKept);
  // A module loaded whole (`require('./tools/fire')`, `import * as fire`) stands for its exports, read as members.
  const isDefinition = (value: unknown): value is Record<string, unknown> => isPlainObject(value) || isNamespaceRef(value);
  // A collection with an element that cannot be read as a definition is not read by halves.
  if (elements.length === 0 || !elements.every((element) => isDefinition(element.value))) return undefined;
  return { fn, object, values: elements.map((element) => element.value as Record<string, unknown>), conditions: elements.map((element) => element.condition) };
}

/**
 * One tool per definition value, read from the callback's literal with its parameter bound to that value.
 * Each is marked as read through a loop, so the same definition found by its shape where it is written goes.
 */
export function readMappedValues(mapped: MappedValues, receiver: Node | undefined, context: DetectContext): FoundTool[] {
  const seen = new Set<string>();
  const out: FoundTool[] = [];
  for (const [index, value] of mapped.values.entries()) {
    const bindings = bindParameters(mapped.fn.params, [value], context.schemaContext);
    const condition = mapped.conditions[index];
    const tool = withBindings(mapped.fn, context.program, bindings, () => {
      const fields = context.readFields(mapped.object);
      const name = fields.get('name')?.value;
      return name ? buildTool({ framework: 'mcp-sdk-low-level', node: mapped.object, ...getDefinitionParts(fields, ['inputSchema']), name, receiver }, context) : undefined;
    });
    const published = tool?.decl.name?.kind === 'static' ? tool.decl.name.value : undefined;
    // A server lists what the handler returns; a name read twice is one definition listed twice here.
    if (!tool || published === undefined || seen.has(published)) continue;
    seen.add(published);
    const listed = { ...tool, decl: { ...tool.decl, loop: true as const } };
    out.push(condition === undefined ? listed : addCondition(listed, condition));
  }
  if (out.length > 0) context.claim(mapped.object);
  else context.listed.push(...readAdditions(mapped, context));
  return out;
}

/**
 * `{ ...t.definition, annotations: HINTS[t.definition.name] || DEFAULT }`: each definition spread whole
 * (it is found where it is written, by its shape) and fields added after it, read once per definition
 * with the parameter bound. A field whose value is not static JSON is kept as unknown.
 */
function readAdditions(mapped: MappedValues, context: DetectContext): ListedAddition[] {
  const [first, ...rest] = mapped.object.properties;
  if (first?.type !== 'SpreadElement' || rest.length === 0) return [];
  const added: Array<{ key: string; value: Node }> = [];
  for (const property of rest) {
    const key = property.type === 'Property' && !property.computed ? getPropertyName(property) : undefined;
    if (key === undefined || property.type !== 'Property' || property.kind !== 'init') return [];
    added.push({ key, value: property.value });
  }
  const line = mapped.object.loc?.start.line ?? 0;
  const out: ListedAddition[] = [];
  for (const value of mapped.values) {
    const bindings = bindParameters(mapped.fn.params, [value], context.schemaContext);
    const addition = withBindings(mapped.fn, context.program, bindings, (): ListedAddition | undefined => {
      const definition = evaluateValue(first.argument, context.schemaContext);
      const name = isPlainObject(definition) ? (definition as Record<string, unknown>).name : undefined;
      if (typeof name !== 'string') return undefined;
      const fields: Record<string, JsonValue | undefined> = {};
      for (const { key, value: node } of added) fields[key] = toJson(evaluateValue(node, context.schemaContext));
      return { name, fields, line };
    });
    if (addition) out.push(addition);
  }
  return out;
}
