/**
 * Turn "delete these parts of a description's value, append this text" into edits of the source that
 * wrote the value: inside string literals and templates (keeping quote style and escapes), whole
 * elements of `[...].join(sep)` arrays, and constants in other modules. The engine checks afterwards that
 * the edited source evaluates to exactly the expected text, so a shape this module gets wrong is skipped,
 * never written.
 */
import { evaluateText, unwrap, walk, Scope, type Node, type Program, type StaticText, type TextContext, type TextPiece } from '@toolslim/core';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Range } from './select.js';

type CallExpression = Extract<Node, { type: 'CallExpression' }>;

export interface SourceEdit {
  readonly file: string;
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Where the value of an imported constant is written, as the engine resolved it. */
export interface ExternalText {
  readonly file: string;
  readonly program: Program;
  readonly text: StaticText;
  readonly context: TextContext;
}

export interface EditTarget {
  readonly file: string;
  readonly text: StaticText;
  readonly context: TextContext;
  /** The resolved text behind an imported-constant piece. */
  readonly getExternal: (piece: TextPiece) => ExternalText | undefined;
}

export interface Insertion {
  /** Value offset; the text goes right after the character before it. */
  readonly at: number;
  readonly text: string;
}

export type EditResult = { readonly ok: true; readonly edits: SourceEdit[] } | { readonly ok: false; readonly reason: string };

/** Why an edit is refused when a join separator would go while the elements on both sides stay. */
export const SEPARATOR_ALONE = 'a separator of a joined array would have to go without its element';

/** Why an edit is refused when part of the text is not written where slim can edit it. */
export const UNEDITABLE = 'part of the text comes from a place that cannot be edited';

export function buildTextEdits(target: EditTarget, deleteRanges: readonly Range[], insertion: Insertion | undefined): EditResult {
  const structural = findStructuralRemovals(target, deleteRanges, insertion);
  if (!structural.ok) return structural;
  const shared = findSharedNodes(target.text.pieces);
  const charEdits = buildCharDeletions(target, subtractRanges(deleteRanges, structural.covered), shared);
  if (!charEdits.ok) return charEdits;
  const edits = [...structural.edits, ...charEdits.edits];
  if (insertion && !structural.insertionDone) {
    const inserted = buildInsertion(target, insertion, shared);
    if (!inserted.ok) return inserted;
    edits.push(...inserted.edits);
  }
  return { ok: true, edits };
}

/** Source ranges of every piece of a text, per file (for finding text that two tools share). */
export function findCarrierRanges(target: EditTarget): Array<{ file: string; range: Range }> {
  const out: Array<{ file: string; range: Range }> = [];
  for (const piece of target.text.pieces) {
    if (piece.sourceOffsets) out.push({ file: target.file, range: [piece.sourceOffsets[0], piece.sourceOffsets[piece.sourceOffsets.length - 1]] });
    else if (piece.externalFile) {
      const external = target.getExternal(piece);
      if (external) out.push(...findCarrierRanges({ ...external, getExternal: target.getExternal }));
    }
  }
  return out;
}

/** Nodes that produce more than one run of the value: join separators, a constant used twice. */
function findSharedNodes(pieces: readonly TextPiece[]): Set<Node> {
  const seen = new Set<Node>();
  const shared = new Set<Node>();
  for (const piece of pieces) {
    if (seen.has(piece.node)) shared.add(piece.node);
    seen.add(piece.node);
  }
  return shared;
}

interface StructuralResult {
  readonly ok: true;
  readonly edits: SourceEdit[];
  readonly covered: Range[];
  /** The insertion went into inlined text. */
  readonly insertionDone: boolean;
}

/**
 * Remove whole parts of the expression that builds the text when all of their text goes: operands of
 * `+`, elements of a joined array, `${…}` parts of a template. The text they refer to (a constant other
 * tools may share) is left alone; only the reference goes. Walks down from the description expression,
 * knowing where each part's text sits in the value.
 */
function findStructuralRemovals(
  target: EditTarget,
  deleteRanges: readonly Range[],
  insertion: Insertion | undefined,
): StructuralResult | { ok: false; reason: string } {
  const edits: SourceEdit[] = [];
  const covered: Range[] = [];
  const { context, file } = target;
  const lengthOf = (node: Node): number | undefined => {
    const value = evaluateText(node, context);
    return value.kind === 'static' ? value.value.length : undefined;
  };
  const isDeleted = (start: number, end: number) =>
    start === end ? deleteRanges.some((d) => d[0] <= start && start <= d[1]) : isInside([start, end], deleteRanges);
  const remove = (start: number, end: number, range: Range, part?: Node) => {
    edits.push({ file, start: range[0], end: range[1], text: '' });
    if (end > start) covered.push([start, end]);
    // `${DEFAULT}` of an import read nowhere else: the import goes too (an unused import fails `noUnusedLocals`).
    const read = part ? unwrap(part) : undefined;
    const importRemoval = read?.type === 'Identifier' && countReferences(context.program, read.name) === 1 ? findImportRemoval(context.program, file, read.name) : undefined;
    if (importRemoval) edits.push(importRemoval);
  };
  let failure: string | undefined;
  let insertionDone = false;

  // Text another part of the file reads too (a note shared by several tools) is never edited where it is
  // written: when only part of it stays, this one use becomes a literal of the part that stays.
  // `What. ${NOTE}` → `What. Never do X.`; ['What.', NOTE].join(' ') → ['What.', 'Never do X.'].join(' ')
  const inline = (node: Node, start: number, site: Site): boolean => {
    if (node.type !== 'Identifier') return false;
    const count = countReferences(context.program, node.name);
    // An imported note that modules next to this one import too is shared the same way; its import goes.
    const importRemoval = count === 1 && isImportedNextDoor(file, node.name) ? findImportRemoval(context.program, file, node.name) : undefined;
    if (count < 2 && !importRemoval) return false;
    const length = lengthOf(node);
    if (length === undefined) return false;
    const end = start + length;
    const touched = deleteRanges.some((d) => d[0] < end && start < d[1]) && !isDeleted(start, end);
    const inserting = insertion !== undefined && !insertionDone && start <= insertion.at - 1 && insertion.at - 1 < end;
    if (!touched && !inserting) return false;
    let kept = '';
    for (let i = start; i < end; i++) {
      if (!deleteRanges.some((d) => d[0] <= i && i < d[1])) kept += target.text.value[i];
      if (inserting && i === insertion.at - 1) kept += insertion.text;
    }
    edits.push({ file, start: site.range[0], end: site.range[1], text: site.template ? escapeTemplate(kept) : quoteString(kept) });
    if (importRemoval) edits.push(importRemoval);
    covered.push([start, end]);
    if (inserting) insertionDone = true;
    return true;
  };

  const visit = (input: Node, start: number, depth: number, site: Site = { range: input.range, template: false }): void => {
    if (depth > 40 || failure) return;
    const node = unwrap(input);
    if (inline(node, start, site)) return;
    if (node.type === 'BinaryExpression' && node.operator === '+') {
      const left = lengthOf(node.left);
      const right = lengthOf(node.right);
      if (left === undefined || right === undefined) return;
      const leftGone = isDeleted(start, start + left);
      const rightGone = isDeleted(start + left, start + left + right);
      // 'What. ' + HOW → 'What. '
      if (rightGone && !leftGone) remove(start + left, start + left + right, [node.left.range[1], node.right.range[1]], node.right);
      else visit(node.right, start + left, depth + 1, { range: node.right.range, template: false });
      // HOW + 'What.' → 'What.' (only when the left side goes and the right stays)
      if (leftGone && !rightGone) remove(start, start + left, [node.left.range[0], node.right.range[0]], node.left);
      else visit(node.left, start, depth + 1, { range: node.left.range, template: false });
      return;
    }
    if (node.type === 'TemplateLiteral' && node.expressions.length > 0) {
      let offset = start;
      for (let i = 0; i < node.quasis.length; i++) {
        offset += node.quasis[i].value.cooked?.length ?? 0;
        if (i >= node.expressions.length) break;
        const length = lengthOf(node.expressions[i]);
        if (length === undefined) return;
        // `What. ${HOW}` → `What. `: the `${` ends the quasi before it and the `}` starts the one after it.
        if (isDeleted(offset, offset + length)) remove(offset, offset + length, [node.quasis[i].range[1] - 2, node.quasis[i + 1].range[0] + 1], node.expressions[i]);
        else visit(node.expressions[i], offset, depth + 1, { range: [node.quasis[i].range[1] - 2, node.quasis[i + 1].range[0] + 1], template: true });
        offset += length;
      }
      return;
    }
    if (node.type === 'CallExpression') {
      visitJoin(node, start, depth);
      return;
    }
    if (node.type === 'Identifier') {
      const init = Scope.of(context.program).resolve(node);
      // Descending into a constant edits the constant; the engine refuses that when other tools read it too.
      if (init) visit(init, start, depth + 1);
    }
  };

  // ['What.', HOW].join('\n') → ['What.'].join('\n'): a separator goes with one of its neighbours.
  const visitJoin = (call: CallExpression, start: number, depth: number): void => {
    const callee = unwrap(call.callee);
    if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier' || callee.property.name !== 'join') return;
    let array = unwrap(callee.object);
    if (array.type === 'Identifier') {
      const init = Scope.of(context.program).resolve(array);
      array = init ? unwrap(init) : array;
    }
    if (array.type !== 'ArrayExpression') return;
    const separator = call.arguments[0] ? lengthOf(call.arguments[0]) : 1;
    if (separator === undefined) return;
    const elements = array.elements;
    const starts: number[] = [];
    const lengths: number[] = [];
    let offset = start;
    for (const element of elements) {
      if (!element || element.type === 'SpreadElement') return;
      const length = lengthOf(element);
      if (length === undefined) return;
      starts.push(offset);
      lengths.push(length);
      offset += length + separator;
    }
    const gone = elements.map((_, i) => isDeleted(starts[i], starts[i] + lengths[i]));
    const sepGone = (i: number) => i >= 0 && i + 1 < elements.length && isDeleted(starts[i] + lengths[i], starts[i] + lengths[i] + separator);
    const removed = new Set<number>();
    const claimed = new Set<number>();
    const merged = new Set<number>();
    // ['What. How.', HOW, 'Never X.'].join('\n') → ['What. Never X.'].join('\n'): when text goes from the
    // middle of one literal to the middle of a later one, separators included, the two literals become one.
    let previous = -1;
    for (let q = 0; q < elements.length; q++) {
      if (gone[q]) continue;
      const p = previous;
      previous = q;
      if (p < 0 || merged.has(p) || !range(p, q).every((k) => sepGone(k))) continue;
      const joined = mergeLiterals(elements[p] as Node, elements[q] as Node, starts[p], starts[p] + lengths[p], starts[q], starts[q] + lengths[q]);
      if (!joined) continue;
      edits.push(joined.edit);
      covered.push(joined.covered);
      // An inlined note is written by the merge already.
      if (elements[p]?.type !== 'Literal') merged.add(p);
      if (elements[q]?.type !== 'Literal') merged.add(q);
      for (const k of range(p, q)) claimed.add(k);
      for (const k of range(p + 1, q)) merged.add(k);
    }
    // A run of removed elements takes the separators after it (or, at the end, the one before it) along;
    // a deleted separator left without an element is refused.
    for (let i = 0; i < elements.length; i++) {
      if (!gone[i] || merged.has(i)) continue;
      let j = i;
      while (j + 1 < elements.length && gone[j + 1]) j++;
      // With neither separator beside the run going, its first element stays, emptied: ['What.', ''].join('\n').
      const first = sepGone(j) || sepGone(i - 1) ? i : i + 1;
      const seps = sepGone(j) ? range(i, j + 1) : sepGone(i - 1) ? range(i - 1, j) : range(i, j);
      if (seps.every((k) => sepGone(k))) {
        for (let k = first; k <= j; k++) {
          removed.add(k);
          covered.push([starts[k], starts[k] + lengths[k]]);
        }
        for (const k of seps) {
          claimed.add(k);
          covered.push([starts[k] + lengths[k], starts[k] + lengths[k] + separator]);
        }
      }
      i = j;
    }
    for (let i = 0; i + 1 < elements.length; i++) {
      if (sepGone(i) && !claimed.has(i)) {
        failure = SEPARATOR_ALONE;
        return;
      }
    }
    const removals = buildElementRemovals(file, elements as Node[], removed);
    if (!removals.ok) {
      failure = removals.reason;
      return;
    }
    edits.push(...removals.edits);
    elements.forEach((element, i) => {
      if (!removed.has(i) && !merged.has(i)) visit(element as Node, starts[i], depth + 1, { range: (element as Node).range, template: false });
    });
  };

  // The deletion that crosses from element `a` (text [aStart, aEnd)) into element `b` (text [bStart, bEnd)):
  // literals are cut where the deletion starts and ends; a note shared with other tools is inlined.
  const mergeLiterals = (a: Node, b: Node, aStart: number, aEnd: number, bStart: number, bEnd: number): { edit: SourceEdit; covered: Range } | undefined => {
    const cut = deleteRanges.find((d) => d[0] < aEnd && bStart < d[1]);
    if (!cut || cut[0] > aEnd || cut[1] < bStart) return undefined;
    const quoteOf = (node: Node) => (node.type === 'Literal' && typeof node.value === 'string' && typeof node.raw === 'string' ? node.raw[0] : undefined);
    // An imported note read only here is inlined too, and its import goes (the note may be shared by other files).
    const importRemovals: SourceEdit[] = [];
    const isInlined = (node: Node) => {
      if (node.type !== 'Identifier') return false;
      const count = countReferences(context.program, node.name);
      if (count >= 2) return true;
      const removal = count === 1 ? findImportRemoval(context.program, file, node.name) : undefined;
      if (removal) importRemovals.push(removal);
      return removal !== undefined;
    };
    const quoteA = quoteOf(a);
    const quoteB = quoteOf(b);
    if ((!quoteA && !isInlined(a)) || (!quoteB && !isInlined(b)) || (quoteA && quoteB && quoteA !== quoteB)) return undefined;
    const quote = quoteA ?? quoteB ?? "'";
    const offsetIn = (node: Node, at: number): number | undefined => {
      const pieces = target.text.pieces.filter((piece) => piece.node === node);
      if (pieces.length !== 1 || !pieces[0].sourceOffsets || at < pieces[0].start || at > pieces[0].end) return undefined;
      return pieces[0].sourceOffsets[at - pieces[0].start];
    };
    let inserting = false;
    const keptText = (from: number, to: number) => {
      let kept = '';
      for (let i = from; i < to; i++) {
        if (!deleteRanges.some((d) => d[0] <= i && i < d[1])) kept += target.text.value[i];
        if (insertion && !insertionDone && i === insertion.at - 1) {
          kept += insertion.text;
          inserting = true;
        }
      }
      return escapeInQuotes(kept, quote);
    };
    const from = quoteA ? Math.max(cut[0], aStart) : aStart;
    const to = quoteB ? Math.min(cut[1], bEnd) : bEnd;
    const sourceStart = quoteA ? offsetIn(a, from) : a.range[0];
    const sourceEnd = quoteB ? offsetIn(b, to) : b.range[1];
    if (sourceStart === undefined || sourceEnd === undefined) return undefined;
    let source: string;
    try {
      source = readSource(file);
    } catch {
      return undefined;
    }
    // Comments between the two would go with the text between them: never.
    if (findComments(source, a.range[1], b.range[0]).length > 0) return undefined;
    const text = (quoteA ? '' : quote + keptText(aStart, aEnd)) + (quoteB ? '' : keptText(bStart, bEnd) + quote);
    if (inserting) insertionDone = true;
    edits.push(...importRemovals);
    return { edit: { file, start: sourceStart, end: sourceEnd, text }, covered: [from, to] };
  };

  visit(target.text.node, 0, 0);
  if (failure) return { ok: false, reason: failure };
  return { ok: true, edits, covered: mergeRanges(covered), insertionDone };
}

/**
 * Remove elements with the comma that follows them (the last one, without a trailing comma, takes the
 * comma after the kept element before it). Comments beside a removed element stay where they are; a line
 * left empty goes.
 */
function buildElementRemovals(file: string, elements: readonly Node[], removed: ReadonlySet<number>): EditResult {
  if (removed.size === 0) return { ok: true, edits: [] };
  let source: string;
  try {
    source = readSource(file);
  } catch {
    return { ok: false, reason: 'the source of a joined array could not be read' };
  }
  const edits: SourceEdit[] = [];
  for (const i of [...removed].sort((x, y) => x - y)) {
    const element = elements[i];
    if (findComments(source, element.range[0], element.range[1]).length > 0) return { ok: false, reason: 'a moved element of a joined array holds a comment' };
    const gapEnd = i + 1 < elements.length ? elements[i + 1].range[0] : findClosingBracket(source, element.range[1]);
    if (gapEnd === undefined) return { ok: false, reason: 'a joined array could not be read' };
    const comma = findComma(source, element.range[1], gapEnd);
    if (comma !== undefined && findComments(source, element.range[1], comma).length === 0) {
      edits.push(extendToLine(source, file, element.range[0], comma + 1));
      continue;
    }
    edits.push(extendToLine(source, file, element.range[0], element.range[1]));
    if (comma !== undefined) edits.push({ file, start: comma, end: comma + 1, text: '' });
    else {
      // The last element without a trailing comma: the comma after the nearest kept element before it goes.
      let k = i - 1;
      while (k >= 0 && removed.has(k)) k--;
      if (k < 0) continue;
      const before = findComma(source, elements[k].range[1], elements[k + 1].range[0]);
      if (before === undefined) return { ok: false, reason: 'a joined array could not be read' };
      edits.push({ file, start: before, end: before + 1, text: '' });
    }
  }
  return { ok: true, edits: mergeEdits(edits) };
}

const sources = new Map<string, { mtime: number; text: string }>();

function readSource(file: string): string {
  const mtime = statSync(file).mtimeMs;
  const cached = sources.get(file);
  if (cached && cached.mtime === mtime) return cached.text;
  const text = readFileSync(file, 'utf8');
  sources.set(file, { mtime, text });
  return text;
}

/** Comments in a stretch of source between two nodes (where only punctuation, spaces and comments are). */
function findComments(source: string, start: number, end: number): Range[] {
  const out: Range[] = [];
  let i = start;
  while (i < end) {
    const quote = source[i];
    if (quote === '"' || quote === "'" || quote === '`') {
      // Inside a node: skip string text so a `//` in a URL is not a comment.
      i++;
      while (i < end && source[i] !== quote) i += source[i] === '\\' ? 2 : 1;
      i++;
    } else if (source.startsWith('//', i)) {
      const stop = source.indexOf('\n', i);
      const close = stop === -1 ? source.length : stop;
      out.push([i, close]);
      i = close;
    } else if (source.startsWith('/*', i)) {
      const stop = source.indexOf('*/', i + 2);
      const close = stop === -1 ? source.length : stop + 2;
      out.push([i, close]);
      i = close;
    } else i++;
  }
  return out;
}

/** The first comma outside comments in a gap between nodes. */
function findComma(source: string, start: number, end: number): number | undefined {
  const comments = findComments(source, start, end);
  for (let i = start; i < end; i++) {
    if (source[i] === ',' && !comments.some((c) => c[0] <= i && i < c[1])) return i;
  }
  return undefined;
}

function findClosingBracket(source: string, start: number): number | undefined {
  const comments = findComments(source, start, source.length);
  for (let i = start; i < source.length; i++) {
    if (comments.some((c) => c[0] <= i && i < c[1])) continue;
    if (source[i] === ']') return i;
  }
  return undefined;
}

/** A deletion that leaves its line blank takes the line; one that leaves it ending in spaces takes them. */
function extendToLine(source: string, file: string, start: number, end: number): SourceEdit {
  let after = end;
  while (after < source.length && (source[after] === ' ' || source[after] === '\t')) after++;
  const lineEnd = source[after] === '\n' || source[after] === '\r' || after >= source.length;
  if (!lineEnd) return { file, start, end: after, text: '' };
  let before = start;
  while (before > 0 && (source[before - 1] === ' ' || source[before - 1] === '\t')) before--;
  if (before === 0 || source[before - 1] === '\n') {
    const newline = source.startsWith('\r\n', after) ? 2 : source[after] === '\n' ? 1 : 0;
    return { file, start: before, end: after + newline, text: '' };
  }
  return { file, start: before, end: after, text: '' };
}

/** Merge deletions that touch or overlap. */
function mergeEdits(edits: readonly SourceEdit[]): SourceEdit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  const out: SourceEdit[] = [];
  for (const edit of sorted) {
    const last = out[out.length - 1];
    if (last && last.end >= edit.start) out[out.length - 1] = { ...last, end: Math.max(last.end, edit.end) };
    else out.push(edit);
  }
  return out;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);
}

