/**
 * Static evaluation of an expression into a real value: plain JSON, RegExps, same-file constants and TS
 * enums, imports, zod schemas rebuilt by calling the real zod, and calls of project functions whose result
 * can be computed. The evaluator itself is `value/evaluator.ts`; this module is what the rest of core uses.
 */
import type { Program } from '../ast.js';
import type { Node } from '../model.js';
import { Unreadable } from '../resolve/unreadable.js';
import { inFrame } from './value/call-frames.js';

export { bindParameters, evaluateValue } from './value/evaluator.js';
export { getProjectFunction } from './value/call-frames.js';
export type { FunctionLike, ValueContext } from './value/context.js';
export { getReturnedExpression } from './value/function-body.js';
export { isPlainObject } from './value/plain-data.js';
export { TracedList } from './value/references.js';
export { isEnvironmentDependent, UnreadableText } from './value/unreadable-values.js';

/** Why a value cannot be known statically, and where (the one type every evaluator returns). */
export { Unreadable };

/**
 * Run `read` with names bound inside `scope` (a function's parameters, a loop's variable): identifiers
 * inside `scope` read the bound values, and constants declared inside it are not memoised.
 */
export function withBindings<T>(scope: Node, program: Program, bindings: ReadonlyMap<string, unknown>, read: () => T): T {
  return inFrame(scope, program, new Map(bindings), read);
}
