import type { TSESLint, TSESTree } from '@typescript-eslint/utils';

/** True when a comment lies inside `[start, end)`: an edit over that range would drop it. */
export function hasCommentIn(sourceCode: Readonly<TSESLint.SourceCode>, start: number, end: number): boolean {
  return sourceCode.getAllComments().some((comment) => comment.range[0] < end && comment.range[1] > start);
}

/**
 * The source range that removes `.describe(…)` from `schema.describe(…)`, or a `description` property
 * with its comma and the line it sat on; undefined when the node is neither.
 */
export function getDescriptionRemovalRange(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node): [number, number] | undefined {
  if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression') {
    return [node.callee.object.range[1], node.range[1]];
  }
  if (node.type === 'Property') return getPropertyRemovalRange(sourceCode, node);
  return undefined;
}

function getPropertyRemovalRange(sourceCode: Readonly<TSESLint.SourceCode>, property: TSESTree.Property): [number, number] | undefined {
  const before = sourceCode.getTokenBefore(property);
  const after = sourceCode.getTokenAfter(property);
  if (!before || !after) return undefined;
  // `{ a, description: 'x', b }` → `{ a, b }`: take the comma after, and the space or line before.
  if (after.value === ',') return [before.range[1], after.range[1]];
  // Last property without a trailing comma: take the comma before it.
  if (before.value === ',') return [before.range[0], property.range[1]];
  return [property.range[0], property.range[1]];
}
