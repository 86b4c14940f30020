import { buildPublishedTool, measureTool, type ToolDecl } from '@toolslim/core';
import type { TSESTree } from '@typescript-eslint/utils';
import { createRule } from '../utils/create-rule.js';
import { getTargetedClients } from '../utils/clients.js';
import { formatCount } from '../utils/cost.js';
import { getFileModel } from '../utils/file-model.js';
import { asEslintNode, getToolReportNode, isStaticText } from '../utils/tool-text.js';

export type Options = [{ max?: number }];
export type MessageIds = 'tooManyToolsForClient' | 'tooManyTools';

interface ToolGroup {
  readonly label: string;
  /** Where a report about the group sits: the server's declaration, else the first tool past the limit. */
  readonly serverNode: TSESTree.Node | undefined;
  readonly tools: ToolDecl[];
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
        '{{server}} declares {{count}} tools; {{client}} sends at most {{limit}}, so {{dropped}} are never seen there{{others}}. Split the server or group tools.',
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
        for (const group of groupByServer(getFileModel(context).tools)) {
          const count = group.tools.length;
          // One report per server: the user's own `max` when it is passed, else the strictest client, naming the others.
          if (options.max === undefined || count <= options.max) {
            const [strictest, ...others] = clientLimits.filter((limit) => count > limit.limit).sort((a, b) => a.limit - b.limit);
            if (strictest) {
              context.report({
                node: group.serverNode ?? getToolReportNode(group.tools[strictest.limit]),
                messageId: 'tooManyToolsForClient',
                data: { server: group.label, count, client: strictest.client, limit: strictest.limit, dropped: count - strictest.limit, others: buildOthers(others) },
              });
            }
            continue;
          }
          {
            const size = measureGroup(group.tools);
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

/** Tools on the same server declaration together; tools with no known server form one group for the file. */
function groupByServer(tools: readonly ToolDecl[]): ToolGroup[] {
  const groups = new Map<unknown, ToolGroup>();
  for (const tool of tools) {
    const key = tool.server?.node ?? 'file';
    let group = groups.get(key);
    if (!group) {
      const name = isStaticText(tool.server?.name) ? tool.server.name.value : undefined;
      group = {
        label: tool.server ? (name === undefined ? 'This server' : `Server "${name}"`) : 'This file',
        serverNode: tool.server ? asEslintNode(tool.server.node) : undefined,
        tools: [],
      };
      groups.set(key, group);
    }
    group.tools.push(tool);
  }
  return [...groups.values()];
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
