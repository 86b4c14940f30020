/**
 * MCP SDK low-level `Server`: `setRequestHandler(ListToolsRequestSchema, handler)` whose handler returns
 * `{ tools: [...] }`. The list is followed through same-file constants, spreads, `Object.values(X)`,
 * `.map/.filter/.concat`, same-file functions and class methods (`this.getTools()`, `this.tools`).
 */
import type { TSESTree } from '@typescript-eslint/types';
import { getCalleeName, getPropertyName, unwrap } from '../ast.js';
import { bindParameters, evaluateValue, withBindings } from '../schema/static-value.js';
import type { Node } from '../model.js';
import { buildTool, getDefinitionParts, type FoundTool } from './build.js';
import type { Candidate } from './collect.js';
import { describeFilter } from './conditions.js';
import { readMappedValues, traceMappedValues, type MappedValues } from './mapped-elsewhere.js';
import {
  findClassMemberValue,
  findEnclosingClassBody,
  getKeyName,
  getMemberKey,
  getThisAssignments,
  type DetectContext,
  type FunctionNode,
} from './context.js';

const MAX_DEPTH = 10;
const PASS_THROUGH_METHODS = new Set(['filter', 'slice', 'concat', 'flat', 'toSorted', 'sort', 'reverse', 'map']);

/** A definition in the list, and the record property it is the value of (`Object.values(TOOLS)`), which names it when it has no `name`. */
interface Item {
  readonly object: TSESTree.ObjectExpression;
  readonly holder: TSESTree.Property | undefined;
  /**
   * `defs.map((t) => ({ name: t.name, inputSchema: toJson(t.schema) }))`: `object` is the callback's
   * literal, read with its parameter standing for `definition` (the element it is called with).
   */
  readonly mapped?: { readonly fn: FunctionNode; readonly definition: TSESTree.ObjectExpression };
  /** Listed by only some of the returns of a function (`if (vendor) return [...base, ...reports]; return base;`): why. */
  readonly condition?: string;
  /** `object` is the callback's literal, read once per definition of another module (`mapped-elsewhere.ts`). */
  readonly values?: MappedValues;
}

interface Walk {
  readonly context: DetectContext;
  readonly classBody: TSESTree.ClassBody | undefined;
  /** Expressions already followed, so mutual references end. */
  readonly seen: Set<Node>;
}

/**
 * The request schema a handler is set for, by the name the SDK exports it under: `ListToolsRequestSchema`,
 * `types_js_1.ListToolsRequestSchema`, or an import renamed by a bundler (`import { ListToolsRequestSchema as a }`).
 */
export function getRequestSchemaName(schema: Node, context: DetectContext): string | undefined {
  const node = unwrap(schema);
  if (node.type === 'Identifier') {
    const imported = context.getScope().getImport(node.name);
    if (imported && imported.importedName !== '*' && imported.importedName !== 'default' && context.isImported(node)) return imported.importedName;
  }
  return getCalleeName(schema);
}

export function detectListToolsHandler(candidate: Candidate<TSESTree.CallExpression>, context: DetectContext): FoundTool[] {
  const [schemaArg, handlerArg] = candidate.node.arguments;
  if (!schemaArg || !handlerArg || getRequestSchemaName(schemaArg, context) !== 'ListToolsRequestSchema') return [];
  const callee = unwrap(candidate.node.callee);
  const receiver = callee.type === 'MemberExpression' ? callee.object : undefined;
  const classBody = findEnclosingClassBody(candidate.ancestors);
  const handler = context.resolveFunction(handlerArg, classBody);
  if (!handler) return [];
  return readListResults(findReturnedValues(handler), (result) => context.readFields(result).get('tools')?.value, receiver, classBody, context);
}

/**
 * A server that answers JSON-RPC itself: `switch (method) { case 'tools/list': return { jsonrpc, id,
 * result: { tools: [...] } }; }` (or `if (method === 'tools/list') …`). What the branch returns is the
 * list the server publishes, read as a list handler's `{ tools }` (its `result` when it has one).
 */
