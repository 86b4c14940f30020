/**
 * Where a published text is written, found by the text itself rather than by the shape of a declaration:
 * every string and template literal of the project's source files, and every string of a JSON or YAML file
 * the server may read, each with its value as the program sees it (escapes decoded) and the way back from
 * an offset in that value to the file. `slim --server` finds each sentence it moves here.
 */
import { parseSource, walk } from '@toolslim/core';

export type SiteKind = 'single' | 'double' | 'template' | 'json' | 'yaml-block' | 'yaml-double' | 'yaml-single' | 'yaml-plain';

export interface TextSite {
  /** Absolute path. */
  readonly file: string;
  readonly kind: SiteKind;
  /** The text as the program reads it. */
  readonly value: string;
  /** The file offset of each character of `value`, and one more entry: the file offset of its end. */
  readonly offsets: readonly number[];
  /** 1-based line of the site's start. */
  readonly line: number;
  /**
   * For a string that is an element of an array literal: the file range that removes the element with its
   * comma, used when all of its text goes (so `[…].join(' ')` leaves no doubled separator).
   */
  readonly element?: readonly [start: number, end: number];
}

export interface Occurrence {
  readonly site: TextSite;
  /** Offsets in `site.value`, `[start, end)`. */
  readonly start: number;
  readonly end: number;
}

export const DATA_FILE = /\.(?:json|ya?ml)$/i;

/** The text sites of one file; throws when a source file does not parse (a data file that does not parse has none). */
export function findTextSites(file: string, code: string): TextSite[] {
  if (/\.json$/i.test(file)) return findJsonSites(file, code);
  if (/\.ya?ml$/i.test(file)) return findYamlSites(file, code);
  return findSourceSites(file, code);
}

/** Every place `text` is written, in every site. */
export function findOccurrences(sites: readonly TextSite[], text: string): Occurrence[] {
  const found: Occurrence[] = [];
  if (text === '') return found;
  for (const site of sites) {
    for (let at = site.value.indexOf(text); at !== -1; at = site.value.indexOf(text, at + 1)) found.push({ site, start: at, end: at + text.length });
  }
  return found;
}

