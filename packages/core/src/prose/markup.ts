/**
 * Cuts text into prose regions and markdown-like blocks (list items, headings, code fences, XML-like
 * blocks, tables). A block is one unit for the sentence splitter: it is never split, and the codemod
 * moves it whole, so the markdown it writes stays valid.
 */
import type { MarkupKind } from './types.js';
import { escapeRegExp } from '../regexp.js';

export interface Block {
  readonly start: number;
  readonly end: number;
  /** Undefined for a prose region. */
  readonly markup: MarkupKind | undefined;
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
/** `# Title`; not "# of results", which is prose for "number of". */
const HEADING = /^ {0,3}#{1,6}(?:[ \t]+(?!of\b)|\r?$)/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*\r?$/;
/** A list item's line: a bullet (`-`, `*`, `+`, `•`) or a number, then its text. */
const LIST_ITEM = /^[ \t]*(?:[-*+•]|\d{1,9}[.)])[ \t]+\S/;
/** The marker a list item's text starts with (`- `, `* `, `• `, `1. `, `2) `), to read the item's words without it. */
export const LIST_MARKER = /^\s*(?:[-*+•]|\d{1,3}[.)])\s+/;
const TABLE_DELIMITER_ROW = /^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*\r?$/;
/** An opening tag such as `<rules>` or `<example lang="ts">`; names as in XML, no self-closing. */
const XML_OPEN = /<([A-Za-z][\w.:-]*)(?:\s[^<>]*)?>/y;

/** Blocks in order; together with whitespace-only gaps they cover the text. */
export function findBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  const tagPairs = new TagPairs(text);
  let proseStart = 0;
  let pos = 0;
  const flushProse = (end: number): void => {
    if (end > proseStart) blocks.push({ start: proseStart, end, markup: undefined });
  };
  while (pos < text.length) {
    const lineEnd = getLineEnd(text, pos);
    const atLineStart = pos === 0 || text[pos - 1] === '\n';
    const lineBlock = atLineStart ? matchLineBlock(text, pos) : undefined;
    const block = lineBlock ?? findXmlBlock(text, pos, lineEnd, tagPairs);
    if (block === undefined) {
      pos = lineEnd + 1;
      continue;
    }
    flushProse(block.start);
    blocks.push(block);
    pos = block.end;
    proseStart = pos;
  }
  flushProse(text.length);
  return blocks;
}

function getLineEnd(text: string, from: number): number {
  const newline = text.indexOf('\n', from);
  return newline === -1 ? text.length : newline;
}

function getLine(text: string, lineStart: number): string {
  return text.slice(lineStart, getLineEnd(text, lineStart));
}

function isBlankLine(line: string): boolean {
  return line.trim() === '';
}

/** A block that starts at a line start (XML-like blocks are found separately, also mid-line). */
function matchLineBlock(text: string, lineStart: number): Block | undefined {
  const line = getLine(text, lineStart);
  const lineEnd = lineStart + line.length;
  const fence = FENCE_OPEN.exec(line);
  if (fence) return { start: lineStart, end: findFenceEnd(text, lineEnd, fence[1]), markup: 'code-fence' };
  if (HEADING.test(line)) return { start: lineStart, end: lineEnd, markup: 'heading' };
  if (THEMATIC_BREAK.test(line)) return { start: lineStart, end: lineEnd, markup: 'thematic-break' };
  const tableEnd = findTableEnd(text, lineStart);
  if (tableEnd !== undefined) return { start: lineStart, end: tableEnd, markup: 'table' };
  if (LIST_ITEM.test(line)) return { start: lineStart, end: findListItemEnd(text, lineEnd), markup: 'list-item' };
  return undefined;
}