export function detectDispatchedToolsList(candidate: Candidate<TSESTree.SwitchCase | TSESTree.IfStatement>, context: DetectContext): FoundTool[] {
  const branch = candidate.node.type === 'SwitchCase' ? candidate.node.consequent : [candidate.node.consequent];
  const returned = findReturnedIn(branch);
  return readListResults(returned, (result) => getDispatchedTools(result, context), undefined, findEnclosingClassBody(candidate.ancestors), context);
}

/** `tools` of a JSON-RPC answer, `{ jsonrpc, id, result: { tools } }` (or `{ tools }` itself). */
function getDispatchedTools(result: TSESTree.ObjectExpression, context: DetectContext): Node | undefined {
  const inner = context.readFields(result).get('result')?.value;
  const object = inner ? context.resolveObject(inner) : result;
  return object ? context.readFields(object).get('tools')?.value : undefined;
}

/**
 * The `tools` a `tools/list` branch returns that are neither read nor an empty list (`tools: buildList()`), for
 * naming the branch as not read; undefined when every returned list is read or empty.
 */
export function findUnreadDispatchedTools(candidate: Candidate<TSESTree.SwitchCase | TSESTree.IfStatement>, context: DetectContext): Node | undefined {
  const branch = candidate.node.type === 'SwitchCase' ? candidate.node.consequent : [candidate.node.consequent];
  for (const returned of findReturnedIn(branch)) {
    const result = context.resolveObject(returned);
    const tools = result ? getDispatchedTools(result, context) : undefined;
    const node = tools ? unwrap(tools) : undefined;
    if (node && !(node.type === 'ArrayExpression' && node.elements.length === 0)) return node;
  }
  return undefined;
}

/** The tools of every `{ tools }` a list handler returns. */
function readListResults(
  returns: readonly Node[],
  getTools: (result: TSESTree.ObjectExpression) => Node | undefined,
  receiver: Node | undefined,
  classBody: TSESTree.ClassBody | undefined,
  context: DetectContext,
): FoundTool[] {
  const walkState: Walk = { context, classBody, seen: new Set() };
  const items: Item[] = [];
  for (const returned of returns) {
    const result = context.resolveObject(returned);
    const tools = result ? getTools(result) : undefined;
    if (tools) collectItems(tools, walkState, items, 0);
  }
  const found: FoundTool[] = [];
  for (const item of items) {
    const { object, holder, mapped } = item;
    if (item.values) {
      const tools = readMappedValues(item.values, receiver, context);
      found.push(...(item.condition === undefined ? tools : tools.map((tool) => ({ ...tool, decl: { ...tool.decl, condition: { reason: item.condition! } } }))));
      continue;
    }
    if (mapped ? context.claimed.has(mapped.definition) : context.claimed.has(object)) continue;
    const read = () => {
      const fields = context.readFields(object);
      const name = fields.get('name')?.value ?? (holder ? getKeyName(holder, context) : undefined);
      if (!name) return undefined;
      context.claim(object, fields);
      return buildTool({ framework: 'mcp-sdk-low-level', node: object, ...getDefinitionParts(fields, ['inputSchema']), name, receiver }, context);
    };
    const tool = mapped ? readMapped(mapped.fn, mapped.definition, context, read) : read();
    if (!tool) continue;
    if (mapped) context.claim(mapped.definition, context.readFields(mapped.definition));
    found.push(item.condition === undefined ? tool : { ...tool, decl: { ...tool.decl, condition: { reason: item.condition } } });
  }
  return found;
}

/** Read the callback's literal once for one definition: its parameter bound to it, as a value and as written. */
function readMapped<T>(fn: FunctionNode, definition: TSESTree.ObjectExpression, context: DetectContext, read: () => T): T {
  const value = evaluateValue(definition, context.schemaContext);
  const bindings = bindParameters(fn.params, [value], context.schemaContext);
  const nodes = new Map<string, Node>();
  const param = fn.params[0];
  if (param?.type === 'Identifier') nodes.set(param.name, definition);
  else if (param?.type === 'ObjectPattern') {
    // `({ name, description, zodSchema = z.object({}) }) => …`: each name stands for its field as written.
    const fields = context.readFields(definition);
    for (const property of param.properties) {
      if (property.type !== 'Property') continue;
      const key = getPropertyName(property);
      const target = property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
      const written = key === undefined ? undefined : fields.get(key)?.value;
      const fallback = property.value.type === 'AssignmentPattern' ? property.value.right : undefined;
      if (target.type === 'Identifier' && (written ?? fallback)) nodes.set(target.name, (written ?? fallback)!);
    }
  }
  return context.withArgumentNodes([nodes], () => withBindings(fn, context.program, bindings, read));
}

