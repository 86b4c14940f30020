/**
 * Registrations made only under a run-time condition: `if (flag) server.tool(…)`, `flag && server.tool(…)`,
 * an early `if (!enabled) return;` in the registering function, or a registrar reassigned to a wrapper
 * that may return without registering (`server.addTool = (t) => { if (!allowed(t)) return; add(t); }`).
 * A condition that evaluates statically decides: a branch never taken registers nothing, a branch always
 * taken is unconditional. Otherwise the tool keeps its place with `condition.reason`. Only the ancestors
 * the walk already recorded and the program's top-level statements are looked at: no extra reads.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { getParent, getPropertyName, unwrap, walk } from '../ast.js';
import type { Node } from '../model.js';
import { evaluateValue, isEnvironmentDependent, Unreadable } from '../schema/static-value.js';
import type { FoundTool } from './build.js';
import type { Candidate } from './collect.js';
import type { DetectContext } from './context.js';

export type Condition = { readonly kind: 'always' } | { readonly kind: 'never' } | { readonly kind: 'when'; readonly reason: string };

const ALWAYS: Condition = { kind: 'always' };

/** Give each tool of a registering call its condition; drop them when the call is statically never reached. */
export function applyCondition(tools: FoundTool[], candidate: Candidate<TSESTree.CallExpression>, context: DetectContext): FoundTool[] {
  if (tools.length === 0) return tools;
  const condition = readCondition(candidate, context);
  if (condition.kind === 'never') return [];
  if (condition.kind === 'always') return tools;
  return tools.map((tool) => ({ ...tool, decl: { ...tool.decl, condition: { reason: condition.reason } } }));
}

/** The same for a path that leads to the registration from outside (a helper's call site, root first). */
export function applyPathCondition(tools: FoundTool[], path: readonly Node[], context: DetectContext): FoundTool[] {
  if (tools.length === 0) return tools;
  const condition = readPathCondition(path, context);
  if (condition.kind === 'never') return [];
  if (condition.kind === 'always') return tools;
  return tools.map((tool) => addCondition(tool, condition.reason));
}

/** The tool registered only when `reason` holds too, after any condition it already has. */
export function addCondition(tool: FoundTool, reason: string): FoundTool {
  return { ...tool, decl: { ...tool.decl, condition: { reason: tool.decl.condition ? `${tool.decl.condition.reason}; ${reason}` : reason } } };
}

export function readCondition(candidate: Candidate<TSESTree.CallExpression>, context: DetectContext): Condition {
  const path = [...candidate.ancestors, candidate.node];
  const inPath = readPathCondition(path, context);
  if (inPath.kind === 'never') return inPath;
  const reasons = inPath.kind === 'when' ? [inPath.reason] : [];
  const caller = readCallerCondition(path, context) ?? readInheritedCallerCondition(path, context);
  if (caller?.kind === 'never') return caller;
  if (caller?.kind === 'when') reasons.push(caller.reason);
  const wrapper = findDroppingWrapper(candidate.node, context);
  if (wrapper) reasons.push(wrapper);
  return reasons.length === 0 ? ALWAYS : { kind: 'when', reason: reasons.join('; ') };
}

/** The branches and early returns along `path` (root first) that decide whether its last node runs. */
function readPathCondition(path: readonly Node[], context: DetectContext): Condition {
  const reasons: string[] = [];
  for (let i = path.length - 2; i >= 0; i--) {
    const found = readBranch(path[i], path[i + 1], context) ?? readEarlyReturns(path[i], path[i + 1], context);
    if (found?.kind === 'never') return found;
    if (found?.kind === 'when') reasons.push(found.reason);
  }
  return reasons.length === 0 ? ALWAYS : { kind: 'when', reason: reasons.join('; ') };
}

/**
 * A registration written in a file-local `function register…()` runs only where that function is called:
 * when every call in the file is under a condition, so is the registration. A function that is exported or
 * used other than by a direct call (passed as a callback) may run anywhere: no condition is read.
 */
function readCallerCondition(path: readonly Node[], context: DetectContext): Condition | undefined {
  const index = path.findLastIndex((node) => node.type === 'FunctionDeclaration');
  if (index < 1) return undefined;
  const fn = path[index] as TSESTree.FunctionDeclaration;
  if (!fn.id || path[index - 1].type !== 'Program') return undefined;
  const uses = context.getFunctionUses(fn.id.name);
  if (!uses || uses.length === 0) return undefined;
  const conditions = uses.map((call) => readPathCondition(getAncestry(context.program, call), context));
  if (conditions.every((c) => c.kind === 'never')) return { kind: 'never' };
  if (conditions.some((c) => c.kind === 'always')) return undefined;
  const reasons = [...new Set(conditions.flatMap((c) => (c.kind === 'when' ? [c.reason.replace(/^registered only when /, '')] : [])))];
  return { kind: 'when', reason: `registered only when ${fn.id.name}() is called, which is only when ${reasons.join(' or ')}` };
}

