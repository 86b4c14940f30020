/**
 * What slimming one tool saves in what it publishes, and whether that pays for the pointer it adds. slim
 * decides with it which tools it edits, and `no-how-in-description` reports only what slim would move,
 * so both read the same arithmetic.
 */
import type { Range, Selection } from './plan.js';

/** A tool that would publish fewer bytes than this less is left alone (the pointer alone is ~45). */
export const MIN_SAVED_BYTES = 40;

/** An insertion into a text: `text` goes at offset `at`. */
export interface TextInsertion {
  readonly at: number;
  readonly text: string;
}

/** Bytes of a text as `tools/list` sends it (a JSON string). */
export function getPublishedLength(text: string): number {
  return Buffer.byteLength(JSON.stringify(text));
}

/** `value` with the ranges deleted and the insertion made. */
export function applyToValue(value: string, deleteRanges: readonly Range[], insertion: TextInsertion | undefined): string {
  let out = '';
  let cursor = 0;
  const cuts = [...deleteRanges];
  if (insertion) cuts.push([insertion.at, insertion.at]);
  cuts.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const [start, end] of cuts) {
    out += value.slice(cursor, Math.max(cursor, start));
    if (insertion && start === insertion.at && end === insertion.at) out += insertion.text;
    cursor = Math.max(cursor, end);
  }
  return out + value.slice(cursor);
}

/** Where the pointer goes: once, after the kept text (with a full stop before it when that text has none). */
export function buildPointerInsertion(value: string, selection: Selection | undefined, pointer: string): TextInsertion {
  const at = selection ? selection.keptEnd : value.trimEnd().length;
  // Kept text that ends without a stop ("Find keys in the data", "… (three levels)") gets one; a closing
  // bracket or quote after the stop ("(see above.)") counts as ended.
  const stop = /(?:[.!?:;…][)\]"'`]*|>)$/.test(value.slice(0, at).trimEnd()) ? '' : '.';
  return { at, text: `${stop} ${pointer}` };
}

/** Where constraints given to a parameter go: after its kept text, as sentences of their own. */
export function buildConstraintInsertion(value: string, at: number, constraints: readonly string[]): TextInsertion {
  const kept = value.slice(0, at).trimEnd();
  const separator = /[.!?…]["'`)\]]*$/.test(kept) ? ' ' : '. ';
  return { at, text: `${separator}${constraints.join(' ')}` };
}

/** One text of a tool and its planned selection. */
export interface PlannedText {
  readonly value: string;
  readonly selection: Selection | undefined;
}

/**
 * Published bytes a tool saves when its plans are carried out: the description loses what moves and
 * gains the pointer (unless it has one, or nothing goes to markdown); each parameter loses what moves and
 * gains the constraints given to it.
 */
export function countToolSaving(description: PlannedText & { readonly hasPointer: boolean }, params: ReadonlyMap<string, PlannedText>, pointer: string): number {
  const movesToMarkdown = [description, ...params.values()].some((text) => (text.selection?.moved.length ?? 0) > 0);
  const insertion = !description.hasPointer && movesToMarkdown ? buildPointerInsertion(description.value, description.selection, pointer) : undefined;
  let saved = getPublishedLength(description.value) - getPublishedLength(applyToValue(description.value, description.selection?.deleteRanges ?? [], insertion));
  for (const [key, param] of params) {
    const constraints = (description.selection?.toParams ?? []).filter((move) => move.param === key).map((move) => move.unit.text);
    const given = constraints.length > 0 ? buildConstraintInsertion(param.value, param.selection?.keptEnd ?? param.value.trimEnd().length, constraints) : undefined;
    saved += getPublishedLength(param.value) - getPublishedLength(applyToValue(param.value, param.selection?.deleteRanges ?? [], given));
  }
  return saved;
}

/**
 * Whether a tool that saves `saved` bytes is slimmed: when it saves at least MIN_SAVED_BYTES, or anything
 * at all when `carried` (its text is shared with tools that are slimmed, or the author marked a move).
 */
export function isWorthSlimming(saved: number, carried = false): boolean {
  return saved >= MIN_SAVED_BYTES || (saved > 0 && carried);
}
