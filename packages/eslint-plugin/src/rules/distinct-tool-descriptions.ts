import { DISTINCT_DESCRIPTIONS_DEFAULTS, findConfusableTools, type StaticText, type ToolDecl } from '@toolslim/core';
import { createRule } from '../utils/create-rule.js';
import { getFileModel } from '../utils/file-model.js';
import { asEslintNode, getToolName, isStaticText } from '../utils/tool-text.js';

export type Options = [{ minSimilarity?: number; maxAddedWords?: number }];
export type MessageIds = 'indistinctDescription';

interface DescribedDecl {
  readonly tool: ToolDecl;
  readonly name: string;
  readonly description: StaticText;
}

/** Readable tools grouped by the server they are registered on; tools with no known server form one group for the file. */
function groupByServer(tools: readonly ToolDecl[]): DescribedDecl[][] {
  const groups = new Map<unknown, DescribedDecl[]>();
  for (const tool of tools) {
    const name = getToolName(tool);
    if (name === undefined || !isStaticText(tool.description)) continue;
    const key = tool.server?.node ?? 'file';
    groups.set(key, [...(groups.get(key) ?? []), { tool, name, description: tool.description }]);
  }
  return [...groups.values()];
}

export default createRule<Options, MessageIds>({
  name: 'distinct-tool-descriptions',
  meta: {
    type: 'suggestion',
    docs: {
      description: 'Require the descriptions of tools on one server to say how each differs from the others',
      recommended: 'recommended',
    },
    messages: {
      indistinctDescription:
        '"{{name}}" is described almost like "{{other}}" ({{shared}} of {{total}} content words in common); the model reads both on every request and cannot tell which to pick. Say when to pick this one instead of "{{other}}".',
    },
    schema: [
      {
        type: 'object',
        description: 'How alike two descriptions may be.',
        properties: {
          minSimilarity: {
            type: 'number',
            minimum: 0,
            maximum: 1,
            description: 'Share of content words (of the first three sentences) two descriptions have in common from which they are reported; 1 reports only identical word sets.',
          },
          maxAddedWords: {
            type: 'integer',
            minimum: 0,
            description: 'How many words added at the end of the other first sentence still leave two descriptions too alike to tell apart.',
          },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ minSimilarity: DISTINCT_DESCRIPTIONS_DEFAULTS.minSimilarity, maxAddedWords: DISTINCT_DESCRIPTIONS_DEFAULTS.maxAddedWords }],
  },
  create(context, [options]) {
    return {
      'Program:exit'() {
        for (const group of groupByServer(getFileModel(context).tools)) {
          if (group.length < 2) continue;
          const pairs = findConfusableTools(
            group.map((entry) => ({ name: entry.name, description: entry.description.value })),
            options,
          );
          for (const pair of pairs) {
            const entry = group[pair.index];
            context.report({
              node: asEslintNode(entry.description.node),
              messageId: 'indistinctDescription',
              data: { name: entry.name, other: group[pair.otherIndex].name, shared: pair.shared, total: pair.total },
            });
          }
        }
      },
    };
  },
});
