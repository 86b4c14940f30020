/**
 * Which units of a description stay and which move. A tool keeps its first unit and up to two more
 * what/when sentences; a parameter keeps its first unit. Guardrails and constraints always stay, where
 * the call sees them (docs/how-categories.md); everything else (how-text, filler, detail past the opening)
 * moves, verbatim and in order.
 */
import { classifySentences, isProtected, type ClassifiedSentence } from '@toolslim/core';

export type Range = readonly [start: number, end: number];

export interface Selection {
  readonly kept: readonly ClassifiedSentence[];
  readonly moved: readonly ClassifiedSentence[];
  /** Value ranges to delete so that only the kept units (and the spaces between them) remain. */
  readonly deleteRanges: readonly Range[];
  /** The moved text in runs: units that were adjacent stay together with their original separators. */
  readonly movedChunks: readonly string[];
  /** Value offset just after the last kept unit (where a pointer goes). */
  readonly keptEnd: number;
}

/**
 * Select the units of a description (`parameter` for a parameter's). Units that overlap `pinned` (an
 * existing pointer) always stay and do not count as kept sentences. Undefined when nothing would move.
 */
export function selectUnits(value: string, extraSentences: number, pinned?: Range, options: { readonly parameter?: boolean } = {}): Selection | undefined {
  const units = classifySentences(value, options);
  if (units.length === 0) return undefined;
  const isPinned = (unit: ClassifiedSentence) => pinned !== undefined && unit.start < pinned[1] && pinned[0] < unit.end;
  const keptIndexes = new Set<number>();
  let counted = 0;
  // Extra what/when sentences come from the opening paragraph only: past a blank line or a markup block
  // the text is a section of details (a "Response shape:" paragraph may well contain a "what" sentence).
  let inOpening = true;
  units.forEach((unit, i) => {
    if (i > 0 && (unit.markup || /\n[ \t]*\n/.test(value.slice(units[i - 1].end, unit.start)))) inOpening = false;
    if (isPinned(unit) || isProtected(unit)) keptIndexes.add(i);
    else if (counted === 0 || (inOpening && counted <= extraSentences && (unit.category === 'what' || unit.category === 'when'))) {
      keptIndexes.add(i);
      counted++;
    }
  });
  if (keptIndexes.size === units.length) return undefined;
  return buildSelection(value, units, keptIndexes, value.length);
}

function buildSelection(value: string, units: readonly ClassifiedSentence[], keptIndexes: ReadonlySet<number>, analysedEnd: number): Selection {
  const kept = units.filter((_, i) => keptIndexes.has(i));
  const moved = units.filter((_, i) => !keptIndexes.has(i));
  const lastKept = Math.max(...keptIndexes);
  const deleteRanges: Range[] = [];
  const movedChunks: string[] = [];
  let chunkStart: number | undefined;
  for (let i = 0; i < units.length; i++) {
    if (keptIndexes.has(i)) continue;
    const unit = units[i];
    // A moved unit takes the space after it along; after the last kept unit everything to the end goes.
    const start = i === lastKept + 1 ? units[lastKept].end : unit.start;
    const end = i > lastKept ? analysedEnd : units[i + 1].start;
    extendRanges(deleteRanges, [start, end]);
    chunkStart ??= unit.start;
    const isRunEnd = i + 1 >= units.length || keptIndexes.has(i + 1);
    if (isRunEnd) {
      // Adjacent moved units keep the text between them exactly as written (list items stay list items).
      movedChunks.push(value.slice(chunkStart, unit.end));
      chunkStart = undefined;
    }
  }
  return { kept, moved, deleteRanges, movedChunks, keptEnd: units[lastKept].end };
}

/** Append a range, merging it with the previous one when they touch. */
function extendRanges(ranges: Range[], range: Range): void {
  const last = ranges[ranges.length - 1];
  if (last && last[1] >= range[0]) ranges[ranges.length - 1] = [last[0], Math.max(last[1], range[1])];
  else ranges.push(range);
}
