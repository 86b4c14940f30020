/**
 * No silent miss. Every published tool passes through a sink (a registering call, a list handler); a
 * sink call from which no tool could be read is named with the reason, and so is a file that builds an
 * MCP server, keeps it to itself and yields no tool. What is named here is what toolslim does not check.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { unwrap, type Program } from '../ast.js';
import type { Node, UnreadSink } from '../model.js';
import type { Candidate } from './collect.js';
import { findClassMemberValue, findEnclosingClassBody, getMemberKey, type DetectContext } from './context.js';
import { describe } from './describe.js';
import { getNameArgumentIndex, isCallStyleName } from './styles.js';
import { findReturnedValues, getRequestSchemaName } from './low-level.js';
import type { FoundServer } from './servers.js';

/** Packages whose import says the file registers tools (MCP servers, agent toolkits). */
const TOOL_LIBRARY = /^(?:@modelcontextprotocol\/|fastmcp$|ai$|@ai-sdk\/|@langchain\/|langchain|@mastra\/|@openai\/agents)/;
/** Packages whose import says the file builds an MCP server. */
const MCP_SERVER_LIBRARY = /^(?:@modelcontextprotocol\/sdk\/server|@modelcontextprotocol\/server|@modelcontextprotocol\/sdk$|fastmcp$)/;

/** Why a sink call yielded no tool; undefined when the call is no sink after all (`setRequestHandler(CallTool…)`). */
export function explainUnreadSink(candidate: Candidate<TSESTree.CallExpression>, calleeName: string, context: DetectContext, imports: FileImports): UnreadSink | undefined {
  const call = candidate.node;
  const callee = unwrap(call.callee);
  const isMember = callee.type === 'MemberExpression';
  const args = call.arguments;
  const at = (sink: string, reason: string): UnreadSink => ({ node: call, line: call.loc?.start.line ?? 0, column: call.loc?.start.column ?? 0, sink, reason });
  if (calleeName === 'setRequestHandler') {
    const schema = args[0];
    if (!schema || !/ListTools/.test(getRequestSchemaName(schema, context) ?? '')) return undefined;
    const handler = args[1];
    if (!handler) return at('setRequestHandler(ListTools)', 'the list handler is missing');
    const fn = context.resolveFunction(handler, undefined);
    // What it lists may still be definitions found where they are written, by their shape.
    if (!fn) return { ...at('setRequestHandler(ListTools)', `the list handler ${describe(handler)} is not a function toolslim can read in this file`), fromCollection: true };
    const listed = findReturnedValues(fn)
      .map((returned) => context.resolveObject(returned))
      .map((result) => (result ? context.readFields(result).get('tools')?.value : undefined))
      .find((value) => value !== undefined);
    const what = listed ? `the tools it lists, ${describe(listed)},` : 'what it returns';
    const built = listed ? findRegistryBuild(listed, [...candidate.ancestors, call, fn], context) : undefined;
    if (built) {
      const reason = `the tools it lists are what ${describe(built)} returns at run time, from a registry filled by calls toolslim does not follow`;
      return { ...at('setRequestHandler(ListTools)', reason), fromCollection: true, registry: true };
    }
    return { ...at('setRequestHandler(ListTools)', `${what} cannot be followed to tool definitions toolslim can read`), fromCollection: true };
  }
  // A plain call is the library's own only when the name is imported from it; `addTool(…)` of a
  // project helper is read through the helper's own registration.
  if (!isMember && !isImportedFromToolLibrary(callee, context)) return undefined;
  if (isMember && !imports.toolLibrary && calleeName !== 'registerTool' && calleeName !== 'registerToolTask' && calleeName !== 'tool') return undefined;
  if (isForwarder(call, candidate.ancestors) || isOwnMethodCall(callee, candidate.ancestors)) return undefined;
  const sink = isMember ? `.${calleeName}()` : `${calleeName}()`;
  if (args.length === 0) return at(sink, 'it is called without arguments');
  const spread = args.find((arg) => arg.type === 'SpreadElement');
  if (spread) return at(sink, `its arguments are spread from ${describe((spread as TSESTree.SpreadElement).argument)}, which toolslim does not follow`);
  const first = (args[getNameArgumentIndex(calleeName)] ?? args[0]) as Node;
  const firstNode = unwrap(first);
  if (firstNode.type === 'ObjectExpression' || firstNode.type === 'ArrowFunctionExpression' || firstNode.type === 'FunctionExpression') {
    return at(sink, 'its definition does not have the fields this call publishes (a name, a description, a schema) in a form toolslim can read');
  }
  const name = context.text(first);
  if (name.kind === 'dynamic') {
    if (!isFromCollection(first, context)) return at(sink, `the tool's name is ${describe(first)}: ${name.reason}`);
    // `for (const t of [shelfTool, lampTool])`, each imported from the project's own modules: each definition is
    // checked where it is written, so a rule says nothing here (the report reads the loop across files).
    if (isLoopOverProjectImports(first, candidate.ancestors, context)) {
      return { ...at(sink, `the tool's name is ${describe(first)}, registered in a loop over definitions imported from the project's own modules, each checked where it is written`), fromCollection: true, adapter: true };
    }
    const origin = `the tool's name is ${describe(first)}, ${describeOrigin(first, candidate.ancestors)}`;
    // `rename(t.name, options)`: what it lists is named by the call, not as the definitions are written.
    if (isRenamed(first)) return { ...at(sink, `${origin}; the name it publishes is computed from each definition's, so the definitions found where they are written do not give it`), fromCollection: true, renamed: true };
    // `server.registerTool(t.id, { title: t.name, … })`: each definition is listed under another of its fields.
    const field = getOtherNameField(first);
    if (field) return { ...at(sink, `${origin}; the name it publishes is each definition's \`${field}\`, so the definitions found where they are written, named by their \`name\`, do not give it`), fromCollection: true, renamed: true };
    return { ...at(sink, origin), fromCollection: true };
  }
  return at(sink, `its arguments after the name ${JSON.stringify(name.value)} are not in a form toolslim can read`);
}

