import { classifySentences, type StaticText } from '@toolslim/core';
import type { TSESLint } from '@typescript-eslint/utils';
import { createReportOnce } from '../utils/report-once.js';
import { createRule } from '../utils/create-rule.js';
import { getTextCost } from '../utils/cost.js';
import { getFileModel } from '../utils/file-model.js';
import { getUnitsLoc } from '../utils/unit-range.js';
import { asEslintNode, getToolLabel, isStaticText } from '../utils/tool-text.js';

export type Options = [{ maxToolSentences?: number; maxParamSentences?: number; checkParameters?: boolean }];
export type MessageIds = 'tooManyToolSentences' | 'tooManyParamSentences';

export default createRule<Options, MessageIds>({
  name: 'max-description-sentences',
  meta: {
    type: 'suggestion',
    docs: {
      description: 'Keep tool descriptions to a few sentences of what and when, and parameter descriptions to one',
      recommended: 'recommended',
    },
    messages: {
      tooManyToolSentences:
        'The description of {{tool}} has {{count}} what, when and guardrail sentences (at most {{max}}); the {{extra}} past the limit cost {{chars}} characters (~{{tokens}} tokens) a request.',
      tooManyParamSentences:
        'The description of parameter "{{param}}" has {{count}} what, when and guardrail sentences (at most {{max}}); the {{extra}} past the limit cost {{chars}} characters (~{{tokens}} tokens).',
    },
    schema: [
      {
        type: 'object',
        description: 'Sentence limits.',
        properties: {
          maxToolSentences: { type: 'integer', minimum: 1, description: 'Most what, when and guardrail units in a tool description (how-text, filler and constraints are left to no-how-in-description).' },
          maxParamSentences: { type: 'integer', minimum: 1, description: 'Most what, when and guardrail units in a parameter description.' },
          checkParameters: { type: 'boolean', description: 'Whether parameter descriptions are checked too.' },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ maxToolSentences: 3, maxParamSentences: 1, checkParameters: true }],
  },
  create(context, [options]) {
    const maxTool = options.maxToolSentences ?? 3;
    const maxParam = options.maxParamSentences ?? 1;
    const report = createReportOnce(context);
    return {
      'Program:exit'() {
        for (const tool of getFileModel(context).tools) {
          if (isStaticText(tool.description)) {
            reportExtraSentences(context, report, tool.description, maxTool, 'tooManyToolSentences', { tool: getToolLabel(tool) }, false);
          }
          if (options.checkParameters === false) continue;
          for (const param of tool.params) {
            if (!isStaticText(param.description)) continue;
            reportExtraSentences(context, report, param.description, maxParam, 'tooManyParamSentences', { param: param.path.join('.') }, true);
          }
        }
      },
    };
  },
});

/**
 * One report spanning the counted units past the limit. What, when and guardrails count; how-text, filler
 * and constraints are `no-how-in-description`'s to report, so the same text never gets two squiggles.
 */
function reportExtraSentences(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  report: (descriptor: TSESLint.ReportDescriptor<MessageIds>) => void,
  text: StaticText,
  max: number,
  messageId: MessageIds,
  names: Record<string, string>,
  parameter: boolean,
): void {
  const sentences = classifySentences(text.value, { parameter }).filter((unit) => unit.category === 'what' || unit.category === 'when' || unit.category === 'guardrail');
  if (sentences.length <= max) return;
  const start = sentences[max].start;
  const end = sentences[sentences.length - 1].end;
  const loc = getUnitsLoc(context.sourceCode, text, start, end);
  report({
    node: asEslintNode(text.node),
    ...(loc ? { loc } : {}),
    messageId,
    data: { ...names, count: sentences.length, max, extra: sentences.length - max, ...getTextCost(text.value.slice(start, end)) },
  });
}
