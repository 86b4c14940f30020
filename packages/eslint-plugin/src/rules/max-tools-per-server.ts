import { assignFamilies, buildPublishedTool, getRegisteringServerName, findServerToolsAcrossFiles, measureTool, type HelperTools, type ToolDecl } from '@toolslim/core';
import { basename } from 'node:path';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { createRule } from '../utils/create-rule.js';
import { getTargetedClients } from '../utils/clients.js';
import { formatCount } from '../utils/cost.js';
import { getFileModel, getToolslimSettings } from '../utils/file-model.js';
import { getModuleResolver } from '../utils/module-resolver.js';
import { asEslintNode, getToolReportNode, isStaticText } from '../utils/tool-text.js';

export type Options = [{ max?: number }];
export type MessageIds = 'tooManyToolsForClient' | 'tooManyToolsAcrossFiles' | 'tooManyTools';

interface ToolGroup {
  readonly label: string;
  /** Where a report about the group sits: the server's declaration, else the first tool past the limit. */
  readonly serverNode: TSESTree.Node | undefined;
  readonly tools: ToolDecl[];
  /** Tools registered on the server by helpers in other modules it is passed to. */
  readonly elsewhere: readonly HelperTools[];
}

export default createRule<Options, MessageIds>({
  name: 'max-tools-per-server',
  meta: {
    type: 'suggestion',
    docs: {
      description: 'Limit the number of tools one server declares to what targeted clients send to the model',
      recommended: 'recommended',
    },
    messages: {
      tooManyToolsForClient:
        '{{server}} declares {{count}} tools; {{client}} sends at most {{limit}}, so {{dropped}} are never seen there{{others}}. Split the server or group tools{{toolsets}}.',
      tooManyToolsAcrossFiles:
        '{{server}} registers {{count}} tools, {{elsewhere}} of them in {{files}}; {{client}} sends at most {{limit}}, so {{dropped}} are never seen there{{others}}. Split the server or group tools{{toolsets}}.',
      tooManyTools:
        '{{server}} declares {{count}} tools (at least {{bytes}} bytes, ~{{tokens}} tokens a request), over the limit of {{max}}. Split the server or group tools.',
    },
    schema: [
      {
        type: 'object',
        description: 'Tool count limit.',
        properties: {
          max: { type: 'integer', minimum: 1, description: 'Most tools one server may declare, besides the limits of the targeted clients; off unless set.' },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{}],
  },
  create(context, [options]) {
    const clientLimits = getTargetedClients(context)
      .filter((client) => client.maxTools !== undefined)
      .map((client) => ({ client: client.name, limit: client.maxTools! }));
    return {
      'Program:exit'() {
        for (const group of groupByServer(context)) {
          const elsewhere = group.elsewhere.reduce((total, helper) => total + helper.tools.length, 0);
          const count = group.tools.length + elsewhere;
          // One report per server: the user's own `max` when it is passed, else the strictest client, naming the others.
          if (options.max === undefined || count <= options.max) {
            const [strictest, ...others] = clientLimits.filter((limit) => count > limit.limit).sort((a, b) => a.limit - b.limit);
            if (strictest) {
              const { client, limit } = strictest;
              const dropped = count - limit;
              const server = group.label;
              if (elsewhere === 0) {
                context.report({
                  node: group.serverNode ?? getToolReportNode(group.tools[limit]),
                  messageId: 'tooManyToolsForClient',
                  data: { server, count, client, limit, dropped, others: buildOthers(others), toolsets: buildToolsets(group, limit, context) },
                });
              } else {
                context.report({
                  node: group.serverNode!,
                  messageId: 'tooManyToolsAcrossFiles',
                  data: { server, count, elsewhere, files: describeFiles(group.elsewhere), client, limit, dropped, others: buildOthers(others), toolsets: buildToolsets(group, limit, context) },
                });
              }
            }
            continue;
          }
          {
            const size = measureGroup([...group.tools, ...group.elsewhere.flatMap((helper) => helper.tools)]);
            context.report({
              node: group.serverNode ?? getToolReportNode(group.tools[options.max]),
              messageId: 'tooManyTools',
              data: { server: group.label, count, max: options.max, bytes: formatCount(size.bytes), tokens: formatCount(size.tokens) },
            });
          }
        }
      },
    };
  },
});

/** "; also over Windsurf (100) and OpenAI API (128)", or nothing. */
function buildOthers(others: readonly { client: string; limit: number }[]): string {
  if (others.length === 0) return '';
  const names = others.map(({ client, limit }) => `${client} (${limit})`);
  return `; also over ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`}`;
}

/**
 * Tools on the same server declaration together, with what helpers in other modules register on it;
 * tools with no known server form one group for the file.
 */
function groupByServer(context: Readonly<TSESLint.RuleContext<MessageIds, Options>>): ToolGroup[] {
  const model = getFileModel(context);
  const program = context.sourceCode.ast;
  const helpersByServer = new Map<unknown, readonly HelperTools[]>();
  if (model.servers.length > 0 && hasRelativeImport(program)) {
    const across = findServerToolsAcrossFiles(program, model, { filePath: context.filename, resolveModule: getModuleResolver(context), settings: getToolslimSettings(context) });
    for (const entry of across) helpersByServer.set(entry.server.node, entry.elsewhere);
  }
  const groups = new Map<unknown, ToolGroup>();
  const addGroup = (key: unknown, server: ToolDecl['server']) => {
    const name = isStaticText(server?.name) ? server.name.value : undefined;
    const group: ToolGroup = {
      label: server ? (name === undefined ? 'This server' : `Server "${name}"`) : 'This file',
      serverNode: server ? asEslintNode(server.node) : undefined,
      tools: [],
      elsewhere: server ? (helpersByServer.get(server.node) ?? []) : [],
    };
    groups.set(key, group);
    return group;
  };
  for (const tool of model.tools) {
    const key = tool.server?.node ?? 'file';
    const group = groups.get(key) ?? addGroup(key, tool.server);
    group.tools.push(tool);
  }
  // A server whose every tool is registered in other modules.
  for (const server of model.servers) {
    if (!groups.has(server.node) && (helpersByServer.get(server.node)?.length ?? 0) > 0) addGroup(server.node, server);
  }
  return [...groups.values()];
}

/**
 * ", or let its users enable only some families with toolsets (TOOLSLIM_TOOLSETS=db,repo: 38 tools)": the
 * largest families that fit the client together, when more than one family does and some must stay off.
 */
function buildToolsets(group: ToolGroup, limit: number, context: Readonly<TSESLint.RuleContext<MessageIds, Options>>): string {
  const tools = [...group.tools.map((tool) => ({ tool, filePath: context.filename })), ...group.elsewhere.flatMap((helper) => helper.tools.map((tool) => ({ tool, filePath: helper.filePath })))];
  const families = assignFamilies(
    tools.map(({ tool, filePath }) => ({
      name: tool.name?.kind === 'static' ? tool.name.value : undefined,
      filePath,
      serverName: getRegisteringServerName(tool, []),
      description: tool.description?.kind === 'static' ? tool.description.value : undefined,
    })),
    getToolslimSettings(context).families,
    // The helpers' tools are registered on this group's server: slim files them under its name too.
    group.tools.flatMap((tool) => getRegisteringServerName(tool, []) ?? []),
  );
  const counts = new Map<string, number>();
  for (const family of families) counts.set(family, (counts.get(family) ?? 0) + 1);
  if (counts.size < 2) return '';
  const chosen: string[] = [];
  let total = 0;
  for (const [family, count] of [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    if (total + count > limit) continue;
    chosen.push(family);
    total += count;
  }
  return chosen.length === 0 ? '' : `, or let its users enable only some families with toolsets (TOOLSLIM_TOOLSETS=${chosen.join(',')}: ${total} tools)`;
}

function hasRelativeImport(program: TSESTree.Program): boolean {
  return program.body.some((statement) => statement.type === 'ImportDeclaration' && String(statement.source.value).startsWith('.'));
}

/** "tools/files.ts and tools/search.ts" (file names of the helpers' modules, each once). */
function describeFiles(helpers: readonly HelperTools[]): string {
  const names = [...new Set(helpers.map((helper) => basename(helper.filePath)))];
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The readable tools' published size: a lower bound when some are dynamic. */
function measureGroup(tools: readonly ToolDecl[]): { bytes: number; tokens: number } {
  let bytes = 0;
  let tokens = 0;
  for (const tool of tools) {
    const published = buildPublishedTool(tool).tool;
    if (!published) continue;
    const measure = measureTool(published);
    bytes += measure.bytes;
    tokens += measure.tokens;
  }
  return { bytes, tokens };
}
