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
        'Parameter "{{param}}" of {{tool}} carries bulk content and has no path, URL or id sibling; the model has to retype the whole content as output tokens, slowly, capped by its output limit, and can change it on the way. Accept a reference too and read it with `resolveReferenceInput` from @toolslim/runtime (allow-listed roots and hosts, size refusal, sha256 echo).',
      addReferenceInputs: 'Add optional {{names}} parameters next to "{{param}}" (resolve them with `resolveReferenceInput` from @toolslim/runtime).',
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
  return (fixer) => fixer.insertTextAfter(property, text);
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
