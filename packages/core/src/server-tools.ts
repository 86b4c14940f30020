/**
 * The tools one server registers across the files of its project: those registered on it in its own
 * file, and those registered by helpers it is passed to (`registerFileTools(server)` imported from
 * another module, and the helpers those call with it in turn). Read from disk through the module
 * resolver, so a cross-file count does not depend on which files a process linted before.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { getParent, walk, type Program } from './ast.js';
import { findTools } from './find-tools/index.js';
import type { FileModel, ModuleResolver, Node, ServerDecl, ToolDecl, ToolslimSettings } from './model.js';
import { Scope } from './text/scope.js';

/** Tools registered on a server by a helper in another module. */
export interface HelperTools {
  readonly filePath: string;
  /** The helper function, as declared in its module. */
  readonly helper: string;
  readonly tools: readonly ToolDecl[];
}

export interface ServerToolsAcrossFiles {
  readonly server: ServerDecl;
  readonly local: readonly ToolDecl[];
  readonly elsewhere: readonly HelperTools[];
}

export interface ServerToolsOptions {
  readonly filePath: string;
  readonly resolveModule: ModuleResolver;
  readonly settings?: ToolslimSettings;
}

/** Helpers passed the server through more than this many modules are not followed. */
const MAX_HELPER_DEPTH = 4;

export function findServerToolsAcrossFiles(program: Program, model: FileModel, options: ServerToolsOptions): ServerToolsAcrossFiles[] {
  const models = new Map<Program, FileModel>([[program, model]]);
  const getModel = (target: Program, filePath: string): FileModel => {
    let found = models.get(target);
    if (!found) {
      found = findTools(target, { filePath, resolveModule: options.resolveModule, settings: options.settings });
      models.set(target, found);
    }
    return found;
  };
  return model.servers.map((server) => {
    const local = model.tools.filter((tool) => tool.server?.node === server.node);
    const name = getBindingName(program, server.node);
    const elsewhere: HelperTools[] = [];
    if (name !== undefined) {
      const visited = new Set<Node>();
      collectHelperTools(program, options.filePath, program, name, 0, { ...options, getModel, visited, elsewhere });
    }
    return { server, local, elsewhere };
  });
}

interface Walk extends ServerToolsOptions {
  readonly getModel: (program: Program, filePath: string) => FileModel;
  readonly visited: Set<Node>;
  readonly elsewhere: HelperTools[];
}

/** Calls inside `scope` that pass `serverName` to a function imported from another module of the project. */
function collectHelperTools(program: Program, filePath: string, scope: Node, serverName: string, depth: number, state: Walk): void {
  if (depth >= MAX_HELPER_DEPTH) return;
  walk(scope, (node) => {
    if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier') return;
    const index = node.arguments.findIndex((argument) => argument.type === 'Identifier' && argument.name === serverName);
    if (index < 0) return;
    const imported = Scope.of(program).getImport(node.callee.name);
    if (!imported || !imported.source.startsWith('.')) return;
    const binding = state.resolveModule.resolveImport(filePath, imported.source, imported.importedName);
    if (binding.kind !== 'node') return;
    const helper = getFunction(binding.node);
    if (!helper || state.visited.has(helper)) return;
    state.visited.add(helper);
    const parameter = helper.params[index];
    if (parameter?.type !== 'Identifier') return;
    const tools = state.getModel(binding.program, binding.filePath).tools.filter((tool) => isInside(tool.node, helper));
    if (tools.length > 0) state.elsewhere.push({ filePath: binding.filePath, helper: imported.importedName, tools });
    collectHelperTools(binding.program, binding.filePath, helper, parameter.name, depth + 1, state);
  });
}

type FunctionNode = TSESTree.FunctionDeclaration | TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression;

/** `export function f(server)`, `export const f = (server) => …`: the function a binding stands for. */
function getFunction(node: Node): FunctionNode | undefined {
  if (node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression') return node;
  if (node.type === 'VariableDeclarator' && node.init) return getFunction(node.init);
  return undefined;
}

function isInside(inner: Node, outer: Node): boolean {
  return inner.range[0] >= outer.range[0] && inner.range[1] <= outer.range[1];
}

/** `const server = new McpServer(…)`: the name the file passes the server around by. */
function getBindingName(program: Program, node: Node): string | undefined {
  const parent = getParent(program, node);
  return parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier' ? parent.id.name : undefined;
}