/** Array methods and statics whose result holds the elements of the collection they are given. */
const COLLECTION_STEPS = new Set(['map', 'filter', 'flatMap', 'flat', 'slice', 'sort', 'toSorted', 'concat', 'reverse', 'values', 'from', 'entries']);

/**
 * The method call a listed collection is built by (`this.registry.build()`, `registry.list().map(…)`,
 * destructured as `const { tools } = registry.build()`), or undefined when it comes from anything else.
 */
function findRegistryBuild(input: Node, ancestors: readonly Node[], context: DetectContext, depth = 0): TSESTree.CallExpression | undefined {
  if (depth > 6) return undefined;
  const node = unwrap(input);
  if (node.type === 'AwaitExpression') return findRegistryBuild(node.argument, ancestors, context, depth + 1);
  if (node.type === 'Identifier') {
    const init = context.resolveIdentifier(node) ?? findDestructuredFrom(node.name, ancestors);
    return init ? findRegistryBuild(init, ancestors, context, depth + 1) : undefined;
  }
  if (node.type === 'ArrayExpression' && node.elements.length === 1 && node.elements[0]?.type === 'SpreadElement') {
    return findRegistryBuild(node.elements[0].argument, ancestors, context, depth + 1);
  }
  if (node.type !== 'CallExpression') return undefined;
  const callee = unwrap(node.callee);
  if (callee.type !== 'MemberExpression') return undefined;
  const method = getMemberKey(callee);
  if (method === undefined) return undefined;
  const receiver = unwrap(callee.object);
  const isStatic = receiver.type === 'Identifier' && (receiver.name === 'Array' || receiver.name === 'Object');
  if (isStatic) return node.arguments[0] && node.arguments[0].type !== 'SpreadElement' ? findRegistryBuild(node.arguments[0], ancestors, context, depth + 1) : undefined;
  if (COLLECTION_STEPS.has(method)) return findRegistryBuild(receiver, ancestors, context, depth + 1);
  // A method of an object (not a function of a module): something the program fills and asks at run time.
  return receiver.type === 'ThisExpression' || receiver.type === 'MemberExpression' || (receiver.type === 'Identifier' && !context.isImported(receiver)) ? node : undefined;
}

