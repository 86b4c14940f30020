import { findToolNameProblem, TOOL_NAME_MESSAGES, type ToolDecl, type ToolNameMessageId } from '@toolslim/core';
import type { TSESTree } from '@typescript-eslint/utils';
import { createRule } from '../utils/create-rule.js';
import { getTargetedClients } from '../utils/clients.js';
import { getFileModel, getToolslimSettings } from '../utils/file-model.js';
import { getToolName, getToolReportNode, isBareName, isStaticText } from '../utils/tool-text.js';

export type Options = [];
export type MessageIds = ToolNameMessageId;

/** Packages whose `tool({ name })` publishes `name` rewritten to `[A-Za-z0-9_]` (spaces and symbols become `_`). */
const NORMALISING_PACKAGES = /^@openai\/agents(?:-[a-z]+)?(?:\/[a-z]+)?$/;

export default createRule<Options, MessageIds>({
  name: 'valid-tool-name',
  meta: {
    type: 'problem',
    docs: {
      description: "Require tool names that follow the MCP specification and fit every targeted client's pattern and length limits",
      recommended: 'recommended',
    },
    // Written once in core: `toolslim measure --check` prints the same messages for a running server.
    messages: TOOL_NAME_MESSAGES,
    schema: [],
  },
  create(context) {
    const clients = getTargetedClients(context);
    const settingsServerName = getToolslimSettings(context).serverName;
    return {
      'Program:exit'(program) {
        const normalisingCallees = findNormalisingCallees(program);
        const seen = new Map<unknown, Set<string>>();
        for (const tool of getFileModel(context).tools) {
          if (isDisplayTitle(tool) || isBareName(tool)) continue;
          const name = getToolName(tool);
          if (name === undefined) continue;
          const node = getToolReportNode(tool);
          const serverKey = getServerKey(tool);
          if (serverKey !== undefined) {
            const names = seen.get(serverKey) ?? new Set<string>();
            if (names.has(name)) context.report({ node, messageId: 'duplicateName', data: { name } });
            names.add(name);
            seen.set(serverKey, names);
          }
          const published = isNormalisedByLibrary(tool, normalisingCallees) ? name.replace(/[^a-zA-Z0-9]/g, '_') : name;
          const problem = findToolNameProblem(published, clients, getServerName(tool) ?? settingsServerName);
          if (problem) context.report({ node, ...problem });
        }
      },
    };
  },
});

/**
 * Which server a tool's name must be unique on: the server it is registered on, else the array literal
 * that lists it. Tools declared one by one in a file with no server (test doubles, examples, factories
 * behind feature flags) may well belong to different servers, so their names are not compared.
 */
function getServerKey(tool: ToolDecl): unknown {
  const node = tool.node as TSESTree.Node;
  if (tool.server) {
    // `server.addTool(…)` and `registrar.addTool(…)` in a helper register on different objects, even when
    // core links both to the file's one server: only the same receiver is the same server for certain.
    const call = node.type === 'CallExpression' ? node : node.parent?.type === 'CallExpression' ? node.parent : undefined;
    const receiver = call?.callee.type === 'MemberExpression' ? getReceiverText(call.callee.object) : undefined;
    return receiver === undefined ? tool.server.node : `${tool.server.node.range[0]}:${receiver}`;
  }
  const parent = node.parent;
  return parent?.type === 'ArrayExpression' ? parent : undefined;
}

/** `server`, `this.server`: the object a registration call is made on, as text. */
function getReceiverText(node: TSESTree.Node): string | undefined {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'ThisExpression') return 'this';
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') {
    const object = getReceiverText(node.object);
    return object === undefined ? undefined : `${object}.${node.property.name}`;
  }
  return undefined;
}

/** `{ method: 'create_invoice', name: 'Create Invoice', … }`: `name` is a display title, `method` is what the model calls. */
function isDisplayTitle(tool: ToolDecl): boolean {
  const node = tool.node as TSESTree.Node;
  if (node.type !== 'ObjectExpression') return false;
  return node.properties.some((property) => property.type === 'Property' && !property.computed && getKeyName(property.key) === 'method');
}

function getKeyName(key: TSESTree.Node): string | undefined {
  if (key.type === 'Identifier') return key.name;
  return key.type === 'Literal' && typeof key.value === 'string' ? key.value : undefined;
}

/** Local names of `tool` imported from a package that rewrites names before publishing them. */
function findNormalisingCallees(program: TSESTree.Program): Set<string> {
  const names = new Set<string>();
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration' || !NORMALISING_PACKAGES.test(String(statement.source.value))) continue;
    for (const specifier of statement.specifiers) {
      if (specifier.type === 'ImportSpecifier' && getKeyName(specifier.imported) === 'tool') names.add(specifier.local.name);
    }
  }
  return names;
}

function isNormalisedByLibrary(tool: ToolDecl, callees: ReadonlySet<string>): boolean {
  if (callees.size === 0) return false;
  const node = tool.node as TSESTree.Node;
  const call = node.type === 'CallExpression' ? node : node.parent?.type === 'CallExpression' ? node.parent : undefined;
  return call?.callee.type === 'Identifier' && callees.has(call.callee.name);
}

function getServerName(tool: ToolDecl): string | undefined {
  return isStaticText(tool.server?.name) ? tool.server.name.value : undefined;
}
