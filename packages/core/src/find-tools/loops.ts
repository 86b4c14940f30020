/**
 * Registration loops: `defs.forEach((t) => server.tool(t.name, t.description, { params: t.schema }, cb))`,
 * `for (const t of defs) server.registerTool(t.name, { … })`. The collection is traced back to the
 * definitions it is built from — through `.filter`, `.map`, project helpers and other modules — and the
 * registration is read once per definition with the loop variable bound to it, so each tool gets its
 * own name, wrapper and appended text. A `.map` that adds run-time text (`${t.description}${notice}`)
 * leaves that field partly readable: its static parts are measured, the rest has a reason.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { getPropertyName, unwrap } from '../ast.js';
import type { Node } from '../model.js';
import {
  bindParameters,
  evaluateValue,
  getProjectFunction,
  getReturnedExpression,
  isPlainObject,
  TracedList,
  Unreadable,
  UnreadableText,
  withBindings,
  type FunctionLike,
  type ValueContext,
} from '../schema/static-value.js';
import { evaluateText, Scope } from '../text/index.js';
import type { Candidate } from './collect.js';
import type { DetectContext } from './context.js';

/** How far a collection is followed through helpers, variables and modules. */
const MAX_TRACE_DEPTH = 16;
/** Array methods whose result holds (a subset of) the same elements, in some order. */
const KEEPING_METHODS = new Set(['filter', 'slice', 'sort', 'toSorted', 'reverse', 'toReversed']);
const MAPPING_METHODS = new Set(['map', 'flatMap']);
const LOOP_METHODS = new Set(['forEach', 'map', 'flatMap']);

/** A loop around a registration: where its variable is visible, the pattern it binds and what it runs over. */
export interface RegistrationLoop {
  readonly scope: Node;
  readonly variable: Node;
  readonly collection: Node;
}