/** Object literals a tools-list expression is made of. */
function collectItems(input: Node, state: Walk, out: Item[], depth: number): void {
  if (depth > MAX_DEPTH || state.seen.has(input)) return;
  state.seen.add(input);
  const node = unwrap(input);
  const next = depth + 1;
  switch (node.type) {
    case 'ArrayExpression':
      for (const element of node.elements) {
        if (!element) continue;
        if (element.type === 'SpreadElement') collectItems(element.argument, state, out, next);
        else collectItem(element, state, out, next);
      }
      return;
    case 'Identifier': {
      const init = state.context.resolveIdentifier(node);
      if (init) collectItems(init, state, out, next);
      return;
    }
    case 'MemberExpression': {
      const value = getMemberValue(node, state);
      if (value) collectItems(value, state, out, next);
      return;
    }
    case 'ConditionalExpression':
      collectItems(node.consequent, state, out, next);
      collectItems(node.alternate, state, out, next);
      return;
    case 'LogicalExpression':
      collectItems(node.left, state, out, next);
      collectItems(node.right, state, out, next);
      return;
    case 'AwaitExpression':
      collectItems(node.argument, state, out, next);
      return;
    case 'CallExpression':
      collectCallItems(node, state, out, next);
      return;
    default:
      return;
  }
}

function collectCallItems(call: TSESTree.CallExpression, state: Walk, out: Item[], depth: number): void {
  const callee = unwrap(call.callee);
  const method = getCalleeName(callee);
  if (callee.type === 'MemberExpression' && method !== undefined) {
    // Object.values(TOOLS) / Object.entries(TOOLS): every value of a same-file record, named by its key.
    if ((method === 'values' || method === 'entries') && callee.object.type === 'Identifier' && callee.object.name === 'Object' && call.arguments[0]) {
      collectRecordValues(call.arguments[0], state, out, depth);
      return;
    }
    // tools.map((t) => ({ name: t.name, … })): each definition as the callback rebuilds it.
    if (method === 'map' && collectMappedItems(call, callee.object, state, out, depth)) return;
    // tools.filter(…) / .concat(more) / .map(t => t): the definitions are the array's items.
    if (PASS_THROUGH_METHODS.has(method)) {
      // `[…].filter((t) => allowed(t.name))`: only the definitions the predicate keeps at run time are listed.
      const filtered = method === 'filter' ? describeFilter(call.arguments[0]) : undefined;
      if (filtered) {
        const part: Item[] = [];
        collectItems(callee.object, state, part, depth);
        for (const item of part) out.push({ ...item, condition: item.condition ? `${item.condition}; ${filtered}` : filtered });
        return;
      }
      collectItems(callee.object, state, out, depth);
      if (method === 'concat') for (const arg of call.arguments) collectItems(arg.type === 'SpreadElement' ? arg.argument : arg, state, out, depth);
      return;
    }
  }
  // getTools() / this.getTools(): what a same-file function or class method returns.
  const fn = state.context.resolveFunction(callee, state.classBody);
  if (fn) collectReturnedItems(fn, getCalleeName(callee) ?? 'the function', state, out, depth);
}

/**
 * The definitions a function returns. With several returns, a definition that only some of them list
 * (`if (config.vendor) return [...base, ...reports]; return base;`) is listed only on those paths.
 */
function collectReturnedItems(fn: FunctionNode, name: string, state: Walk, out: Item[], depth: number): void {
  const returns = findReturnedValues(fn);
  if (returns.length <= 1) {
    for (const returned of returns) collectItems(returned, state, out, depth);
    return;
  }
  // Each return is read on its own: the same constant may be listed by several.
  const sets = returns.map((returned) => {
    const part: Item[] = [];
    collectItems(returned, { ...state, seen: new Set(state.seen) }, part, depth);
    return part;
  });
  const key = (item: Item) => item.mapped?.definition ?? item.object;
  const added = new Set<Node>();
  for (const item of sets.flat()) {
    if (added.has(key(item))) continue;
    added.add(key(item));
    const everywhere = sets.every((set) => set.some((other) => key(other) === key(item)));
    out.push(everywhere ? item : { ...item, condition: item.condition ?? `listed only on some of the paths through \`${name}()\`` });
  }
}

