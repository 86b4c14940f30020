/**
 * A comparison key for descriptions of the same parameter across tools: "The path to the file." and
 * "path to file" are one wording; "Path of the repository" and "repo path" are not (word order kept).
 */
import { memoizeByText } from '../memo.js';
import { foldWord } from './words.js';

/** Words that change nothing about what a description says. */
const TRIVIAL_WORDS = new Set([
  'a', 'an', 'the', 'this', 'that', 'these', 'those', 'please', 'simply', 'just', 'basically', 'actually', 'given',
  'specified', 'desired', 'respective', 'corresponding',
]);

/**
 * Lower case, NFKC, punctuation and quotes dropped, articles and filler removed, short forms and plurals folded.
 * Kept by text: every rule that compares descriptions asks again for the same parameter descriptions and names.
 */
export const normalizeWording: (text: string) => string = memoizeByText(buildNormalizedWording);

function buildNormalizedWording(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '' && !TRIVIAL_WORDS.has(word))
    .map(foldWord)
    .join(' ');
}

/** Words that shape a sentence without naming a thing: "Where the file is." and "Path of the file." both say "file". */
const FUNCTION_WORDS = new Set([
  'of', 'to', 'for', 'in', 'on', 'at', 'by', 'with', 'from', 'into', 'as', 'is', 'are', 'be', 'was', 'it', 'its', 'which', 'where',
  'what', 'whose', 'and', 'or', 'use', 'used', 'using', 'value', 'unique', 'specific', 'target', 'optional', 'required', 's',
].map(foldWord));

/**
 * What a parameter description is about, as a key: its words without function words, without the
 * parameter's own name words, folded and sorted. "The ID of the project." and "Project ID" share a key;
 * "The organization ID" and "The project ID" do not — they describe different things that share a name.
 */
export function getMeaningKey(text: string, paramName: string): string {
  const nameWords = getNameWords(paramName);
  const words = normalizeWording(text)
    .split(' ')
    .filter((word) => word !== '' && !FUNCTION_WORDS.has(word) && !nameWords.has(word));
  return [...new Set(words)].sort().join(' ');
}

const getNameWords: (paramName: string) => ReadonlySet<string> = memoizeByText(
  (paramName) => new Set(normalizeWording(paramName.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_\-.]+/g, ' ')).split(' ')),
);
