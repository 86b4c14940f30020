/**
 * Helpers that register what they are given, called where the helper is not written:
 *
 * - a registrar made by a factory, `const add = makeRegistrar(server)` with
 *   `makeRegistrar(server) { return (name, text, shape, run) => { …; server.tool(name, text, shape, wrapped) } }`;
 * - a helper imported from another module, `addTool(server, 'x', 'text', shape, run)` whose body calls
 *   `server.registerTool(name, …)`.
 *
 * Each call of the helper in this file is read as the registration it makes: the registration's arguments
 * are the helper's parameters (or the factory's), so the call's own arguments, written here, take their
 * places.
 *
 * A helper of another module whose registration is built from its parameters rather than passed them —
 * `registerAll(server, defs) { for (const d of defs) server.tool(d.name, d.text, build(d), run) }` — is
 * read where it is written, once per call here, with its parameters bound to that call's arguments (`bound`):
 * the loop inside it then runs over the list this call passes.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { visitorKeys } from '@typescript-eslint/visitor-keys';
import { getCalleeName, unwrap, walk, type Program } from '../ast.js';
import type { Node } from '../model.js';
import { Scope } from '../text/scope.js';
import type { DetectContext, FunctionNode } from './context.js';
import { LOOP_METHODS } from './loops.js';
import { findReturnedValues } from './low-level.js';
import { declares } from './unread.js';

/** The registrations a forwarder makes on its caller's behalf. */
export const FORWARDED_SINKS: ReadonlySet<string> = new Set(['tool', 'registerTool']);

/** Where a registration's argument comes from: the helper's call, the factory's call, or the helper itself. */
type Source = { readonly from: 'call' | 'factory'; readonly index: number } | { readonly from: 'own' };

export interface Forwarder {
  readonly sink: string;
  readonly receiver: Source;
  readonly args: readonly Source[];
  /** The factory call that made the helper (`makeRegistrar(server)`), for `factory` arguments. */
  readonly factoryCall: TSESTree.CallExpression | undefined;
  /** The initializer of the constant a factory made it into. */
  readonly declarator?: Node;
  /** Where the registration is written. */
  readonly filePath: string;
  readonly line: number;
  /** Set when the registration is read in the helper's own module with its parameters bound (see above). */
  readonly bound?: BoundHelper;
}

/** A helper read where it is written: the function, its one registration with its ancestors, its module. */
export interface BoundHelper {
  readonly fn: FunctionNode;
  readonly sinkCall: TSESTree.CallExpression;
  readonly ancestors: readonly Node[];
  readonly program: Program;
}

/** Forwarders this file calls by name: factory-made constants and imported helpers (same file or another). */
export function findForwarders(program: Program, context: DetectContext, taken: (name: string) => boolean): Map<string, Forwarder> {
  const out = new Map<string, Forwarder>();
  const scope = Scope.of(program);
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration' && typeof statement.source.value === 'string' && statement.source.value.startsWith('.')) {
      for (const specifier of statement.specifiers) {
        if (specifier.type !== 'ImportSpecifier' || taken(specifier.local.name)) continue;
        const fn = resolveImported(specifier.local.name, scope, context);
        const forwarder = fn ? (readForwarder(fn.node, undefined, undefined, fn.filePath) ?? readBoundHelper(fn)) : undefined;
        if (forwarder) out.set(specifier.local.name, forwarder);
      }
      continue;
    }
  }
  // `const plant = makePlanter(server)`, at the top or in the function that builds the server.
  const names = new Map<string, Forwarder | undefined>();
  walk(program, (node: Node) => {
    if (node.type !== 'VariableDeclarator' || node.id.type !== 'Identifier' || !node.init || taken(node.id.name)) return;
    const init = unwrap(node.init);
    if (init.type !== 'CallExpression') return;
    const callee = unwrap(init.callee);
    if (callee.type !== 'Identifier') return;
    const factory = resolveLocal(callee, scope, context.options.filePath ?? '') ?? resolveImported(callee.name, scope, context);
    if (!factory) return;
    const returned = findReturnedValues(factory.node).map(unwrap);
    const made = returned.length === 1 && (returned[0].type === 'ArrowFunctionExpression' || returned[0].type === 'FunctionExpression') ? returned[0] : undefined;
    const forwarder = made ? readForwarder(made, factory.node, init, factory.filePath) : undefined;
    // A name declared twice in the file is not told apart here: neither is read as a forwarder.
    names.set(node.id.name, names.has(node.id.name) ? undefined : forwarder ? { ...forwarder, declarator: node.init } : undefined);
  });
  for (const [name, forwarder] of names) if (forwarder && !out.has(name)) out.set(name, forwarder);
  return out;
}

