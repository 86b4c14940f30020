import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { StaticText, TextPiece } from '@toolslim/core';

/**
 * The source range `[start, end)` of the characters `[start, end)` of an evaluated text, read from the
 * per-character offsets core keeps for every piece. Undefined when either end lies in text that is not
 * written in this file (an imported constant).
 */
export function getTextSourceRange(text: StaticText, start: number, end: number): [number, number] | undefined {
  const first = findPieceAt(text.pieces, start, false);
  const last = findPieceAt(text.pieces, end, true);
  if (!first?.sourceOffsets || !last?.sourceOffsets) return undefined;
  return [first.sourceOffsets[start - first.start], last.sourceOffsets[end - last.start]];
}

/** The piece holding character `offset` (or, with `isEnd`, the piece a range ending at `offset` ends in). */
function findPieceAt(pieces: readonly TextPiece[], offset: number, isEnd: boolean): TextPiece | undefined {
  return pieces.find((piece) => (isEnd ? piece.start < offset && offset <= piece.end : piece.start <= offset && offset < piece.end));
}

/** The line/column range of part of a text, for reports that sit on one sentence of a long string. */
export function getTextLoc(sourceCode: Readonly<TSESLint.SourceCode>, text: StaticText, start: number, end: number): TSESTree.SourceLocation | undefined {
  const range = getTextSourceRange(text, start, end);
  if (!range) return undefined;
  return { start: sourceCode.getLocFromIndex(range[0]), end: sourceCode.getLocFromIndex(range[1]) };
}

/** True when `[start, end)` of the text lies inside one literal written in this file, so it can be edited in place. */
export function isEditableSpan(text: StaticText, start: number, end: number): boolean {
  const first = findPieceAt(text.pieces, start, false);
  return first !== undefined && first.sourceOffsets !== undefined && end <= first.end && first.externalFile === undefined;
}
