import { buildClientClause, countTokens, findPassedLimits } from '@toolslim/core';
import { createReportOnce } from '../utils/report-once.js';
import { createRule } from '../utils/create-rule.js';
import { formatCount } from '../utils/cost.js';
import { getTargetedDescriptionLimits } from '../utils/clients.js';
import { getFileModel } from '../utils/file-model.js';
import { getTextLoc } from '../utils/text-location.js';
import { asEslintNode, getToolLabel, isStaticText } from '../utils/tool-text.js';

export type Options = [{ maxChars?: number; maxTokens?: number }];
export type MessageIds = 'descriptionTooLong' | 'descriptionTooManyTokens' | 'descriptionCutByClient';

export default createRule<Options, MessageIds>({
  name: 'max-description-length',
  meta: {
    type: 'suggestion',
    docs: {
      description: 'Limit the length of tool descriptions, and always report text a targeted client cuts off',
      recommended: 'recommended',
    },
    messages: {
      descriptionTooLong: 'The description of {{tool}} is {{chars}} characters (~{{tokens}} tokens), over the limit of {{max}}. Run `toolslim slim` to move the how out.',
      descriptionTooManyTokens: 'The description of {{tool}} is ~{{tokens}} tokens ({{chars}} characters), over the limit of {{max}} tokens. Run `toolslim slim` to move the how out.',
      descriptionCutByClient: 'The description of {{tool}} is {{chars}} characters (~{{tokens}} tokens); {{clients}}. Run `toolslim slim` to move the how out.',
    },
    schema: [
      {
        type: 'object',
        description: 'Limits for a tool description.',
        properties: {
          maxChars: {
            type: 'integer',
            minimum: 1,
            description: 'Most characters a tool description may have; 1,024 is the strictest hard cut among common clients (OpenAI).',
          },
          maxTokens: {
            type: 'integer',
            minimum: 1,
            description: 'Most o200k_base tokens a tool description may have; off unless set.',
          },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ maxChars: 1024 }],
  },
  create(context, [options]) {
    const clientCuts = getTargetedDescriptionLimits(context);
    const report = createReportOnce(context);
    return {
      'Program:exit'() {
        for (const tool of getFileModel(context).tools) {
          const description = tool.description;
          if (description?.kind === 'dynamic') {
            // The parts that can be read are a lower bound, not a guess: past a client's limit already, the whole is too.
            const cutBy = findPassedLimits(description.readable.length, clientCuts);
            if (cutBy.length === 0) continue;
            const data = { tool: getToolLabel(tool), chars: `at least ${formatCount(description.readable.length)}`, tokens: formatCount(countTokens(description.readable)), clients: buildClientClause(cutBy) };
            report({ node: asEslintNode(description.node), messageId: 'descriptionCutByClient', data });
            continue;
          }
          if (!isStaticText(description)) continue;
          const text = description.value;
          const cutBy = findPassedLimits(text.length, clientCuts);
          const isTooLong = cutBy.length === 0 && options.maxChars !== undefined && text.length > options.maxChars;
          // Counting tokens is the costly part: only for a description that is reported or checked in tokens.
          if (cutBy.length === 0 && !isTooLong && options.maxTokens === undefined) continue;
          const tokenCount = countTokens(text);
          const node = asEslintNode(description.node);
          const toolLabel = getToolLabel(tool);
          const chars = formatCount(text.length);
          const tokens = formatCount(tokenCount);
          if (cutBy.length > 0) {
            // One report per description, ranged on what the strictest client drops or refuses.
            const loc = getTextLoc(context.sourceCode, description, cutBy[0].limit, text.length);
            report({ node, ...(loc ? { loc } : {}), messageId: 'descriptionCutByClient', data: { tool: toolLabel, chars, tokens, clients: buildClientClause(cutBy) } });
          }
          // A client cut already says the description is too long and by how much; one report per problem.
          if (isTooLong) {
            report({ node, messageId: 'descriptionTooLong', data: { tool: toolLabel, chars, tokens, max: formatCount(options.maxChars!) } });
          }
          if (options.maxTokens !== undefined && tokenCount > options.maxTokens && cutBy.length === 0 && !isTooLong) {
            report({ node, messageId: 'descriptionTooManyTokens', data: { tool: toolLabel, chars, tokens, max: formatCount(options.maxTokens) } });
          }
        }
      },
    };
  },
});