/** The call's callee is the forwarder's: the constant it was made into, or the import it came in by. */
export function isForwarderCallee(callee: TSESTree.Identifier, forwarder: Forwarder, scope: Scope): boolean {
  if (!forwarder.declarator) return scope.getImport(callee.name) !== undefined && scope.resolve(callee) === undefined;
  return scope.resolve(callee) === forwarder.declarator;
}

function resolveLocal(id: TSESTree.Identifier, scope: Scope, filePath: string): { node: FunctionNode; filePath: string } | undefined {
  if (scope.getImport(id.name)) return undefined;
  const init = scope.resolve(id);
  const fn = init ? unwrap(init) : undefined;
  return fn && isFunction(fn) ? { node: fn, filePath } : undefined;
}

function resolveImported(name: string, scope: Scope, context: DetectContext): { node: FunctionNode; filePath: string; program?: Program } | undefined {
  const imported = scope.getImport(name);
  const modules = context.options.resolveModule;
  if (!imported || !modules || !context.options.filePath) return undefined;
  const binding = modules.resolveImport(context.options.filePath, imported.source, imported.importedName);
  if (binding.kind !== 'node') return undefined;
  const node = unwrap(binding.node);
  const fn = node.type === 'VariableDeclarator' && node.init ? unwrap(node.init) : node;
  return isFunction(fn) ? { node: fn, filePath: binding.filePath, program: binding.program } : undefined;
}

/**
 * A helper of another module with one registration, on a receiver it is given, that is not a plain
 * hand-over of its parameters: read in its own module, with the parameters bound at each call.
 */
function readBoundHelper(fn: { node: FunctionNode; filePath: string; program?: Program }): Forwarder | undefined {
  if (!fn.program) return undefined;
  const sinks = findSinkCalls(fn.node.body, true);
  if (sinks.length !== 1) return undefined;
  const sinkCall = sinks[0];
  const callee = unwrap(sinkCall.callee) as TSESTree.MemberExpression;
  const receiver = unwrap(callee.object);
  const index = receiver.type === 'Identifier' ? indexOfParam(fn.node, receiver.name) : -1;
  if (index < 0) return undefined;
  const ancestors = findAncestors(fn.program, sinkCall);
  if (!ancestors) return undefined;
  // Only a registration whose name comes from what the helper is given: any other one its module reads itself.
  const origin = findNameOrigin(sinkCall, ancestors, fn.node);
  if (origin === undefined || origin === index) return undefined;
  const line = sinkCall.loc?.start.line ?? 0;
  return { sink: getCalleeName(callee) ?? '', receiver: { from: 'call', index }, args: [], factoryCall: undefined, filePath: fn.filePath, line, bound: { fn: fn.node, sinkCall, ancestors, program: fn.program } };
}

/**
 * The helper's parameter the registration's name is read from: directly (`name`, `def.name`) or through the
 * loops around it (`for (const def of defs)`, `defs.forEach((def) => …)`), or undefined.
 */
function findNameOrigin(sinkCall: TSESTree.CallExpression, ancestors: readonly Node[], fn: FunctionNode): number | undefined {
  let root = getRoot(sinkCall.arguments[0] as Node | undefined);
  for (let i = ancestors.length - 1; i >= 0 && root !== undefined && ancestors[i] !== fn; i--) {
    const node = ancestors[i];
    if (node.type === 'ForOfStatement' && node.left.type === 'VariableDeclaration' && declares(node.left.declarations[0]?.id, root)) root = getRoot(node.right);
    else if (isFunction(node) && declares(node.params[0], root)) {
      const parent = ancestors[i - 1];
      const callee = parent?.type === 'CallExpression' ? unwrap(parent.callee) : undefined;
      root = callee?.type === 'MemberExpression' ? getRoot(callee.object) : undefined;
    }
  }
  const index = root === undefined ? -1 : indexOfParam(fn, root);
  return index >= 0 ? index : undefined;
}

