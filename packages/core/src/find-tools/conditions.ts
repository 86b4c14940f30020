/**
 * Registrations made only under a run-time condition: `if (flag) server.tool(…)`, `flag && server.tool(…)`,
 * an early `if (!enabled) return;` in the registering function, or a registrar reassigned to a wrapper
 * that may return without registering (`server.addTool = (t) => { if (!allowed(t)) return; add(t); }`).
 * A condition that evaluates statically decides: a branch never taken registers nothing, a branch always
 * taken is unconditional. Otherwise the tool keeps its place with `condition.reason`. Only the ancestors
 * the walk already recorded and the program's top-level statements are looked at: no extra reads.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { getParent, unwrap, walk } from '../ast.js';
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
  return tools.map((tool) => {
    const reason = tool.decl.condition ? `${tool.decl.condition.reason}; ${condition.reason}` : condition.reason;
    return { ...tool, decl: { ...tool.decl, condition: { reason } } };
  });
}

export function readCondition(candidate: Candidate<TSESTree.CallExpression>, context: DetectContext): Condition {
  const path = [...candidate.ancestors, candidate.node];
  const inPath = readPathCondition(path, context);
  if (inPath.kind === 'never') return inPath;
  const reasons = inPath.kind === 'when' ? [inPath.reason] : [];
  const caller = readCallerCondition(path, context);
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

/** Top-level `X.method = (…) => { … return; … }` for a registering method: by `X.method`. */
export function findDroppingWrappers(program: TSESTree.Program): Map<string, Node> {
  const out = new Map<string, Node>();
  for (const statement of program.body) {
    if (statement.type !== 'ExpressionStatement') continue;
    const e = statement.expression;
    if (e.type !== 'AssignmentExpression' || e.operator !== '=' || e.left.type !== 'MemberExpression') continue;
    const target = e.left;
    if (target.computed || target.property.type !== 'Identifier' || !REGISTRARS.has(target.property.name)) continue;
    const object = unwrap(target.object);
    if (object.type !== 'Identifier') continue;
    const fn = unwrap(e.right);
    if ((fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression') || fn.body.type !== 'BlockStatement') continue;
    if (fn.body.body.some((s) => s.type === 'IfStatement' && isReturn(s.consequent))) out.set(`${object.name}.${target.property.name}`, statement);
  }
  return out;
}
