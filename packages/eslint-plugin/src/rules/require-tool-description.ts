import { isNameRestatement, unwrap, type Node } from '@toolslim/core';
import { getFileModel } from '../utils/file-model.js';
import { asEslintNode, getToolLabel, isBareName, getToolName, getToolReportNode, isStaticText } from '../utils/tool-text.js';
import { createRule } from '../utils/create-rule.js';

export type Options = [];
export type MessageIds = 'missingDescription' | 'emptyDescription' | 'descriptionRestatesName';

/**
 * `description: tool.description ?? ''`: the text comes from the caller (an adapter, a wrapper of another
 * server's tools); the empty string is only what is left when nobody passed one.
 */
function isEmptyFallback(node: Node): boolean {
  const expression = unwrap(node);
  return expression.type === 'LogicalExpression' && (expression.operator === '??' || expression.operator === '||');
}

export default createRule<Options, MessageIds>({
  name: 'require-tool-description',
  meta: {
    type: 'problem',
    docs: {
      description: 'Require every tool to have a description that says more than its name',
      recommended: 'recommended',
    },
    messages: {
      missingDescription: '{{subject}} has no description; a model picks tools by their descriptions, so it has to guess what this one does and when to call it.',
      emptyDescription: '{{subject}} has an empty description; a model picks tools by their descriptions, so it has to guess what this one does.',
      descriptionRestatesName:
        'The description of {{tool}} only restates its name; say what the tool does and when to call it in one to three sentences.',
    },
    schema: [],
  },
  create(context) {
    return {
      'Program:exit'() {
        for (const tool of getFileModel(context).tools) {
          const name = getToolName(tool);
          const data = { tool: getToolLabel(tool), subject: name === undefined ? 'This tool' : `Tool "${name}"` };
          if (tool.description === undefined) {
            if (isBareName(tool)) continue;
            context.report({ node: getToolReportNode(tool), messageId: 'missingDescription', data });
            continue;
          }
          if (!isStaticText(tool.description)) continue;
          const description = tool.description.value;
          const node = asEslintNode(tool.description.node);
          if (description.trim() === '') {
            if (isEmptyFallback(tool.description.node)) continue;
            context.report({ node, messageId: 'emptyDescription', data });
            continue;
          }
          if (name !== undefined && isNameRestatement(description, name)) {
            context.report({ node, messageId: 'descriptionRestatesName', data });
          }
        }
      },
    };
  },
});

