import { getClientProfiles, type ClientProfile, type ToolDecl } from '@toolslim/core';
import type { TSESTree } from '@typescript-eslint/utils';
import { createRule } from '../utils/create-rule.js';
import { getTargetedClients } from '../utils/clients.js';
import { getFileModel, getToolslimSettings } from '../utils/file-model.js';
import { getToolName, getToolReportNode, isStaticText } from '../utils/tool-text.js';

export type Options = [];
export type MessageIds = 'invalidMcpName' | 'duplicateName' | 'invalidClientName' | 'clientNameTooLong' | 'qualifiedNameTooLong' | 'serverPlusToolTooLong';

/** The MCP specification's profile: its name rule applies to every tool, whichever clients are targeted. */
const MCP_SPEC_ID = 'mcp-spec';

/** Packages whose `tool({ name })` publishes `name` rewritten to `[A-Za-z0-9_]` (spaces and symbols become `_`). */
const NORMALISING_PACKAGES = /^@openai\/agents(?:-[a-z]+)?(?:\/[a-z]+)?$/;

type Problem = { messageId: MessageIds; data: Record<string, string | number> };

export default createRule<Options, MessageIds>({
  name: 'valid-tool-name',
  meta: {
    type: 'problem',
    docs: {
      description: "Require tool names that follow the MCP specification and fit every targeted client's pattern and length limits",
      recommended: 'recommended',
    },
    messages: {
      invalidMcpName: 'Tool name "{{name}}" breaks the MCP tool-name rule ({{pattern}}); {{clients}} reject or rename it.',
      duplicateName: 'Tool name "{{name}}" is declared twice on the same server; clients keep only one of them.',
      invalidClientName: 'Tool name "{{name}}" does not fit the name pattern of {{clients}} (e.g. {{pattern}}); they reject the request or drop the tool.',
      clientNameTooLong: 'Tool name "{{name}}" is {{length}} characters; {{clients}} accept at most {{max}} and drop the tool.',
      qualifiedNameTooLong: '{{client}} calls this tool "{{qualified}}", {{length}} characters (max {{max}}); shorten the tool or server name.',
      serverPlusToolTooLong: 'Server "{{server}}" plus tool "{{name}}" is {{length}} characters; {{client}} allows {{max}} and drops the tool.',
    },
    schema: [],
  },
  create(context) {
    const [spec] = getClientProfiles([MCP_SPEC_ID]);
    const clients = getTargetedClients(context).filter((client) => client.id !== MCP_SPEC_ID);
    const settingsServerName = getToolslimSettings(context).serverName;
    return {
      'Program:exit'(program) {
        const normalisingCallees = findNormalisingCallees(program);
        const seen = new Map<unknown, Set<string>>();
        for (const tool of getFileModel(context).tools) {
          if (isDisplayTitle(tool)) continue;
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
          const problem = findNameProblem(spec, clients, published, getServerName(tool) ?? settingsServerName);
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
  if (tool.server) return tool.server.node;
  const parent = (tool.node as TSESTree.Node).parent;
  return parent?.type === 'ArrayExpression' ? parent : undefined;
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

function isValidName(profile: ClientProfile, name: string): boolean {
  return (profile.toolNamePattern?.test(name) ?? true) && name.length <= (profile.toolNameMaxLength ?? Infinity);
}

function joinNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The one problem reported for a name, the most basic first: a broken MCP rule, then a client pattern,
 * then a client length, then the server-qualified limits. Clients that fail the same way share one report.
 */
function findNameProblem(spec: ClientProfile, clients: readonly ClientProfile[], name: string, serverName: string | undefined): Problem | undefined {
  const tooLong = clients.filter((client) => client.toolNameMaxLength !== undefined && name.length > client.toolNameMaxLength);
  const badPattern = clients.filter((client) => !tooLong.includes(client) && client.toolNamePattern !== undefined && !client.toolNamePattern.test(name));
  if (!isValidName(spec, name)) {
    const clientNames = joinNames(['MCP clients', ...[...badPattern, ...tooLong].map((client) => client.name)]);
    return { messageId: 'invalidMcpName', data: { name, pattern: String(spec.toolNamePattern), clients: clientNames } };
  }
  if (badPattern.length > 0) {
    return { messageId: 'invalidClientName', data: { name, clients: joinNames(badPattern.map((client) => client.name)), pattern: String(badPattern[0].toolNamePattern) } };
  }
  if (tooLong.length > 0) {
    const max = Math.min(...tooLong.map((client) => client.toolNameMaxLength!));
    return { messageId: 'clientNameTooLong', data: { name, clients: joinNames(tooLong.map((client) => client.name)), length: name.length, max } };
  }
  if (serverName === undefined) return undefined;
  for (const client of clients) {
    if (client.qualifiedName) {
      const qualified = client.qualifiedName.build(serverName, name);
      if (qualified.length > client.qualifiedName.maxLength) {
        return { messageId: 'qualifiedNameTooLong', data: { client: client.name, qualified, length: qualified.length, max: client.qualifiedName.maxLength } };
      }
    }
    if (client.serverPlusToolMaxLength !== undefined && serverName.length + name.length > client.serverPlusToolMaxLength) {
      return {
        messageId: 'serverPlusToolTooLong',
        data: { client: client.name, server: serverName, name, length: serverName.length + name.length, max: client.serverPlusToolMaxLength },
      };
    }
  }
  return undefined;
}
