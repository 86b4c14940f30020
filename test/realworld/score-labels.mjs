#!/usr/bin/env node
/**
 * Precision and recall of the sentence classifier per category, on the labelled units in labels.json
 * (units of tool and parameter descriptions from the ten corpus repositories, labelled by hand).
 *
 *   node test/realworld/score-labels.mjs            # table (needs a build: npx tsc -b)
 *   node test/realworld/score-labels.mjs --misses   # also every unit the classifier gets wrong
 *   node test/realworld/score-labels.mjs --held-out # the second set (labels-held-out.json), used for tuning once
 *   node test/realworld/score-labels.mjs --blind    # the third set (labels-blind.json), measured blind once, then tuned on
 *   node test/realworld/score-labels.mjs --blind-2  # the fourth set (labels-blind-2.json, published npm packages), never tuned on
 *   node test/realworld/score-labels.mjs --blind-3  # the fifth set (labels-blind-3.json, twelve more published servers), never tuned on
 *   node test/realworld/score-labels.mjs --blind-4  # the sixth set (labels-blind-4.json, seventeen more published servers), read in session 5
 *   node test/realworld/score-labels.mjs --blind-5  # the seventh set (labels-blind-5.json, thirteen more published servers), never tuned on
 *
 * packages/core/tests/prose-labels.test.ts runs the same scoring on the sources and holds the thresholds.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CATEGORIES = ['what', 'when', 'guardrail', 'constraint', 'how', 'filler'];

/** The labelled sets and their roles (train, dev, test), as test/realworld/sets.json gives them. */
export function readSets() {
  return JSON.parse(readFileSync(fileURLToPath(new URL('./sets.json', import.meta.url)), 'utf8')).sets;
}

/** The files of the sets with `role`, in the order sets.json lists them. */
export function findSetFiles(role) {
  return readSets()
    .filter((set) => set.role === role)
    .map((set) => set.file);
}

/** The units of one labelled set (a file named in sets.json, relative to test/realworld). */
export function readLabels(name = 'labels.json') {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`./${name}`, import.meta.url)), 'utf8'));
}

/**
 * Classifies one labelled unit in the context it was labelled in (its position, the first unit of its
 * description, the lead-in of its list, its parameter's schema); returns the unit as split, its context and the cues' reading.
 */
export function classifyLabel(label, { splitSentences, classifySentence }) {
  const toUnit = (text) => {
    const units = splitSentences(text);
    return units.length === 1 ? units[0] : { text, start: 0, end: text.length, markup: false };
  };
  const unit = toUnit(label.text);
  const header = label.header === undefined ? undefined : classifySentence(toUnit(label.header), { index: 1, next: { ...unit } });
  const context = {
    // A unit split out of a block (`block`, `part`) is read as the codemod reads a block's units: past the opening sentences.
    index: label.block === undefined ? label.index : 3 + label.part,
    first: label.first,
    header: header && { text: header.text, category: header.category },
    parameter: label.tool.includes('.'),
    // The parameter's schema, where attach-schemas.mjs found it in the server's recorded tools/list.
    schema: label.schema === undefined ? undefined : { schema: label.schema, required: label.required, name: label.tool.split('.').pop() },
  };
  return { unit, header, context, got: classifySentence(unit, context) };
}

/**
 * Classifies each labelled unit in the context it was labelled in (its position, the first unit of its
 * description, the lead-in of its list; for a unit of a block labelled as its units, its place in the
 * block) and counts hits per category.
 */
export function scoreLabels(labels, core) {
  const rows = labels.map((label) => ({ label, got: classifyLabel(label, core).got }));
  const perCategory = Object.fromEntries(
    CATEGORIES.map((category) => {
      const truePositives = rows.filter((row) => row.label.category === category && row.got.category === category).length;
      const predicted = rows.filter((row) => row.got.category === category).length;
      const actual = rows.filter((row) => row.label.category === category).length;
      return [category, { labelled: actual, predicted, precision: predicted ? truePositives / predicted : 1, recall: actual ? truePositives / actual : 1 }];
    }),
  );
  // How-text as the rules and the codemod see it: what moves (how and filler) against what stays.
  const isMoved = (category) => category === 'how' || category === 'filler';
  const movedHits = rows.filter((row) => isMoved(row.label.category) && isMoved(row.got.category)).length;
  const movedPredicted = rows.filter((row) => isMoved(row.got.category)).length;
  const movedActual = rows.filter((row) => isMoved(row.label.category)).length;
  const moved = { labelled: movedActual, predicted: movedPredicted, precision: movedHits / movedPredicted, recall: movedHits / movedActual };
  const misses = rows.filter((row) => row.label.category !== row.got.category);
  return { total: rows.length, perCategory, moved, misses };
}

export function formatTable(score) {
  const pct = (value) => value.toFixed(3);
  const lines = ['| category | labelled | predicted | precision | recall |', '| --- | ---: | ---: | ---: | ---: |'];
  for (const [category, row] of Object.entries(score.perCategory)) {
    lines.push(`| ${category} | ${row.labelled} | ${row.predicted} | ${pct(row.precision)} | ${pct(row.recall)} |`);
  }
  const m = score.moved;
  lines.push(`| how + filler (moved) | ${m.labelled} | ${m.predicted} | ${pct(m.precision)} | ${pct(m.recall)} |`);
  return `${lines.join('\n')}\n\n${score.total} units, ${score.total - score.misses.length} classified as labelled.`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const core = await import('@toolslim/core');
  const sets = { '--held-out': 'labels-held-out.json', '--blind': 'labels-blind.json', '--blind-2': 'labels-blind-2.json', '--blind-3': 'labels-blind-3.json', '--blind-4': 'labels-blind-4.json', '--blind-5': 'labels-blind-5.json' };
  const name = Object.entries(sets).find(([flag]) => process.argv.includes(flag))?.[1] ?? 'labels.json';
  const score = scoreLabels(readLabels(name), core);
  console.log(formatTable(score));
  if (process.argv.includes('--misses')) {
    for (const { label, got } of score.misses) {
      console.log(`\n[${label.category} → ${got.category} (${got.cueSource}: ${got.cue})] ${label.repo} ${label.tool} @${label.index}\n  ${label.text.slice(0, 300).replace(/\n/g, '\n  ')}`);
    }
  }
}
