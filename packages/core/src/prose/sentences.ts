/**
 * Splits tool and parameter descriptions into units: prose sentences and whole markup blocks.
 *
 * Intl.Segmenter (Unicode sentence boundaries) is the base. It is wrong in ways that matter for tool
 * descriptions, so its breaks are filtered: never inside inline code, URLs, e-mail addresses, file names,
 * paths, routes and regular expressions (`/api/v1.*`), or short quoted strings, never between a
 * terminator and the character glued to it (`agent_run_...x`), and never right after an abbreviation
 * (`e.g.`, `approx.`, `Dr.`). Line breaks
 * are decided here, not by the segmenter, which breaks at every newline and would cut hard-wrapped prose.
 *
 * Invariant (tested): units are in order, do not overlap, are trimmed of whitespace, and the text between
 * them is whitespace only, so the units plus the gaps reproduce the input exactly.
 */
import { findBlocks } from './markup.js';
import type { Sentence } from './types.js';
import { memoizeByText } from '../memo.js';

/** Abbreviations after which a break is never a sentence end (not `ms.`: in tool descriptions it means milliseconds). */
const ALWAYS_JOINED = new Set([
  'e.g.', 'i.e.', 'eg.', 'ie.', 'vs.', 'approx.', 'cf.', 'viz.', 'incl.', 'esp.', 'resp.', 'ca.', 'a.k.a.',
  'dr.', 'mr.', 'mrs.', 'prof.', 'st.', 'fig.', 'figs.', 'eq.', 'dept.',
]);

/**
 * Abbreviations that may also end a sentence (`… csv, tsv, etc. The result …`, `… up to the max.`):
 * joined only when the next word does not start with a capital letter (`No. 5`, `max. 100 items`).
 */
const JOINED_BEFORE_NON_CAPITAL = new Set([
  'etc.', 'u.s.', 'u.k.', 'e.u.', 'inc.', 'ltd.', 'co.', 'corp.', 'jr.', 'sr.', 'no.', 'nos.', 'min.', 'max.',
  'avg.', 'est.', 'sec.', 'ch.', 'ref.', 'p.', 'pp.', 'vol.', 'ver.', 'rev.', 'v.',
]);

/**
 * Spans a sentence break must not fall inside (searched per prose piece). Each pattern can only start at
 * a token start, so a 200 KB run without spaces costs one linear attempt, not a quadratic scan.
 */
