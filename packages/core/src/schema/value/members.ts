/**
 * A property read on a value the evaluator has computed: a zod builder of a namespace, a library's
 * function, a schema's method or property, an array's or string's member, an object's key.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { unwrap, type Program } from '../../ast.js';
import { Unreadable } from '../../resolve/unreadable.js';
import { getNamespaceMember, isZodNamespace, isZodSchema, SCHEMA_METHODS, SCHEMA_PROPERTIES } from '../zod-api.js';
import { findFrameBinding } from './call-frames.js';
import { ARRAY_METHODS, isPlainObject, STRING_METHODS } from './plain-data.js';
import { isModuleRef, type MethodRef } from './references.js';
import { describeValue } from './unreadable-values.js';
import { readProperty } from './zod-calls.js';

/** `object[name]` of the member expression `node`, as the program reads it. */
export function readMember(object: unknown, name: string, node: TSESTree.MemberExpression, program: Program): unknown {
  if (isZodNamespace(object)) {
    return getNamespaceMember(object, name) ?? new Unreadable(`\`${name}\` is not a zod builder toolslim reads`, node);
  }
  if (isModuleRef(object)) return object.members[name] ?? new Unreadable(`\`${name}\` is not understood`, node);
  if (isZodSchema(object)) {
    // `.parse(json)` of static data: the data as the program sees it once validated (defaults, stripped keys).
    if (SCHEMA_METHODS.has(name) || name === 'parse') return { kind: 'method', target: object as object, name } satisfies MethodRef;
    if (SCHEMA_PROPERTIES.has(name)) return readProperty(object as object, name, node);
    return new Unreadable(`\`.${name}\` of a zod schema is not read statically`, node);
  }
  if (Array.isArray(object)) {
    if (name === 'length') return object.length;
    if (/^\d+$/.test(name)) return object[Number(name)];
    if (ARRAY_METHODS.has(name)) return { kind: 'method', target: object, name } satisfies MethodRef;
    // The evaluator computes `new Set([…])` as the array of its elements: `.has(x)` is then `.includes(x)`.
    if (name === 'has') return { kind: 'method', target: object, name: 'includes' } satisfies MethodRef;
    return new Unreadable(`\`.${name}\` of an array`, node);
  }
  if (typeof object === 'string') {
    if (name === 'length') return object.length;
    if (STRING_METHODS.has(name)) return { kind: 'method', target: Object(object) as object, name } satisfies MethodRef;
    return new Unreadable(`\`.${name}\` of a string`, node);
  }
  if (isPlainObject(object)) {
    if (Object.hasOwn(object, name)) return object[name];
    // A definition bound to a loop variable or a parameter (`definition.outputSchema` of the definitions that
    // have none) reads a key it lacks as `undefined`, as at run time. A constant's missing key stays unknown:
    // code may add it later (`options.flag = …`), and a branch must not be dropped on a guess.
    // So does a member of such a definition (`definition.inputSchema.properties.branch`).
    let target = unwrap(node.object);
    while (target.type === 'MemberExpression') target = unwrap(target.object);
    const bound = target.type === 'Identifier' && findFrameBinding(target.name, target, program) !== undefined;
    return bound && !(name in Object.prototype) ? undefined : new Unreadable(`\`${name}\` is not a key of the object`, node);
  }
  return new Unreadable(`a property read on ${describeValue(object)}`, node);
}

/** The name a member expression reads when it is written statically (`a.b`, `a['b']`). */
export function getMemberName(node: TSESTree.MemberExpression): string | undefined {
  if (!node.computed && node.property.type === 'Identifier') return node.property.name;
  if (node.property.type === 'Literal' && typeof node.property.value === 'string') return node.property.value;
  return undefined;
}

/**
 * Whether a read on `undefined` or `null` at `node` is cut short by an optional link (`a?.b`, `a?.b.c`,
 * `f()?.x`) in its chain: the whole chain is then `undefined`, as at run time.
 */
export function isShortCircuit(node: TSESTree.MemberExpression): boolean {
  let link: TSESTree.Node = node;
  for (;;) {
    if (link.type === 'MemberExpression' || link.type === 'CallExpression') {
      if (link.optional) return true;
      link = link.type === 'MemberExpression' ? link.object : link.callee;
    } else if (link.type === 'TSNonNullExpression') {
      link = link.expression;
    } else {
      return false;
    }
  }
}
