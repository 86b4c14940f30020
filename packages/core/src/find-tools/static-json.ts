/** Static JSON values written as literals (annotations objects): anything not fully literal is undefined. */
import { getPropertyName, unwrap } from '../ast.js';
import type { JsonObject, JsonValue, Node } from '../model.js';
import { evaluateValue, isPlainObject } from '../schema/static-value.js';
import { MAX_DEPTH } from '../text/budget.js';
import type { DetectContext } from './context.js';


export function getStaticJson(input: Node, context: DetectContext, depth = 0): JsonValue | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const node = unwrap(input);
  switch (node.type) {
    case 'Literal':
      if (node.value === null || typeof node.value === 'number' || typeof node.value === 'boolean') return node.value as JsonValue;
      if (typeof node.value === 'string') return node.value;
      return undefined;
    case 'TemplateLiteral':
    case 'BinaryExpression': {
      const text = context.text(node);
      return text.kind === 'static' ? text.value : undefined;
    }
    case 'UnaryExpression': {
      // `-1`, and `!0` / `!1` as bundlers write booleans.
      if (node.operator === '-' && node.argument.type === 'Literal' && typeof node.argument.value === 'number') return -node.argument.value;
      if (node.operator === '!' && node.argument.type === 'Literal' && typeof node.argument.value === 'number') return !node.argument.value;
      return undefined;
    }
    case 'Identifier': {
      const init = context.resolveIdentifier(node);
      return init ? getStaticJson(init, context, depth + 1) : getJsonValue(node, context);
    }
    case 'MemberExpression':
      // `def.annotations` of a loop's definition, an imported constant: whatever the value evaluator knows.
      return getJsonValue(node, context);
    case 'ArrayExpression': {
      const out: JsonValue[] = [];
      for (const element of node.elements) {
        if (!element || element.type === 'SpreadElement') return undefined;
        const value = getStaticJson(element, context, depth + 1);
        if (value === undefined) return undefined;
        out.push(value);
      }
      return out;
    }
    case 'ObjectExpression': {
      const out: JsonObject = {};
      for (const p of node.properties) {
        if (p.type !== 'Property' || p.kind !== 'init' || p.method) return undefined;
        const key = getPropertyName(p);
        if (key === undefined) return undefined;
        const value = getStaticJson(p.value, context, depth + 1);
        if (value === undefined) return undefined;
        out[key] = value;
      }
      return out;
    }
    default:
      // `readOnlyAnnotations('Get X')`, a conditional, a fallback: whatever the value evaluator computes.
      return getJsonValue(node, context);
  }
}

function getJsonValue(node: Node, context: DetectContext): JsonValue | undefined {
  return toJson(evaluateValue(node, context.schemaContext), 0);
}

function toJson(value: unknown, depth: number): JsonValue | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (Array.isArray(value)) {
    const out: JsonValue[] = [];
    for (const element of value) {
      const json = toJson(element, depth + 1);
      if (json === undefined) return undefined;
      out.push(json);
    }
    return out;
  }
  if (!isPlainObject(value)) return undefined;
  const out: JsonObject = {};
  for (const [key, element] of Object.entries(value)) {
    const json = toJson(element, depth + 1);
    if (json === undefined) return undefined;
    out[key] = json;
  }
  return out;
}

export function getStaticJsonObject(node: Node | undefined, context: DetectContext): JsonObject | undefined {
  if (!node) return undefined;
  const value = getStaticJson(node, context);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}
