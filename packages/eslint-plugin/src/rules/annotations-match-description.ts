import { checkAnnotations, isMcpServed, type AnnotationMismatch, type AnnotationMismatchKind, type ToolDecl } from '@toolslim/core';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { createRule } from '../utils/create-rule.js';
import { buildQuote } from '../utils/cost.js';
import { getFileModel } from '../utils/file-model.js';
import { getTextLoc } from '../utils/text-location.js';
import { asEslintNode, getToolLabel, getToolName, getToolReportNode, isStaticText } from '../utils/tool-text.js';

export type Options = [{ checkName?: boolean }];
export type MessageIds =
  | 'destructiveHintMissing'
  | 'destructiveHintFalse'
  | 'readOnlyContradicted'
  | 'annotationsMissing'
  | 'addDestructiveHint'
  | 'setDestructiveHintTrue'
  | 'setReadOnlyHintFalse'
  | 'addAnnotations';

const MESSAGE_BY_KIND: Readonly<Record<AnnotationMismatchKind, MessageIds>> = {
  'destructive-hint-missing': 'destructiveHintMissing',
  'destructive-hint-false': 'destructiveHintFalse',
  'read-only-contradicted': 'readOnlyContradicted',
  'annotations-missing': 'annotationsMissing',
};

type Fix = { messageId: MessageIds; fix: TSESLint.ReportFixFunction } | undefined;