const PROTECTED_SPANS: readonly RegExp[] = [
  /(`+)[^`][\s\S]*?\1(?!`)/g, // inline code: `foo. Bar`
  /(?<![\w/])(?:https?|ftp|file|wss?):\/\/[^\s<>"'`]+/g, // URLs (trailing punctuation trimmed below)
  /(?<![\w.])www\.[^\s<>"'`]+/g,
  /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, // e-mail addresses
  /(?<![\w.])\.?[\w-]+(?:\.[\w-]+)+/g, // file names, extensions, decimals, versions: data2024.CSV, .env, 1.2.3
  /(?<![\w/:.~])(?:~|\.{1,2})?\/[^\s<>"'`]+|(?<![\w/.~-])[\w.~-]+\/[^\s<>"'`]*/g, // paths, routes and regexes: /api/v1.*, src/*.ts, ~/.config
  /"[^"\n]{1,200}"/g, // short double-quoted strings: search("foo. Bar")
];

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Characters after which Unicode may end a sentence (STerm and ATerm of UAX #29). */
const SENTENCE_TERMINAL = /[\p{Sentence_Terminal}\u2024\uFE52\uFF0E]/u;

/** Sentences and markup blocks of `text`, in order. */
export function splitSentences(text: string): Sentence[] {
  // Callers get their own array; the units themselves are immutable.
  return splitSentencesCached(text).slice();
}

const splitSentencesCached = memoizeByText(splitSentencesUncached);

function splitSentencesUncached(text: string): Sentence[] {
  const units: Sentence[] = [];
  for (const block of findBlocks(text)) {
    if (block.markup === undefined) {
      units.push(...splitProse(text, block.start, block.end));
      continue;
    }
    const unit = buildUnit(text, block.start, block.end, false);
    if (unit) units.push({ ...unit, markup: true, markupKind: block.markup });
  }
  return units;
}

/** The trimmed unit for `[start, end)`, or undefined when it is whitespace only. */
function buildUnit(text: string, start: number, end: number, markup: boolean): Sentence | undefined {
  let from = start;
  let to = end;
  while (from < to && isWhitespace(text[from])) from += 1;
  while (to > from && isWhitespace(text[to - 1])) to -= 1;
  if (from === to) return undefined;
  return { text: text.slice(from, to), start: from, end: to, markup };
}

function isWhitespace(char: string): boolean {
  return /\s/.test(char);
}

function splitProse(text: string, start: number, end: number): Sentence[] {
  const units: Sentence[] = [];
  let pieceStart = start;
  for (const lineBreak of findLineBreaks(text, start, end)) {
    units.push(...splitPiece(text, pieceStart, lineBreak));
    pieceStart = lineBreak;
  }
  units.push(...splitPiece(text, pieceStart, end));
  return units;
}

/**
 * Positions where a newline ends a sentence: a blank line always; a single newline unless the prose
 * visibly continues (the next line starts in lowercase, or the line ends with `,`, `;`, `(`, `{`, a dash…),
 * because descriptions joined with `\n` put one statement per line, often without a period.
 */
function findLineBreaks(text: string, start: number, end: number): number[] {
  const breaks: number[] = [];
  for (let newline = text.indexOf('\n', start); newline !== -1 && newline < end; ) {
    // The whitespace run around this newline (scanned by hand: a regex would backtrack on long runs).
    let runStart = newline;
    while (runStart > start && isWhitespace(text[runStart - 1])) runStart -= 1;
    let runEnd = newline + 1;
    let newlines = 1;
    while (runEnd < end && isWhitespace(text[runEnd])) {
      if (text[runEnd] === '\n') newlines += 1;
      runEnd += 1;
    }
    newline = text.indexOf('\n', runEnd);
    if (runStart === start || runEnd === end) continue;
    const previous = text[runStart - 1];
    const next = text[runEnd];
    // A line that opens a bracket (`{`, `[` of a JSON example) continues on the next one, up to its close.
    const continues = /[,;([{\-–—/&+]/.test(previous) || /[\p{Ll}\d)\]}]/u.test(next);
    if (newlines > 1 || /[.!?:]/.test(previous) || !continues) breaks.push(runEnd);
  }
  return breaks;
}

/** Splits one piece (no sentence-ending line breaks inside) with the segmenter, then drops wrong breaks. */
function splitPiece(text: string, start: number, end: number): Sentence[] {
  const piece = text.slice(start, end);
  if (piece.trim() === '') return [];
  const spans = findProtectedSpans(piece);
  // Newlines inside a piece are soft wraps; the segmenter would break at each of them.
  // Without a terminator before its last character a piece is one sentence; the segmenter costs ~1 µs a character.
  const mayBreakInside = SENTENCE_TERMINAL.test(piece.trimEnd().slice(0, -1));
  const breaks = mayBreakInside ? findSegmenterBreaks(piece.replace(/[\r\n\u2028\u2029\u0085]/g, ' ')) : [];
  const cuts = [0];
  for (const index of breaks) {
    if (isRealBreak(piece, index, spans)) cuts.push(index);
  }
  for (const index of findGluedBreaks(piece)) {
    if (!cuts.includes(index)) cuts.push(index);
  }
  // The segmenter does not break before a sentence that opens with inline code and a lowercase word
  // ("…the content. `retain` requires an account."): a break there is taken unless an abbreviation precedes it.
  for (const match of piece.matchAll(CODE_OPENED_SENTENCE)) {
    const index = match.index + match[0].length;
    if (!cuts.includes(index) && isRealBreak(piece, index, spans)) cuts.push(index);
  }
  cuts.sort((a, b) => a - b);
  cuts.push(piece.length);
  const units: Sentence[] = [];
  for (let i = 0; i + 1 < cuts.length; i += 1) {
    const unit = buildUnit(text, start + cuts[i], start + cuts[i + 1], false);
    if (unit) units.push(unit);
  }
  return units;
}

/** Characters segmented at once; see {@link findSegmenterBreaks}. */
const WINDOW = 4000;
/** Characters after a break the segmenter may read to decide it (`e.g. 5 Foo`); breaks closer to a window end wait. */
const LOOKAHEAD = 200;

/**
 * The segmenter's break offsets. V8's segment iterator costs time proportional to the whole input for
 * every segment (200 KB with 5,000 sentences: ~30 s), so the input is segmented in windows that start at
 * an accepted break (a sentence start, where no earlier context matters); a window grows when one
 * sentence is longer than it.
 */
function findSegmenterBreaks(input: string): number[] {
  const breaks: number[] = [];
  let from = 0;
  let size = WINDOW;
  while (from < input.length) {
    const to = Math.min(input.length, from + size);
    const isLastWindow = to === input.length;
    let lastAccepted: number | undefined;
    for (const { index } of segmenter.segment(input.slice(from, to))) {
      const at = from + index;
      if (index === 0) continue;
      if (!isLastWindow && at > to - LOOKAHEAD) break;
      breaks.push(at);
      lastAccepted = at;
      // A grown window is large: take its first break and go back to small windows.
      if (size > WINDOW) break;
    }
    if (isLastWindow && (size === WINDOW || lastAccepted === undefined)) break;
    if (lastAccepted === undefined) {
      size *= 2;
      continue;
    }
    from = lastAccepted;
    size = WINDOW;
  }
  return breaks;
}

/**
 * Sentences glued by string concatenation without a space ("…the run.Get the details…"): a period right
 * after a lowercase word, then a capitalised English word and more words. `config.json`, `Actor.call`,
 * `data2024.CSV` and anything inside inline code, URLs or quotes stay joined.
 */
const GLUED_SENTENCE = /(?<=\b[A-Za-z]*[a-z]{2}[.!?])(?=[A-Z][a-z]{2,} [a-z]{2,} )/g;
const GLUED_PROTECTED = [PROTECTED_SPANS[0], PROTECTED_SPANS[1], PROTECTED_SPANS[2], PROTECTED_SPANS[PROTECTED_SPANS.length - 1]];

const CODE_OPENED_SENTENCE = /[\p{Ll})][.!?][ \t\r\n]{1,4}(?=`[^`\s]{1,80}`[ \t\r\n]\p{Ll})/gu;

function findGluedBreaks(piece: string): number[] {
  if (!/[a-z][.!?][A-Z]/.test(piece)) return [];
  const spans: [number, number][] = [];
  for (const pattern of GLUED_PROTECTED) {
    pattern.lastIndex = 0;
    for (const match of piece.matchAll(pattern)) spans.push([match.index, match.index + match[0].length]);
  }
  const breaks: number[] = [];
  GLUED_SENTENCE.lastIndex = 0;
  for (const match of piece.matchAll(GLUED_SENTENCE)) {
    if (!spans.some(([from, to]) => from < match.index && match.index < to)) breaks.push(match.index);
  }
  return breaks;
}

function isRealBreak(piece: string, index: number, spans: readonly (readonly [number, number])[]): boolean {
  if (spans.some(([from, to]) => from < index && index < to)) return false;
  // "v1.*" and "agent_run_...x": an ASCII terminator glued to the next character ends no sentence.
  if (index > 0 && /[.!?]/.test(piece[index - 1]) && !isWhitespace(piece[index] ?? ' ')) return false;
  const token = getTokenBefore(piece, index).replace(/^[("'`[{]+/, '').toLowerCase();
  if (token === '') return true;
  if (ALWAYS_JOINED.has(token)) return false;
  const nextChar = getCharAfter(piece, index);
  if (JOINED_BEFORE_NON_CAPITAL.has(token) && !/\p{Lu}/u.test(nextChar)) return false;
  return true;
}

/** Abbreviations are short: read at most this many characters back, so a huge token costs nothing. */
const MAX_TOKEN = 12;

/** The last whitespace-free token before `index` (its last {@link MAX_TOKEN} characters). */
function getTokenBefore(piece: string, index: number): string {
  let end = index;
  while (end > 0 && isWhitespace(piece[end - 1])) end -= 1;
  let start = end;
  while (start > 0 && end - start < MAX_TOKEN && !isWhitespace(piece[start - 1])) start -= 1;
  if (start > 0 && !isWhitespace(piece[start - 1])) return '';
  return piece.slice(start, end);
}

function getCharAfter(piece: string, index: number): string {
  let at = index;
  while (at < piece.length && isWhitespace(piece[at])) at += 1;
  return piece[at] ?? '';
}

function findProtectedSpans(piece: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const pattern of PROTECTED_SPANS) {
    pattern.lastIndex = 0;
    for (const match of piece.matchAll(pattern)) {
      // A sentence may end right after a URL or file name: its final `.`, `!`, `?` is not part of it.
      const length = match[0].replace(/[.,;:!?)\]]+$/, '').length;
      if (length > 0) spans.push([match.index, match.index + length]);
    }
  }
  return spans;
}
