import { DISTINCT_DESCRIPTIONS_DEFAULTS, findConfusableTools, type StaticText, type ToolDecl } from '@toolslim/core';
import type { TSESTree } from '@typescript-eslint/utils';
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
    const group = groups.get(key) ?? [];
    group.push({ tool, name, description: tool.description });
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * Tools on one server are listed together. Without a known server, two tools are taken to be offered
 * together when one array or object literal holds both (a `tools` list or record), or when the file
 * exports both (a tool-set module); tools kept in local constants are often handed to agents one by one.
 */
function areListedTogether(tool: ToolDecl, other: ToolDecl): boolean {
  if (tool.server || other.server) return true;
  const ancestors = new Set(findAncestors(asEslintNode(tool.node)));
  const common = findAncestors(asEslintNode(other.node)).find((node) => ancestors.has(node));
  if (common?.type === 'ArrayExpression' || common?.type === 'ObjectExpression') return true;
  return isExported(tool) && isExported(other);
}

function findAncestors(node: TSESTree.Node): TSESTree.Node[] {
  const ancestors: TSESTree.Node[] = [];
  for (let current = node.parent; current; current = current.parent) ancestors.push(current);
  return ancestors;
}

function isExported(tool: ToolDecl): boolean {
  return findAncestors(asEslintNode(tool.node)).some((node) => node.type === 'ExportNamedDeclaration' || node.type === 'ExportDefaultDeclaration');
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
            (index, otherIndex) => areListedTogether(group[index].tool, group[otherIndex].tool),
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
