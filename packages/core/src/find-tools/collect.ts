/**
 * The one walk of a program. It looks at every node once, keeps only the few that could declare a tool
 * or a server (cheap checks on callee names and property keys, nothing evaluated), and records the
 * ancestors of each so detectors never need a parent map.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { visitorKeys } from '@typescript-eslint/visitor-keys';
import { getCalleeName, getPropertyName, unwrap, type Program } from '../ast.js';
import type { Node } from '../model.js';
import { Scope, SCOPE_NODE_TYPES, type ScopeTrail } from '../text/scope.js';

export interface Candidate<T extends Node = Node> {
  readonly node: T;
  /** Ancestors from the program down to the parent (last element). */
  readonly ancestors: readonly Node[];
}

export interface Candidates {
  readonly calls: Candidate<TSESTree.CallExpression>[];
  readonly news: Candidate<TSESTree.NewExpression>[];
  readonly objects: Candidate<TSESTree.ObjectExpression>[];
  readonly classes: Candidate<TSESTree.ClassDeclaration | TSESTree.ClassExpression>[];
  /** Branches of a JSON-RPC dispatcher taken for `tools/list` (`case 'tools/list':`, `if (method === 'tools/list')`). */
  readonly listBranches: Candidate<TSESTree.SwitchCase | TSESTree.IfStatement>[];
  /** Modules the file loads with `require("…")`, anywhere in it. */
  readonly requires: string[];
}

/** Constructors of servers and of LangChain tools (bundlers may rename a class `McpServer2`). */
const DETECTED_CLASSES = /^(?:McpServer|Server|FastMCP|DynamicStructuredTool|DynamicTool)\d*$/;

/** Keys that hold a tool's input schema in some declaration style. */
export const SCHEMA_KEYS = ['inputSchema', 'input_schema', 'parameters', 'schema', 'argsShape'] as const;
const SCHEMA_KEY_SET: ReadonlySet<string> = new Set(SCHEMA_KEYS);

/** Subtrees that are types only: nothing in them runs, so nothing in them is a tool. */
const SKIPPED_TYPES: ReadonlySet<string> = new Set([
  'TSTypeAnnotation',
  'TSTypeParameterDeclaration',
  'TSTypeParameterInstantiation',
  'TSInterfaceDeclaration',
  'TSTypeAliasDeclaration',
  'TSDeclareFunction',
  'TSEnumDeclaration',
  'ImportDeclaration',
  'Literal',
  'TemplateElement',
]);

/** `calleeNames`: the calls some detector reads (the style registry's names and `settings.factories`). */
export function collectCandidates(program: Program, calleeNames: ReadonlySet<string>): Candidates {
  const found: Candidates = { calls: [], news: [], objects: [], classes: [], listBranches: [], requires: [] };
  // Iterative pre-order walk: `depths` says where each stacked node sits, so `ancestors[0..depth)` is
  // always its path (deeper entries are stale) without allocating or trimming anything per node.
  const stack: Node[] = [program];
  const depths: number[] = [0];
  const ancestors: Node[] = [];
  // The same walk records what the file's scope is built from, should a detector need it (`ScopeTrail`).
  const trail: ScopeTrail = { nodes: [], parents: [], subtrees: [] };
  // Names bound to a sink method (`.bind`), in the order the walk meets them.
  let aliases: Set<string> | undefined;
  while (stack.length > 0) {
    const node = stack.pop()!;
    const depth = depths.pop()!;
    if (SKIPPED_TYPES.has(node.type)) {
      // Leaves hold no names; a skipped subtree (imports, enums, types) is walked by the scope itself.
      if (node.type !== 'Literal' && node.type !== 'TemplateElement') {
        trail.nodes.push(node);
        trail.parents.push(undefined);
        trail.subtrees.push(true);
      }
      continue;
    }
    if (SCOPE_NODE_TYPES.has(node.type)) {
      trail.nodes.push(node);
      trail.parents.push(depth > 0 ? ancestors[depth - 1] : undefined);
      trail.subtrees.push(false);
    }
    switch (node.type) {
      case 'VariableDeclarator': {
        // `const add = server.tool.bind(server)`: `add(…)` is a call of the sink it binds.
        const bound = node.id.type === 'Identifier' && node.init ? getBoundMethodName(node.init) : undefined;
        if (bound !== undefined && calleeNames.has(bound)) (aliases ??= new Set()).add((node.id as TSESTree.Identifier).name);
        break;
      }
      case 'CallExpression': {
        const name = getCalleeName(node.callee);
        if (name !== undefined && (calleeNames.has(name) || (node.callee.type === 'Identifier' && aliases?.has(name)))) found.calls.push({ node, ancestors: ancestors.slice(0, depth) });
        else if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments[0]?.type === 'Literal' && typeof node.arguments[0].value === 'string') {
          found.requires.push(node.arguments[0].value);
        }
        break;
      }
      case 'NewExpression': {
        const name = getCalleeName(node.callee);
        if (name !== undefined && DETECTED_CLASSES.test(name)) found.news.push({ node, ancestors: ancestors.slice(0, depth) });
        break;
      }
      case 'ObjectExpression':
        if (hasToolLikeKey(node)) found.objects.push({ node, ancestors: ancestors.slice(0, depth) });
        break;
      case 'SwitchCase':
        if (isListMethod(node.test)) found.listBranches.push({ node, ancestors: ancestors.slice(0, depth) });
        break;
      case 'IfStatement':
        if (node.test.type === 'BinaryExpression' && (node.test.operator === '===' || node.test.operator === '==') && (isListMethod(node.test.left) || isListMethod(node.test.right))) {
          found.listBranches.push({ node, ancestors: ancestors.slice(0, depth) });
        }
        break;
      case 'ClassDeclaration':
      case 'ClassExpression':
        if (hasSchemaLikeMember(node)) found.classes.push({ node, ancestors: ancestors.slice(0, depth) });
        break;
      default:
        break;
    }
    ancestors[depth] = node;
    const keys = visitorKeys[node.type];
    if (!keys) continue;
    for (let k = keys.length - 1; k >= 0; k--) {
      const child = (node as unknown as Record<string, unknown>)[keys[k]];
      if (Array.isArray(child)) {
        for (let i = child.length - 1; i >= 0; i--) {
          const c = child[i] as Node | null;
          if (c && typeof c.type === 'string') {
            stack.push(c);
            depths.push(depth + 1);
          }
        }
      } else if (child && typeof (child as Node).type === 'string') {
        stack.push(child as Node);
        depths.push(depth + 1);
      }
    }
  }
  Scope.recordTrail(program, trail);
  return found;
}