/** Delete characters inside the literals that wrote them; runs of one literal become one source range. */
function buildCharDeletions(target: EditTarget, ranges: readonly Range[], shared: ReadonlySet<Node>): EditResult {
  const edits: SourceEdit[] = [];
  for (const range of ranges) {
    let open: { node: Node; start: number; end: number } | undefined;
    const flush = () => {
      if (open && open.end > open.start) edits.push({ file: target.file, start: open.start, end: open.end, text: '' });
      open = undefined;
    };
    for (const piece of target.text.pieces) {
      const a = Math.max(range[0], piece.start);
      const b = Math.min(range[1], piece.end);
      if (a >= b) continue;
      if (piece.externalFile !== undefined || !piece.sourceOffsets) {
        flush();
        const nested = buildExternalEdits(target, piece, [[a - piece.start, b - piece.start]], undefined);
        if (!nested.ok) return nested;
        edits.push(...nested.edits);
        continue;
      }
      if (shared.has(piece.node)) return { ok: false, reason: 'text written once but used twice in the description' };
      const start = piece.sourceOffsets[a - piece.start];
      const end = piece.sourceOffsets[b - piece.start];
      if (open && open.node === piece.node) open.end = end;
      else {
        flush();
        open = { node: piece.node, start, end };
      }
    }
    flush();
  }
  return { ok: true, edits };
}

