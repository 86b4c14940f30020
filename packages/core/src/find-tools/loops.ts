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
import { isGap, readPartly, rememberPartlyRead } from '../schema/value/partial.js';
import { MAX_DEPTH } from '../text/budget.js';
import { evaluateText, Scope } from '../text/index.js';
import type { FoundTool } from './build.js';
import type { Candidate } from './collect.js';
import { addCondition, applyPathCondition, describeFilter } from './conditions.js';
import type { DetectContext } from './context.js';

/** Array methods whose result holds (a subset of) the same elements, in some order. */
const KEEPING_METHODS = new Set(['filter', 'slice', 'sort', 'toSorted', 'reverse', 'toReversed']);
const MAPPING_METHODS = new Set(['map', 'flatMap']);
/** Array methods whose callback runs once per element. */
export const LOOP_METHODS: ReadonlySet<string> = new Set(['forEach', 'map', 'flatMap']);

/**
 * An element of a collection that a `.filter()` keeps only when a test known at run time holds
 * (`ACTIONS.filter((a) => allowed.has(a.name))`): the tool it defines is listed only under that condition.
 */
export class KeptWhen {
  constructor(
    readonly value: unknown,
    readonly reason: string,
  ) {}
}

/** An element and the condition a `.filter()` put on it, if any. */
export function unwrapKept(element: unknown): { readonly value: unknown; readonly condition?: string } {
  return element instanceof KeptWhen ? { value: element.value, condition: element.reason } : { value: element };
}

/** Names bound while a registration is read: a loop's variable, a method's parameters. */
interface BoundScope {
  readonly scope: Node;
  readonly bindings: ReadonlyMap<string, unknown>;
  /** The call that bound `scope`'s parameters, with its ancestors (root first), when a helper or method was called. */
  readonly callSite?: readonly Node[];
  /** Each plain parameter's argument as written at that call, so a detector can read an object literal passed in. */
  readonly nodes?: ReadonlyMap<string, Node>;
  /** The element is registered only under this condition (a `.filter()` whose test is known at run time). */
  readonly condition?: string;
}

/** How many method calls are followed outwards from a registration to the loop that feeds it. */
const MAX_CALL_SITES_DEPTH = 3;

/**
 * Read a registration once per definition it registers: inside a loop (`for…of`, `.forEach`, `.map`,
 * `.flatMap`), or inside a class method called from such a loop (`for (const t of all) this.add(t)`).
 * Undefined when no loop can be traced (its definitions are then found where they are written, by shape).
 */
export function readPerDefinition(candidate: Candidate, context: DetectContext, read: () => FoundTool[]): FoundTool[] | undefined {
  const sets = findBindingSets([...candidate.ancestors, candidate.node], context.schemaContext, 0, context.registrarNames);
  if (!sets) return undefined;
  return sets.flatMap((frames) => {
    // A helper called under a condition (`if (fleet) this.define('x', …)`) registers only under it.
    const callSites = frames.flatMap((frame) => (frame.callSite ? [frame.callSite] : []));
    const tools = context.withArgumentNodes(frames.flatMap((frame) => (frame.nodes ? [frame.nodes] : [])), () => withAll(frames, context.program, read));
    // An element a `.filter()` keeps only at run time is registered only then.
    const filters = frames.flatMap((frame) => (frame.condition ? [frame.condition] : []));
    const kept = filters.reduce((all, reason) => all.map((tool) => addCondition(tool, reason)), tools);
    return callSites.reduce((all, path) => applyPathCondition(all, path, context), kept);
  });
}

function withAll<T>(frames: readonly BoundScope[], program: Node, read: () => T): T {
  if (frames.length === 0) return read();
  const [first, ...rest] = frames;
  return withBindings(first.scope, program as Parameters<typeof withBindings>[1], first.bindings, () => withAll(rest, program, read));
}

