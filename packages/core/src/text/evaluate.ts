/**
 * Static evaluation of description text, with the value evaluator behind it: what text alone does not
 * compute (calls of project functions, conditionals, fallbacks, imported constants) is asked of
 * `evaluateValue`. Anything else is dynamic: the caller never guesses about text it cannot read.
 *
 * Every character of a static value keeps the source offsets it was written at, so a report can sit on
 * one sentence inside a long string and an edit can change the text where it lives (`segments.ts`).
 */
import { unwrap } from '../ast.js';
import type { Node, TextValue } from '../model.js';
import { evaluateValue } from '../schema/static-value.js';
import { readText, type TextContext } from './read-text.js';

export { readImportedText, type TextContext } from './read-text.js';

/** Evaluate an expression as text. */
export function evaluateText(node: Node, context: TextContext): TextValue {
  return readText(node, { ...context, readValue: evaluateValue });
}

/** Evaluate only if the node is plainly a piece of text (a string literal or template); cheap pre-check for detectors. */
export function isTextLike(node: Node): boolean {
  const n = unwrap(node);
  return (n.type === 'Literal' && typeof n.value === 'string') || n.type === 'TemplateLiteral' || n.type === 'TaggedTemplateExpression';
}