function buildExternalEdits(target: EditTarget, piece: TextPiece, ranges: readonly Range[], insertion: Insertion | undefined): EditResult {
  const external = target.getExternal(piece);
  if (!external) return { ok: false, reason: UNEDITABLE };
  if (external.text.value.length !== piece.end - piece.start) return { ok: false, reason: 'an imported constant does not match its declaration' };
  return buildTextEdits({ ...external, getExternal: target.getExternal }, ranges, insertion);
}

function buildInsertion(target: EditTarget, insertion: Insertion, shared: ReadonlySet<Node>): EditResult {
  const index = insertion.at - 1;
  const piece = target.text.pieces.find((p) => p.start <= index && index < p.end);
  if (!piece) return { ok: false, reason: 'no text to append the pointer to' };
  if (piece.externalFile !== undefined || !piece.sourceOffsets) {
    return buildExternalEdits(target, piece, [], { at: insertion.at - piece.start, text: insertion.text });
  }
  if (shared.has(piece.node)) return { ok: false, reason: 'the pointer would land in text used twice' };
  const position = piece.sourceOffsets[index - piece.start + 1];
  const escaped = escapeFor(piece.node, insertion.text);
  if (escaped === undefined) return { ok: false, reason: 'the pointer cannot be written into this kind of string' };
  return { ok: true, edits: [{ file: target.file, start: position, end: position, text: escaped }] };
}