/** `registrars`: helpers read as registrars at their calls (`ext-apps.ts`), whose registration is not read again here. */
function findBindingSets(chain: readonly Node[], context: ValueContext, depth: number, registrars: ReadonlySet<string>): BoundScope[][] | undefined {
  for (let i = chain.length - 2; i >= 0; i--) {
    const node = chain[i];
    const child = chain[i + 1];
    if (node.type === 'ForOfStatement' && child === node.body) {
      const left = node.left;
      const variable = left.type === 'VariableDeclaration' ? left.declarations[0]?.id : undefined;
      return variable ? bindEach(node, variable, node.right, context) : undefined;
    }
    if (node.type === 'FunctionDeclaration') {
      // `function add(name, text, shape) { server.registerTool(name, …) }` called as `add('x', …)`: read once per call.
      const calls = depth < MAX_CALL_SITES_DEPTH && node.id && !registrars.has(node.id.name) ? bindFunctionCalls(node, node.id.name, chain.slice(0, i), context, depth, registrars) : undefined;
      if (calls) return calls;
      continue;
    }
    if (node.type !== 'ArrowFunctionExpression' && node.type !== 'FunctionExpression') continue;
    const parent = chain[i - 1];
    const callee = parent?.type === 'CallExpression' && parent.arguments[0] === node ? unwrap(parent.callee) : undefined;
    if (callee?.type === 'MemberExpression' && LOOP_METHODS.has(getMemberName(callee)) && node.params[0]) {
      return bindEach(node, node.params[0], callee.object, context);
    }
    if (parent?.type === 'MethodDefinition' && depth < MAX_CALL_SITES_DEPTH) return bindMethodCalls(node, parent, chain.slice(0, i - 1), context, depth, registrars);
    // `{ name: 'x', exec(server, { name }) { server.registerTool(name, …) } }` called as `tool.exec(server, { name: tool.name })`.
    if (parent?.type === 'Property' && parent.value === node && node.params.length > 0 && depth < MAX_CALL_SITES_DEPTH) {
      const key = parent.computed ? undefined : getPropertyName(parent);
      const calls = key === undefined ? undefined : bindPropertyCalls(node, key, context, depth, registrars);
      if (calls) return calls;
    }
    // `const add = (name, text) => server.tool(name, text, cb)` called as `add('x', …)`.
    if (parent?.type === 'VariableDeclarator' && parent.init === node && parent.id.type === 'Identifier' && depth < MAX_CALL_SITES_DEPTH) {
      return registrars.has(parent.id.name) ? undefined : bindFunctionCalls(node, parent.id.name, chain.slice(0, i - 2), context, depth, registrars);
    }
    // A closure handed to another call (`pending.push((server) => server.registerTool(name, config, cb))`)
    // registers what the function around it was given: its parameters are bound where that one is called.
    if (parent?.type === 'CallExpression' && parent.callee !== node) continue;
    return undefined;
  }
  return undefined;
}

function bindEach(scope: Node, variable: Node, collection: Node, context: ValueContext): BoundScope[][] | undefined {
  const elements = traceElements(collection, context, 0);
  if (elements instanceof Unreadable) return undefined;
  // An element that cannot be read is bound too: its registration then says what it could not read, never dropped.
  return elements.map((element) => {
    const { value, condition } = unwrapKept(element);
    return [{ scope, bindings: bindParameters([variable], [value], context), ...(condition === undefined ? {} : { condition }) }];
  });
}

