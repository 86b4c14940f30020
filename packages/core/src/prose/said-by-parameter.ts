/**
 * A constraint of a tool description that the target parameter's own description already says
 * (docs/how-categories.md, "What a parameter keeps"). Sending it there would write it twice; it is how-text
 * in the tool description instead (it moves, the parameter keeps its own copy).
 *
 * Said means: every value the constraint names (a code span, a quoted value, a number) is in the parameter's
 * text, and at least four in five of its content words are too ("The `shelf` must be a shelf code like
 * `B-12`." beside a `shelf` described as "Shelf code, like `B-12`; it must be a shelf code").
 */
import { getWords } from './words.js';

/** Words too common to tell two sentences apart. */
const COMMON = new Set(['the', 'a', 'an', 'of', 'to', 'in', 'on', 'for', 'and', 'or', 'is', 'are', 'be', 'it', 'its', 'this', 'that', 'with', 'as', 'by', 'at', 'from', 'must', 'should', 'can', 'may', 'will', 'use', 'parameter', 'field', 'value', 'e.g', 'eg', 'i.e', 'ie']);

/** The values a sentence names: code spans, quoted strings, numbers. */
function getValues(text: string): string[] {
  return [...text.matchAll(/`([^`\n]+)`|"([^"\n]+)"|'([^'\n]+)'|(?<![\w.])(\d+(?:\.\d+)?)(?![\w.])/g)].map((match) => (match[1] ?? match[2] ?? match[3] ?? match[4]).trim().toLowerCase());
}

/** True when the parameter's description already says what the constraint says. */
export function isSaidByParameter(constraint: string, paramText: string | undefined, paramName: string): boolean {
  if (paramText === undefined || paramText.trim() === '') return false;
  const own = paramText.toLowerCase();
  const name = paramName.toLowerCase();
  if (!getValues(constraint).every((value) => value === name || own.includes(value))) return false;
  const nameWords = new Set(getWords(paramName));
  const words = getWords(constraint).filter((word) => word.length > 1 && !COMMON.has(word) && !nameWords.has(word));
  if (words.length < 2) return false;
  const ownWords = new Set(getWords(paramText));
  return words.filter((word) => ownWords.has(word)).length >= 0.8 * words.length;
}