/** The nearest loop (`for…of`, `.forEach`, `.map`, `.flatMap`) whose body holds the call. */
export function findRegistrationLoop(candidate: Candidate<TSESTree.CallExpression>): RegistrationLoop | undefined {
  const chain = [...candidate.ancestors, candidate.node];
  for (let i = chain.length - 2; i >= 0; i--) {
    const node = chain[i];
    const child = chain[i + 1];
    if (node.type === 'ForOfStatement' && child === node.body) {
      const left = node.left;
      const variable = left.type === 'VariableDeclaration' ? left.declarations[0]?.id : undefined;
      return variable ? { scope: node, variable, collection: node.right } : undefined;
    }
    if ((node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') && node.params[0]) {
      const parent = chain[i - 1];
      const callee = parent?.type === 'CallExpression' && parent.arguments[0] === node ? unwrap(parent.callee) : undefined;
      if (callee?.type === 'MemberExpression' && LOOP_METHODS.has(getMemberName(callee))) {
        return { scope: node, variable: node.params[0], collection: callee.object };
      }
      return undefined;
    }
  }
  return undefined;
}

/**
 * Read a registration once per element of its loop's collection. Undefined when the collection cannot
 * be traced (its definitions are then found where they are written, by shape).
 */
export function readPerElement<T>(loop: RegistrationLoop, context: DetectContext, read: () => T[]): T[] | undefined {
  const valueContext: ValueContext = context.schemaContext;
  const elements = traceElements(loop.collection, valueContext, 0);
  if (elements instanceof Unreadable) return undefined;
  const out: T[] = [];
  for (const element of elements) {
    if (element instanceof Unreadable) continue;
    const bindings = bindParameters([loop.variable], [element], valueContext);
    out.push(...withBindings(loop.scope, context.program, bindings, read));
  }
  return out;
}

/** The elements a collection expression holds, each as complete a value as can be known. */
export function traceElements(input: Node, context: ValueContext, depth: number): readonly unknown[] | Unreadable {
  if (depth > MAX_TRACE_DEPTH) return new Unreadable('a collection built too many steps away', input);
  const value = evaluateValue(input, context);
  if (value instanceof TracedList) return value.elements;
  if (Array.isArray(value)) return value;
  const node = unwrap(input);
  switch (node.type) {
    case 'ArrayExpression':
      return traceArray(node, context, depth);
    case 'Identifier':
      return traceIdentifier(node, context, depth) ?? toUnreadable(value, node);
    case 'AwaitExpression':
      return traceElements(node.argument, context, depth + 1);
    case 'CallExpression':
      return traceCall(node, context, depth) ?? toUnreadable(value, node);
    default:
      return toUnreadable(value, node);
  }
}

function traceArray(node: TSESTree.ArrayExpression, context: ValueContext, depth: number): readonly unknown[] | Unreadable {
  const out: unknown[] = [];
  for (const element of node.elements) {
    if (!element) continue;
    if (element.type === 'SpreadElement') {
      const spread = traceElements(element.argument, context, depth + 1);
      if (spread instanceof Unreadable) return spread;
      out.push(...spread);
    } else {
      out.push(readPartially(element, context, 0));
    }
  }
  return out;
}

function traceIdentifier(node: TSESTree.Identifier, context: ValueContext, depth: number): readonly unknown[] | Unreadable | undefined {
  const scope = Scope.of(context.program);
  const init = scope.resolveInitial(node);
  if (init) return traceElements(init, context, depth + 1);
  const imported = scope.getImport(node.name);
  if (!imported || !context.resolveModule) return undefined;
  const binding = context.resolveModule.resolveImport(context.filePath, imported.source, imported.importedName);
  if (binding.kind !== 'node') return undefined;
  const target = unwrap(binding.node);
  const declared = target.type === 'VariableDeclarator' ? target.init : target;
  if (!declared) return undefined;
  return traceElements(declared, { ...context, program: binding.program, filePath: binding.filePath }, depth + 1);
}

function traceCall(node: TSESTree.CallExpression, context: ValueContext, depth: number): readonly unknown[] | Unreadable | undefined {
  const callee = unwrap(node.callee);
  if (callee.type === 'MemberExpression') {
    const method = getMemberName(callee);
    if (callee.object.type === 'Identifier' && callee.object.name === 'Object' && (method === 'values' || method === 'entries') && node.arguments[0]) {
      const record = evaluateValue(node.arguments[0], context);
      if (!isPlainObject(record)) return undefined;
      return method === 'values' ? Object.values(record) : Object.entries(record);
    }
    if (KEEPING_METHODS.has(method)) return traceElements(callee.object, context, depth + 1);
    if (method === 'concat') return traceConcat(callee.object, node.arguments, context, depth);
    if (MAPPING_METHODS.has(method)) return traceMap(node, callee.object, method === 'flatMap', context, depth);
  }
  return traceHelper(node, context, depth);
}

function traceConcat(first: Node, rest: readonly TSESTree.CallExpressionArgument[], context: ValueContext, depth: number): readonly unknown[] | Unreadable {
  const out: unknown[] = [];
  for (const part of [first, ...rest]) {
    if (part.type === 'SpreadElement') return new Unreadable('a spread argument of `.concat()`', part);
    const elements = traceElements(part, context, depth + 1);
    if (elements instanceof Unreadable) return elements;
    out.push(...elements);
  }
  return out;
}

/** `defs.map((t) => ({ ...t, description: `${t.description}${notice}` }))`: each element as the callback rebuilds it. */
function traceMap(call: TSESTree.CallExpression, source: Node, flat: boolean, context: ValueContext, depth: number): readonly unknown[] | Unreadable | undefined {
  const callback = call.arguments[0];
  const fn = callback ? getFunctionNode(callback, context) : undefined;
  if (!fn) return undefined;
  const elements = traceElements(source, context, depth + 1);
  if (elements instanceof Unreadable) return elements;
  const body = getReturnedExpression(fn.node);
  if (!body) return new Unreadable('a `.map()` callback whose result depends on statements toolslim does not run', fn.node);
  const out: unknown[] = [];
  elements.forEach((element, index) => {
    const bindings = bindParameters(fn.node.params, [element, index], fn.context);
    const mapped = withBindings(fn.node, fn.context.program, bindings, () => readPartially(body, fn.context, 0));
    if (flat && Array.isArray(mapped)) out.push(...(mapped as unknown[]));
    else out.push(mapped);
  });
  return out;
}

/** A project function returning the collection (`getAvailableTools(grant)`): its returns, last first, with its parameters bound. */
function traceHelper(call: TSESTree.CallExpression, context: ValueContext, depth: number): readonly unknown[] | Unreadable | undefined {
  const fn = getFunctionNode(call.callee, context);
  if (!fn) return undefined;
  const args = call.arguments.map((arg) => {
    if (arg.type === 'SpreadElement') return new Unreadable('a spread argument', arg);
    const traced = traceElements(arg, context, depth + 1);
    return traced instanceof Unreadable ? evaluateValue(arg, context) : new TracedList(traced);
  });
  const bindings = bindParameters(fn.node.params, args, fn.context);
  return withBindings(fn.node, fn.context.program, bindings, () => {
    let last: Unreadable | undefined;
    for (const returned of findReturnedExpressions(fn.node).reverse()) {
      const elements = traceElements(returned, fn.context, depth + 1);
      if (!(elements instanceof Unreadable)) return elements;
      last ??= elements;
    }
    return last;
  });
}

/** Every `return` of a function (not of functions inside it), in source order. */
function findReturnedExpressions(fn: FunctionLike): Node[] {
  if (fn.body.type !== 'BlockStatement') return [fn.body];
  const out: Node[] = [];
  const visit = (node: Node): void => {
    if (node.type === 'ReturnStatement') {
      if (node.argument) out.push(node.argument);
      return;
    }
    if (node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression' || node.type === 'ClassDeclaration') return;
    for (const key of STATEMENT_CHILDREN) {
      const child = (node as unknown as Record<string, unknown>)[key];
      if (Array.isArray(child)) for (const c of child) if (c && typeof c === 'object' && 'type' in c) visit(c as Node);
      if (child && typeof child === 'object' && 'type' in child) visit(child as Node);
    }
  };
  for (const statement of fn.body.body) visit(statement);
  return out;
}

/** Where statements nest (blocks, branches, loops, try, switch). */
const STATEMENT_CHILDREN = ['body', 'consequent', 'alternate', 'block', 'handler', 'finalizer', 'cases'];

/** The project function an expression names (inline, same file or imported), with the module it is in. */
function getFunctionNode(input: Node, context: ValueContext): { node: FunctionLike; context: ValueContext } | undefined {
  const node = unwrap(input);
  if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return { node, context };
  return getProjectFunction(evaluateValue(node, context));
}

/**
 * A value with its unknown parts kept in place: an object literal whose one field is run-time text stays
 * an object, with that field an `Unreadable` (an `UnreadableText` carrying the static parts of text).
 */
function readPartially(input: Node, context: ValueContext, depth: number): unknown {
  const value = evaluateValue(input, context);
  if (!(value instanceof Unreadable) || depth > MAX_TRACE_DEPTH) return value;
  const node = unwrap(input);
  if (node.type === 'Identifier') {
    const init = Scope.of(context.program).resolve(node);
    return init ? readPartially(init, context, depth + 1) : value;
  }
  if (node.type === 'TemplateLiteral' || node.type === 'BinaryExpression' || node.type === 'TaggedTemplateExpression') {
    const text = evaluateText(node, context);
    return text.kind === 'dynamic' ? new UnreadableText(text.reason, node, text) : value;
  }
  if (node.type !== 'ObjectExpression') return value;
  const out: Record<string, unknown> = {};
  for (const property of node.properties) {
    if (property.type === 'SpreadElement') {
      const spread = readPartially(property.argument, context, depth + 1);
      if (!isPlainObject(spread)) return value;
      Object.assign(out, spread);
      continue;
    }
    const key = property.computed ? undefined : getPropertyName(property);
    if (key === undefined) return value;
    Object.defineProperty(out, key, {
      value: property.kind === 'init' && !property.method ? readPartially(property.value, context, depth + 1) : new Unreadable('a method', property),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

function getMemberName(node: TSESTree.MemberExpression): string {
  return !node.computed && node.property.type === 'Identifier' ? node.property.name : '';
}

function toUnreadable(value: unknown, node: Node): Unreadable {
  return value instanceof Unreadable ? value : new Unreadable('a collection that is not a static array', node);
}
