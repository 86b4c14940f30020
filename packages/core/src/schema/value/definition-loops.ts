/**
 * Definitions changed after they are declared: a module's top-level loop over its own list of definitions
 * that sets members on each (`for (const tool of TOOLS) { tool.inputSchema.additionalProperties = false;
 * if (!SCOPED.has(tool.name)) continue; tool.inputSchema.properties.branch = { … }; }`). The loop runs when
 * the module loads, before any `tools/list`, so the published tool carries what it sets.
 *
 * Only assignments to members of the loop's variable and `if (…) continue;` are run; a loop holding any
 * other statement, or a value that cannot be read, leaves the tool as it was declared.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { getParent, unwrap } from '../../ast.js';
import type { JsonObject, JsonValue, Node, PublishedTool } from '../../model.js';
import { Unreadable } from '../../resolve/unreadable.js';
import { inFrame } from './call-frames.js';
import type { ValueContext } from './context.js';
import { evaluateValue } from './evaluator.js';
import { getMemberName } from './members.js';
import { isPlainObject } from './plain-data.js';

/** `tool` as the top-level loops over the list holding `definition` leave it (a copy; `tool` is not changed). */
export function applyDefinitionLoops(definition: Node, tool: PublishedTool, context: ValueContext): PublishedTool {
  const list = getListName(definition, context);
  if (!list) return tool;
  let current = tool;
  for (const loop of findLoopsOver(list, context)) {
    const copy = structuredClone(current) as PublishedTool;
    if (runBody(loop, copy, context)) current = copy;
  }
  return current;
}

/** The name of the top-level `const X = [ …, definition, … ]` whose array literal holds `definition`. */
function getListName(definition: Node, context: ValueContext): { readonly name: string; readonly statement: Node } | undefined {
  const array = getParent(context.program, definition);
  if (array?.type !== 'ArrayExpression') return undefined;
  const declarator = getParent(context.program, array);
  if (declarator?.type !== 'VariableDeclarator' || declarator.init !== array || declarator.id.type !== 'Identifier') return undefined;
  const declaration = getParent(context.program, declarator);
  const holder = declaration && getParent(context.program, declaration);
  const statement = holder?.type === 'ExportNamedDeclaration' ? holder : declaration;
  if (!statement || getParent(context.program, statement)?.type !== 'Program') return undefined;
  return { name: declarator.id.name, statement };
}

/** `for (const t of X) { … }` at the top level after the declaration of `X`. */
function findLoopsOver(list: { readonly name: string; readonly statement: Node }, context: ValueContext): TSESTree.ForOfStatement[] {
  return context.program.body.filter(
    (statement): statement is TSESTree.ForOfStatement =>
      statement.type === 'ForOfStatement' &&
      statement.range[0] > list.statement.range[1] &&
      !statement.await &&
      statement.left.type === 'VariableDeclaration' &&
      statement.left.declarations.length === 1 &&
      statement.left.declarations[0].id.type === 'Identifier' &&
      unwrap(statement.right).type === 'Identifier' &&
      (unwrap(statement.right) as TSESTree.Identifier).name === list.name,
  );
}

/** Run the loop's body on `tool`; false when it holds a statement or a value this does not run. */
function runBody(loop: TSESTree.ForOfStatement, tool: PublishedTool, context: ValueContext): boolean {
  const variable = ((loop.left as TSESTree.VariableDeclaration).declarations[0].id as TSESTree.Identifier).name;
  const statements = loop.body.type === 'BlockStatement' ? loop.body.body : [loop.body];
  return inFrame(loop, context.program, new Map([[variable, tool]]), () => {
    for (const statement of statements) {
      const step = runStatement(statement, variable, context);
      if (step === 'stop') return false;
      if (step === 'continue') return true;
    }
    return true;
  });
}

function runStatement(statement: Node, variable: string, context: ValueContext): 'next' | 'continue' | 'stop' {
  if (statement.type === 'EmptyStatement') return 'next';
  if (statement.type === 'IfStatement' && !statement.alternate && isContinue(statement.consequent)) {
    const test = evaluateValue(statement.test, context);
    if (test instanceof Unreadable) return 'stop';
    return test ? 'continue' : 'next';
  }
  if (statement.type !== 'ExpressionStatement') return 'stop';
  const assignment = unwrap(statement.expression);
  if (assignment.type !== 'AssignmentExpression' || assignment.operator !== '=' || assignment.left.type !== 'MemberExpression') return 'stop';
  const target = assignment.left;
  if (!isRootedAt(target, variable)) return 'stop';
  const key = getMemberName(target);
  const object = evaluateValue(target.object, context);
  const value = evaluateValue(assignment.right, context);
  if (key === undefined || !isPlainObject(object) || value instanceof Unreadable || !isJson(value)) return 'stop';
  (object as JsonObject)[key] = value as JsonValue;
  return 'next';
}

function isContinue(node: Node): boolean {
  if (node.type === 'ContinueStatement') return !node.label;
  return node.type === 'BlockStatement' && node.body.length === 1 && isContinue(node.body[0]);
}

/** `t.a.b` whose chain starts at the loop's variable `t`. */
function isRootedAt(node: TSESTree.MemberExpression, variable: string): boolean {
  let object: Node = node.object;
  while (object.type === 'MemberExpression') object = object.object;
  return object.type === 'Identifier' && object.name === variable;
}

function isJson(value: unknown): boolean {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isJson);
  return isPlainObject(value) && Object.values(value).every(isJson);
}
