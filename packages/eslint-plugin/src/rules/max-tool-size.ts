import { buildPublishedTool, countTokens, measureTool, type ToolDecl } from '@toolslim/core';
import { createRule } from '../utils/create-rule.js';
import { formatCount } from '../utils/cost.js';
import { getFileModel } from '../utils/file-model.js';
import { getToolReportNode, isStaticText } from '../utils/tool-text.js';

export type Options = [{ perToolBytes?: number; perToolTokens?: number; oversized?: Record<string, number> }];
export type MessageIds = 'toolTooLarge' | 'toolTooManyTokens' | 'toolOverAllowance' | 'allowanceCanShrink';

/** The bytes a tool publishes at least: its name and the readable part of its description in an empty schema. */
function getLowerBound(tool: ToolDecl): { name: string; bytes: number; descriptionBytes: number; text: string } | undefined {
  const name = isStaticText(tool.name) ? tool.name.value : undefined;
  const description = tool.description?.kind === 'static' ? tool.description.value : tool.description?.readable;
  if (name === undefined || description === undefined) return undefined;
  const minimal = { name, description, inputSchema: { type: 'object' } };
  return { name, bytes: Buffer.byteLength(JSON.stringify(minimal)), descriptionBytes: Buffer.byteLength(JSON.stringify(description)), text: JSON.stringify(minimal) };
}

export default createRule<Options, MessageIds>({
  name: 'max-tool-size',
  meta: {
    type: 'suggestion',
    docs: {
      description: 'Limit the size of the definition a tool publishes (name, description and input schema as `tools/list` sends it)',
      recommended: 'recommended',
    },
    messages: {
      toolTooLarge:
        'Tool {{tool}} publishes {{bytes}} bytes (~{{tokens}} tokens; description {{descriptionBytes}}, schema {{schemaBytes}}), over the budget of {{max}}. Run `toolslim slim`.',
      toolTooManyTokens:
        'Tool {{tool}} publishes ~{{tokens}} tokens ({{bytes}} bytes), over the budget of {{tokenMax}} tokens. Run `toolslim slim`.',
      toolOverAllowance:
        'Tool {{tool}} publishes {{bytes}} bytes (~{{tokens}} tokens), more than its oversized allowance of {{max}} bytes; an allowance may only shrink.',
      allowanceCanShrink:
        'Tool {{tool}} now publishes {{bytes}} bytes, under its oversized allowance of {{max}}; lower the allowance to {{bytes}} so it cannot grow back.',
    },
    schema: [
      {
        type: 'object',
        description: 'Size budget per tool.',
        properties: {
          perToolBytes: { type: 'integer', minimum: 1, description: 'Most bytes of `JSON.stringify(tool)` one tool may publish.' },
          perToolTokens: { type: 'integer', minimum: 1, description: 'Most o200k_base tokens one tool may publish; off unless set.' },
          oversized: {
            type: 'object',
            description: 'Tools allowed over the budget, each with the bytes it may publish at most; an entry can only be lowered.',
            additionalProperties: { type: 'integer', minimum: 1 },
          },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ perToolBytes: 4000 }],
  },
  create(context, [options]) {
    const budget = options.perToolBytes ?? 4000;
    const oversized = options.oversized ?? {};
    function reportLowerBound(tool: ToolDecl, max: number, allowances: Record<string, number>): void {
      const bound = getLowerBound(tool);
      if (!bound || Object.hasOwn(allowances, bound.name) || bound.bytes <= max) return;
      const data = {
        tool: `"${bound.name}"`,
        bytes: `at least ${formatCount(bound.bytes)}`,
        tokens: formatCount(countTokens(bound.text)),
        descriptionBytes: formatCount(bound.descriptionBytes),
        schemaBytes: 'unread',
        max: formatCount(max),
      };
      context.report({ node: getToolReportNode(tool), messageId: 'toolTooLarge', data });
    }
    return {
      'Program:exit'() {
        for (const tool of getFileModel(context).tools) {
          const published = buildPublishedTool(tool);
          // A size is claimed only for a tool that can be read whole; `toolslim measure` sees the rest. What
          // can be read is a lower bound, though: a readable description alone past the budget is over it.
          if (!published.tool || published.dynamic) {
            reportLowerBound(tool, budget, oversized);
            continue;
          }
          const measure = measureTool(published.tool);
          const name = published.tool.name;
          const node = getToolReportNode(tool);
          const allowance = Object.hasOwn(oversized, name) ? oversized[name] : undefined;
          const data = {
            tool: `"${name}"`,
            bytes: formatCount(measure.bytes),
            tokens: formatCount(measure.tokens),
            nameBytes: formatCount(measure.nameBytes),
            descriptionBytes: formatCount(measure.descriptionBytes),
            schemaBytes: formatCount(measure.schemaBytes),
            budget: formatCount(budget),
            max: formatCount(allowance ?? budget),
            tokenMax: formatCount(options.perToolTokens ?? 0),
          };
          if (allowance !== undefined) {
            if (measure.bytes > allowance) context.report({ node, messageId: 'toolOverAllowance', data });
            else if (measure.bytes < allowance) context.report({ node, messageId: 'allowanceCanShrink', data });
          } else if (measure.bytes > budget) {
            context.report({ node, messageId: 'toolTooLarge', data });
          }
          if (options.perToolTokens !== undefined && measure.tokens > options.perToolTokens) {
            context.report({ node, messageId: 'toolTooManyTokens', data });
          }
        }
      },
    };
  },
});
