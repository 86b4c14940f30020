/**
 * Servers made from a subclass of the SDK's servers (`class ShelfServer extends McpServer { … }`, also
 * `const S = class extends McpServer {}`) and created with `new ShelfServer(…)`: wired like the class they
 * extend. The reader names the SDK's own constructions; a subclass of one is still that server.
 */
import { walk, type Node, type Program, type ServerDecl } from '@toolslim/core';

const SDK_SERVERS: Readonly<Record<string, ServerDecl['framework']>> = { McpServer: 'mcp-sdk', Server: 'mcp-sdk-low-level' };

export function findSubclassServers(program: Program, code: string): ServerDecl[] {
  if (!/@modelcontextprotocol\//.test(code)) return [];
  const subclasses = new Map<string, ServerDecl['framework']>();
  const superOf = (node: Node | null | undefined) => (node?.type === 'Identifier' && Object.hasOwn(SDK_SERVERS, node.name) ? SDK_SERVERS[node.name] : undefined);
  walk(program, (node) => {
    if (node.type === 'ClassDeclaration' && node.id) {
      const framework = superOf(node.superClass);
      if (framework) subclasses.set(node.id.name, framework);
    } else if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.init?.type === 'ClassExpression') {
      const framework = superOf(node.init.superClass);
      if (framework) subclasses.set(node.id.name, framework);
    }
  });
  if (subclasses.size === 0) return [];
  const servers: ServerDecl[] = [];
  walk(program, (node) => {
    if (node.type === 'NewExpression' && node.callee.type === 'Identifier' && subclasses.has(node.callee.name)) {
      servers.push({ node, name: undefined, framework: subclasses.get(node.callee.name)! });
    }
  });
  return servers;
}