/**
 * A registration in a method the class never calls itself, overriding a hook its superclass calls
 * (`register() { if (this.isAuthenticated()) this.registerAuthenticated(); }`): it runs where the
 * superclass calls it. When every such call is under a condition, so is the registration.
 */
function readInheritedCallerCondition(path: readonly Node[], context: DetectContext): Condition | undefined {
  const index = path.findLastIndex((node) => node.type === 'MethodDefinition');
  if (index < 2) return undefined;
  const method = path[index] as TSESTree.MethodDefinition;
  const body = path[index - 1];
  const owner = path[index - 2];
  if (method.kind !== 'method' || method.static || body.type !== 'ClassBody' || (owner.type !== 'ClassDeclaration' && owner.type !== 'ClassExpression') || !owner.superClass) return undefined;
  const name = getPropertyName(method);
  if (name === undefined || findThisCalls(body, name).length > 0) return undefined;
  // The hook may be called from any class up the chain (`Tools extends Registry extends RegistryBase`).
  let superclass = findSuperclass(owner.superClass, context);
  let calls = superclass ? findThisCalls(superclass.body, name) : [];
  for (let depth = 1; superclass && calls.length === 0 && superclass.extends && depth < MAX_SUPERCLASSES; depth++) {
    superclass = findSuperclass(superclass.extends, superclass.context);
    calls = superclass ? findThisCalls(superclass.body, name) : [];
  }
  if (!superclass || calls.length === 0) return undefined;
  const conditions = calls.map((call) => readPathCondition(getAncestry(superclass.context.program, call), superclass.context));
  if (conditions.every((c) => c.kind === 'never')) return { kind: 'never' };
  if (conditions.some((c) => c.kind === 'always')) return undefined;
  const reasons = [...new Set(conditions.flatMap((c) => (c.kind === 'when' ? [c.reason.replace(/^registered only when /, '')] : [])))];
  return { kind: 'when', reason: `registered only when ${superclass.name} calls this.${name}(), which is only when ${reasons.join(' or ')}` };
}

/** `this.name(…)` calls inside a class body. */
function findThisCalls(body: Node, name: string): TSESTree.CallExpression[] {
  const calls: TSESTree.CallExpression[] = [];
  walk(body, (node) => {
    if (node.type !== 'CallExpression') return;
    const callee = unwrap(node.callee);
    if (callee.type === 'MemberExpression' && callee.object.type === 'ThisExpression' && !callee.computed && callee.property.type === 'Identifier' && callee.property.name === name) calls.push(node);
  });
  return calls;
}

/** The class an `extends` names: in this file, or imported from another module of the project. */
interface Superclass {
  readonly name: string;
  readonly body: TSESTree.ClassBody;
  readonly extends: Node | undefined;
  readonly context: DetectContext;
}

/** Superclasses followed up a chain when looking for the caller of a hook. */
const MAX_SUPERCLASSES = 4;

function findSuperclass(input: Node, context: DetectContext): Superclass | undefined {
  const node = unwrap(input);
  const local = node.type === 'Identifier' ? findClassDeclaration(context.program, node.name) : undefined;
  if (local) return { name: node.type === 'Identifier' ? node.name : '', body: local.body, extends: local.superClass ?? undefined, context };
  // `Base` imported, or `base_js_1.Base` of tsc's CommonJS output.
  const root = node.type === 'Identifier' ? node : node.type === 'MemberExpression' && node.object.type === 'Identifier' && !node.computed && node.property.type === 'Identifier' ? node.object : undefined;
  if (!root || !context.options.resolveModule) return undefined;
  const imported = context.getScope().getImport(root.name);
  if (!imported) return undefined;
  const importedName = root === node ? imported.importedName : (node as TSESTree.MemberExpression).property.type === 'Identifier' ? ((node as TSESTree.MemberExpression).property as TSESTree.Identifier).name : undefined;
  if (!importedName || importedName === '*') return undefined;
  const binding = context.options.resolveModule.resolveImport(context.options.filePath, imported.source, importedName);
  if (binding.kind !== 'node') return undefined;
  const declared = binding.node.type === 'VariableDeclarator' && binding.node.init ? unwrap(binding.node.init) : binding.node;
  if (declared.type !== 'ClassDeclaration' && declared.type !== 'ClassExpression') return undefined;
  return { name: importedName, body: declared.body, extends: declared.superClass ?? undefined, context: context.forProgram(binding.program, binding.filePath) };
}

