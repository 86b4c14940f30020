// Precision and recall of the classifier on the hand-labelled units of test/realworld/labels.json
// (docs/how-categories.md reports the numbers; `node test/realworld/score-labels.mjs` prints them).
import { describe, expect, it } from 'vitest';
import { classifySentence, splitSentences } from '../src/index.js';
// @ts-expect-error: a plain ES module without types, shared with the command-line script.
import { readLabels, readSets, scoreLabels } from '../../../test/realworld/score-labels.mjs';

interface Score {
  total: number;
  perCategory: Record<string, { labelled: number; precision: number; recall: number }>;
  moved: { precision: number; recall: number };
}

describe('labelled units of the corpus', () => {
  const labels = readLabels() as Array<{ text: string; repo: string; tool: string; category: string }>;
  const score = scoreLabels(labels, { splitSentences, classifySentence }) as Score;

  it('has at least 1,000 units, each with text, repo, tool and one of the six categories', () => {
    expect(labels.length).toBeGreaterThanOrEqual(1000);
    for (const label of labels) {
      expect(label.text && label.repo && label.tool).toBeTruthy();
      expect(['what', 'when', 'guardrail', 'constraint', 'how', 'filler']).toContain(label.category);
    }
  });

  it('keeps guardrails and constraints (recall at least 0.95)', () => {
    expect(score.perCategory.guardrail.recall).toBeGreaterThanOrEqual(0.95);
    expect(score.perCategory.constraint.recall).toBeGreaterThanOrEqual(0.95);
  });

  it('finds how-text with precision and recall at least 0.9', () => {
    expect(score.perCategory.how.precision).toBeGreaterThanOrEqual(0.9);
    expect(score.perCategory.how.recall).toBeGreaterThanOrEqual(0.9);
    expect(score.moved.precision).toBeGreaterThanOrEqual(0.9);
    expect(score.moved.recall).toBeGreaterThanOrEqual(0.9);
  });
});

// Floors at the numbers reached (docs/how-categories.md gives the history): they keep each set from sliding
// back. labels.json is the set the cues were written on; held-out, blind and blind-2 were each measured
// before their misses were read (blind-2 in the round that made the cues general, issue 10). The next
// blind set gets no floor until it has been measured once.
const FLOORS: Record<string, { guardrail: number; constraint: number; howPrecision: number; howRecall: number }> = {
  // labels.json: guardrail 0.97 and how recall 0.94 since its mixed guardrail/constraint blocks are labelled as their units (issue 11)
  // round 3 (the safety policy: obligation words about an input, requirement lead-ins, dependencies) keeps a few
  // how units with "must"/"do not" in them: how recall 0.94 → 0.93 here, 0.93 → 0.92 held-out, 0.97 → 0.94 blind
  // What omitting a parameter does, where its schema states no default ("If omitted, shows uncommitted
  // changes"), is read as a constraint the parameter keeps (issue 20, "What a parameter keeps"); the sets
  // labelled most of those units how: how recall 0.93 → 0.92 here, blind-3 0.79 → 0.75, blind-4 0.76 → 0.71.
  // A default value the schema does not state ("Defaults to 'dev'." on an optional string with no
  // `default`) is read the same way: the guide calls how only the defaults a schema already states, but
  // the sets labelled these how too: how recall 0.92 → 0.91 here and held-out, blind-2 0.96 → 0.93,
  // blind-3 0.75 → 0.73 (precision 0.72 → 0.71).
  'labels.json': { guardrail: 0.97, constraint: 0.99, howPrecision: 0.95, howRecall: 0.91 },
  // session 5: 20 units that only restate the schema's enum were relabelled (constraint → what/how, listed in
  // docs/how-categories.md); the constraints left are fewer, so one miss weighs more (held-out 0.97 → 0.96,
  // blind 0.95 → 0.94, blind-2 0.93 → 0.92 with the same units missed)
  'labels-held-out.json': { guardrail: 1, constraint: 0.96, howPrecision: 0.95, howRecall: 0.91 },
  'labels-blind.json': { guardrail: 1, constraint: 0.94, howPrecision: 0.91, howRecall: 0.94 },
  'labels-blind-2.json': { guardrail: 1, constraint: 0.92, howPrecision: 0.99, howRecall: 0.93 },
  // blind-3 (measured at main: guardrail 0.487, constraint 0.418, how precision 0.602), its misses read for the
  // safety policy of round 3, which works from principles (obligation, requirement lead-ins, dependencies), not its phrases;
  // session 5's schema reading and destructive effects: guardrail 0.67 → 0.85, constraint 0.67 → 0.68
  'labels-blind-3.json': { guardrail: 0.84, constraint: 0.68, howPrecision: 0.71, howRecall: 0.72 },
  // blind-4 (never read until session 5; measured then at guardrail 0.375, constraint 0.456, how 0.743 / 0.748),
  // read for the schema reading and destructive effects of session 5
  'labels-blind-4.json': { guardrail: 0.84, constraint: 0.58, howPrecision: 0.75, howRecall: 0.71 },
};

it('floors only sets that sets.json names, never a test set', () => {
  const roles = new Map((readSets() as Array<{ file: string; role: string }>).map((set) => [set.file, set.role]));
  for (const name of Object.keys(FLOORS)) expect(['train', 'dev']).toContain(roles.get(name));
});

describe.each(Object.entries(FLOORS))('%s (floors at the numbers reached)', (name, floor) => {
  const score = scoreLabels(readLabels(name), { splitSentences, classifySentence }) as Score;

  it('stays above its floors', () => {
    expect(score.perCategory.guardrail.recall).toBeGreaterThanOrEqual(floor.guardrail);
    expect(score.perCategory.constraint.recall).toBeGreaterThanOrEqual(floor.constraint);
    expect(score.perCategory.how.precision).toBeGreaterThanOrEqual(floor.howPrecision);
    expect(score.perCategory.how.recall).toBeGreaterThanOrEqual(floor.howRecall);
  });
});
