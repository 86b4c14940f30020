import { findHiddenInstructions, findSchemaStrings, type HiddenInstruction, type HiddenInstructionKind, type JsonObject, type StaticText, type TextValue } from '@toolslim/core';
import type { TSESTree } from '@typescript-eslint/utils';
import { createRule } from '../utils/create-rule.js';
import { getFileModel } from '../utils/file-model.js';
import { createReportOnce } from '../utils/report-once.js';
import { getTextLoc, getTextSourceRange, isEditableSpan } from '../utils/text-location.js';
import { asEslintNode, getToolName, isStaticText } from '../utils/tool-text.js';

export type Options = [{ allow?: HiddenInstructionKind[] }];
export type MessageIds = 'invisibleCharacter' | 'hiddenMarkup' | 'modelInstruction' | 'roleMarker' | 'secretAccess' | 'removeInvisibleCharacter';

const MESSAGE_BY_KIND: Readonly<Record<HiddenInstructionKind, Exclude<MessageIds, 'removeInvisibleCharacter'>>> = {
  'invisible-character': 'invisibleCharacter',
  'hidden-markup': 'hiddenMarkup',
  'model-instruction': 'modelInstruction',
  'role-marker': 'roleMarker',
  'secret-access': 'secretAccess',
};

const KINDS: string[] = Object.keys(MESSAGE_BY_KIND);

/** Schema keys whose strings are checked through the parameter's own text or its nested parameters. */
function withoutCheckedKeys(schema: JsonObject): JsonObject {
  const { description: _description, properties: _properties, ...rest } = schema;
  return rest;
}

export default createRule<Options, MessageIds>({
  name: 'no-hidden-instructions',
  meta: {
    type: 'problem',
    hasSuggestions: true,
    docs: {
      description: 'Disallow invisible characters, hidden markup, chat-role markers and instructions to the model about other tools, the user or secrets in a tool definition',
      recommended: 'recommended',
    },
    messages: {
      invisibleCharacter: 'This text holds {{cue}}: a reviewer cannot see it, but the model reads it. Remove it.',
      hiddenMarkup: '"{{cue}}" is hidden when the text is rendered, but the model reads it. Say it in plain text or remove it.',
      modelInstruction:
        '"{{cue}}" instructs the model about other tools, the user or the conversation; clients and reviewers treat this as tool poisoning. Say only what this tool does and when to use it.',
      roleMarker:
        '"{{cue}}" marks a system or chat turn inside a tool definition; the model may obey what follows as instructions of that role, and reviewers treat this as tool poisoning. Remove it.',
      secretAccess: '"{{cue}}" asks the model to read or send credentials or private files; clients and reviewers treat this as tool poisoning. Remove it.',
      removeInvisibleCharacter: 'Remove the invisible characters.',
    },
    schema: [
      {
        type: 'object',
        description: 'What the rule looks for.',
        properties: {
          allow: {
            type: 'array',
            items: { type: 'string', enum: [...KINDS] },
            uniqueItems: true,
            description:
              'Kinds of finding not to report: `invisible-character`, `hidden-markup`, `model-instruction`, `role-marker`, `secret-access` (e.g. `secret-access` for a tool whose job is managing SSH keys).',
          },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ allow: [] }],
  },
  create(context, [options]) {
    const allowed = new Set(options.allow ?? []);
    const report = createReportOnce(context);
    const sourceCode = context.sourceCode;

    function reportFinding(finding: HiddenInstruction, text: StaticText | undefined, fallback: TSESTree.Node): void {
      const loc = text ? getTextLoc(sourceCode, text, finding.start, finding.end) : undefined;
      const range = text && finding.kind === 'invisible-character' && isEditableSpan(text, finding.start, finding.end) ? getTextSourceRange(text, finding.start, finding.end) : undefined;
      const data = { cue: finding.cue };
      report({
        ...(loc ? { loc } : { node: fallback }),
        messageId: MESSAGE_BY_KIND[finding.kind],
        data,
        suggest: range ? [{ messageId: 'removeInvisibleCharacter', data, fix: (fixer) => fixer.removeRange(range) }] : [],
      });
    }

    function checkText(text: TextValue | undefined): void {
      if (!isStaticText(text)) return;
      for (const finding of findHiddenInstructions(text.value, serverTools)) {
        if (!allowed.has(finding.kind)) reportFinding(finding, text, asEslintNode(text.node));
      }
    }

    let serverTools: ReadonlySet<string> = new Set();
    return {
      'Program:exit'() {
        const tools = getFileModel(context).tools;
        serverTools = new Set(tools.map(getToolName).filter((name) => name !== undefined));
        for (const tool of tools) {
          checkText(tool.name);
          checkText(tool.title);
          checkText(tool.description);
          for (const param of tool.params) {
            const node = asEslintNode(param.node);
            for (const finding of findHiddenInstructions(param.name)) {
              if (!allowed.has(finding.kind)) reportFinding(finding, undefined, node.type === 'Property' ? node.key : node);
            }
            checkText(param.description);
            if (!param.schema) continue;
            for (const { text } of findSchemaStrings(withoutCheckedKeys(param.schema), [])) {
              for (const finding of findHiddenInstructions(text, serverTools)) {
                if (!allowed.has(finding.kind)) reportFinding(finding, undefined, node);
              }
            }
          }
        }
      },
    };
  },
});
