/**
 * How compilers and bundlers write what the source said: object-spread helpers (`__spreadValues`,
 * `_objectSpread2`, `__assign`), tsc's import helpers, and zod namespaces a bundler inlined.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { getPropertyName, unwrap, type Program } from '../../ast.js';
import type { Node } from '../../model.js';
import { Unreadable } from '../../resolve/unreadable.js';
import { defineValue, isPlainObject } from './plain-data.js';

/** Object-spread helpers compilers and bundlers emit (names may carry a numeric suffix after bundling). */
const SPREAD_HELPERS = /^(?:__spreadValues|__spreadProps|_objectSpread2?|__assign|_extends)\d*$/;
const PROPERTY_DESCRIPTOR_HELPERS = /^(?:__getOwnPropDescs|Object\.getOwnPropertyDescriptors)\d*$/;
/** tsc's wrappers around `require()`: the value is the module's. */
const IMPORT_HELPERS = /^__import(?:Star|Default)$/;

export function isImportHelper(name: string): boolean {
  return IMPORT_HELPERS.test(name);
}

/**
 * `__spreadValues(__spreadValues({}, a), b)` (esbuild), `__spreadProps(a, __getOwnPropDescs(b))`,
 * `_objectSpread2({}, a)` (Babel), `__assign({}, a, b)` (tsc): how compilers write `{ ...a, ...b }`
 * for older targets. Read as the spread it stands for; undefined when the call is no such helper.
 */
export function readSpreadHelper(node: TSESTree.CallExpression, callee: Node, evaluate: (node: Node) => unknown): unknown {
  if (callee.type !== 'Identifier' || !SPREAD_HELPERS.test(callee.name)) return undefined;
  const out: Record<string, unknown> = {};
  for (const arg of node.arguments) {
    if (arg.type === 'SpreadElement') return new Unreadable('a spread argument', arg);
    const inner = unwrap(arg);
    // `__getOwnPropDescs(b)` hands `b`'s properties over: its value is `b`'s.
    const source = inner.type === 'CallExpression' && inner.callee.type === 'Identifier' && PROPERTY_DESCRIPTOR_HELPERS.test(inner.callee.name) && inner.arguments[0] ? inner.arguments[0] : arg;
    const value = evaluate(source as Node);
    if (value instanceof Unreadable) return value;
    if (value === undefined || value === null) continue;
    if (!isPlainObject(value)) return new Unreadable(`\`${callee.name}()\` of a value that is not a plain object`, arg);
    for (const [key, item] of Object.entries(value)) defineValue(out, key, item);
  }
  return out;
}

/** Members a bundled namespace must export to be taken for zod 4, or zod 3 (none of them alone says it). */
const BUNDLED_ZOD_MEMBERS = ['object', 'string', 'toJSONSchema', 'ZodType', 'ZodObject', 'ZodError', 'safeParse', 'discriminatedUnion'];
const BUNDLED_ZOD3_MEMBERS = ['object', 'string', 'ZodType', 'ZodObject', 'ZodError', 'discriminatedUnion', 'ZodFirstPartyTypeKind', 'ZodEffects'];
const bundledZodNamespaces = new WeakMap<Program, ReadonlyMap<string, 3 | 4>>();

/**
 * Namespaces a bundler built from zod's `external.js` (`var exports_external = {}; __export(exports_external,
 * { object: () => object, ZodType: () => ZodType, … })`, as bun and esbuild write them), with the zod major
 * they are (zod 3's has no `toJSONSchema`): read as the zod installed beside the bundle, which the package
 * depends on. Only a top-level `__export` (or, minified, a call of another name with a record of getters
 * only) of an object whose keys include every one of zod's marker names counts.
 */
