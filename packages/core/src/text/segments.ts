/**
 * Evaluated text as runs of characters that remember where they were written (source offsets per character
 * where escapes make the mapping uneven), and the operations on them that keep that: slicing, dedent, and
 * turning runs into the `StaticText` pieces rules report on and the codemod edits.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { Node, StaticText, TextPiece } from '../model.js';

/**
 * A run of an evaluated string written in one place. Mapped runs know the source offset of each character:
 * `start + i` when the run is written verbatim, or `offsets[i]` (plus one entry for the end) when escapes
 * make the mapping uneven. Runs are cheap to concatenate and slice, so long descriptions cost no per-character objects.
 */
export interface Segment {
  readonly text: string;
  readonly node: Node;
  readonly start?: number;
  readonly offsets?: readonly number[];
  readonly externalFile?: string;
}

/** One character and where it was written; only dedent works per character. */
interface Char {
  readonly ch: string;
  readonly node: Node;
  /** [start, end) in source, or undefined when not written in this file verbatim. */
  readonly src: readonly [number, number] | undefined;
  readonly externalFile?: string;
}


export function isMapped(segment: Segment): boolean {
  return segment.start !== undefined || segment.offsets !== undefined;
}

/** Source offset of character `i` of a mapped segment (`i === text.length` gives the end). */
export function offsetAt(segment: Segment, i: number): number {
  return segment.offsets ? segment.offsets[i] : segment.start! + i;
}

export function textOf(segments: readonly Segment[]): string {
  return segments.map((segment) => segment.text).join('');
}

export function buildStatic(node: Node, segments: Segment[]): StaticText {
  const pieces: TextPiece[] = [];
  let current: { start: number; end: number; node: Node; offsets: number[] | undefined; externalFile?: string } | undefined;
  let position = 0;
  const flush = () => {
    if (!current) return;
    pieces.push({
      start: current.start,
      end: current.end,
      node: current.node,
      sourceOffsets: current.offsets,
      ...(current.externalFile ? { externalFile: current.externalFile } : {}),
    });
  };
  for (const segment of segments) {
    const length = segment.text.length;
    if (length === 0) continue;
    const mapped = isMapped(segment);
    const continues =
      current !== undefined &&
      current.node === segment.node &&
      (mapped
        ? current.offsets !== undefined && current.offsets[current.offsets.length - 1] === offsetAt(segment, 0)
        : current.offsets === undefined && current.externalFile === segment.externalFile);
    if (!continues) {
      flush();
      current = { start: position, end: position, node: segment.node, offsets: mapped ? [offsetAt(segment, 0)] : undefined, externalFile: segment.externalFile };
    }
    if (mapped) for (let k = 1; k <= length; k++) current!.offsets!.push(offsetAt(segment, k));
    current!.end += length;
    position += length;
  }
  flush();
  return { kind: 'static', value: textOf(segments), node, pieces };
}

export function literalSegments(node: TSESTree.StringLiteral): Segment[] {
  const content = node.raw.slice(1, -1);
  if (content === node.value) return [{ text: node.value, node, start: node.range[0] + 1 }];
  const decoded = decodeRaw(content, node.range[0] + 1);
  if (decoded && decoded.text === node.value) return [{ text: decoded.text, node, offsets: decoded.offsets }];
  return [{ text: node.value, node }];
}


/** The segments covering `[from, to)` of the text they make up. */
export function sliceSegments(segments: readonly Segment[], from: number, to: number): Segment[] {
  const out: Segment[] = [];
  let position = 0;
  for (const segment of segments) {
    const length = segment.text.length;
    const a = Math.max(from - position, 0);
    const b = Math.min(to - position, length);
    if (a < b) {
      if (a === 0 && b === length) out.push(segment);
      else {
        out.push({
          text: segment.text.slice(a, b),
          node: segment.node,
          ...(segment.offsets ? { offsets: segment.offsets.slice(a, b + 1) } : segment.start !== undefined ? { start: segment.start + a } : {}),
          ...(segment.externalFile ? { externalFile: segment.externalFile } : {}),
        });
      }
    }
    position += length;
  }
  return out;
}

/**
 * String-literal and template escape decoding that keeps where each produced UTF-16 unit was written:
 * `offsets[i]` is the source offset of unit i's escape or character, and a last entry marks the end.
 */
