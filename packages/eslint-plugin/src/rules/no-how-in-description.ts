import { classifySentences, type HowCategory, type StaticText } from '@toolslim/core';
import type { TSESLint } from '@typescript-eslint/utils';
import { createReportOnce } from '../utils/report-once.js';
import { createRule } from '../utils/create-rule.js';
import { getTextCost } from '../utils/cost.js';
import { getFileModel } from '../utils/file-model.js';
import { getTextLoc } from '../utils/text-location.js';
import { asEslintNode, getToolLabel, isStaticText } from '../utils/tool-text.js';

export type Options = [{ checkParameters?: boolean; categories?: HowCategory[] }];
export type MessageIds = 'howInToolDescription' | 'howInParamDescription';

const HOW_CATEGORIES: readonly HowCategory[] = ['rule', 'default', 'example', 'edge-case', 'format', 'warning', 'markup'];

/** How each category reads in a message. */
const CATEGORY_LABELS: Record<HowCategory, string> = {
  rule: 'a rule or constraint',
  default: 'a default',
  example: 'an example',
  'edge-case': 'an edge case',
  format: 'a format or return shape',
  warning: 'a warning or emphasis',
  markup: 'a markup block',
};

export default createRule<Options, MessageIds>({
  name: 'no-how-in-description',
  meta: {
    type: 'suggestion',
    docs: {
      description: 'Keep "how" text (rules, defaults, examples, edge cases, formats, warnings, markup) out of tool and parameter descriptions',
      recommended: 'recommended',
    },
    messages: {
      howInToolDescription:
        'This sentence of the description of {{tool}} is how-to text ({{category}}): {{chars}} characters (~{{tokens}} tokens) the model reads on every request, even when it never calls this tool. Run `toolslim slim` to move it into an instruction file the agent reads when it needs it.',
      howInParamDescription:
        'This sentence of the description of parameter "{{param}}" is how-to text ({{category}}): {{chars}} characters (~{{tokens}} tokens) the model reads on every request. Run `toolslim slim` to move it into an instruction file the agent reads when it needs it.',
    },
    schema: [
      {
        type: 'object',
        description: 'What to check.',
        properties: {
          checkParameters: { type: 'boolean', description: 'Whether parameter descriptions are checked too.' },
          categories: {
            type: 'array',
            description: 'The categories of how-text to report (see docs/how-categories.md); default: all.',
            items: { type: 'string', enum: [...HOW_CATEGORIES] },
            uniqueItems: true,
          },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ checkParameters: true, categories: [...HOW_CATEGORIES] }],
  },
  create(context, [options]) {
    const reported = new Set<HowCategory>(options.categories ?? HOW_CATEGORIES);
    const report = createReportOnce(context);
    const reportHowSentences = (text: StaticText, messageId: MessageIds, names: Record<string, string>): void => {
      for (const sentence of classifySentences(text.value)) {
        if (sentence.kind !== 'how') continue;
        if (sentence.category !== undefined && !reported.has(sentence.category)) continue;
        const category = sentence.category === undefined ? 'instructions' : CATEGORY_LABELS[sentence.category];
        reportSentence(context, report, text, sentence.start, sentence.end, messageId, { ...names, category });
      }
    };
    return {
      'Program:exit'() {
        for (const tool of getFileModel(context).tools) {
          if (isStaticText(tool.description)) reportHowSentences(tool.description, 'howInToolDescription', { tool: getToolLabel(tool) });
          if (options.checkParameters === false) continue;
          for (const param of tool.params) {
            if (isStaticText(param.description)) reportHowSentences(param.description, 'howInParamDescription', { param: param.path.join('.') });
          }
        }
      },
    };
  },
});

function reportSentence(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  report: (descriptor: TSESLint.ReportDescriptor<MessageIds>) => void,
  text: StaticText,
  start: number,
  end: number,
  messageId: MessageIds,
  data: Record<string, string>,
): void {
  const loc = getTextLoc(context.sourceCode, text, start, end);
  report({
    node: asEslintNode(text.node),
    ...(loc ? { loc } : {}),
    messageId,
    data: { ...data, ...getTextCost(text.value.slice(start, end)) },
  });
}
