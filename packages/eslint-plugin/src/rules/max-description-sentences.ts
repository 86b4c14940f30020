import { buildUnitQuote, findPastLimit, findPointer, getSchemaFacts, planDescription, type ParamDecl, type StaticText } from '@toolslim/core';
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
        'The description of {{tool}} has {{count}} what and when sentences (at most {{max}}); the {{extra}} past the limit cost {{chars}} characters (~{{tokens}} tokens) a request, from "{{quote}}".',
      tooManyParamSentences:
        'The description of parameter "{{param}}" has {{count}} what and when sentences (at most {{max}}); the {{extra}} past the limit cost {{chars}} characters (~{{tokens}} tokens), from "{{quote}}".',
    },
    schema: [
      {
        type: 'object',
        description: 'Sentence limits.',
        properties: {
          maxToolSentences: { type: 'integer', minimum: 1, description: 'Most what and when units in a tool description (how-text, filler and constraints are left to no-how-in-description; guardrails never count).' },
          maxParamSentences: { type: 'integer', minimum: 1, description: 'Most what and when units in a parameter description.' },
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
            reportExtraSentences(context, report, tool.description, maxTool, 'tooManyToolSentences', { tool: getToolLabel(tool) }, undefined);
          }
          if (options.checkParameters === false) continue;
          for (const param of tool.params) {
            if (!isStaticText(param.description)) continue;
            reportExtraSentences(context, report, param.description, maxParam, 'tooManyParamSentences', { param: param.path.join('.') }, param);
          }
        }
      },
    };
  },
});

/**
 * One report spanning the what and when units the planner moves past the limit (what `toolslim slim`
 * moves with `extraSentences` one less than the limit). How-text, filler and constraints are
 * `no-how-in-description`'s to report, so the same text never gets two squiggles; guardrails always stay.
 */
function reportExtraSentences(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  report: (descriptor: TSESLint.ReportDescriptor<MessageIds>) => void,
  text: StaticText,
  max: number,
  messageId: MessageIds,
  names: Record<string, string>,
  param: ParamDecl | undefined,
): void {
  const plan = planDescription(text.value, param ? { parameter: true, schema: getSchemaFacts(param), extraSentences: max - 1 } : { extraSentences: max - 1, pinned: findPointer(text.value) });
  const { units: extra, count } = findPastLimit(plan, max);
  if (extra.length === 0) return;
  const start = extra[0].start;
  const end = extra[extra.length - 1].end;
  const loc = getUnitsLoc(context.sourceCode, text, start, end);
  report({
    node: asEslintNode(text.node),
    ...(loc ? { loc } : {}),
    messageId,
    data: { ...names, count, max, extra: extra.length, quote: buildUnitQuote(extra[0].text), ...getTextCost(extra.map((unit) => unit.text).join(' ')) },
  });
}