/** `const { tools: listed } = X` (or `const { listed } = X`) in one of the enclosing functions: X. */
function findDestructuredFrom(name: string, ancestors: readonly Node[]): Node | undefined {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const fn = ancestors[i];
    if (fn.type !== 'FunctionDeclaration' && fn.type !== 'FunctionExpression' && fn.type !== 'ArrowFunctionExpression') continue;
    if (fn.body.type !== 'BlockStatement') continue;
    for (const statement of fn.body.body) {
      if (statement.type !== 'VariableDeclaration') continue;
      for (const declarator of statement.declarations) {
        if (declarator.id.type !== 'ObjectPattern' || !declarator.init) continue;
        const binds = declarator.id.properties.some((p) => p.type === 'Property' && p.value.type === 'Identifier' && p.value.name === name);
        if (binds) return declarator.init;
      }
    }
  }
  return undefined;
}

/**
 * `const registerTool = (name, config, cb) => server.registerTool(name, config, track(cb))`, a method
 * `addTool(tool) { this.server.addTool(wrap(tool)) }`: a function named as a sink passes its own
 * parameters on. Its calls are read as that sink, where the definitions are written.
 */
function isForwarder(call: TSESTree.CallExpression, ancestors: readonly Node[]): boolean {
  for (let i = ancestors.length - 1; i >= 1; i--) {
    const node = ancestors[i];
    if (node.type !== 'ArrowFunctionExpression' && node.type !== 'FunctionExpression' && node.type !== 'FunctionDeclaration') continue;
    let j = i - 1;
    // `((tool) => { … }) as FastMCP['addTool']`: the cast is no part of the name.
    while (j > 0 && (ancestors[j].type === 'TSAsExpression' || ancestors[j].type === 'TSSatisfiesExpression' || ancestors[j].type === 'TSNonNullExpression')) j--;
    const name = getFunctionName(node, ancestors[j]);
    // Called the way the sink is called: what the sink gets first (a name, a definition) is its own first parameter.
    return name !== undefined && isCallStyleName(name) && getRootName(call.arguments[0]) === getRootName(node.params[0]);
  }
  return false;
}

/** `tool` of `tool`, `guard(tool)`, `tool.name`, `tool as T`; a parameter's own name. */
function getRootName(input: Node | undefined): string | undefined {
  if (!input) return undefined;
  let node = unwrap(input);
  for (let i = 0; i < 4; i++) {
    if (node.type === 'CallExpression' && node.arguments[0]) node = unwrap(node.arguments[0]);
    else if (node.type === 'MemberExpression') node = unwrap(node.object);
    else break;
  }
  if (node.type === 'AssignmentPattern') node = node.left;
  if (node.type === 'TSParameterProperty') node = node.parameter;
  return node.type === 'Identifier' ? node.name : undefined;
}