interface Site {
  /** The source that writes a part of the text (for a `${…}` part, the `${` and `}` included). */
  readonly range: Range;
  /** The part sits inside a template literal, so its replacement is template text, not an expression. */
  readonly template: boolean;
}

const referenceCounts = new WeakMap<Program, Map<string, number>>();

/** How often a name is read in a file (declarations, property keys and member names do not count). */
export function countReferences(program: Program, name: string): number {
  let counts = referenceCounts.get(program);
  if (!counts) {
    const found = new Map<string, number>();
    walk(program, (node, parent) => {
      if (node.type !== 'Identifier' || !parent) return;
      if (parent.type === 'VariableDeclarator' && parent.id === node) return;
      if ((parent.type === 'Property' || parent.type === 'MemberExpression') && !parent.computed && (parent.type === 'Property' ? parent.key === node && !parent.shorthand : parent.property === node)) return;
      if (parent.type === 'ImportSpecifier' || parent.type === 'ImportDefaultSpecifier' || parent.type === 'ImportNamespaceSpecifier') return;
      found.set(node.name, (found.get(node.name) ?? 0) + 1);
    });
    counts = found;
    referenceCounts.set(program, counts);
  }
  return counts.get(name) ?? 0;
}

/** Whether another module in the same folder imports a name too (the text behind it is shared). */
function isImportedNextDoor(file: string, name: string): boolean {
  let names: string[];
  try {
    names = readdirSync(path.dirname(file));
  } catch {
    return false;
  }
  const pattern = new RegExp(`\\bimport\\s[^;]*\\b${name.replace(/\$/g, "\\$")}\\b[^;]*\\bfrom\\b`);
  return names.some((name_) => {
    const other = path.join(path.dirname(file), name_);
    if (other === file || !/\.(?:[cm]?[jt]s|[jt]sx)$/.test(name_)) return false;
    try {
      return pattern.test(readSource(other));
    } catch {
      return false;
    }
  });
}

