import type { ParamDecl, RedundantPart, StaticText } from '@toolslim/core';
import type { TSESLint } from '@typescript-eslint/utils';
import { findRedundantPartsOnce } from '../utils/redundant-parts.js';
import { createReportOnce } from '../utils/report-once.js';
import { createRule } from '../utils/create-rule.js';
import { getTextCost } from '../utils/cost.js';
import { getFileModel } from '../utils/file-model.js';
import { getDescriptionRemovalRange, hasCommentIn } from '../utils/removal.js';
import { getTextLoc, getTextSourceRange, isEditableSpan } from '../utils/text-location.js';
import { asEslintNode, getToolName, isStaticText } from '../utils/tool-text.js';

export type Options = [];
export type MessageIds = 'redundantDescription' | 'redundantPart' | 'removeRedundantText';

/** What each kind of redundancy restates, as a message says it. */
const REASON_LABELS: Record<RedundantPart['reason'], string> = {
  name: 'the parameter name',
  type: 'the type',
  enum: 'the allowed values',
  default: 'the default',
  optionality: 'whether it is required',
};

export default createRule<Options, MessageIds>({
  name: 'no-redundant-param-description',
  meta: {
    type: 'suggestion',
    fixable: 'code',
    hasSuggestions: true,
    docs: {
      description: 'Disallow parameter description text that restates the name, type, allowed values, default or optionality the schema already publishes',
      recommended: 'recommended',
    },
    messages: {
      redundantDescription:
        'The description of parameter "{{param}}" ("{{quote}}") only restates {{what}}, which the schema already publishes; it costs {{chars}} characters (~{{tokens}} tokens) on every request.',
      redundantPart:
        'Part of the description of parameter "{{param}}" ("{{quote}}") restates {{what}}, which the schema already publishes; it costs {{chars}} characters (~{{tokens}} tokens) on every request.',
      removeRedundantText: 'Remove "{{quote}}" (the text is shared: every place that reads it changes).',
    },
    schema: [],
  },
  create(context) {
    const report = createReportOnce(context);
    return {
      'Program:exit'() {
        for (const tool of getFileModel(context).tools) {
          const toolName = getToolName(tool);
          for (const param of tool.params) {
            if (isStaticText(param.description)) reportRedundancy(context, report, param, param.description, toolName);
          }
        }
      },
    };
  },
});

function reportRedundancy(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  report: (descriptor: TSESLint.ReportDescriptor<MessageIds>) => void,
  param: ParamDecl,
  text: StaticText,
  toolName: string | undefined,
): void {
  const parts = [...findRedundantPartsOnce(text.value, param, toolName)].sort((a, b) => a.start - b.start);
  if (parts.length === 0) return;
  const what = joinLabels([...new Set(parts.map((part) => REASON_LABELS[part.reason]))]);
  const redundantText = parts.map((part) => text.value.slice(part.start, part.end)).join('');
  const isWhole = isNothingLeft(text.value, parts);
  const quote = buildQuote(isWhole ? text.value : redundantText);
  const data = { param: param.path.join('.'), what, quote, ...getTextCost(isWhole ? text.value : redundantText) };
  const loc = isWhole ? undefined : getTextLoc(context.sourceCode, text, parts[0].start, parts[parts.length - 1].end);
  const fix = isWhole ? buildRemoveDescriptionFix(context, param, text) : buildRemovePartsFix(context, param, text, parts);
  // Fix if it is safe, else suggest: text written in a shared constant is only offered, never fixed.
  const suggestion = fix ? null : isWhole ? null : buildRemovePartsFix(context, param, text, parts, true);
  report({
    node: asEslintNode(text.node),
    ...(loc ? { loc } : {}),
    messageId: isWhole ? 'redundantDescription' : 'redundantPart',
    data,
    fix,
    ...(suggestion ? { suggest: [{ messageId: 'removeRedundantText' as const, data: { quote }, fix: suggestion }] } : {}),
  });
}

/** The flagged text as a message quotes it: one line, at most 60 characters. */
function buildQuote(text: string): string {
  const line = text.replace(/\s+/g, ' ').replace(/^[\s:;,.–—-]+/, '').trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/** Nothing but whitespace and punctuation remains once the redundant parts are gone. */
function isNothingLeft(value: string, parts: readonly RedundantPart[]): boolean {
  let rest = '';
  let cursor = 0;
  for (const part of parts) {
    rest += value.slice(cursor, part.start);
    cursor = Math.max(cursor, part.end);
  }
  rest += value.slice(cursor);
  return !/[\p{L}\p{N}]/u.test(rest);
}

function joinLabels(labels: readonly string[]): string {
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

/**
 * Only the description's own literal is edited: text that lives in a constant may be shared with other
 * places, and an edit across a comment would drop it.
 */
function isOwnText(param: ParamDecl, text: StaticText): boolean {
  const owner = param.descriptionNode;
  return owner !== undefined && text.pieces.every((piece) => piece.sourceOffsets !== undefined && piece.node.range[0] >= owner.range[0] && piece.node.range[1] <= owner.range[1]);
}

function buildRemoveDescriptionFix(context: Readonly<TSESLint.RuleContext<MessageIds, Options>>, param: ParamDecl, text: StaticText): TSESLint.ReportFixFunction | null {
  if (!param.descriptionNode || !isOwnText(param, text)) return null;
  const range = getDescriptionRemovalRange(context.sourceCode, asEslintNode(param.descriptionNode));
  if (!range || hasCommentIn(context.sourceCode, range[0], range[1])) return null;
  return (fixer) => fixer.removeRange(range);
}

function buildRemovePartsFix(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  param: ParamDecl,
  text: StaticText,
  parts: readonly RedundantPart[],
  shared = false,
): TSESLint.ReportFixFunction | null {
  if (!shared && !isOwnText(param, text)) return null;
  const ranges: Array<[number, number]> = [];
  for (const part of parts) {
    const range = isEditableSpan(text, part.start, part.end) ? getTextSourceRange(text, part.start, part.end) : undefined;
    if (!range || hasCommentIn(context.sourceCode, range[0], range[1])) return null;
    ranges.push(range);
  }
  // "Optional: the file to read." → "The file to read.": what is left still starts a sentence.
  const first = parts[0].start === 0 ? findFirstLetter(text.value, parts) : undefined;
  const capital = first === undefined || !isEditableSpan(text, first, first + 1) ? undefined : getTextSourceRange(text, first, first + 1);
  const upper = first === undefined ? '' : text.value[first].toUpperCase();
  return (fixer) => [...ranges.map((range) => fixer.removeRange(range)), ...(capital ? [fixer.replaceTextRange(capital, upper)] : [])];
}

/** Offset of the first character left after removing the leading parts, when it is a lower-case letter. */
function findFirstLetter(value: string, parts: readonly RedundantPart[]): number | undefined {
  let cursor = 0;
  for (const part of parts) {
    if (part.start > cursor) break;
    cursor = Math.max(cursor, part.end);
  }
  while (cursor < value.length && /\s/.test(value[cursor])) cursor += 1;
  return /\p{Ll}/u.test(value[cursor] ?? '') ? cursor : undefined;
}
