import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { StaticText } from '@toolslim/core';

/**
 * The source location of the units `[start, end)` of a description, for one report over several units.
 * A text built from pieces written in different places (a template with `${CONSTANT}`, a `+` chain of
 * constants) is mapped piece by piece and the range stops before a piece that goes backwards or jumps
 * elsewhere in the file, so a reported range always ends after it starts and covers text that is
 * written where the squiggle is. Undefined when the first unit is not written in this file (then the
 * report sits on the whole description node).
 */
export function getUnitsLoc(sourceCode: Readonly<TSESLint.SourceCode>, text: StaticText, start: number, end: number): TSESTree.SourceLocation | undefined {
  const pieces = text.pieces.filter((piece) => piece.end > start && piece.start < end);
  const first = pieces[0];
  if (first?.sourceOffsets === undefined || first.externalFile !== undefined) return undefined;
  const from = first.sourceOffsets[Math.max(start, first.start) - first.start];
  let to = first.sourceOffsets[Math.min(end, first.end) - first.start];
  for (const piece of pieces.slice(1)) {
    if (piece.sourceOffsets === undefined || piece.externalFile !== undefined) break;
    const pieceFrom = piece.sourceOffsets[0];
    // The next piece must follow in the source within the same expression (no jump to a declaration).
    if (pieceFrom < to || sourceCode.text.slice(to, pieceFrom).includes(";")) break;
    to = piece.sourceOffsets[Math.min(end, piece.end) - piece.start];
  }
  if (to <= from) return undefined;
  return { start: sourceCode.getLocFromIndex(from), end: sourceCode.getLocFromIndex(to) };
}