function getFunctionName(fn: Node, parent: Node): string | undefined {
  if (fn.type === 'FunctionDeclaration') return fn.id?.name;
  if (parent.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  if ((parent.type === 'Property' || parent.type === 'MethodDefinition' || parent.type === 'PropertyDefinition') && !parent.computed && parent.key.type === 'Identifier') return parent.key.name;
  return undefined;
}

/** `this.registerTool(def, cb)` where the class defines `registerTool` itself: read through that method. */
function isOwnMethodCall(callee: Node, ancestors: readonly Node[]): boolean {
  if (callee.type !== 'MemberExpression' || callee.object.type !== 'ThisExpression') return false;
  const key = getMemberKey(callee);
  const body = findEnclosingClassBody(ancestors);
  return key !== undefined && body !== undefined && findClassMemberValue(body, key) !== undefined;
}

function isImportedFromToolLibrary(callee: Node, context: DetectContext): boolean {
  if (callee.type !== 'Identifier') return false;
  const imported = context.getScope().getImport(callee.name);
  return imported !== undefined && TOOL_LIBRARY.test(imported.source);
}

/** The name a value is read from: `t` of `t.name`, of `rename(t.name, options)`, of `t.meta.title`. */
function getRoot(input: Node): Node {
  let root = unwrap(input);
  for (let i = 0; i < 8; i++) {
    if (root.type === 'MemberExpression') root = unwrap(root.object);
    else if (root.type === 'CallExpression' && root.arguments[0] && root.arguments[0].type !== 'SpreadElement') root = unwrap(root.arguments[0]);
    else break;
  }
  return root;
}

/** `t.id`, `t.meta.key`: the definition's field that the name is read from, when it is not its `name`. */
function getOtherNameField(input: Node): string | undefined {
  const node = unwrap(input);
  if (node.type !== 'MemberExpression' || node.computed || node.property.type !== 'Identifier') return undefined;
  return node.property.name === 'name' ? undefined : node.property.name;
}

/** `rename(t.name)`, `` `${prefix}_${t.name}` ``, `prefix + t.name`: a name computed from the definition's, not the definition's own. */
export function isRenamed(input: Node): boolean {
  const node = unwrap(input);
  const parts = node.type === 'CallExpression' ? node.arguments : node.type === 'TemplateLiteral' ? node.expressions : node.type === 'BinaryExpression' ? [node.left, node.right] : [];
  // Computed from a field of the definition (`t.name`), not a name of its own.
  return parts.some((part) => unwrap(part).type === 'MemberExpression');
}

/** Where a loop variable or parameter comes from, for the reason. */
function describeOrigin(input: Node, ancestors: readonly Node[]): string {
  const root = getRoot(input);
  const name = root.type === 'Identifier' ? root.name : '';
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const node = ancestors[i];
    if (node.type === 'ForOfStatement' && node.left.type === 'VariableDeclaration' && declares(node.left.declarations[0]?.id, name)) {
      const helper = findParameterOwner(node.right, ancestors.slice(0, i));
      // A helper's loop over the list it is given: the lists are at its calls, in other files.
      if (helper !== undefined) return `registered in a loop over ${describe(node.right)}, a parameter of ${helper}: the lists are passed where it is called, and no call is in this file (toolslim report reads them at the calls in the files it reads)`;
      return `registered in a loop over ${describe(node.right)}, which toolslim cannot trace to the definitions it holds`;
    }
    if (node.type !== 'ArrowFunctionExpression' && node.type !== 'FunctionExpression' && node.type !== 'FunctionDeclaration') continue;
    if (!node.params.some((param) => declares(param, name))) continue;
    const parent = ancestors[i - 1];
    const callee = parent?.type === 'CallExpression' && parent.arguments[0] === node ? unwrap(parent.callee) : undefined;
    if (callee?.type === 'MemberExpression') return `registered for each element of ${describe(callee.object)}, which toolslim cannot trace to the definitions it holds`;
    const fn = node.type === 'FunctionDeclaration' && node.id ? `\`${node.id.name}\`` : 'the enclosing function';
    return `a parameter of ${fn}, and no call of it that toolslim can read gives it a value`;
  }
  return 'which toolslim cannot trace to a value';
}

