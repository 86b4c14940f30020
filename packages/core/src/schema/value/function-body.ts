/**
 * What a project function returns, read from its body without running statements: an expression body, or
 * declarations, guard clauses that throw and a lazily built cache, ending in one `return`.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { Node } from '../../model.js';
import type { FunctionLike } from './context.js';

/** The expression a function returns: its expression body, or a block of declarations ending in one `return`. */
export function getReturnedExpression(fn: FunctionLike): Node | undefined {
  const body = fn.body;
  if (!body) return undefined;
  if (body.type !== 'BlockStatement') return body;
  const statements = body.body;
  const last = statements[statements.length - 1];
  if (last?.type !== 'ReturnStatement' || !last.argument) return undefined;
  let lazy: Node | undefined;
  for (const statement of statements.slice(0, -1)) {
    if (statement.type === 'VariableDeclaration' || statement.type === 'FunctionDeclaration' || statement.type === 'EmptyStatement') continue;
    // `if (!found) throw new Error(…)`: a guard stops the call, it never changes what is returned.
    if (statement.type === 'IfStatement' && !statement.alternate && isThrowOnly(statement.consequent)) continue;
    // `if (!cache) { cache = build(); } return cache;`: a value built once is the value built.
    const assigned = getLazyInitialisation(statement);
    if (assigned && last.argument.type === 'Identifier' && assigned.name === last.argument.name) {
      lazy = assigned.value;
      continue;
    }
    return undefined;
  }
  return lazy ?? last.argument;
}

function isThrowOnly(statement: TSESTree.Statement): boolean {
  if (statement.type === 'ThrowStatement') return true;
  return statement.type === 'BlockStatement' && statement.body.length === 1 && statement.body[0].type === 'ThrowStatement';
}

/** `if (!x) { x = value; }` or `x ??= value`: the name and the value it is given once. */
function getLazyInitialisation(statement: TSESTree.Statement): { name: string; value: Node } | undefined {
  let assignment: Node | undefined;
  if (statement.type === 'ExpressionStatement') assignment = statement.expression;
  else if (statement.type === 'IfStatement' && !statement.alternate) {
    const test = statement.test;
    if (test.type !== 'UnaryExpression' || test.operator !== '!' || test.argument.type !== 'Identifier') return undefined;
    const body = statement.consequent.type === 'BlockStatement' ? statement.consequent.body : [statement.consequent];
    if (body.length !== 1 || body[0].type !== 'ExpressionStatement') return undefined;
    assignment = body[0].expression;
    if (assignment.type !== 'AssignmentExpression' || assignment.operator !== '=' || assignment.left.type !== 'Identifier' || assignment.left.name !== test.argument.name) return undefined;
  }
  if (assignment?.type !== 'AssignmentExpression' || assignment.left.type !== 'Identifier') return undefined;
  if (assignment.operator !== '=' && assignment.operator !== '??=' && assignment.operator !== '||=') return undefined;
  return { name: assignment.left.name, value: assignment.right };
}