/** `registerTool(tool) { this.server.registerTool(tool.name, …) }` called as `this.registerTool(t)` in loops of the same class. */
function bindMethodCalls(fn: TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression, method: TSESTree.MethodDefinition, outer: readonly Node[], context: ValueContext, depth: number, registrars: ReadonlySet<string>): BoundScope[][] | undefined {
  const name = !method.computed && method.key.type === 'Identifier' ? method.key.name : undefined;
  const classBody = outer[outer.length - 1];
  if (!name || classBody?.type !== 'ClassBody') return undefined;
  const out: BoundScope[][] = [];
  const classNode = outer[outer.length - 2];
  const className = (classNode?.type === 'ClassDeclaration' || classNode?.type === 'ClassExpression') && classNode.id ? classNode.id.name : undefined;
  const scope = Scope.of(context.program);
  // `this.define(…)` in the class, or `server.define(…)` on an instance the file makes (`const server = new Kitchen(…)`).
  const isInstance = (object: Node): boolean => {
    if (object.type === 'ThisExpression') return true;
    if (object.type !== 'Identifier' || className === undefined) return false;
    const init = scope.resolve(object);
    const made = init ? unwrap(init) : undefined;
    return made?.type === 'NewExpression' && made.callee.type === 'Identifier' && made.callee.name === className;
  };
  const root = className === undefined ? classBody : context.program;
  const above = className === undefined ? [...outer.slice(0, -1)] : [];
  visitWithAncestors(root, above, (node, ancestors) => {
    if (node.type !== 'CallExpression') return;
    const callee = unwrap(node.callee);
    if (callee.type !== 'MemberExpression' || getMemberName(callee) !== name || !isInstance(unwrap(callee.object))) return;
    if (callee.object.type === 'ThisExpression' && !isInside(node, classBody)) return;
    // A call outside any loop binds the parameters once (`this.add('x', …)` in a constructor).
    const sets = findBindingSets([...ancestors, node], context, depth + 1, registrars) ?? [[]];
    for (const frames of sets) {
      const args = withAll(frames, context.program, () => node.arguments.map((arg) => (arg.type === 'SpreadElement' ? new Unreadable('a spread argument', arg) : evaluateValue(arg, context))));
      out.push([...frames, { scope: fn, bindings: bindParameters(fn.params, args, context), callSite: [...ancestors, node], nodes: getArgumentNodes(fn.params, node) }]);
    }
  });
  return out.length > 0 ? out : undefined;
}

/**
 * A helper declared in a block (`function add(…) {}` or `const add = (…) => …`) whose parameters reach a
 * registration: each direct call `add(…)` in the block that declares it binds the parameters to its
 * arguments (themselves read with the bindings of the call's own loop or helper, if any).
 */
function bindFunctionCalls(fn: FunctionLike, name: string, outer: readonly Node[], context: ValueContext, depth: number, registrars: ReadonlySet<string>): BoundScope[][] | undefined {
  let index = outer.length - 1;
  while (index > 0 && (outer[index].type === 'VariableDeclaration' || outer[index].type === 'ExportNamedDeclaration' || outer[index].type === 'ExportDefaultDeclaration')) index--;
  const block = outer[index];
  if (!block || (block.type !== 'BlockStatement' && block.type !== 'Program' && block.type !== 'StaticBlock')) return undefined;
  const out: BoundScope[][] = [];
  visitWithAncestors(block, [...outer.slice(0, index)], (node, ancestors) => {
    if (node.type !== 'CallExpression') return;
    const callee = unwrap(node.callee);
    if (callee.type !== 'Identifier' || callee.name !== name || isInside(node, fn)) return;
    const sets = findBindingSets([...ancestors, node], context, depth + 1, registrars) ?? [[]];
    for (const frames of sets) {
      const args = withAll(frames, context.program, () => node.arguments.map((arg) => (arg.type === 'SpreadElement' ? new Unreadable('a spread argument', arg) : evaluateValue(arg, context))));
      out.push([...frames, { scope: fn, bindings: bindParameters(fn.params, args, context), callSite: [...ancestors, node], nodes: getArgumentNodes(fn.params, node) }]);
    }
  });
  return out.length > 0 ? out : undefined;
}

/**
 * A function written as a property of an object (`exec(server, args) { … }`), called through a member of
 * that name whose value is this very function (`tool.exec(…)` for each `tool` of a list that holds the
 * object, `defs.gardenTool.exec(…)`): each such call in the file binds the parameters to its arguments.
 */