export function getBundledZodNamespaces(program: Program): ReadonlyMap<string, 3 | 4> {
  let names = bundledZodNamespaces.get(program);
  if (names) return names;
  const found = new Map<string, 3 | 4>();
  for (const statement of program.body) {
    if (statement.type !== 'ExpressionStatement') continue;
    const call = statement.expression;
    if (call.type !== 'CallExpression' || call.callee.type !== 'Identifier') continue;
    const [target, members] = call.arguments;
    if (target?.type !== 'Identifier' || members?.type !== 'ObjectExpression') continue;
    // A minifier renames `__export` (`Yo(u, { object: () => Ht, … })`): the call is known by its getters.
    if (!/^__export\d*$/.test(call.callee.name) && !isGetterRecord(members)) continue;
    const major = getZodMajorOfMembers(members);
    if (major) found.set(target.name, major);
  }
  names = found;
  bundledZodNamespaces.set(program, names);
  return names;
}

/** `{ object: () => objectType, … }`: every member a getter that returns a name (or `ns.name`), as `__export` takes them. */
function isGetterRecord(members: TSESTree.ObjectExpression): boolean {
  return members.properties.every((p) => p.type === 'Property' && !p.computed && p.value.type === 'ArrowFunctionExpression' && p.value.params.length === 0 && isName(p.value.body));
}

function isName(node: Node): boolean {
  if (node.type === 'Identifier') return true;
  return node.type === 'MemberExpression' && !node.computed && isName(node.object);
}

/**
 * The zod major of `var z = Object.freeze({ __proto__: null, object: objectType, … })`, the
 * namespace object rollup and rspack build for `import * as z from 'zod'` (at the top level or inside a
 * module wrapper); undefined when the frozen object lacks zod's marker names.
 */
export function getFrozenZodMajor(init: Node): 3 | 4 | undefined {
  const members = getFrozenObject(init);
  return members ? getZodMajorOfMembers(members) : undefined;
}

function getZodMajorOfMembers(members: TSESTree.ObjectExpression): 3 | 4 | undefined {
  const keys = getKeys(members);
  if (BUNDLED_ZOD_MEMBERS.every((key) => keys.has(key))) return 4;
  if (BUNDLED_ZOD3_MEMBERS.every((key) => keys.has(key))) return 3;
  return undefined;
}

function getFrozenObject(node: Node): TSESTree.ObjectExpression | undefined {
  const call = unwrap(node);
  if (call.type !== 'CallExpression' || call.arguments.length !== 1) return undefined;
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || callee.object.type !== 'Identifier' || callee.object.name !== 'Object') return undefined;
  if (callee.property.type !== 'Identifier' || callee.property.name !== 'freeze') return undefined;
  const object = unwrap(call.arguments[0] as Node);
  return object.type === 'ObjectExpression' ? object : undefined;
}

function getKeys(members: TSESTree.ObjectExpression): ReadonlySet<string | undefined> {
  return new Set(members.properties.map((p) => (p.type === 'Property' ? getPropertyName(p) : undefined)));
}

const bundledZod3Classes = new WeakMap<Program, boolean>();

/**
 * `const stringType = ZodString.create`, in a bundle that carries its own copy of zod 3 (`class ZodType`,
 * `class ZodString extends ZodType`): the builder the zod namespace exports under the class's name
 * (`string`, `object`, `nativeEnum`). Undefined for anything else.
 */
export function getBundledZod3Builder(init: Node, program: Program): string | undefined {
  const node = unwrap(init);
  if (node.type !== 'MemberExpression' || node.computed || node.property.type !== 'Identifier' || node.property.name !== 'create') return undefined;
  if (node.object.type !== 'Identifier' || !/^Zod[A-Z]\w*$/.test(node.object.name) || !declaresZodType(program)) return undefined;
  const name = node.object.name.slice(3);
  return name.charAt(0).toLowerCase() + name.slice(1);
}

function declaresZodType(program: Program): boolean {
  let found = bundledZod3Classes.get(program);
  if (found === undefined) {
    found = program.body.some(
      (statement) =>
        (statement.type === 'ClassDeclaration' && statement.id?.name === 'ZodType') ||
        (statement.type === 'VariableDeclaration' && statement.declarations.some((d) => d.id.type === 'Identifier' && d.id.name === 'ZodType' && d.init?.type === 'ClassExpression')),
    );
    bundledZod3Classes.set(program, found);
  }
  return found;
}
