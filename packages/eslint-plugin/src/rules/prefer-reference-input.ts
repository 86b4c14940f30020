import { buildReferenceFragmentProperties } from '@toolslim/core';
import type { ParamDecl, ToolDecl } from '@toolslim/core';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { getBulkSubject, isBulkParam, isReferenceParam } from '../utils/bulk-params.js';
import { createReportOnce } from '../utils/report-once.js';
import { createRule } from '../utils/create-rule.js';
import { getFileModel } from '../utils/file-model.js';
import { asEslintNode, getToolLabel, isStaticText } from '../utils/tool-text.js';

export type Options = [];
export type MessageIds = 'bulkInputWithoutReference' | 'addReferenceInputs';

export default createRule<Options, MessageIds>({
  name: 'prefer-reference-input',
  meta: {
    type: 'suggestion',
    hasSuggestions: true,
    docs: {
      description: 'Require a path, URL or id alternative next to parameters that carry bulk content',
      recommended: 'recommended',
    },
    messages: {
      bulkInputWithoutReference:
        'Parameter "{{param}}" of {{tool}} takes bulk content with no path, URL or id alternative; the model must retype it as output tokens. Accept a reference too.',
      addReferenceInputs: 'Make "{{param}}" optional and add optional {{names}} parameters next to it (resolve them with `resolveReferenceInput` from @toolslim/runtime).',
    },
    schema: [],
  },
  create(context) {
    const report = createReportOnce(context);
    return {
      'Program:exit'() {
        for (const tool of getFileModel(context).tools) {
          const bulkParams = tool.params.filter((param) => isBulkParam(param, isStaticText(param.description) ? param.description.value : undefined));
          for (const param of bulkParams) {
            const siblings = findSiblings(tool, param);
            if (siblings.some((sibling) => isReferenceParam(sibling))) continue;
            const names = getReferenceNames(param, siblings, bulkParams.length > 1);
            const fix = buildAddReferenceFix(context, param, names);
            report({
              node: asEslintNode(param.node),
              messageId: 'bulkInputWithoutReference',
              data: { param: param.path.join('.'), tool: getToolLabel(tool) },
              suggest: fix
                ? [{ messageId: 'addReferenceInputs', data: { param: param.name, names: [names.path, names.url, names.expectedSha256].map((n) => `"${n}"`).join(', ') }, fix }]
                : [],
            });
          }
        }
      },
    };
  },
});

interface ReferenceNames {
  readonly path: string;
  readonly url: string;
  readonly expectedSha256: string;
}

/** Parameters declared in the same object as `param`. */
function findSiblings(tool: ToolDecl, param: ParamDecl): ParamDecl[] {
  return tool.params.filter((other) => other !== param && other.container === param.container);
}

/** `path`, `url`, `expected_sha256`; prefixed with the parameter's name when those are taken or several bulk parameters share the object. */
function getReferenceNames(param: ParamDecl, siblings: readonly ParamDecl[], prefix: boolean): ReferenceNames {
  const plain = { path: 'path', url: 'url', expectedSha256: 'expected_sha256' };
  const taken = new Set(siblings.map((sibling) => sibling.name));
  if (!prefix && !Object.values(plain).some((name) => taken.has(name))) return plain;
  return { path: `${param.name}_path`, url: `${param.name}_url`, expectedSha256: `${param.name}_expected_sha256` };
}