function bindPropertyCalls(fn: TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression, key: string, context: ValueContext, depth: number, registrars: ReadonlySet<string>): BoundScope[][] | undefined {
  const candidates = getMemberCalls(context.program).get(key);
  if (!candidates) return undefined;
  const calls = candidates.filter((call) => !isInside(call, fn));
  if (calls.length === 0) return undefined;
  const wanted = new Set(calls);
  const out: BoundScope[][] = [];
  visitWithAncestors(context.program, [], (node, ancestors) => {
    if (node.type !== 'CallExpression' || !wanted.has(node)) return;
    const callee = unwrap(node.callee);
    const sets = findBindingSets([...ancestors, node], context, depth + 1, registrars) ?? [[]];
    for (const frames of sets) {
      // Only a call whose callee is this function (its stand-in, the same for every read of it) binds it.
      const called = withAll(frames, context.program, () => getProjectFunction(evaluateValue(callee, context)));
      if (called?.node !== fn) continue;
      // An argument object with one part known only at run time (`{ ctx: await load(), name: tool.name }`) keeps its other parts.
      const args = withAll(frames, context.program, () => node.arguments.map((arg) => (arg.type === 'SpreadElement' ? new Unreadable('a spread argument', arg) : readPartially(arg, context, 0))));
      out.push([...frames, { scope: fn, bindings: bindParameters(fn.params, args, context), callSite: [...ancestors, node], nodes: getArgumentNodes(fn.params, node) }]);
    }
  }, (node) => calls.some((call) => isInside(call, node)));
  return out.length > 0 ? out : undefined;
}

/** Calls through a member (`x.exec(…)`) of a program, by the member's name; indexed once per program. */
const memberCalls = new WeakMap<Node, ReadonlyMap<string, readonly TSESTree.CallExpression[]>>();

function getMemberCalls(program: Node): ReadonlyMap<string, readonly TSESTree.CallExpression[]> {
  let index = memberCalls.get(program);
  if (index) return index;
  const found = new Map<string, TSESTree.CallExpression[]>();
  visitNodes(program, (node) => {
    if (node.type !== 'CallExpression') return;
    const callee = unwrap(node.callee);
    if (callee.type !== 'MemberExpression') return;
    const name = getMemberName(callee);
    if (!name) return;
    const list = found.get(name);
    if (list) list.push(node);
    else found.set(name, [node]);
  });
  index = found;
  memberCalls.set(program, index);
  return index;
}

/** `function add(tool)` called as `add({ name: 'x', … })`: `tool` → the object literal written there. */
function getArgumentNodes(params: readonly Node[], call: TSESTree.CallExpression): ReadonlyMap<string, Node> {
  const nodes = new Map<string, Node>();
  params.forEach((param, index) => {
    const arg = call.arguments[index];
    const id = param.type === 'TSParameterProperty' ? param.parameter : param;
    if (id.type === 'Identifier' && arg && arg.type !== 'SpreadElement') nodes.set(id.name, arg);
  });
  return nodes;
}

function isInside(node: Node, outer: Node): boolean {
  return outer.range[0] <= node.range[0] && node.range[1] <= outer.range[1];
}

/** Every node under `root` with its ancestors (outermost first), parents before children; `enter` may skip a subtree. */
function visitWithAncestors(root: Node, above: readonly Node[], visit: (node: Node, ancestors: readonly Node[]) => void, enter?: (node: Node) => boolean): void {
  const walk = (node: Node, ancestors: Node[]): void => {
    if (enter && !enter(node)) return;
    visit(node, ancestors);
    ancestors.push(node);
    for (const key of Object.keys(node)) {
      if (key === 'parent') continue;
      const child = (node as unknown as Record<string, unknown>)[key];
      if (Array.isArray(child)) {
        for (const c of child) if (isNode(c)) walk(c, ancestors);
      } else if (isNode(child)) walk(child, ancestors);
    }
    ancestors.pop();
  };
  walk(root, [...above]);
}

