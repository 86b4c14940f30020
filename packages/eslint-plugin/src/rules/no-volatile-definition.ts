import { walk, type Node, type TextValue, type ToolDecl } from '@toolslim/core';
import { ASTUtils, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { createRule } from '../utils/create-rule.js';
import { buildQuote } from '../utils/cost.js';
import { getFileModel } from '../utils/file-model.js';
import { asEslintNode, getToolLabel } from '../utils/tool-text.js';

export type Options = [];
export type MessageIds = 'volatileDefinition';

/** `object.method()` calls whose result differs on every run. */
const VOLATILE_MEMBER_CALLS: Readonly<Record<string, readonly string[]>> = {
  Date: ['now'],
  Math: ['random'],
  crypto: ['randomUUID', 'getRandomValues', 'randomBytes', 'randomInt'],
  performance: ['now'],
  process: ['hrtime', 'uptime', 'cpuUsage', 'memoryUsage'],
};

/** Plain calls whose result differs on every run (`Date()` is the current time as a string). */
const VOLATILE_CALLS = new Set(['Date', 'randomUUID', 'nanoid', 'uuid', 'uuidv4', 'v4', 'cuid', 'ulid']);

export default createRule<Options, MessageIds>({
  name: 'no-volatile-definition',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow text that changes from run to run (times, random ids, counters) in a tool name, description or schema',
      recommended: 'recommended',
    },
    messages: {
      volatileDefinition:
        '`{{expression}}` makes the definition of {{tool}} differ on every run, so every session misses the prompt cache.',
    },
    schema: [],
  },
  create(context) {
    return {
      'Program:exit'() {
        const reported = new Set<TSESTree.Node>();
        // Tools share constants and a tool's roots nest (its schema holds its parameters): each root is
        // walked once per file, and what it holds was reported with the first tool that reached it.
        const walked = new Set<Node>();
        const inits = new Map<string, Map<unknown, TSESTree.Node | undefined>>();
        for (const tool of getFileModel(context).tools) {
          for (const node of findVolatileExpressions(context.sourceCode, findDefinitionRoots(tool), walked, inits)) {
            if (reported.has(node)) continue;
            reported.add(node);
            context.report({ node, messageId: 'volatileDefinition', data: { expression: buildQuote(context.sourceCode.getText(node), 40), tool: getToolLabel(tool) } });
          }
        }
      },
    };
  },
});

/** The source of everything a tool publishes: its name, title, description and input schema. */
function findDefinitionRoots(tool: ToolDecl): Node[] {
  const texts: Array<TextValue | undefined> = [tool.name, tool.title, tool.description, ...tool.params.map((param) => param.description)];
  const roots: Node[] = [];
  for (const text of texts) {
    if (!text) continue;
    roots.push(text.node);
    if (text.kind === 'dynamic') roots.push(...text.dynamicNodes);
  }
  if (tool.inputSchema.kind !== 'none' && tool.inputSchema.node) roots.push(tool.inputSchema.node);
  roots.push(...tool.params.map((param) => param.node));
  return roots;
}

/**
 * Volatile calls, `new Date()` and counters inside the roots, following same-file variables to their
 * initialisers; function bodies are skipped because a callback (`.refine`, `.transform`) is not published.
 * A root already in `walked`, or that the walk of one in `walked` went through, is not walked again.
 */
function findVolatileExpressions(
  sourceCode: Readonly<TSESLint.SourceCode>,
  roots: readonly Node[],
  walked: Set<Node>,
  inits: Map<string, Map<unknown, TSESTree.Node | undefined>>,
): TSESTree.Node[] {
  const found: TSESTree.Node[] = [];
  // Widest roots are walked first (the stack pops from the end), so the roots inside them are passed over.
  const pending = [...roots].sort((a, b) => a.range[1] - a.range[0] - (b.range[1] - b.range[0]));
  while (pending.length > 0) {
    const root = pending.pop()!;
    if (walked.has(root) || isInsideWalkedRoot(root, walked)) continue;
    walked.add(root);
    walk(root, (child, parent) => {
      const node = asEslintNode(child);
      if (isFunction(node)) return false;
      if (isVolatileExpression(node)) {
        found.push(node);
        return false;
      }
      if (node.type === 'Identifier' && isReference(node, parent && asEslintNode(parent))) {
        const init = getVariableInit(sourceCode, node, inits);
        if (init) pending.push(init);
      }
      return undefined;
    });
  }
  return found;
}

/**
 * True when the walk of a root in `walked` went through `node`: that root is an ancestor and nothing on the
 * way down stopped it (a function or a volatile expression). An identifier root is judged on its own (a walk
 * reads it with its parent, a root without one).
 */
function isInsideWalkedRoot(node: Node, walked: ReadonlySet<Node>): boolean {
  if (node.type === 'Identifier') return false;
  for (let ancestor = asEslintNode(node).parent; ancestor; ancestor = ancestor.parent) {
    if (isFunction(ancestor) || isVolatileExpression(ancestor)) return false;
    if (walked.has(ancestor)) return true;
  }
  return false;
}

function isFunction(node: TSESTree.Node): boolean {
  return node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression' || node.type === 'FunctionDeclaration';
}

function isVolatileExpression(node: TSESTree.Node): boolean {
  switch (node.type) {
    case 'NewExpression':
      return node.callee.type === 'Identifier' && node.callee.name === 'Date' && node.arguments.length === 0;
    case 'CallExpression':
      return isVolatileCallee(node.callee);
    case 'UpdateExpression':
      return true;
    case 'AssignmentExpression':
      return node.operator === '+=' || node.operator === '-=';
    default:
      return false;
  }
}

function isVolatileCallee(callee: TSESTree.Node): boolean {
  if (callee.type === 'Identifier') return VOLATILE_CALLS.has(callee.name);
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return false;
  // `process.hrtime.bigint()`
  if (callee.property.name === 'bigint') return isVolatileCallee(callee.object);
  const object = callee.object.type === 'MemberExpression' && !callee.object.computed ? callee.object.property : callee.object;
  return object.type === 'Identifier' && (VOLATILE_MEMBER_CALLS[object.name]?.includes(callee.property.name) ?? false);
}

/** An identifier that reads a variable (not a property name or key). */
function isReference(node: TSESTree.Identifier, parent: TSESTree.Node | undefined): boolean {
  if (!parent) return true;
  if (parent.type === 'MemberExpression' && parent.property === node && !parent.computed) return false;
  if (parent.type === 'Property' && parent.key === node && !parent.computed) return false;
  return true;
}

/** The initialiser of the variable a name reads; `inits` keeps it per name and scope (tools repeat `z` and their constants). */
function getVariableInit(
  sourceCode: Readonly<TSESLint.SourceCode>,
  node: TSESTree.Identifier,
  inits: Map<string, Map<unknown, TSESTree.Node | undefined>>,
): TSESTree.Node | undefined {
  const scope = sourceCode.getScope(node);
  let byScope = inits.get(node.name);
  if (!byScope) {
    byScope = new Map();
    inits.set(node.name, byScope);
  }
  if (byScope.has(scope)) return byScope.get(scope);
  const init = findVariableInit(scope, node);
  byScope.set(scope, init);
  return init;
}

function findVariableInit(scope: TSESLint.Scope.Scope, node: TSESTree.Identifier): TSESTree.Node | undefined {
  const variable = ASTUtils.findVariable(scope, node);
  const definition = variable?.defs[0];
  if (definition?.node.type !== 'VariableDeclarator') return undefined;
  return definition.node.init ?? undefined;
}