function collectMappedItems(call: TSESTree.CallExpression, source: Node, state: Walk, out: Item[], depth: number): boolean {
  const callback = call.arguments[0];
  const fn = callback && callback.type !== 'SpreadElement' ? state.context.resolveFunction(callback, state.classBody) : undefined;
  // `Object.entries(X).map(([name, t]) => …)` is called with key and value: read as the record's items, named by their keys.
  if (!fn || fn.params.length === 0 || fn.params[0].type === 'ArrayPattern') return false;
  const returned = findReturnedValues(fn);
  const object = returned.length === 1 ? unwrap(returned[0]) : undefined;
  if (object?.type !== 'ObjectExpression') return false;
  const definitions: Item[] = [];
  collectItems(source, state, definitions, depth);
  // A definition kept only under a condition (`defs.filter(allowed).map(…)`) keeps it through the mapping.
  for (const definition of definitions) out.push({ object, holder: definition.holder, mapped: { fn, definition: definition.object }, ...(definition.condition ? { condition: definition.condition } : {}) });
  if (definitions.length > 0) return true;
  // Definitions that are not literals of this file (an imported list): read as values.
  const values = traceMappedValues(fn, object, source, state.context);
  if (values) out.push({ object, holder: undefined, values });
  return values !== undefined;
}

/** Every value of a same-file record, with the property that names it (computed keys included). */
function collectRecordValues(input: Node, state: Walk, out: Item[], depth: number): void {
  const record = depth <= MAX_DEPTH ? state.context.resolveObject(input) : undefined;
  if (!record) return;
  for (const p of record.properties) {
    if (p.type === 'SpreadElement') collectRecordValues(p.argument, state, out, depth + 1);
    else collectItem(p.value, state, out, depth, p);
  }
}

function collectItem(input: Node, state: Walk, out: Item[], depth: number, holder?: TSESTree.Property): void {
  const object = state.context.resolveObject(input);
  if (object) out.push({ object, holder });
  else if (unwrap(input).type === 'ConditionalExpression' || unwrap(input).type === 'LogicalExpression') collectItems(input, state, out, depth);
}

/** `this.tools` (a class field or constructor assignment) or `X.tools` of a same-file object. */
function getMemberValue(node: TSESTree.MemberExpression, state: Walk): Node | undefined {
  if (node.object.type === 'ThisExpression' && state.classBody) {
    const key = getMemberKey(node);
    if (key === undefined) return undefined;
    return findClassMemberValue(state.classBody, key) ?? getThisAssignments(state.classBody, key)[0];
  }
  return state.context.resolveMember(node);
}

/** The expressions a function returns (its body for an expression arrow), not counting nested functions. */
export function findReturnedValues(fn: FunctionNode): Node[] {
  if (fn.body?.type !== 'BlockStatement') return fn.body ? [fn.body] : [];
  return findReturnedIn(fn.body.body);
}

/** The expressions some statements return, not counting nested functions. */
function findReturnedIn(statements: readonly Node[]): Node[] {
  const out: Node[] = [];
  const stack: Node[] = [...statements];
  while (stack.length > 0) {
    const node = stack.pop()!;
    switch (node.type) {
      case 'ReturnStatement':
        if (node.argument) out.push(node.argument);
        break;
      case 'BlockStatement':
        stack.push(...node.body);
        break;
      case 'IfStatement':
        stack.push(node.consequent);
        if (node.alternate) stack.push(node.alternate);
        break;
      case 'TryStatement':
        stack.push(node.block);
        if (node.handler) stack.push(node.handler.body);
        if (node.finalizer) stack.push(node.finalizer);
        break;
      case 'SwitchStatement':
        for (const c of node.cases) stack.push(...c.consequent);
        break;
      case 'ForStatement':
      case 'ForInStatement':
      case 'ForOfStatement':
      case 'WhileStatement':
      case 'DoWhileStatement':
      case 'LabeledStatement':
        stack.push(node.body);
        break;
      default:
        break;
    }
  }
  return out.reverse();
}
