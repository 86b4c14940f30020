/**
 * A comparison key for descriptions of the same parameter across tools: "The path to the file." and
 * "path to file" are one wording; "Path of the repository" and "repo path" are not (word order kept).
 */
import { foldWord } from './words.js';

/** Words that change nothing about what a description says. */
const TRIVIAL_WORDS = new Set([
  'a', 'an', 'the', 'this', 'that', 'these', 'those', 'please', 'simply', 'just', 'basically', 'actually', 'given',
  'specified', 'desired', 'respective', 'corresponding',
]);

/** Lower case, NFKC, punctuation and quotes dropped, articles and filler removed, short forms and plurals folded. */
export function normalizeWording(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '' && !TRIVIAL_WORDS.has(word))
    .map(foldWord)
    .join(' ');
}