/** The elements a collection expression holds, each as complete a value as can be known. */
export function traceElements(input: Node, context: ValueContext, depth: number): readonly unknown[] | Unreadable {
  if (depth > MAX_DEPTH) return new Unreadable('a collection built too many steps away', input);
  const pushed = getPushedList(input, context);
  if (pushed) return tracePushes(pushed.name, pushed.init, context, depth);
  const value = evaluateValue(input, context);
  if (value instanceof TracedList) return value.elements;
  // `list.map(f)` of a list filled by `push` reads as empty to the value evaluator: trace it instead.
  if (Array.isArray(value) && (value.length > 0 || !isBuiltOnPushedList(input, context))) return value;
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
  const init = Scope.of(context.program).resolveInitial(node);
  if (init) return traceElements(init, context, depth + 1);
  const declared = resolveImportedValue(node, context);
  return declared ? traceElements(declared.node, declared.context, depth + 1) : undefined;
}

/** `import { shelfTool } from './shelf.js'`: the expression the module declares it as, with that module's context. */
function resolveImportedValue(node: TSESTree.Identifier, context: ValueContext): { node: Node; context: ValueContext } | undefined {
  const imported = Scope.of(context.program).getImport(node.name);
  if (!imported || !context.resolveModule) return undefined;
  const binding = context.resolveModule.resolveImport(context.filePath, imported.source, imported.importedName);
  if (binding.kind !== 'node') return undefined;
  const target = unwrap(binding.node);
  const declared = target.type === 'VariableDeclarator' ? target.init : target;
  return declared ? { node: declared, context: { ...context, program: binding.program, filePath: binding.filePath } } : undefined;
}

/**
 * `const list = []; … list.push(a()); … list.push(REGISTRY[name]())`: every value pushed in the function
 * (or module) that declares the list. A factory picked from a record by a run-time key stands for each
 * of the record's factories.
 */
/** `const list = []` filled later by `list.push(…)`: its value is not its initializer. */
function getPushedList(input: Node, context: ValueContext): { name: string; init: Node } | undefined {
  const node = unwrap(input);
  if (node.type !== 'Identifier') return undefined;
  const init = Scope.of(context.program).resolveInitial(node);
  const array = init ? unwrap(init) : undefined;
  return init && array?.type === 'ArrayExpression' && array.elements.length === 0 ? { name: node.name, init } : undefined;
}

function isBuiltOnPushedList(input: Node, context: ValueContext): boolean {
  let node = unwrap(input);
  for (let i = 0; i < MAX_DEPTH; i++) {
    if (node.type === 'CallExpression') node = unwrap(node.callee);
    else if (node.type === 'MemberExpression') node = unwrap(node.object);
    else if (node.type === 'Identifier') {
      if (getPushedList(node, context)) return true;
      const init = Scope.of(context.program).resolveInitial(node);
      if (!init) return false;
      node = unwrap(init);
    } else return false;
  }
  return false;
}

function tracePushes(name: string, init: Node, context: ValueContext, depth: number): readonly unknown[] | Unreadable {
  const owner = findEnclosingFunction(context.program, init) ?? context.program;
  const out: unknown[] = [];
  visitNodes(owner, (node) => {
    if (node.type !== 'CallExpression') return;
    const callee = unwrap(node.callee);
    if (callee.type !== 'MemberExpression' || getMemberName(callee) !== 'push') return;
    const target = unwrap(callee.object);
    if (target.type !== 'Identifier' || target.name !== name) return;
    for (const arg of node.arguments) {
      if (arg.type === 'SpreadElement') {
        const spread = traceElements(arg.argument, context, depth + 1);
        // `tools.push(...fromPackage())`: what cannot be read stands as one element, named where it is registered.
        if (spread instanceof Unreadable) out.push(spread);
        else out.push(...spread);
      } else {
        out.push(...readAlternatives(arg, context, depth));
      }
    }
  });
  return out;
}