/** The loop `input` is read in runs over a list of this file (`const TOOLS = [a, b]`) whose every element is imported from a relative path. */
function isLoopOverProjectImports(input: Node, ancestors: readonly Node[], context: DetectContext): boolean {
  const root = getRoot(input);
  if (root.type !== 'Identifier') return false;
  const loop = [...ancestors].reverse().find((node): node is TSESTree.ForOfStatement => node.type === 'ForOfStatement' && node.left.type === 'VariableDeclaration' && declares(node.left.declarations[0]?.id, root.name));
  const right = loop ? unwrap(loop.right) : undefined;
  const list = right?.type === 'Identifier' ? context.resolveIdentifier(right) : right;
  const array = list ? unwrap(list) : undefined;
  if (array?.type !== 'ArrayExpression' || array.elements.length === 0) return false;
  const scope = context.getScope();
  return array.elements.every((element) => element?.type === 'Identifier' && /^\.\.?\//.test(scope.getImport(element.name)?.source ?? ''));
}

/** `\`registerAll\`` when `input` is a parameter of the named function around it (`function registerAll(server, defs)`). */
function findParameterOwner(input: Node, ancestors: readonly Node[]): string | undefined {
  const node = unwrap(input);
  if (node.type !== 'Identifier') return undefined;
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const fn = ancestors[i];
    if (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression' && fn.type !== 'FunctionDeclaration') continue;
    if (!fn.params.some((param) => declares(param, node.name))) return undefined;
    if (fn.type === 'FunctionDeclaration' && fn.id) return `\`${fn.id.name}\``;
    const parent = ancestors[i - 1];
    return parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier' ? `\`${parent.id.name}\`` : undefined;
  }
  return undefined;
}

/** `name` is bound by the pattern (`t`, `{ name }`, `[t]`, `t = …`). */
export function declares(pattern: Node | undefined, name: string): boolean {
  if (!pattern) return false;
  switch (pattern.type) {
    case 'Identifier':
      return pattern.name === name;
    case 'AssignmentPattern':
      return declares(pattern.left, name);
    case 'RestElement':
      return declares(pattern.argument, name);
    case 'ObjectPattern':
      return pattern.properties.some((p) => declares(p.type === 'Property' ? p.value : p, name));
    case 'ArrayPattern':
      return pattern.elements.some((e) => declares(e ?? undefined, name));
    case 'TSParameterProperty':
      return declares(pattern.parameter, name);
    default:
      return false;
  }
}

/** `t.name` of a loop variable or parameter: neither a constant of this file nor an import. */
function isFromCollection(input: Node, context: DetectContext): boolean {
  const root = getRoot(input);
  return root.type === 'Identifier' && context.resolveIdentifier(root) === undefined && !context.isImported(root);
}

/**
 * A file that builds an MCP server, registers nothing on it that could be read and does not hand it to
 * other code (a call, a return, an export, a field) has no tool toolslim can see: say so once.
 */
export function explainServerWithoutTools(program: Program, servers: readonly FoundServer[], imports: FileImports, uses: (name: string) => boolean): UnreadSink | undefined {
  if (!imports.mcpServer || servers.length === 0) return undefined;
  const server = servers[0];
  // A server held in a variable that other code receives may get its tools there.
  if (servers.some((s) => s.thisProperty !== undefined || (s.variable !== undefined && uses(s.variable.name)))) return undefined;
  if (servers.some((s) => s.variable === undefined && s.thisProperty === undefined)) return undefined;
  const node = server.decl.node;
  void program;
  return {
    node,
    line: node.loc?.start.line ?? 0,
    column: node.loc?.start.column ?? 0,
    sink: 'server',
    reason: 'this file builds an MCP server and registers no tool on it that toolslim can read, nor hands the server to other code',
  };
}

export interface FileImports {
  /** The file imports (or requires) an MCP SDK, fastmcp or an agent toolkit. */
  readonly toolLibrary: boolean;
  /** The file imports (or requires) an MCP server module. */
  readonly mcpServer: boolean;
}

/** What the file imports, from its top-level `import` statements and `require("…")` calls anywhere. */
export function readFileImports(program: Program, requires: readonly string[]): FileImports {
  const sources: string[] = [...requires];
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration' && typeof statement.source.value === 'string') sources.push(statement.source.value);
  }
  return { toolLibrary: sources.some((s) => TOOL_LIBRARY.test(s)), mcpServer: sources.some((s) => MCP_SERVER_LIBRARY.test(s)) };
}
