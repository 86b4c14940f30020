// The codemod's selection (core's planner with the shipped prose model) on hand-labelled units: on
// labels.json (a training set) and on the dev sets of test/realworld/sets.json, on which the move
// threshold was chosen. The descriptions are rebuilt from the labelled units (test/codemod-labels.mjs says
// how); docs/how-categories.md reports the numbers per role.
import { describe, expect, test } from 'vitest';
import { selectUnits } from '../packages/codemod/src/select.js';
// @ts-expect-error -- a plain ES module shared with the command line (node test/codemod-labels.mjs)
import { checkLabels, findRuns, buildDescription, readLabels } from './codemod-labels.mjs';
// @ts-expect-error -- a plain ES module shared with the command line (node test/realworld/score-labels.mjs)
import { findSetFiles } from './realworld/score-labels.mjs';

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
      const selection = selectUnits(text, 2);
      if (!selection) continue;
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

  test('at most one constraint in a hundred moves to markdown', () => {
    expect(moved('constraint').length).toBeLessThanOrEqual(labels.filter((label) => label.category === 'constraint').length / 100);
  });

  test('more than half of the how-text and of the filler moves', () => {
    expect(result.howMoved / result.how).toBeGreaterThanOrEqual(0.55);
    expect(result.fillerMoved / result.filler).toBeGreaterThanOrEqual(0.5);
  });
});

interface Totals {
  guardrails: number;
  guardrailsMoved: number;
  constraints: number;
  constraintsMoved: number;
  how: number;
  howMoved: number;
}

describe('selection on the dev sets (the move threshold was chosen there)', () => {
  const totals = (findSetFiles('dev') as string[])
    .map((file) => checkLabels(readLabels(file), { selectUnits }) as Totals)
    .reduce((sum, result) => ({
      guardrails: sum.guardrails + result.guardrails,
      guardrailsMoved: sum.guardrailsMoved + result.guardrailsMoved,
      constraints: sum.constraints + result.constraints,
      constraintsMoved: sum.constraintsMoved + result.constraintsMoved,
      how: sum.how + result.how,
      howMoved: sum.howMoved + result.howMoved,
    }));

  test('moves at most 3% of the guardrails and 5% of the constraints to markdown', () => {
    expect(totals.guardrailsMoved / totals.guardrails).toBeLessThanOrEqual(0.03);
    expect(totals.constraintsMoved / totals.constraints).toBeLessThanOrEqual(0.05);
  });

  // 43% when the threshold was chosen; 39% once a default the schema does not state stays with its
  // parameter (the dev sets labelled those defaults how); 41% with sealed-3 trained on and a harm topic's
  // veto turned into a stricter threshold (session 8).
  test('still moves at least 40% of the how-text', () => {
    expect(totals.howMoved / totals.how).toBeGreaterThanOrEqual(0.4);
  });
});