export function decodeRaw(raw: string, offset: number, template = false): { text: string; offsets: number[] } | undefined {
  const units: string[] = [];
  const offsets: number[] = [];
  let i = 0;
  const push = (text: string, start: number) => {
    for (let k = 0; k < text.length; k++) {
      units.push(text[k]);
      offsets.push(offset + start);
    }
  };
  const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };
  while (i < raw.length) {
    const c = raw[i];
    if (template && c === '\r') {
      // Template literals normalise CRLF and CR to LF.
      push('\n', i);
      i = raw[i + 1] === '\n' ? i + 2 : i + 1;
      continue;
    }
    if (c !== '\\') {
      push(c, i);
      i++;
      continue;
    }
    const n = raw[i + 1];
    if (n === undefined) return undefined;
    if (n in simple && !(n === '0' && /[0-9]/.test(raw[i + 2] ?? ''))) {
      push(simple[n], i);
      i += 2;
    } else if (n === 'x') {
      const hex = raw.slice(i + 2, i + 4);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) return undefined;
      push(String.fromCharCode(parseInt(hex, 16)), i);
      i += 4;
    } else if (n === 'u') {
      if (raw[i + 2] === '{') {
        const close = raw.indexOf('}', i + 3);
        if (close < 0) return undefined;
        const code = parseInt(raw.slice(i + 3, close), 16);
        if (!Number.isFinite(code) || code > 0x10ffff) return undefined;
        push(String.fromCodePoint(code), i);
        i = close + 1;
      } else {
        const hex = raw.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) return undefined;
        push(String.fromCharCode(parseInt(hex, 16)), i);
        i += 6;
      }
    } else if (n === '\r' || n === '\n' || n === '\u2028' || n === '\u2029') {
      // Line continuation: produces nothing.
      i += n === '\r' && raw[i + 2] === '\n' ? 3 : 2;
    } else if (/[1-7]/.test(n)) {
      return undefined; // legacy octal escapes: let the caller fall back
    } else {
      push(n, i);
      i += 2;
    }
  }
  offsets.push(offset + raw.length);
  return { text: units.join(''), offsets };
}

function toChars(segments: readonly Segment[]): Char[] {
  const chars: Char[] = [];
  for (const segment of segments) {
    const mapped = isMapped(segment);
    for (let k = 0; k < segment.text.length; k++) {
      chars.push({
        ch: segment.text[k],
        node: segment.node,
        src: mapped ? [offsetAt(segment, k), offsetAt(segment, k + 1)] : undefined,
        externalFile: segment.externalFile,
      });
    }
  }
  return chars;
}

function fromChars(chars: readonly Char[]): Segment[] {
  return chars.map((c) => ({
    text: c.ch,
    node: c.node,
    ...(c.src ? { offsets: [c.src[0], c.src[1]] } : {}),
    ...(c.externalFile ? { externalFile: c.externalFile } : {}),
  }));
}

/** Remove the common indentation of a template (and its leading/trailing blank line), as dedent-style tags do. */
export function dedent(segments: Segment[]): Segment[] {
  const chars = toChars(segments);
  // Each line keeps the newline character that ended the line before it, so offsets stay exact.
  const lines: Array<{ newline: Char | undefined; chars: Char[] }> = [{ newline: undefined, chars: [] }];
  for (const c of chars) {
    if (c.ch === '\n') lines.push({ newline: c, chars: [] });
    else lines[lines.length - 1].chars.push(c);
  }
  const isBlank = (line: Char[]) => line.every((c) => c.ch === ' ' || c.ch === '\t');
  let indent = Infinity;
  for (const { chars: line } of lines) {
    if (isBlank(line)) continue;
    let k = 0;
    while (k < line.length && (line[k].ch === ' ' || line[k].ch === '\t')) k++;
    indent = Math.min(indent, k);
  }
  if (!Number.isFinite(indent)) indent = 0;
  const kept = lines.map((line) => ({ newline: line.newline, chars: isBlank(line.chars) ? [] : line.chars.slice(indent) }));
  if (kept.length > 1 && kept[0].chars.length === 0) {
    kept.shift();
    kept[0] = { newline: undefined, chars: kept[0].chars };
  }
  if (kept.length > 1 && kept[kept.length - 1].chars.length === 0) kept.pop();
  const out: Char[] = [];
  kept.forEach((line, index) => {
    if (index > 0 && line.newline) out.push(line.newline);
    out.push(...line.chars);
  });
  return fromChars(out);
}