/** Remove the import of a name (the whole declaration when it is the only name imported). */
function findImportRemoval(program: Program, file: string, name: string): SourceEdit | undefined {
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration' || statement.importKind === 'type') continue;
    const index = statement.specifiers.findIndex((specifier) => specifier.local.name === name);
    if (index < 0) continue;
    let source: string;
    try {
      source = readSource(file);
    } catch {
      return undefined;
    }
    const specifiers = statement.specifiers;
    if (specifiers.length === 1) {
      const end = source.startsWith('\r\n', statement.range[1]) ? statement.range[1] + 2 : source[statement.range[1]] === '\n' ? statement.range[1] + 1 : statement.range[1];
      return { file, start: statement.range[0], end, text: '' };
    }
    if (specifiers.some((specifier) => specifier.type !== 'ImportSpecifier')) return undefined;
    const specifier = specifiers[index];
    if (index + 1 < specifiers.length) return { file, start: specifier.range[0], end: specifiers[index + 1].range[0], text: '' };
    return { file, start: specifiers[index - 1].range[1], end: specifier.range[1], text: '' };
  }
  return undefined;
}

function quoteString(text: string): string {
  return `'${escapeInQuotes(text, "'")}'`;
}

function escapeInQuotes(text: string, quote: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .split(quote)
    .join(`\\${quote}`)
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeTemplate(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${').replace(/\r/g, '\\r');
}

/** Write text inside a literal the way that literal is written. */
function escapeFor(node: Node, text: string): string | undefined {
  const escapeControl = (s: string) => s.replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');
  if (node.type === 'Literal' && typeof node.raw === 'string') {
    const quote = node.raw[0];
    if (quote !== '"' && quote !== "'") return undefined;
    return escapeControl(text.replace(/\\/g, '\\\\').split(quote).join(`\\${quote}`));
  }
  if (node.type === 'TemplateElement') return text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
  return undefined;
}

function isInside(range: Range, ranges: readonly Range[]): boolean {
  return ranges.some((r) => r[0] <= range[0] && range[1] <= r[1]);
}

function mergeRanges(ranges: readonly Range[]): Range[] {
  const sorted = [...ranges].filter((r) => r[1] > r[0]).sort((a, b) => a[0] - b[0]);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && last[1] >= r[0]) out[out.length - 1] = [last[0], Math.max(last[1], r[1])];
    else out.push(r);
  }
  return out;
}

/** `ranges` minus `removed`, both sorted. */
function subtractRanges(ranges: readonly Range[], removed: readonly Range[]): Range[] {
  let current: Range[] = [...ranges];
  for (const cut of removed) {
    const next: Range[] = [];
    for (const r of current) {
      if (cut[1] <= r[0] || r[1] <= cut[0]) next.push(r);
      else {
        if (r[0] < cut[0]) next.push([r[0], cut[0]]);
        if (cut[1] < r[1]) next.push([cut[1], r[1]]);
      }
    }
    current = next;
  }
  return current;
}

/** Apply non-overlapping edits to one file's text (insertions at a deletion's start go first). */
export function applyEdits(code: string, edits: readonly SourceEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || (a.end - a.start) - (b.end - b.start));
  let out = '';
  let cursor = 0;
  for (const edit of sorted) {
    if (edit.start < cursor) throw new Error(`overlapping edits at ${edit.start}`);
    out += code.slice(cursor, edit.start) + edit.text;
    cursor = edit.end;
  }
  return out + code.slice(cursor);
}
