/**
 * Servers: `new McpServer({ name })`, `new Server({ name, version }, …)`, `new FastMCP({ name })`, and
 * which server a registering call's receiver (`server`, `this.server`, `server.server`) stands for.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { getCalleeName, getPropertyName, unwrap } from '../ast.js';
import type { Framework, Node, ServerDecl } from '../model.js';
import type { Candidate } from './collect.js';
import { getMemberKey, type DetectContext } from './context.js';

const SERVER_CLASSES: ReadonlyArray<readonly [RegExp, Framework]> = [
  [/^McpServer\d*$/, 'mcp-sdk'],
  [/^Server\d*$/, 'mcp-sdk-low-level'],
  [/^FastMCP\d*$/, 'fastmcp'],
];

/** A server and the names it is reachable by in this file. */
export interface FoundServer {
  readonly decl: ServerDecl;
  /** `server` in `const server = new McpServer(…)`. */
  readonly variable: TSESTree.Identifier | undefined;
  /** `server` in `this.server = new McpServer(…)` or a class field `server = new McpServer(…)`. */
  readonly thisProperty: string | undefined;
}

export function detectServer(candidate: Candidate<TSESTree.NewExpression>, context: DetectContext): FoundServer | undefined {
  const node = candidate.node;
  const className = getCalleeName(node.callee) ?? '';
  const framework = SERVER_CLASSES.find(([pattern]) => pattern.test(className))?.[1];
  if (!framework) return undefined;
  const info = node.arguments[0] ? context.resolveObject(node.arguments[0]) : undefined;
  const fields = info ? context.readFields(info) : undefined;
  const name = fields?.get('name');
  // `Server` is a common class name (http, socket.io): the MCP one is always given a name and a version.
  // `McpServer` and `FastMCP` are specific enough to count even when their options are built elsewhere.
  if (framework === 'mcp-sdk-low-level' && (!name || !fields?.has('version'))) return undefined;
  const parent = candidate.ancestors[candidate.ancestors.length - 1];
  return {
    decl: { node, name: name ? context.text(name.value) : undefined, framework },
    variable: parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier' ? parent.id : undefined,
    thisProperty: getThisProperty(parent),
  };
}

function getThisProperty(parent: Node | undefined): string | undefined {
  if (parent?.type === 'PropertyDefinition' && !parent.static) return getPropertyName(parent);
  if (parent?.type === 'AssignmentExpression' && parent.left.type === 'MemberExpression' && parent.left.object.type === 'ThisExpression') {
    return getMemberKey(parent.left);
  }
  return undefined;
}

/** The server a receiver names; otherwise the file's only server. */
export function findServerFor(receiver: Node | undefined, servers: readonly FoundServer[], context: DetectContext): ServerDecl | undefined {
  const byReceiver = receiver ? getServerByReceiver(receiver, servers, context, 0) : undefined;
  if (byReceiver) return byReceiver.decl;
  return servers.length === 1 ? servers[0].decl : undefined;
}

function getServerByReceiver(input: Node, servers: readonly FoundServer[], context: DetectContext, depth: number): FoundServer | undefined {
  if (depth > 3) return undefined;
  const node = unwrap(input);
  if (node.type === 'Identifier') {
    const init = context.resolveIdentifier(node);
    return servers.find((s) => s.decl.node === init || s.variable === node);
  }
  if (node.type !== 'MemberExpression') return undefined;
  if (node.object.type === 'ThisExpression') {
    const key = getMemberKey(node);
    return key === undefined ? undefined : servers.find((s) => s.thisProperty === key);
  }
  // `mcpServer.server.setRequestHandler(…)`: the low-level server inside an McpServer;
  // `server.experimental.tasks.registerToolTask(…)`: the McpServer's task API.
  const key = getMemberKey(node);
  if (key === 'server' || key === 'tasks' || key === 'experimental') return getServerByReceiver(node.object, servers, context, depth + 1);
  return undefined;
}