function findClassDeclaration(program: TSESTree.Program, name: string): TSESTree.ClassDeclaration | undefined {
  for (const statement of program.body) {
    const declared = statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' ? statement.declaration : statement;
    if (declared?.type === 'ClassDeclaration' && declared.id?.name === name) return declared;
  }
  return undefined;
}

function getAncestry(program: TSESTree.Program, node: Node): Node[] {
  const path: Node[] = [node];
  for (let parent = getParent(program, node); parent; parent = getParent(program, parent)) path.unshift(parent);
  return path;
}

/**
 * Direct calls `name(…)` of a top-level function, by name; undefined for a name that is exported or used
 * any other way (the function may then be called from anywhere). One walk per file, on first use.
 */
export function findFunctionUses(program: TSESTree.Program): ReadonlyMap<string, readonly TSESTree.CallExpression[] | undefined> {
  const declared = new Set<string>();
  for (const statement of program.body) {
    if (statement.type === 'FunctionDeclaration' && statement.id) declared.add(statement.id.name);
  }
  const uses = new Map<string, TSESTree.CallExpression[] | undefined>();
  for (const name of declared) uses.set(name, []);
  walk(program, (node, parent) => {
    if (node.type !== 'Identifier' || !declared.has(node.name)) return;
    if (parent?.type === 'FunctionDeclaration' && parent.id === node) return;
    if (parent?.type === 'CallExpression' && parent.callee === node) uses.get(node.name)?.push(parent);
    else uses.set(node.name, undefined);
  });
  return uses;
}

/** `if (test) A else B`, `test ? A : B`, `test && A`, `test || A`: the branch `child` is in. */
function readBranch(parent: Node, child: Node, context: DetectContext): Condition | undefined {
  switch (parent.type) {
    case 'IfStatement':
    case 'ConditionalExpression':
      if (child === parent.test) return undefined;
      return decide(parent.test, child === parent.consequent, context);
    case 'LogicalExpression':
      if (child !== parent.right || parent.operator === '??') return undefined;
      return decide(parent.left, parent.operator === '&&', context);
    default:
      return undefined;
  }
}

/** `if (!enabled) return;` before the statement that registers, in the same block. */
function readEarlyReturns(parent: Node, child: Node, context: DetectContext): Condition | undefined {
  if (parent.type !== 'BlockStatement') return undefined;
  const reasons: string[] = [];
  for (const statement of parent.body) {
    if (statement === child) break;
    if (statement.type !== 'IfStatement' || statement.alternate || !isReturn(statement.consequent)) continue;
    const found = decide(statement.test, false, context);
    if (found.kind === 'never') return found;
    if (found.kind === 'when') reasons.push(found.reason);
  }
  return reasons.length === 0 ? undefined : { kind: 'when', reason: reasons.join('; ') };
}

/** `return;`, or `continue;` in a loop over definitions: the rest of the block (this definition's registration) is skipped. */
function isReturn(statement: Node): boolean {
  if (isExit(statement)) return true;
  return statement.type === 'BlockStatement' && statement.body.length === 1 && isExit(statement.body[0]);
}

function isExit(statement: Node): boolean {
  return statement.type === 'ReturnStatement' || (statement.type === 'ContinueStatement' && statement.label === null);
}

/** Whether the side of `test` that is `wanted` is taken: statically yes, statically no, or a reason. */
function decide(test: Node, wanted: boolean, context: DetectContext): Condition {
  let value: unknown;
  try {
    value = evaluateValue(test, context.schemaContext);
  } catch {
    value = new Unreadable('a condition that cannot be evaluated', test);
  }
  if (!(value instanceof Unreadable)) return Boolean(value) === wanted ? ALWAYS : { kind: 'never' };
  const variable = isEnvironmentDependent(value) ? /process\.env\.[\w$]+/.exec(value.reason)?.[0] : undefined;
  const when = wanted ? describeTest(test) : describeNegated(test);
  return { kind: 'when', reason: `registered only when ${when}${variable ? ` (depends on ${variable})` : ''}` };
}

/**
 * `listed only when the filter … keeps it`, for a list's `filter(keep)` whose predicate decides at run
 * time; undefined for `filter(Boolean)` and a missing predicate, which keep every definition.
 */
export function describeFilter(keep: Node | undefined): string | undefined {
  const fn = keep && unwrap(keep);
  if (!fn || (fn.type === 'Identifier' && fn.name === 'Boolean')) return undefined;
  const body = fn.type === 'ArrowFunctionExpression' && fn.body.type !== 'BlockStatement' ? describeTest(fn.body) : fn.type === 'Identifier' ? `${fn.name}(…)` : 'a run-time condition';
  return `listed only when the filter keeps it (${body})`;
}

