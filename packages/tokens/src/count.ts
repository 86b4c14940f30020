/**
 * Token counts of any length of text, and the longest prefix within a budget, in o200k_base tokens.
 *
 * BPE merging is quadratic in the length of one pre-tokenised piece: 200 KB of one piece takes about a
 * minute. o200k_base's pre-tokeniser makes long pieces only from runs of letters, of punctuation or of
 * whitespace (digits come in groups of three, and a change of class starts a new piece), so only such
 * runs longer than {@link LONG_RUN_CHUNK} are counted in chunks of that size. Prose and compact JSON
 * (long runs without whitespace, but of mixed classes) never have them, so their count is exact.
 */
import { visitO200kPieces } from './o200k.js';

export const LONG_RUN_CHUNK = 1000;

/** A run of one class, tried only where a run starts (the lookbehind), so no run is scanned twice. */
const LONG_RUN = new RegExp(
  [String.raw`[\p{L}\p{M}]`, String.raw`[^\s\p{L}\p{M}\p{N}]`, String.raw`\s`].map((cls) => `(?<!${cls})${cls}{${LONG_RUN_CHUNK + 1},}`).join('|'),
  'gu',
);

/**
 * Calls `visit` with the end (a UTF-16 offset into `text`) and the tokens of each piece, long runs cut
 * into chunks, until it returns false.
 */
function visitPieces(text: string, visit: (end: number, tokens: number) => boolean): void {
  let going = true;
  const visitFrom = (start: number, part: string) => {
    if (going) visitO200kPieces(part, (end, tokens) => (going = visit(start + end, tokens)));
  };
  let countedUpTo = 0;
  for (const run of text.matchAll(LONG_RUN)) {
    if (run.index > countedUpTo) visitFrom(countedUpTo, text.slice(countedUpTo, run.index));
    for (let start = 0; start < run[0].length && going; ) {
      let end = Math.min(start + LONG_RUN_CHUNK, run[0].length);
      // Never between the two halves of a surrogate pair.
      if (end < run[0].length && isLowSurrogate(run[0].charCodeAt(end))) end += 1;
      visitFrom(run.index + start, run[0].slice(start, end));
      start = end;
    }
    countedUpTo = run.index + run[0].length;
    if (!going) return;
  }
  if (countedUpTo < text.length) visitFrom(countedUpTo, text.slice(countedUpTo));
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** o200k_base token count; exact for text without runs over {@link LONG_RUN_CHUNK} characters. */
export function countTokens(text: string): number {
  return countTokensUpTo(text, Number.POSITIVE_INFINITY);
}

/**
 * The count of `text` while it is at most `max`; past it, some number over `max`, found without
 * reading the rest (a long text over a small limit costs what the limit's worth of text does).
 */
export function countTokensUpTo(text: string, max: number): number {
  let total = 0;
  visitPieces(text, (_end, tokens) => (total += tokens) <= max);
  return total;
}

/** Whether `text` has at most `limit` tokens, reading no more of it than it takes to tell. */
export function isWithinTokenLimit(text: string, limit: number): boolean {
  // A token is at least one UTF-8 byte, so a text of at most `limit` bytes needs no count.
  return Buffer.byteLength(text, 'utf8') <= limit || countTokensUpTo(text, limit) <= limit;
}

/**
 * The longest prefix of `text` that has at most `budget` tokens and ends at one of `points` (ascending
 * UTF-16 offsets), or at any offset that does not split a surrogate pair when `points` is omitted;
 * undefined when none does. One pass counts the pieces up to the budget; the answer is then counted
 * exactly, as the text it is, so it is never over.
 */
export function findTokenFit(text: string, budget: number, points?: readonly number[]): number | undefined {
  const count = points ? points.length : text.length + 1;
  const pointAt = points ? (i: number) => points[i] : (i: number) => i;
  // Piece ends and the running total at each, up to the first end past the budget.
  const ends: number[] = [0];
  const totals: number[] = [0];
  visitPieces(text, (end, tokens) => {
    ends.push(end);
    totals.push(totals.at(-1)! + tokens);
    return totals.at(-1)! <= budget;
  });
  // A prefix has the pieces that end before its last character; its last piece is counted on its own.
  const estimate = (end: number): number => {
    let low = 0;
    let high = ends.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (ends[middle] < end) low = middle;
      else high = middle - 1;
    }
    return totals[low] + countTokensUpTo(text.slice(ends[low], end), budget - totals[low]);
  };
  let low = 0;
  let high = count - 1;
  let best = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (estimate(pointAt(middle)) <= budget) {
      best = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  for (; best >= 0; best--) {
    const end = pointAt(best);
    if (!points && end > 0 && end < text.length && isLowSurrogate(text.charCodeAt(end))) continue;
    if (countTokensUpTo(text.slice(0, end), budget) <= budget) return end;
  }
  return undefined;
}