/** `text` as it must be written inside the site (escaped for its quotes), or undefined when that kind of site cannot hold it. */
export function encodeForSite(kind: SiteKind, text: string): string | undefined {
  switch (kind) {
    case 'single':
      return text.replace(/[\\']/g, '\\$&').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
    case 'double':
      return text.replace(/[\\"]/g, '\\$&').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
    case 'template':
      return text.replace(/[\\`]/g, '\\$&').replace(/\$\{/g, '\\${');
    case 'json':
    case 'yaml-double':
      return JSON.stringify(text).slice(1, -1);
    case 'yaml-single':
      return /[\r\n]/.test(text) ? undefined : text.replace(/'/g, "''");
    case 'yaml-block':
      return /[\r\n]/.test(text) ? undefined : text;
    case 'yaml-plain':
      // A plain scalar ends at `: ` and ` #`; text with them would change the document's structure.
      return /[\r\n]|:\s|\s#|:$/.test(text) ? undefined : text;
  }
}

function findSourceSites(file: string, code: string): TextSite[] {
  const program = parseSource(code, file);
  const lineStarts = findLineStarts(code);
  const sites: TextSite[] = [];
  walk(program, (node, parent) => {
    if (node.type === 'Literal' && typeof node.value === 'string') {
      const quote = code[node.range[0]];
      if (quote !== "'" && quote !== '"') return;
      const decoded = decodeEscapes(code, node.range[0] + 1, node.range[1] - 1, false);
      const element = parent?.type === 'ArrayExpression' ? getElementRange(code, parent.elements, node) : undefined;
      if (decoded.value === node.value) sites.push({ file, kind: quote === "'" ? 'single' : 'double', ...decoded, line: getLine(lineStarts, node.range[0]), ...(element ? { element } : {}) });
    } else if (node.type === 'TemplateElement') {
      // The element's range holds its delimiters: `…${, }…${ or }…`.
      const start = node.range[0] + 1;
      const end = node.range[1] - (node.tail ? 1 : 2);
      if (code.slice(start, end) !== node.value.raw || node.value.cooked === null) return;
      const decoded = decodeEscapes(code, start, end, true);
      if (decoded.value === node.value.cooked) sites.push({ file, kind: 'template', ...decoded, line: getLine(lineStarts, start) });
    }
  });
  return sites;
}

/**
 * The element with the comma after it and the space up to the next element (`'a', ` of `['a', 'b']`, also a
 * trailing comma); for a last element with no comma after it, the comma before it. None for the only
 * element, or when a comment stands beside it.
 */
function getElementRange(code: string, elements: ReadonlyArray<{ range: [number, number] } | null>, node: { range: [number, number] }): readonly [number, number] | undefined {
  const index = elements.indexOf(node as never);
  if (elements.length < 2) return undefined;
  const previous = elements[index - 1];
  const last = index === elements.length - 1;
  const after = /^\s*,\s*/.exec(code.slice(node.range[1]));
  if (after && !last) return [node.range[0], node.range[1] + after[0].length];
  // The last element goes with the comma before it (and its own trailing comma), so the line break before `]` stays.
  if (previous && /^\s*,\s*$/.test(code.slice(previous.range[1], node.range[0]))) return [previous.range[1], node.range[1] + (/^\s*,/.exec(code.slice(node.range[1]))?.[0].length ?? 0)];
  return undefined;
}

function findJsonSites(file: string, code: string): TextSite[] {
  try {
    JSON.parse(code);
  } catch {
    return [];
  }
  const lineStarts = findLineStarts(code);
  const sites: TextSite[] = [];
  for (let i = 0; i < code.length; i++) {
    if (code[i] !== '"') continue;
    let end = i + 1;
    while (end < code.length && code[end] !== '"') end += code[end] === '\\' ? 2 : 1;
    sites.push({ file, kind: 'json', ...decodeEscapes(code, i + 1, end, false), line: getLine(lineStarts, i) });
    i = end;
  }
  return sites;
}

/**
 * YAML strings written on one line (plain, single- or double-quoted), and each line of a block scalar
 * (`|` or `>`). A scalar that runs over several lines is read line by line: a sentence across two of its
 * lines is not found, so it stays where it is.
 */
function findYamlSites(file: string, code: string): TextSite[] {
  const sites: TextSite[] = [];
  const lines = code.split('\n');
  let offset = 0;
  let block: { parentIndent: number; indent: number | undefined } | undefined;
  lines.forEach((rawLine, index) => {
    const lineStart = offset;
    offset += rawLine.length + 1;
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    const indent = /^ */.exec(line)![0].length;
    if (block) {
      if (line.trim() === '') return;
      if (indent > block.parentIndent) {
        block.indent ??= indent;
        const start = lineStart + Math.min(block.indent, indent);
        sites.push(buildPlainSite(file, 'yaml-block', code, start, lineStart + line.length, index + 1));
        return;
      }
      block = undefined;
    }
    // `key: value`, `- value`, `- key: value`
    const match = /^(\s*(?:-\s+)*(?:(?:"[^"]*"|'[^']*'|[^\s#'"][^#]*?):(?:\s+|$))?)(.*)$/.exec(line);
    if (!match) return;
    const valueStart = lineStart + match[1].length;
    const value = match[2];
    if (/^[|>][-+0-9]*\s*(?:#.*)?$/.test(value)) {
      block = { parentIndent: indent, indent: undefined };
      return;
    }
    if (value.startsWith('"')) {
      const close = findClosingDoubleQuote(value);
      if (close !== -1) sites.push({ file, kind: 'yaml-double', ...decodeEscapes(code, valueStart + 1, valueStart + close, false), line: index + 1 });
    } else if (value.startsWith("'")) {
      const close = /^'((?:[^']|'')*)'/.exec(value);
      if (close) sites.push(buildSingleQuotedSite(file, code, valueStart + 1, valueStart + 1 + close[1].length, index + 1));
    } else if (value !== '' && !/^[#&*!%@`{[]/.test(value)) {
      const text = value.replace(/\s+#.*$/, '').trimEnd();
      sites.push(buildPlainSite(file, 'yaml-plain', code, valueStart, valueStart + text.length, index + 1));
    }
  });
  return sites;
}

function findClosingDoubleQuote(value: string): number {
  for (let i = 1; i < value.length; i++) {
    if (value[i] === '\\') i++;
    else if (value[i] === '"') return i;
  }
  return -1;
}

function buildPlainSite(file: string, kind: SiteKind, code: string, start: number, end: number, line: number): TextSite {
  const offsets: number[] = [];
  for (let i = start; i <= end; i++) offsets.push(i);
  return { file, kind, value: code.slice(start, end), offsets, line };
}

function buildSingleQuotedSite(file: string, code: string, start: number, end: number, line: number): TextSite {
  let value = '';
  const offsets: number[] = [];
  for (let i = start; i < end; i++) {
    offsets.push(i);
    value += code[i];
    if (code[i] === "'") i++;
  }
  offsets.push(end);
  return { file, kind: 'yaml-single', value, offsets, line };
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

/**
 * The value of JavaScript (or JSON) string content between `start` and `end`, with the file offset of each
 * character: escapes decoded, line continuations dropped, and (in templates) CRLF read as LF.
 */
function decodeEscapes(code: string, start: number, end: number, template: boolean): { value: string; offsets: number[] } {
  let value = '';
  const offsets: number[] = [];
  const push = (text: string, at: number) => {
    for (let k = 0; k < text.length; k++) offsets.push(at);
    value += text;
  };
  for (let i = start; i < end; ) {
    const c = code[i];
    if (c === '\\' && i + 1 < end) {
      const n = code[i + 1];
      if (n === '\r' || n === '\n' || n === '\u2028' || n === '\u2029') {
        i += n === '\r' && code[i + 2] === '\n' ? 3 : 2;
      } else if (n === 'x') {
        push(String.fromCharCode(parseInt(code.slice(i + 2, i + 4), 16)), i);
        i += 4;
      } else if (n === 'u' && code[i + 2] === '{') {
        const close = code.indexOf('}', i);
        push(String.fromCodePoint(parseInt(code.slice(i + 3, close), 16)), i);
        i = close + 1;
      } else if (n === 'u') {
        push(String.fromCharCode(parseInt(code.slice(i + 2, i + 6), 16)), i);
        i += 6;
      } else {
        push(SIMPLE_ESCAPES[n] ?? n, i);
        i += 2;
      }
    } else if (template && c === '\r') {
      push('\n', i);
      i += code[i + 1] === '\n' ? 2 : 1;
    } else {
      push(c, i);
      i++;
    }
  }
  offsets.push(end);
  return { value, offsets };
}

function findLineStarts(code: string): number[] {
  const starts = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') starts.push(i + 1);
  return starts;
}

function getLine(lineStarts: readonly number[], offset: number): number {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (lineStarts[mid] <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}