/** Inserts the reference properties right after the bulk parameter, in the schema style it is written in. */
function buildAddReferenceFix(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  param: ParamDecl,
  names: ReferenceNames,
): TSESLint.ReportFixFunction | undefined {
  if (param.style !== 'zod' && param.style !== 'json-schema') return undefined;
  const property = asEslintNode(param.node);
  const zodIdentifier = param.style === 'zod' ? getZodIdentifier(context.sourceCode, property) : undefined;
  if (param.style === 'zod' && zodIdentifier === undefined) return undefined;
  const properties = buildReferenceFragmentProperties({
    style: param.style,
    omit: ['content'],
    names: { content: param.name, ...names },
    subject: getBulkSubject(param.name),
    zodIdentifier,
    quote: getQuote(context.sourceCode, property),
  }).map((fragment) => fragment.source);
  const firstOnLine = context.sourceCode.lines[property.loc.start.line - 1].slice(0, property.loc.start.column).trim() === '';
  const separator = firstOnLine ? `,\n${' '.repeat(property.loc.start.column)}` : ', ';
  const text = properties.map((source) => `${separator}${source}`).join('');
  const makeOptional = param.required ? buildMakeOptionalFix(param, property) : () => [];
  return (fixer) => [...makeOptional(fixer), fixer.insertTextAfter(property, text)];
}

/**
 * The content parameter must become optional, or a call that passes only the reference is refused by
 * the schema: `.optional()` before a trailing `.describe(…)` (zod), or the name out of `required` (JSON Schema).
 */
function buildMakeOptionalFix(
  param: ParamDecl,
  property: TSESTree.Node,
): (fixer: TSESLint.RuleFixer) => TSESLint.RuleFix[] {
  if (property.type !== 'Property') return () => [];
  if (param.style === 'zod') {
    const value = property.value;
    const isDescribe = value.type === 'CallExpression' && value.callee.type === 'MemberExpression' && getPropertyName(value.callee) === 'describe';
    const at = isDescribe ? (value.callee as TSESTree.MemberExpression).object : value;
    return (fixer) => [fixer.insertTextAfter(at, '.optional()')];
  }
  const required = findRequiredElement(param);
  if (!required) return () => [];
  const { element, elements } = required;
  const index = elements.indexOf(element);
  const next = elements[index + 1];
  const previous = elements[index - 1];
  const range: [number, number] = next ? [element.range[0], next.range[0]] : previous ? [previous.range[1], element.range[1]] : element.range;
  return (fixer) => [fixer.removeRange(range)];
}

function getPropertyName(member: TSESTree.MemberExpression): string | undefined {
  return !member.computed && member.property.type === 'Identifier' ? member.property.name : undefined;
}

/** The `'content'` literal in `required: [...]` of the JSON Schema object that holds the parameter. */
function findRequiredElement(param: ParamDecl): { element: TSESTree.Node; elements: TSESTree.Node[] } | undefined {
  const properties = asEslintNode(param.container).parent;
  const schema = properties?.type === 'Property' ? properties.parent : undefined;
  if (schema?.type !== 'ObjectExpression') return undefined;
  for (const entry of schema.properties) {
    if (entry.type !== 'Property' || entry.computed || entry.value.type !== 'ArrayExpression') continue;
    const key = entry.key.type === 'Identifier' ? entry.key.name : entry.key.type === 'Literal' ? entry.key.value : undefined;
    if (key !== 'required') continue;
    const elements = entry.value.elements.filter((element): element is TSESTree.Expression => element !== null && element.type !== 'SpreadElement');
    const element = elements.find((candidate) => candidate.type === 'Literal' && candidate.value === param.name);
    return element ? { element, elements } : undefined;
  }
  return undefined;
}

/** The expression zod is reached through at this parameter: `z` in `z.string()`, `zod_1.z` in compiled `zod_1.z.string()`. */
function getZodIdentifier(sourceCode: Readonly<TSESLint.SourceCode>, property: TSESTree.Node): string | undefined {
  if (property.type !== 'Property') return undefined;
  let current: TSESTree.Node = property.value;
  let innermost: TSESTree.MemberExpression | undefined;
  while (current.type === 'CallExpression' && current.callee.type === 'MemberExpression') {
    innermost = current.callee;
    current = current.callee.object;
  }
  return innermost ? sourceCode.getText(innermost.object) : undefined;
}

function getQuote(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node): "'" | '"' {
  const firstString = sourceCode.getTokens(node).find((token) => token.type === 'String');
  return firstString?.value.startsWith('"') ? '"' : "'";
}
