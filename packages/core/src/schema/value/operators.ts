/**
 * Operators on static values, computed as JavaScript computes them: comparisons and arithmetic on
 * primitives, identity on objects, and the unary operators minifiers write (`!0` for `true`).
 */
import type { TSESTree } from '@typescript-eslint/types';
import { isZodClassRef } from '../zod-api.js';

const isPrimitive = (v: unknown) => v === null || v === undefined || ['string', 'number', 'boolean'].includes(typeof v);

/** The value of `left <operator> right`; undefined when the operator is not computed here (text decides `+` on strings). */
export function applyBinaryOperator(operator: TSESTree.BinaryExpression['operator'], left: unknown, right: unknown): unknown {
  // `schema instanceof z.ZodObject`: the evaluator holds real zod schemas, built by the zod the server loads, so
  // the test against that zod's class is the one the server makes.
  if (operator === 'instanceof') return isZodClassRef(right) ? left instanceof right.cls : undefined;
  if (!isPrimitive(left) || !isPrimitive(right)) return operator === '===' ? left === right : operator === '!==' ? left !== right : undefined;
  const l = left as number;
  const r = right as number;
  switch (operator) {
    case '+':
      return typeof l === 'number' && typeof r === 'number' ? l + r : undefined;
    case '-':
      return l - r;
    case '*':
      return l * r;
    case '/':
      return l / r;
    case '%':
      return l % r;
    case '===':
      return l === r;
    case '!==':
      return l !== r;
    case '==':
      return l == r;
    case '!=':
      return l != r;
    case '<':
      return l < r;
    case '>':
      return l > r;
    case '<=':
      return l <= r;
    case '>=':
      return l >= r;
    default:
      return undefined;
  }
}

/** `{ value }` of `<operator> value`, or undefined when the operator is not computed on such a value. */
export function applyUnaryOperator(operator: TSESTree.UnaryExpression['operator'], value: unknown): { value: unknown } | undefined {
  if (operator === '-' && typeof value === 'number') return { value: -value };
  if (operator === '+' && typeof value === 'number') return { value };
  // `!0` and `!1` are how minifiers write `true` and `false`.
  if (operator === '!' && (value === null || ['boolean', 'number', 'string', 'undefined'].includes(typeof value))) return { value: !value };
  if (operator === 'void') return { value: undefined };
  return undefined;
}
