/**
 * A TypeScript enum as tsc emits it: `var Color; (function (Color) { Color["Red"] = "red"; Color[Color["Two"] = 2] = "Two";
 * })(Color || (Color = {}));` (CommonJS: `Color || (exports.Color = Color = {})`). Read as the object the enum is.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { unwrap, type Program } from '../../ast.js';
import type { Node } from '../../model.js';
import { Unreadable } from '../../resolve/unreadable.js';
import { inFrame } from './call-frames.js';
import { defineValue } from './plain-data.js';

/** The top-level `(function (X) { … })(X || (X = {}))` that fills the enum `name`, when the file has one. */
export function findCompiledEnum(program: Program, name: string): TSESTree.CallExpression | undefined {
  for (const statement of program.body) {
    if (statement.type !== 'ExpressionStatement') continue;
    const call = unwrap(statement.expression);
    if (call.type === 'CallExpression' && getCompiledEnumName(call) === name) return call;
  }
  return undefined;
}

/** The enum's name when `call` is tsc's enum-filling call. */
export function getCompiledEnumName(call: TSESTree.CallExpression): string | undefined {
  const fn = unwrap(call.callee);
  if (fn.type !== 'FunctionExpression' || fn.params.length !== 1 || fn.params[0].type !== 'Identifier' || call.arguments.length !== 1) return undefined;
  const name = fn.params[0].name;
  const arg = unwrap(call.arguments[0] as Node);
  if (arg.type !== 'LogicalExpression' || arg.operator !== '||' || arg.left.type !== 'Identifier' || arg.left.name !== name) return undefined;
  // `X = {}` or `exports.X = X = {}`.
  let right: Node = unwrap(arg.right);
  while (right.type === 'AssignmentExpression' && right.right.type === 'AssignmentExpression') right = right.right;
  if (right.type !== 'AssignmentExpression' || right.left.type !== 'Identifier' || right.left.name !== name) return undefined;
  return name;
}

/** The enum object the call builds: `X["A"] = "a"` and `X[X["B"] = 2] = "B"` statements only. */
export function readCompiledEnum(call: TSESTree.CallExpression, program: Program, evaluate: (node: Node) => unknown): unknown {
  const fn = unwrap(call.callee) as TSESTree.FunctionExpression;
  const name = (fn.params[0] as TSESTree.Identifier).name;
  const out: Record<string, unknown> = {};
  return inFrame(fn, program, new Map([[name, out]]), () => {
    for (const statement of fn.body.body) {
      const assignment = statement.type === 'ExpressionStatement' ? unwrap(statement.expression) : undefined;
      if (assignment?.type !== 'AssignmentExpression' || assignment.operator !== '=') return new Unreadable('an enum body with statements that are not member assignments', statement);
      const member = readMemberAssignment(assignment, name, evaluate);
      if (member instanceof Unreadable) return member;
      defineValue(out, member.key, member.value);
      // `X[X["B"] = 2] = "B"`: the reverse mapping, 2 → "B".
      if (member.reverse !== undefined) defineValue(out, String(member.value), member.reverse);
    }
    return out;
  });
}

function readMemberAssignment(
  assignment: TSESTree.AssignmentExpression,
  name: string,
  evaluate: (node: Node) => unknown,
): { readonly key: string; readonly value: unknown; readonly reverse?: string } | Unreadable {
  const left = assignment.left;
  if (left.type !== 'MemberExpression' || left.object.type !== 'Identifier' || left.object.name !== name) return new Unreadable('an enum member that is not `X[key] = value`', assignment);
  const inner = unwrap(left.property);
  if (left.computed && inner.type === 'AssignmentExpression') {
    const forward = readMemberAssignment(inner, name, evaluate);
    if (forward instanceof Unreadable) return forward;
    const reverse = evaluate(assignment.right);
    return typeof reverse === 'string' ? { ...forward, reverse } : new Unreadable('an enum member whose name is not static', assignment);
  }
  const key = left.computed ? evaluate(inner) : inner.type === 'Identifier' ? inner.name : undefined;
  if (typeof key !== 'string' && typeof key !== 'number') return new Unreadable('an enum member whose name is not static', assignment);
  const value = evaluate(assignment.right);
  if (value instanceof Unreadable) return value;
  if (typeof value !== 'string' && typeof value !== 'number') return new Unreadable('an enum member that is not a number or string', assignment);
  return { key: String(key), value };
}
