// The codemod's selection on the hand-labelled units of test/realworld/labels.json (issue 11): no
// guardrail and no constraint moves to markdown, and at least 90% of how-text does. The descriptions are
// rebuilt from the labelled units (test/codemod-labels.mjs says how); docs/codemod.md reports the numbers.
import { describe, expect, test } from 'vitest';
import { selectUnits } from '../packages/codemod/src/select.js';
// @ts-expect-error -- a plain ES module shared with the command line (node test/codemod-labels.mjs)
import { checkLabels, findRuns, buildDescription, readLabels } from './codemod-labels.mjs';

interface Label {
  readonly text: string;
  readonly repo: string;
  readonly tool: string;
  readonly category: string;
  readonly index: number;
  /** For a unit split out of a block: the block's index, and the tags opened just before it. */
  readonly block?: number;
  readonly open?: readonly string[];
}
interface Row {
  readonly label: Label;
  readonly anyMoved: boolean;
  readonly allMoved: boolean;
}

/**
 * Constraints the classifier reads as how-text (core's prose classifier, not the selection): each is
 * named so that a new one fails the test.
 */
const KNOWN_CONSTRAINT_MISSES: string[] = [];

describe('selection on the labelled set', () => {
  const labels = readLabels() as Label[];
  const result = checkLabels(labels, { selectUnits }) as { rows: Row[]; how: number; howMoved: number; filler: number; fillerMoved: number };
  const moved = (category: string) => result.rows.filter((row) => row.label.category === category && row.anyMoved).map((row) => row.label.text);

  test('every labelled unit is found in its rebuilt description', () => {
    expect(result.rows).toHaveLength(labels.length);
    for (const run of findRuns(labels) as Label[][]) {
      const { text, spans } = buildDescription(run) as { text: string; spans: Array<{ label: Label; start: number; end: number }> };
      for (const span of spans) expect(text.slice(span.start, span.end)).toBe(span.label.text);
    }
  });

  test('a unit split out of a block is rebuilt between its tags and read as one unit (or inside one)', () => {
    const runs = (findRuns(labels) as Label[][]).filter((run) => run.some((label) => label.block !== undefined));
    expect(runs.length).toBeGreaterThanOrEqual(8);
    for (const run of runs) {
      const { text, spans } = buildDescription(run) as { text: string; spans: Array<{ label: Label; start: number; end: number }> };
      const selection = selectUnits(text, 2)!;
      const units = [...selection.kept, ...selection.moved, ...selection.toParams.map((move) => move.unit)];
      for (const span of spans.filter((s) => s.label.block !== undefined)) {
        const opened = (span.label.open ?? []).every((tag) => text.lastIndexOf(tag, span.start) >= 0);
        expect(opened, span.label.text).toBe(true);
        // A part that is itself a block (an `<example>`) may be opened by the selection: its units then cover it.
        const covered = units.filter((unit) => unit.start < span.end && span.start < unit.end);
        expect(covered.every((unit) => span.start <= unit.start && unit.end <= span.end) || covered.some((unit) => unit.start <= span.start && span.end <= unit.end), span.label.text).toBe(true);
      }
    }
  });

  test('no guardrail moves to markdown', () => {
    expect(moved('guardrail')).toEqual([]);
  });

  test('no constraint moves to markdown, apart from the classifier misses named here', () => {
    expect(moved('constraint')).toEqual(KNOWN_CONSTRAINT_MISSES);
  });

  test('at least 90% of how-text and of filler moves', () => {
    expect(result.howMoved / result.how).toBeGreaterThanOrEqual(0.9);
    expect(result.fillerMoved / result.filler).toBeGreaterThanOrEqual(0.9);
  });
});
