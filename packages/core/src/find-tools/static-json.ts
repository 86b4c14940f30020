/**
 * Static JSON values (annotations, `_meta`): what the one value evaluator computes, kept only when it is
 * JSON all the way down (no function, no `undefined`, no class instance). Anything else is undefined.
 */
import { unwrap } from '../ast.js';
import type { JsonObject, JsonValue, Node } from '../model.js';
import { evaluateValue, isPlainObject } from '../schema/static-value.js';
import { MAX_DEPTH } from '../text/budget.js';
import type { DetectContext } from './context.js';

export function getStaticJsonObject(node: Node | undefined, context: DetectContext): JsonObject | undefined {
  if (!node) return undefined;
  const value = toJson(evaluateValue(unwrap(node), context.schemaContext), 0);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

export function toJson(value: unknown, depth = 0): JsonValue | undefined {
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