/** `def` of `def`, `def.name`, `def.tool.name`, `defs.filter(…)`. */
function getRoot(input: Node | undefined): string | undefined {
  let node = input ? unwrap(input) : undefined;
  for (let i = 0; i < 6 && node; i++) {
    if (node.type === 'Identifier') return node.name;
    if (node.type === 'MemberExpression') node = unwrap(node.object);
    else if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression') node = unwrap(node.callee.object);
    else return undefined;
  }
  return undefined;
}

/** The ancestors of `target` in `program`, outermost first, or undefined when it is not there. */
function findAncestors(program: Program, target: Node): Node[] | undefined {
  const path: Node[] = [];
  const visit = (node: Node): boolean => {
    if (node === target) return true;
    if (node.range[1] < target.range[0] || node.range[0] > target.range[1]) return false;
    path.push(node);
    for (const key of visitorKeys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      for (const c of Array.isArray(child) ? child : [child]) if (c && typeof (c as Node).type === 'string' && visit(c as Node)) return true;
    }
    path.pop();
    return false;
  };
  return visit(program) ? path : undefined;
}

function isFunction(node: Node): node is FunctionNode {
  return node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression';
}

/** The one registration `fn` makes with its parameters (and the factory's), or undefined. */
function readForwarder(fn: FunctionNode, factory: FunctionNode | undefined, factoryCall: TSESTree.CallExpression | undefined, filePath: string): Forwarder | undefined {
  const sinks = findSinkCalls(fn.body);
  if (sinks.length !== 1) return undefined;
  const call = sinks[0];
  const callee = unwrap(call.callee) as TSESTree.MemberExpression;
  const sourceOf = (input: Node): Source => {
    const node = unwrap(input);
    if (node.type !== 'Identifier') return { from: 'own' };
    const index = indexOfParam(fn, node.name);
    if (index >= 0) return { from: 'call', index };
    const outer = factory ? indexOfParam(factory, node.name) : -1;
    return outer >= 0 ? { from: 'factory', index: outer } : { from: 'own' };
  };
  const receiver = sourceOf(callee.object);
  if (receiver.from === 'own' || call.arguments.some((a) => a.type === 'SpreadElement')) return undefined;
  const args = call.arguments.map((a) => sourceOf(a));
  // Only the handler (the last argument) may be the helper's own: a wrapper around the one it was given.
  if (args.length < 2 || args.slice(0, -1).some((a) => a.from === 'own') || args[0].from !== 'call') return undefined;
  return { sink: getCalleeName(callee) ?? '', receiver, args, factoryCall, filePath, line: call.loc?.start.line ?? 0 };
}

function indexOfParam(fn: FunctionNode, name: string): number {
  return fn.params.findIndex((p) => (p.type === 'Identifier' ? p.name : p.type === 'AssignmentPattern' && p.left.type === 'Identifier' ? p.left.name : undefined) === name);
}

/**
 * `x.tool(…)` / `x.registerTool(…)` in a body, not in the functions nested in it (with `loops`, a callback of
 * `.forEach`/`.map` over a list is part of the body: it runs once per element).
 */
function findSinkCalls(body: Node, loops = false): TSESTree.CallExpression[] {
  const out: TSESTree.CallExpression[] = [];
  const stack: Node[] = [body];
  const loopCallbacks = new Set<Node>();
  let budget = 5000;
  while (stack.length > 0 && budget-- > 0) {
    const node = stack.pop()!;
    if (node !== body && isFunction(node) && !(loops && loopCallbacks.has(node))) continue;
    if (node.type === 'CallExpression') {
      const callee = unwrap(node.callee);
      if (loops && callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && LOOP_METHODS.has(callee.property.name) && node.arguments[0]) loopCallbacks.add(node.arguments[0] as Node);
      if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && FORWARDED_SINKS.has(callee.property.name)) out.push(node);
    }
    for (const key of visitorKeys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      for (const c of Array.isArray(child) ? child : [child]) if (c && typeof (c as Node).type === 'string') stack.push(c as Node);
    }
  }
  return out;
}

