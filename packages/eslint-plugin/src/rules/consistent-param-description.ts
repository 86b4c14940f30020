import { getMeaningKey, normalizeWording, type ParamDecl, type StaticText } from '@toolslim/core';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { createRule } from '../utils/create-rule.js';
import { buildQuote } from '../utils/cost.js';
import { getFileModel } from '../utils/file-model.js';
import { asEslintNode, isStaticText } from '../utils/tool-text.js';

export type Options = [];
export type MessageIds = 'inconsistentDescription' | 'useCommonWording';

interface DescribedParam {
  readonly param: ParamDecl;
  readonly text: StaticText;
  readonly wording: string;
}

export default createRule<Options, MessageIds>({
  name: 'consistent-param-description',
  meta: {
    type: 'suggestion',
    hasSuggestions: true,
    docs: {
      description: 'Require one wording for a parameter name that several tools in a file share',
      recommended: 'recommended',
    },
    messages: {
      inconsistentDescription: 'Parameter "{{param}}" says the same thing as in {{others}} other tools of this file in other words ("{{common}}"); use one wording.',
      useCommonWording: 'Use the most common wording: "{{common}}".',
    },
    schema: [],
  },
  create(context) {
    return {
      'Program:exit'() {
        for (const group of groupByMeaning(getFileModel(context).tools.flatMap((tool) => tool.params))) {
          const common = findMostCommonWording(group);
          if (common === undefined) continue;
          const others = group.filter((entry) => entry.wording === common.wording).length;
          for (const entry of group) {
            if (entry.wording === common.wording) continue;
            const replacement = buildReplacement(context.sourceCode, entry.text, common.text);
            const data = { param: entry.param.path.join('.'), others, common: buildQuote(common.text.value) };
            context.report({
              node: asEslintNode(entry.text.node),
              messageId: 'inconsistentDescription',
              data,
              suggest: replacement ? [{ messageId: 'useCommonWording', data, fix: (fixer) => fixer.replaceText(replacement.node, replacement.text) }] : [],
            });
          }
        }
      },
    };
  },
});

/**
 * Parameters with a readable description, grouped by their path (`options.depth` apart from `depth`) and
 * by what the description is about: `id` described as "The organization ID" and as "The project ID" are
 * two different parameters, and "the element to click" is not another wording of "the element to hover".
 */
function groupByMeaning(params: readonly ParamDecl[]): DescribedParam[][] {
  const groups = new Map<string, DescribedParam[]>();
  for (const param of params) {
    if (!isStaticText(param.description) || param.description.value.trim() === '') continue;
    const key = `${param.path.join('.')}\u0000${getMeaningKey(param.description.value, param.name)}`;
    const entry = { param, text: param.description, wording: normalizeWording(param.description.value) };
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups.values()];
}

/** The wording a clear majority uses (at least two, and more than half of the group); undefined otherwise. */
function findMostCommonWording(group: readonly DescribedParam[]): DescribedParam | undefined {
  const counts = new Map<string, number>();
  for (const entry of group) counts.set(entry.wording, (counts.get(entry.wording) ?? 0) + 1);
  if (counts.size < 2) return undefined;
  const best = group.reduce((top, entry) => (counts.get(entry.wording)! > counts.get(top.wording)! ? entry : top));
  const count = counts.get(best.wording)!;
  return count >= 2 && count * 2 > group.length ? best : undefined;
}

/** Replace a description written as one string literal with the common text, in the literal's own quotes. */
function buildReplacement(sourceCode: Readonly<TSESLint.SourceCode>, text: StaticText, common: StaticText): { node: TSESTree.Node; text: string } | undefined {
  const node = asEslintNode(text.node);
  if (node.type !== 'Literal' || typeof node.value !== 'string') return undefined;
  const quote = sourceCode.getText(node).startsWith('"') ? '"' : "'";
  const escaped = JSON.stringify(common.value).slice(1, -1);
  const body = quote === '"' ? escaped : escaped.replaceAll('\\"', '"').replaceAll("'", "\\'");
  return { node, text: `${quote}${body}${quote}` };
}