/** End of the closing fence line (same character, at least as long), or the end of the text when unclosed. */
function findFenceEnd(text: string, openLineEnd: number, fence: string): number {
  const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*\\r?$`);
  let lineStart = openLineEnd + 1;
  while (lineStart <= text.length && openLineEnd < text.length) {
    const line = getLine(text, lineStart);
    if (closing.test(line)) return lineStart + line.length;
    if (lineStart + line.length >= text.length) break;
    lineStart += line.length + 1;
  }
  return text.length;
}

function isTableRow(line: string): boolean {
  return line.trimStart().startsWith('|');
}

/**
 * A table is two or more rows that start with `|`, or a header row with `|` followed by a delimiter row
 * (`--- | ---`); it runs while lines are non-blank and hold a `|`.
 */
function findTableEnd(text: string, lineStart: number): number | undefined {
  const first = getLine(text, lineStart);
  if (!first.includes('|')) return undefined;
  const secondStart = lineStart + first.length + 1;
  if (secondStart > text.length) return undefined;
  const second = getLine(text, secondStart);
  const hasDelimiterRow = TABLE_DELIMITER_ROW.test(second) && (second.includes('|') || isTableRow(first));
  const isTable = hasDelimiterRow || (isTableRow(first) && isTableRow(second));
  if (!isTable || isBlankLine(second)) return undefined;
  let end = secondStart + second.length;
  while (end < text.length) {
    const next = getLine(text, end + 1);
    if (isBlankLine(next) || !next.includes('|')) break;
    end += next.length + 1;
  }
  return end;
}

/** A list item runs over the following indented, non-blank lines that do not start a block themselves. */
function findListItemEnd(text: string, itemLineEnd: number): number {
  let end = itemLineEnd;
  while (end < text.length) {
    const nextStart = end + 1;
    const next = getLine(text, nextStart);
    const isContinuation = /^[ \t]+\S/.test(next) && !isBlockStartLine(next);
    if (!isContinuation) break;
    end = nextStart + next.length;
  }
  return end;
}

/** Whether a line opens a block of its own (cheap: no extent computed). */
function isBlockStartLine(line: string): boolean {
  return (
    FENCE_OPEN.test(line) ||
    HEADING.test(line) ||
    THEMATIC_BREAK.test(line) ||
    LIST_ITEM.test(line) ||
    isTableRow(line) ||
    /^[ \t]*<[A-Za-z]/.test(line)
  );
}

/**
 * For each tag name, the end of the closing tag that matches each opening tag (bracket matching with a
 * stack, computed once per name), so looking up many unclosed tags stays linear.
 */
class TagPairs {
  private readonly byName = new Map<string, Map<number, number>>();
  constructor(private readonly text: string) {}

  /** End of the `</name>` matching the opening tag at `openIndex`, or undefined when it is never closed. */
  getClosingEnd(name: string, openIndex: number): number | undefined {
    let pairs = this.byName.get(name);
    if (pairs === undefined) {
      pairs = this.findPairs(name);
      this.byName.set(name, pairs);
    }
    return pairs.get(openIndex);
  }

  private findPairs(name: string): Map<number, number> {
    const pairs = new Map<number, number>();
    const openings: number[] = [];
    const tags = new RegExp(`<(/?)${escapeRegExp(name)}(?=[\\s>/])[^<>]*>`, 'g');
    for (const tag of this.text.matchAll(tags)) {
      if (tag[1] !== '/') {
        if (!tag[0].endsWith('/>')) openings.push(tag.index);
        continue;
      }
      const opening = openings.pop();
      if (opening !== undefined) pairs.set(opening, tag.index + tag[0].length);
    }
    return pairs;
  }
}

/**
 * An XML-like block (`<rules>…</rules>`) whose opening tag starts a sentence: at a line start, at the
 * start of the text, or after `.`, `!`, `?`, `:` or another tag. A tag inside a sentence
 * (`Array<T>`, `pass <path> here`) is prose, and so is one inside an inline code span.
 */
function findXmlBlock(text: string, from: number, lineEnd: number, tagPairs: TagPairs): Block | undefined {
  for (let lt = text.indexOf('<', from); lt !== -1 && lt < lineEnd; lt = text.indexOf('<', lt + 1)) {
    if (!isAtSentenceStart(text, lt) || isInCodeSpan(text, lt)) continue;
    XML_OPEN.lastIndex = lt;
    const open = XML_OPEN.exec(text);
    if (!open || open[0].endsWith('/>')) continue;
    const end = tagPairs.getClosingEnd(open[1], lt);
    // "Supports folded sections: <details><summary>Title</summary>Body</details>": markup a sentence shows on its
    // own line, after its colon, is an example of the syntax, not a block.
    if (end !== undefined && end <= lineEnd && isAfterColonOnLine(text, lt)) continue;
    if (end !== undefined) return { start: lt, end, markup: 'xml-block' };
  }
  return undefined;
}

/** The text before `index` on its line ends with a colon after some words, and tags ("Folds: <details> <summary>…"). */
function isAfterColonOnLine(text: string, index: number): boolean {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  return /\w[^\n]*:\s*(?:<[^<>\n]+>\s*)*$/.test(text.slice(lineStart, index));
}

/** Inside an inline code span of its line (`` `<details> <summary>Title</summary></details>` `` is an example, not markup). */
function isInCodeSpan(text: string, index: number): boolean {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  let ticks = 0;
  for (let i = lineStart; i < index; i++) if (text[i] === '`') ticks++;
  return ticks % 2 === 1;
}

function isAtSentenceStart(text: string, index: number): boolean {
  let before = index - 1;
  while (before >= 0 && /\s/.test(text[before])) {
    if (text[before] === '\n') return true;
    before -= 1;
  }
  return before < 0 || '.!?:>'.includes(text[before]);
}