/** The JSON-RPC method a client lists tools with. */
function isListMethod(node: Node | null | undefined): boolean {
  return node?.type === 'Literal' && node.value === 'tools/list';
}

export function isSchemaKey(name: string | undefined): boolean {
  return name !== undefined && SCHEMA_KEY_SET.has(name);
}

/** A schema-like key, OpenAI's `function` wrapper, Speakeasy's `args` or a `params` shape (checked further by shape). */
function hasToolLikeKey(object: TSESTree.ObjectExpression): boolean {
  for (const p of object.properties) {
    if (p.type !== 'Property') continue;
    const name = getPropertyName(p);
    if (name !== undefined && (SCHEMA_KEY_SET.has(name) || name === 'function' || name === 'args' || name === 'params')) return true;
  }
  return false;
}

function hasSchemaLikeMember(node: TSESTree.ClassDeclaration | TSESTree.ClassExpression): boolean {
  // LangChain's `Tool` takes one string and declares no schema.
  if (node.superClass && /^(?:Tool|StructuredTool)$/.test(getCalleeName(node.superClass) ?? '')) return true;
  for (const member of node.body.body) {
    if (member.type === 'PropertyDefinition' || (member.type === 'MethodDefinition' && member.kind === 'get')) {
      if (isSchemaKey(getPropertyName(member))) return true;
    } else if (member.type === 'MethodDefinition' && member.kind === 'constructor' && member.value.body) {
      // Compiled output without class fields assigns them in the constructor: `this.inputSchema = …`.
      for (const statement of member.value.body.body) {
        const assigned = getThisAssignmentName(statement);
        if (assigned !== undefined && SCHEMA_KEY_SET.has(assigned)) return true;
      }
    }
  }
  return false;
}

/** `this.NAME = …;` → NAME. */
export function getThisAssignmentName(statement: Node): string | undefined {
  if (statement.type !== 'ExpressionStatement') return undefined;
  const e = statement.expression;
  if (e.type !== 'AssignmentExpression' || e.operator !== '=' || e.left.type !== 'MemberExpression') return undefined;
  if (e.left.object.type !== 'ThisExpression' || e.left.computed || e.left.property.type !== 'Identifier') return undefined;
  return e.left.property.name;
}

/** `server.tool.bind(server)` (through casts): the name of the method it binds. */
export function getBoundMethodName(init: Node): string | undefined {
  const call = unwrap(init);
  if (call.type !== 'CallExpression') return undefined;
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier' || callee.property.name !== 'bind') return undefined;
  const method = unwrap(callee.object);
  return method.type === 'MemberExpression' && !method.computed && method.property.type === 'Identifier' ? method.property.name : undefined;
}
