import { walk, type ToolDecl } from '@toolslim/core';
import type { TSESTree } from '@typescript-eslint/utils';
import { createRule } from '../utils/create-rule.js';
import { getFileModel } from '../utils/file-model.js';
import { asEslintNode, findTopLevelParams, getToolLabel } from '../utils/tool-text.js';

export type Options = [];
export type MessageIds = 'truncatedInput';

const CUTTING_METHODS = new Set(['slice', 'substring', 'substr', 'splice']);

export default createRule<Options, MessageIds>({
  name: 'no-input-truncation',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow tool handlers that silently cut an input instead of refusing it',
      recommended: 'strict',
    },
    messages: {
      truncatedInput:
        'The handler of {{tool}} silently cuts input "{{param}}" with `{{method}}`; refuse input over the limit with an error, or accept a path or URL.',
    },
    schema: [],
  },
  create(context) {
    return {
      'Program:exit'() {
        for (const tool of getFileModel(context).tools) {
          const handler = tool.handler && asEslintNode(tool.handler);
          if (!handler || !isFunctionNode(handler)) continue;
          const inputs = findInputBindings(handler, tool);
          if (inputs.locals.size === 0 && inputs.objects.size === 0) continue;
          walk(handler.body, (child) => {
            const node = asEslintNode(child);
            const cut = getCutInput(node, inputs);
            if (cut) context.report({ node, messageId: 'truncatedInput', data: { tool: getToolLabel(tool), param: cut.param, method: cut.method } });
          });
        }
      },
    };
  },
});

type FunctionNode = TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression | TSESTree.FunctionDeclaration;

function isFunctionNode(node: TSESTree.Node): node is FunctionNode {
  return node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression' || node.type === 'FunctionDeclaration';
}

interface InputBindings {
  /** Local variable → parameter name: destructured inputs and `const x = args.x` aliases. */
  readonly locals: Map<string, string>;
  /** Names of the variables holding the whole input object (`args` in `(args) => …`). */
  readonly objects: Set<string>;
  readonly paramNames: ReadonlySet<string>;
}

/** What the handler calls the tool's inputs: the first parameter, destructured or whole, plus simple aliases. */
function findInputBindings(handler: FunctionNode, tool: ToolDecl): InputBindings {
  const paramNames = new Set(findTopLevelParams(tool).map((param) => param.name));
  const bindings: InputBindings = { locals: new Map(), objects: new Set(), paramNames };
  const first = handler.params[0];
  const target = first?.type === 'AssignmentPattern' ? first.left : first;
  if (target?.type === 'Identifier') bindings.objects.add(target.name);
  if (target?.type === 'ObjectPattern') addDestructured(target, bindings);
  // Mastra passes the inputs as `context`: `execute: async ({ context }) => …`.
  if (target?.type === 'ObjectPattern' && tool.framework === 'mastra') addMastraContext(target, bindings);
  walk(handler.body, (child) => {
    const node = asEslintNode(child);
    if (node.type !== 'VariableDeclarator' || !node.init) return;
    const param = getInputName(node.init, bindings);
    if (node.id.type === 'Identifier' && param) bindings.locals.set(node.id.name, param);
    if (node.id.type === 'ObjectPattern' && node.init.type === 'Identifier' && bindings.objects.has(node.init.name)) addDestructured(node.id, bindings);
  });
  return bindings;
}

function addDestructured(pattern: TSESTree.ObjectPattern, bindings: InputBindings): void {
  for (const property of pattern.properties) {
    if (property.type !== 'Property' || property.computed || property.key.type !== 'Identifier') continue;
    const value = property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
    if (value.type === 'Identifier' && bindings.paramNames.has(property.key.name)) bindings.locals.set(value.name, property.key.name);
  }
}

function addMastraContext(pattern: TSESTree.ObjectPattern, bindings: InputBindings): void {
  for (const property of pattern.properties) {
    if (property.type !== 'Property' || property.computed || property.key.type !== 'Identifier' || property.key.name !== 'context') continue;
    if (property.value.type === 'Identifier') bindings.objects.add(property.value.name);
    if (property.value.type === 'ObjectPattern') addDestructured(property.value, bindings);
  }
}

/** The input parameter an expression reads: `content`, `args.content`, `args['content']`. */
function getInputName(node: TSESTree.Node, bindings: InputBindings): string | undefined {
  if (node.type === 'Identifier') return bindings.locals.get(node.name);
  if (node.type !== 'MemberExpression' || node.object.type !== 'Identifier' || !bindings.objects.has(node.object.name)) return undefined;
  const key = !node.computed && node.property.type === 'Identifier' ? node.property.name : node.property.type === 'Literal' ? String(node.property.value) : undefined;
  return key !== undefined && bindings.paramNames.has(key) ? key : undefined;
}

/** `input.slice(0, N)`, `input.slice(-N)`, `input.substring(0, N)`, `input.substr(0, N)`, `input.splice(N)`, `input.length = N`. */
function getCutInput(node: TSESTree.Node, bindings: InputBindings): { param: string; method: string } | undefined {
  if (node.type === 'AssignmentExpression' && node.operator === '=' && node.left.type === 'MemberExpression' && isLengthProperty(node.left)) {
    const param = getInputName(node.left.object, bindings);
    return param ? { param, method: '.length =' } : undefined;
  }
  if (node.type !== 'CallExpression' || node.callee.type !== 'MemberExpression' || node.callee.computed || node.callee.property.type !== 'Identifier') return undefined;
  const method = node.callee.property.name;
  if (!CUTTING_METHODS.has(method) || !isCuttingCall(method, node.arguments)) return undefined;
  const param = getInputName(node.callee.object, bindings);
  return param ? { param, method: `${method}()` } : undefined;
}

function isLengthProperty(node: TSESTree.MemberExpression): boolean {
  return !node.computed && node.property.type === 'Identifier' && node.property.name === 'length';
}

/** A cut keeps a fixed head or tail; `slice(start, end)` with computed bounds is paging, not truncation. */
function isCuttingCall(method: string, args: readonly TSESTree.CallExpressionArgument[]): boolean {
  if (method === 'splice') return args.length === 1;
  if (args.length === 2) return isZero(args[0]);
  return method === 'slice' && args.length === 1 && args[0].type === 'UnaryExpression' && args[0].operator === '-';
}

function isZero(node: TSESTree.Node): boolean {
  return node.type === 'Literal' && node.value === 0;
}
