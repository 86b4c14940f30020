import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { FileModel } from '@toolslim/core';

type AnyContext = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

/**
 * Whether this file holds a whole server: it builds exactly one server, bound to a variable that never leaves
 * the file — only its own methods are called (`server.registerTool(…)`, `server.server.setRequestHandler(…)`,
 * `server.connect(…)`); it is not exported, passed to a function, returned or stored elsewhere. Then no other
 * module can register a tool on it, and the tools this file declares are all the server publishes.
 */
export function isWholeServerFile(context: AnyContext, model: FileModel): boolean {
  if (model.servers.length !== 1) return false;
  const construction = model.servers[0].node as unknown as TSESTree.Node;
  const declarator = construction.parent;
  if (declarator?.type !== 'VariableDeclarator' || declarator.init !== construction || declarator.id.type !== 'Identifier') return false;
  if (declarator.parent?.parent?.type === 'ExportNamedDeclaration') return false;
  const variable = context.sourceCode.getDeclaredVariables(declarator).find((candidate) => candidate.name === (declarator.id as TSESTree.Identifier).name);
  if (!variable) return false;
  return variable.references.every((reference) => reference.identifier === declarator.id || isOwnMethodCall(reference.identifier as TSESTree.Node));
}

/** `server.x(…)` or `server.x.y(…)`: the variable is only the receiver of a call. */
function isOwnMethodCall(identifier: TSESTree.Node): boolean {
  let node: TSESTree.Node = identifier;
  while (node.parent?.type === 'MemberExpression' && node.parent.object === node) node = node.parent;
  return node !== identifier && node.parent?.type === 'CallExpression' && node.parent.callee === node;
}