/**
 * The registration a call of the forwarder makes, written with this call's arguments: what the style's
 * detector reads. Undefined when an argument it needs is not written at the call.
 */
export function buildForwardedCall(call: TSESTree.CallExpression, forwarder: Forwarder): TSESTree.CallExpression | undefined {
  const pick = (source: Source, last: boolean): Node | undefined => {
    if (source.from === 'own') return last ? (call.arguments.at(-1) as Node | undefined) : undefined;
    const list = source.from === 'call' ? call.arguments : forwarder.factoryCall?.arguments;
    const arg = list?.[source.index];
    return arg && arg.type !== 'SpreadElement' ? arg : undefined;
  };
  const receiver = pick(forwarder.receiver, false);
  if (!receiver || call.arguments.some((a) => a.type === 'SpreadElement')) return undefined;
  const args: Node[] = [];
  for (const [index, source] of forwarder.args.entries()) {
    const arg = pick(source, index === forwarder.args.length - 1);
    // An argument left out at the call is left out of the registration too (its later ones with it).
    if (!arg) {
      if (index === forwarder.args.length - 1) break;
      return undefined;
    }
    args.push(arg);
  }
  const at = { range: call.range, loc: call.loc };
  const property = { type: 'Identifier', name: forwarder.sink, decorators: [], optional: false, typeAnnotation: undefined, ...at };
  const callee = { type: 'MemberExpression', object: receiver, property, computed: false, optional: false, ...at };
  return { ...call, callee, arguments: args } as unknown as TSESTree.CallExpression;
}

/**
 * A function of another module that builds a tool definition from what it is given:
 * `makeTool(name, description, body) { return { name, description, inputSchema: { type: 'object', ...body } } }`.
 * Each call of it here is a definition, read where the function is written with its parameters bound to the
 * call's arguments.
 */
export interface DefinitionFactory {
  readonly fn: FunctionNode;
  readonly object: TSESTree.ObjectExpression;
  readonly program: Program;
  readonly filePath: string;
}

/** Keys a built definition holds its schema under. */
const BUILT_SCHEMA_KEYS = new Set(['inputSchema', 'input_schema', 'parameters']);

/** Definition factories this file imports by name from a module of its own project. */
export function findDefinitionFactories(program: Program, context: DetectContext, taken: (name: string) => boolean): Map<string, DefinitionFactory> {
  const out = new Map<string, DefinitionFactory>();
  const scope = Scope.of(program);
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration' || typeof statement.source.value !== 'string' || !statement.source.value.startsWith('.')) continue;
    for (const specifier of statement.specifiers) {
      if (specifier.type !== 'ImportSpecifier' || taken(specifier.local.name)) continue;
      const fn = resolveImported(specifier.local.name, scope, context);
      if (!fn?.program) continue;
      const returned = findReturnedValues(fn.node).map(unwrap);
      const object = returned.length === 1 && returned[0].type === 'ObjectExpression' ? returned[0] : undefined;
      if (object && isBuiltDefinition(object, fn.node)) out.set(specifier.local.name, { fn: fn.node, object, program: fn.program, filePath: fn.filePath });
    }
  }
  return out;
}

/** `{ name, description, inputSchema }` whose name is one of the function's parameters. */
function isBuiltDefinition(object: TSESTree.ObjectExpression, fn: FunctionNode): boolean {
  const keys = new Map<string, Node>();
  for (const property of object.properties) {
    if (property.type !== 'Property' || property.computed || property.key.type !== 'Identifier') continue;
    keys.set(property.key.name, property.value);
  }
  const name = keys.get('name');
  if (!name || !keys.has('description') || ![...BUILT_SCHEMA_KEYS].some((key) => keys.has(key))) return false;
  const value = unwrap(name);
  return value.type === 'Identifier' && indexOfParam(fn, value.name) >= 0;
}
