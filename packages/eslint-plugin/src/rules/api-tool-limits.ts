import { API_TOOL_LIMIT_MESSAGES, checkApiToolArray, type ApiToolLimitMessageId } from '@toolslim/core';
import { createRule } from '../utils/create-rule.js';
import { getApiToolArrays } from '../utils/api-requests.js';
import { asEslintNode } from '../utils/tool-text.js';

export type Options = [{ checkUnreadable?: boolean }];
export type MessageIds = ApiToolLimitMessageId;

export default createRule<Options, MessageIds>({
  name: 'api-tool-limits',
  meta: {
    type: 'problem',
    docs: {
      description: "Report tool arrays the Anthropic or OpenAI API rejects, in the API's own words",
      recommended: 'recommended',
    },
    // Written once in core, with the limits' sources in its client table.
    messages: API_TOOL_LIMIT_MESSAGES,
    schema: [
      {
        type: 'object',
        description: 'What to check.',
        properties: {
          checkUnreadable: {
            type: 'boolean',
            description: 'Say once per request when its tools cannot be read statically, so nothing goes unchecked in silence.',
          },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ checkUnreadable: true }],
  },
  create(context, [options]) {
    return {
      'Program:exit'() {
        for (const array of getApiToolArrays(context)) {
          for (const finding of checkApiToolArray(array)) {
            if (finding.messageId === 'unreadableTools' && !options.checkUnreadable) continue;
            context.report({ node: asEslintNode(finding.node), messageId: finding.messageId, data: finding.data });
          }
        }
      },
    };
  },
});