export default createRule<Options, MessageIds>({
  name: 'annotations-match-description',
  meta: {
    type: 'problem',
    hasSuggestions: true,
    docs: {
      description: 'Require MCP tool annotations (readOnlyHint, destructiveHint) to agree with what the description and name say the tool does',
      recommended: 'recommended',
    },
    messages: {
      destructiveHintMissing:
        'The description of {{tool}} says "{{cue}}", but its annotations do not set destructiveHint: clients decide from the annotations whether to ask before a call. Add destructiveHint: true.',
      destructiveHintFalse:
        'The description of {{tool}} says "{{cue}}", but destructiveHint is false: clients may run it without asking. Set destructiveHint: true, or correct the description.',
      readOnlyContradicted:
        '{{tool}} is marked readOnlyHint: true, but its {{source}} says "{{cue}}": clients may run a read-only tool without asking. Set readOnlyHint: false, or correct the {{source}}.',
      annotationsMissing:
        'The description of {{tool}} warns "{{cue}}", but the tool publishes no annotations: a warning in prose is advice, destructiveHint: true is a guardrail the client enforces. Add annotations.',
      addDestructiveHint: 'Add destructiveHint: true to the annotations.',
      setDestructiveHintTrue: 'Set destructiveHint to true.',
      setReadOnlyHintFalse: 'Set readOnlyHint to false.',
      addAnnotations: 'Add annotations: { destructiveHint: true }.',
    },
    schema: [
      {
        type: 'object',
        description: 'What counts as the tool saying what it does.',
        properties: {
          checkName: {
            type: 'boolean',
            description: 'Also read the verb the tool name opens with (`delete_branch`, `send_email`) when the description does not say what the tool does.',
          },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ checkName: true }],
  },
  create(context, [options]) {
    const sourceCode = context.sourceCode;
    return {
      'Program:exit'() {
        for (const tool of getFileModel(context).tools) {
          if (!isMcpServed(tool.framework)) continue;
          // Annotations written but not readable (built at run time): never guess.
          if (tool.annotationsNode && !tool.annotations) continue;
          if (tool.description && !isStaticText(tool.description)) continue;
          const description = isStaticText(tool.description) ? tool.description : undefined;
          const findings = checkAnnotations({ name: getToolName(tool) ?? '', description: description?.value, annotations: tool.annotations });
          for (const finding of findings) {
            if (finding.source === 'name' && !options.checkName) continue;
            const loc = description && finding.start !== undefined && finding.end !== undefined ? getTextLoc(sourceCode, description, finding.start, finding.end) : undefined;
            const suggestion = buildSuggestion(sourceCode, tool, finding);
            context.report({
              ...(loc ? { loc } : { node: finding.source === 'name' || !description ? getToolReportNode(tool) : asEslintNode(description.node) }),
              messageId: MESSAGE_BY_KIND[finding.kind],
              data: { tool: getToolLabel(tool), cue: buildQuote(finding.cue, 60), source: finding.source },
              suggest: suggestion ? [suggestion] : [],
            });
          }
        }
      },
    };
  },
});

function buildSuggestion(sourceCode: Readonly<TSESLint.SourceCode>, tool: ToolDecl, finding: AnnotationMismatch): Fix {
  const annotations = tool.annotationsNode ? asEslintNode(tool.annotationsNode) : undefined;
  const object = annotations?.type === 'ObjectExpression' ? annotations : undefined;
  switch (finding.kind) {
    case 'destructive-hint-missing': {
      if (!object) return undefined;
      const last = object.properties.at(-1);
      return {
        messageId: 'addDestructiveHint',
        fix: (fixer) => (last ? fixer.insertTextAfter(last, ', destructiveHint: true') : fixer.replaceText(object, '{ destructiveHint: true }')),
      };
    }
    case 'destructive-hint-false': {
      const property = object && findLiteralProperty(object, 'destructiveHint');
      return property ? { messageId: 'setDestructiveHintTrue', fix: (fixer) => fixer.replaceText(property.value, 'true') } : undefined;
    }
    case 'read-only-contradicted': {
      const property = object && findLiteralProperty(object, 'readOnlyHint');
      return property ? { messageId: 'setReadOnlyHintFalse', fix: (fixer) => fixer.replaceText(property.value, 'false') } : undefined;
    }
    case 'annotations-missing':
      return buildAddAnnotations(sourceCode, tool);
  }
}

function findLiteralProperty(object: TSESTree.ObjectExpression, key: string): TSESTree.Property | undefined {
  for (const property of object.properties) {
    if (property.type !== 'Property' || property.computed) continue;
    const name = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? String(property.key.value) : undefined;
    if (name === key && property.value.type === 'Literal') return property;
  }
  return undefined;
}

/**
 * Where a tool with no annotations gets them: a property after the description in a definition object
 * (`registerTool` config, low-level JSON, fastmcp), or an argument before the callback of `server.tool(…)`.
 */
function buildAddAnnotations(sourceCode: Readonly<TSESLint.SourceCode>, tool: ToolDecl): Fix {
  const valueNode = tool.description ? asEslintNode(tool.description.node) : undefined;
  const property = valueNode?.parent;
  if (property?.type === 'Property' && property.value === valueNode && property.parent.type === 'ObjectExpression') {
    const next = sourceCode.getTokenAfter(property);
    const sameLine = next !== null && next.loc.start.line === property.loc.end.line && property.parent.loc.start.line === property.parent.loc.end.line;
    const indent = ' '.repeat(property.loc.start.column);
    if (next?.value === ',') {
      return { messageId: 'addAnnotations', fix: (fixer) => fixer.insertTextAfter(next, sameLine ? ' annotations: { destructiveHint: true },' : `\n${indent}annotations: { destructiveHint: true },`) };
    }
    return { messageId: 'addAnnotations', fix: (fixer) => fixer.insertTextAfter(property, sameLine ? ', annotations: { destructiveHint: true }' : `,\n${indent}annotations: { destructiveHint: true }`) };
  }
  const call = asEslintNode(tool.node);
  if (call.type !== 'CallExpression' || call.callee.type !== 'MemberExpression' || call.callee.property.type !== 'Identifier' || call.callee.property.name !== 'tool') return undefined;
  const callback = call.arguments.at(-1);
  const previous = call.arguments.at(-2);
  if (!callback || !previous || call.arguments.length < 2) return undefined;
  const text = callback.loc.start.line === previous.loc.end.line ? '{ destructiveHint: true }, ' : `{ destructiveHint: true },\n${' '.repeat(callback.loc.start.column)}`;
  return { messageId: 'addAnnotations', fix: (fixer) => fixer.insertTextBefore(callback, text) };
}