/** The values an expression may have: one when it can be read, one per factory for `REGISTRY[key]()`. */
function readAlternatives(input: Node, context: ValueContext, depth: number): unknown[] {
  const node = unwrap(input);
  if (node.type === 'CallExpression') {
    const callee = unwrap(node.callee);
    if (callee.type === 'MemberExpression' && callee.computed && evaluateValue(callee.property, context) instanceof Unreadable) {
      const record = resolveObjectNode(callee.object, context, 0);
      if (record) {
        return record.node.properties.flatMap((property) => {
          if (property.type !== 'Property') return [];
          const fn = getFunctionNode(property.value, record.context);
          return fn ? [callPartially(fn, [])] : [];
        });
      }
    }
    const fn = getFunctionNode(node.callee, context);
    if (fn && node.arguments.length === 0) return [callPartially(fn, [])];
  }
  return [readPartially(node, context, depth)];
}

/** The object literal an expression names (same file or imported), with the module it is written in. */
function resolveObjectNode(input: Node, context: ValueContext, depth: number): { node: TSESTree.ObjectExpression; context: ValueContext } | undefined {
  const node = unwrap(input);
  if (node.type === 'ObjectExpression') return { node, context };
  if (node.type !== 'Identifier' || depth > MAX_DEPTH) return undefined;
  const init = Scope.of(context.program).resolve(node);
  if (init) return resolveObjectNode(init, context, depth + 1);
  const declared = resolveImportedValue(node, context);
  return declared ? resolveObjectNode(declared.node, declared.context, depth + 1) : undefined;
}

