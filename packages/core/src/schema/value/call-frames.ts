/**
 * Project functions while they are evaluated: the parameters each call binds (and a loop's variable), the
 * declarations being evaluated (so a cycle is seen), and the JS functions that stand for project functions
 * so zod (`z.lazy`, `.default(fn)`) and calls can run them. Shared by every evaluator of a run, so cycles
 * and recursion are seen across files.
 */
import type { Program } from '../../ast.js';
import type { Node } from '../../model.js';
import type { FunctionLike, ValueContext } from './context.js';

/** Parameters bound while a project function's body (or a loop's body, for its loop variable) is evaluated. */
interface Frame {
  readonly fn: Node;
  readonly program: Program;
  readonly bindings: Map<string, unknown>;
}

/** A function of the project (helper, template builder) the evaluator can call: its node and where it is. */
export interface UserFunction {
  readonly node: FunctionLike;
  readonly context: ValueContext;
}

const userFunctions = new WeakMap<object, UserFunction>();
const functionWrappers = new WeakMap<Program, WeakMap<Node, (...args: unknown[]) => unknown>>();
const frames: Frame[] = [];

/** Declarations and functions being evaluated now: meeting one again is a cycle. */
export const inProgress: Set<Node> = new Set();

/** Evaluate `read` with `bindings` in force for identifiers inside `fn` (a function's body, a loop). */
export function inFrame<T>(fn: Node, program: Program, bindings: Map<string, unknown>, read: () => T): T {
  frames.push({ fn, program, bindings });
  try {
    return read();
  } finally {
    frames.pop();
  }
}

/** The value a name is bound to by the innermost frame around it, when one binds it. */
export function findFrameBinding(name: string, node: Node, program: Program): { value: unknown } | undefined {
  for (let i = frames.length - 1; i >= 0; i--) {
    const frame = frames[i];
    if (frame.program !== program || !frame.bindings.has(name)) continue;
    if (frame.fn.range[0] <= node.range[0] && node.range[1] <= frame.fn.range[1]) return { value: frame.bindings.get(name) };
  }
  return undefined;
}

/** True when `node` is inside a function (or loop) being evaluated: its value depends on the bindings. */
export function isInsideFrame(node: Node, program: Program): boolean {
  return frames.some((f) => f.program === program && f.fn.range[0] <= node.range[0] && node.range[1] <= f.fn.range[1]);
}

/** Record that the JS function `stand` stands for the project function `fn`. */
export function registerProjectFunction(stand: object, fn: UserFunction): void {
  userFunctions.set(stand, fn);
}

/** The project function a value stands for (from `evaluateValue` of its name), with the module it is in. */
export function getProjectFunction(value: unknown): UserFunction | undefined {
  return typeof value === 'function' ? userFunctions.get(value) : undefined;
}

/** The one stand-in for a function node of a program (identity is stable), made by `create` the first time. */
export function getFunctionWrapper(program: Program, node: Node, create: () => (...args: unknown[]) => unknown): (...args: unknown[]) => unknown {
  let byNode = functionWrappers.get(program);
  if (!byNode) {
    byNode = new WeakMap();
    functionWrappers.set(program, byNode);
  }
  let wrapper = byNode.get(node);
  if (!wrapper) {
    wrapper = create();
    byNode.set(node, wrapper);
  }
  return wrapper;
}