/** A short rendering of a test for the reason; `a run-time condition` when it is long or unusual. */
function describeTest(node: Node, depth = 0): string {
  const n = unwrap(node);
  if (depth > 4) return '…';
  switch (n.type) {
    case 'Identifier':
      return n.name;
    case 'Literal':
      return typeof n.value === 'string' ? JSON.stringify(n.value) : String(n.value);
    case 'ThisExpression':
      return 'this';
    case 'MemberExpression':
      return n.computed ? `${describeTest(n.object, depth + 1)}[${describeTest(n.property, depth + 1)}]` : `${describeTest(n.object, depth + 1)}.${n.property.type === 'Identifier' ? n.property.name : '…'}`;
    case 'UnaryExpression':
      return `${n.operator}${describeTest(n.argument, depth + 1)}`;
    case 'BinaryExpression':
    case 'LogicalExpression':
      return n.left.type === 'PrivateIdentifier' ? 'a run-time condition' : `${describeTest(n.left, depth + 1)} ${n.operator} ${describeTest(n.right, depth + 1)}`;
    case 'CallExpression':
      return `${describeTest(n.callee, depth + 1)}(…)`;
    default:
      return 'a run-time condition';
  }
}

const NEGATED: Readonly<Record<string, string>> = { '===': '!==', '!==': '===', '==': '!=', '!=': '==' };

function describeNegated(node: Node): string {
  const n = unwrap(node);
  if (n.type === 'UnaryExpression' && n.operator === '!') return describeTest(n.argument);
  if (n.type === 'BinaryExpression' && NEGATED[n.operator] && n.left.type !== 'PrivateIdentifier') {
    return `${describeTest(n.left)} ${NEGATED[n.operator]} ${describeTest(n.right)}`;
  }
  const text = describeTest(n);
  return /^[\w$.]+$/.test(text) ? `!${text}` : `!(${text})`;
}

const REGISTRARS = new Set(['tool', 'registerTool', 'registerToolTask', 'addTool']);

/**
 * `server.addTool = (tool) => { if (…) return; add(tool); }` at the top level, before this call on the
 * same receiver name: the wrapper may drop the tool.
 */
function findDroppingWrapper(call: TSESTree.CallExpression, context: DetectContext): string | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return undefined;
  const receiver = unwrap(callee.object);
  if (receiver.type !== 'Identifier') return undefined;
  const wrapper = context.getDroppingWrappers().get(`${receiver.name}.${callee.property.name}`);
  if (!wrapper || wrapper.range[0] > call.range[0]) return undefined;
  return `registered through a wrapper of ${receiver.name}.${callee.property.name} (line ${wrapper.loc?.start.line ?? 0}) that may return without registering`;
}

/**
 * A body that may return before its end: a `return` in any statement but the last (in a branch, a
 * `switch` case, a loop), or inside a last statement that branches. A function nested in the body does
 * not count, nor a last `return add(tool)`.
 */
function mayReturnEarly(body: TSESTree.BlockStatement): boolean {
  const hasReturn = (node: Node) => {
    let found = false;
    walk(node, (child) => {
      if (found) return false;
      if (child !== node && (child.type === 'FunctionDeclaration' || child.type === 'FunctionExpression' || child.type === 'ArrowFunctionExpression')) return false;
      if (child.type === 'ReturnStatement') found = true;
      return undefined;
    });
    return found;
  };
  const last = body.body.length - 1;
  return body.body.some((statement, i) => (i < last ? hasReturn(statement) : statement.type !== 'ReturnStatement' && hasReturn(statement)));
}

/** Top-level `X.method = (…) => { … return; … }` for a registering method: by `X.method`. */
export function findDroppingWrappers(program: TSESTree.Program): Map<string, Node> {
  const out = new Map<string, Node>();
  for (const statement of program.body) {
    const wrapped = getDroppingWrapper(statement);
    if (wrapped) out.set(wrapped, statement);
  }
  return out;
}

/** `X.method` when the statement is `X.method = (…) => { … return; … }` for a registering method. */
export function getDroppingWrapper(statement: Node): string | undefined {
  if (statement.type !== 'ExpressionStatement') return undefined;
  const e = statement.expression;
  if (e.type !== 'AssignmentExpression' || e.operator !== '=' || e.left.type !== 'MemberExpression') return undefined;
  const target = e.left;
  if (target.computed || target.property.type !== 'Identifier' || !REGISTRARS.has(target.property.name)) return undefined;
  const object = unwrap(target.object);
  if (object.type !== 'Identifier') return undefined;
  const fn = unwrap(e.right);
  if ((fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression') || fn.body.type !== 'BlockStatement') return undefined;
  return mayReturnEarly(fn.body) ? `${object.name}.${target.property.name}` : undefined;
}
