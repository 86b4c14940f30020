/**
 * Calling into zod safely: refinement and transform callbacks are replaced by stand-ins (they never reach
 * the JSON Schema, and user code is never run), and whatever zod throws becomes a reason, never an exception.
 */
import { unwrap } from '../../ast.js';
import type { Node } from '../../model.js';
import { Unreadable } from '../../resolve/unreadable.js';

/**
 * Which arguments of a callback method are the callback or its options: for `z.preprocess(fn, schema)`
 * only the first, for `.refine(fn, message)`, `.transform(fn)` and `z.custom(fn)` all of them.
 */
export function isCallbackArgument(name: string, index: number, arg: Node): boolean {
  if (name === 'preprocess') return index === 0;
  if (name === 'custom') return index === 0 && isFunctionNode(arg);
  if (name === 'check') return isFunctionNode(arg);
  return true;
}

export function isFunctionNode(node: Node): boolean {
  const n = unwrap(node);
  return n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression' || n.type === 'Identifier';
}

/** Call into zod; whatever it throws becomes the reason the schema is unreadable, never an exception. */
export function invoke(call: () => unknown, node: Node): unknown {
  try {
    return call();
  } catch (error) {
    return new Unreadable(`zod rejected the schema: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, node);
  }
}

/** A property of a schema (`Base.shape`); a getter that throws makes it unreadable. */
export function readProperty(target: object, name: string, node: Node): unknown {
  try {
    return (target as Record<string, unknown>)[name];
  } catch {
    return new Unreadable(`\`.${name}\` cannot be read`, node);
  }
}