function findEnclosingFunction(program: Node, target: Node): Node | undefined {
  let found: Node | undefined;
  visitNodes(program, (node) => {
    if ((node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression' || node.type === 'FunctionDeclaration') && node.range[0] <= target.range[0] && target.range[1] <= node.range[1]) {
      found = node;
    }
  });
  return found;
}

/** Every node under `root`, parents first. */
function visitNodes(root: Node, visit: (node: Node) => void): void {
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    visit(node);
    for (const key of Object.keys(node)) {
      if (key === 'parent') continue;
      const child = (node as unknown as Record<string, unknown>)[key];
      if (Array.isArray(child)) {
        for (let i = child.length - 1; i >= 0; i--) if (isNode(child[i])) stack.push(child[i] as Node);
      } else if (isNode(child)) stack.push(child);
    }
  }
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string' && Array.isArray((value as { range?: unknown }).range);
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
    if (method === 'filter') return traceFilter(node, callee.object, context, depth);
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

/**
 * `defs.filter((t) => allowed.has(t.name))`: each element the test keeps, read with the callback's parameter bound;
 * one whose test is known only at run time is kept under that condition (`KeptWhen`), one it drops goes.
 */
function traceFilter(call: TSESTree.CallExpression, source: Node, context: ValueContext, depth: number): readonly unknown[] | Unreadable {
  const elements = traceElements(source, context, depth + 1);
  const callback = call.arguments[0];
  const fn = callback ? getFunctionNode(callback, context) : undefined;
  const body = fn ? getReturnedExpression(fn.node) : undefined;
  if (elements instanceof Unreadable || !fn || !body) return elements;
  const out: unknown[] = [];
  elements.forEach((element, index) => {
    const { value, condition } = unwrapKept(element);
    const bindings = bindParameters(fn.node.params, [value, index], fn.context);
    const kept = withBindings(fn.node, fn.context.program, bindings, () => evaluateValue(body, fn.context));
    if (kept instanceof Unreadable) {
      const reason = describeFilter(callback as Node) ?? 'listed only when the filter keeps it';
      out.push(new KeptWhen(value, condition ? `${condition}; ${reason}` : reason));
    } else if (kept) out.push(element);
  });
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
    const { value, condition } = unwrapKept(element);
    const bindings = bindParameters(fn.node.params, [value, index], fn.context);
    const mapped = withBindings(fn.node, fn.context.program, bindings, () => readPartially(body, fn.context, 0));
    const keep = (item: unknown) => (condition === undefined ? item : new KeptWhen(item, condition));
    if (flat && Array.isArray(mapped)) out.push(...(mapped as unknown[]).map(keep));
    else out.push(keep(mapped));
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
function getFunctionNode(input: Node, context: ValueContext, depth = 0): { node: FunctionLike; context: ValueContext } | undefined {
  const node = unwrap(input);
  if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression' || node.type === 'FunctionDeclaration') return { node, context };
  if (node.type === 'Identifier' && depth < MAX_DEPTH) {
    // Declarations are followed as written: an async helper has no value, but its returns still say what it builds.
    const scope = Scope.of(context.program);
    const init = scope.resolve(node);
    if (init) return getFunctionNode(init, context, depth + 1);
    const imported = scope.getImport(node.name);
    if (imported && context.resolveModule) {
      const binding = context.resolveModule.resolveImport(context.filePath, imported.source, imported.importedName);
      if (binding.kind === 'node') return getFunctionNode(binding.node, { ...context, program: binding.program, filePath: binding.filePath }, depth + 1);
    }
  }
  return getProjectFunction(evaluateValue(node, context));
}

/** A call of a project function read partly: its one returned expression with its parameters bound. */
function callPartially(fn: { node: FunctionLike; context: ValueContext }, args: readonly unknown[]): unknown {
  const body = getReturnedExpression(fn.node);
  if (!body) return new Unreadable('a function whose result depends on statements toolslim does not run', fn.node);
  const bindings = bindParameters(fn.node.params, args, fn.context);
  return withBindings(fn.node, fn.context.program, bindings, () => readPartially(body, fn.context, 0));
}

/**
 * A value with its unknown parts kept in place: an object literal whose one field is run-time text stays
 * an object, with that field an `Unreadable` (an `UnreadableText` carrying the static parts of text).
 */
function readPartially(input: Node, context: ValueContext, depth: number): unknown {
  const value = evaluateValue(input, context);
  if (!(value instanceof Unreadable) || depth > MAX_DEPTH) return value;
  const node = unwrap(input);
  if (node.type === 'Identifier') {
    const init = Scope.of(context.program).resolve(node);
    if (init) return readPartially(init, context, depth + 1);
    // `import { shelfTool } from './shelf.js'` listed as `[shelfTool, …]`: read where the module declares it.
    const declared = resolveImportedValue(node, context);
    return declared ? readPartially(declared.node, declared.context, depth + 1) : value;
  }
  if (node.type === 'TemplateLiteral' || node.type === 'BinaryExpression' || node.type === 'TaggedTemplateExpression') {
    const text = evaluateText(node, context);
    return text.kind === 'dynamic' ? new UnreadableText(text.reason, node, text) : value;
  }
  // `defineTool('get_query', 'Gets a query.', handler, schema)`: a project function that returns one object, read
  // with its parameters bound, so a field it computes by statements toolslim does not run (a cached conversion)
  // is unknown alone and the name and description stay read.
  if (node.type === 'CallExpression' && node.arguments.every((argument) => argument.type !== 'SpreadElement')) {
    const fn = getFunctionNode(node.callee, context);
    const returned = fn ? getReturnedExpression(fn.node) : undefined;
    if (fn && returned && unwrap(returned).type === 'ObjectExpression') return callPartially(fn, node.arguments.map((argument) => evaluateValue(argument, context)));
    return readPartlyRemembered(node, context) ?? value;
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

/**
 * `z.number().describe(\`Per page, default ${settings.pageSize}\`)` in a loop's definition: the schema read the
 * way a schema's own partial reading reads it (the text that can be known, in place), remembered with the
 * parts it could not know so the schema that holds it is marked as a lower bound.
 */
function readPartlyRemembered(node: Node, context: ValueContext): object | undefined {
  const { value, gaps } = readPartly(() => evaluateValue(node, context));
  if (gaps.length === 0 || typeof value !== 'object' || value === null || value instanceof Unreadable || isGap(value)) return undefined;
  rememberPartlyRead(value, gaps);
  return value;
}

function getMemberName(node: TSESTree.MemberExpression): string {
  return !node.computed && node.property.type === 'Identifier' ? node.property.name : '';
}

function toUnreadable(value: unknown, node: Node): Unreadable {
  return value instanceof Unreadable ? value : new Unreadable('a collection that is not a static array', node);
}
