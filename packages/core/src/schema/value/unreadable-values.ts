/**
 * How the value evaluator says what it cannot know: text with known parts, a value that depends on the
 * environment, and the words a reason uses for a node or a value.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { DynamicText, Node } from '../../model.js';
import { Unreadable } from '../../resolve/unreadable.js';

/**
 * Text whose value is known only at run time but whose static parts are known (a definition's description
 * with a run-time notice appended in a loop): the parts are a lower bound, never the value.
 */
export class UnreadableText extends Unreadable {
  constructor(
    reason: string,
    node: Node,
    readonly text: DynamicText,
  ) {
    super(reason, node);
  }
}

/**
 * A declaration met again while its own value is being computed (`const Node = z.object({ children:
 * z.lazy(() => z.array(Node)) })`): unknown now, but a function that reads it later finds it computed.
 */
export class SelfReference extends Unreadable {}

/** A value that depends on an environment variable (directly or through a constant computed from one). */
export function isEnvironmentDependent(value: Unreadable): boolean {
  return value.reason.includes('depends on process.env.');
}

/**
 * A call of a function known only at run time (`Number.parseInt(x)`, `parseInt(x, 10)`) one of whose
 * arguments depends on an environment variable: its result depends on that variable too, and says so.
 */
export function findEnvironmentArgument(call: TSESTree.CallExpression, evaluate: (arg: Node) => unknown): Unreadable | undefined {
  for (const arg of call.arguments) {
    const value = evaluate(arg.type === 'SpreadElement' ? arg.argument : arg);
    if (value instanceof Unreadable && isEnvironmentDependent(value)) {
      const variable = /process\.env\.\S+/.exec(value.reason)?.[0] ?? 'process.env.…';
      return new Unreadable(`a call on a value that depends on ${variable}`, call);
    }
  }
  return undefined;
}

/** A node the evaluator has no reading for, as a reason names it. */
export function describeNode(node: Node): string {
  switch (node.type) {
    case 'ConditionalExpression':
      return 'a conditional';
    case 'AwaitExpression':
      return 'an awaited value';
    case 'FunctionExpression':
      return 'a function';
    case 'ThisExpression':
      return '`this`';
    default:
      return `a ${node.type}`;
  }
}

/** A value a property read does not understand, as a reason names it. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'function') return 'a function';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
