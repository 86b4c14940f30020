#!/usr/bin/env node
/**
 * The classifier and slim's selection on the labelled sets named in sets.json (each with its role: train,
 * dev, test).
 *
 *   npx tsc -b
 *   node test/realworld/score-labels.mjs                       # every train and dev set, one line each
 *   node test/realworld/score-labels.mjs --role test           # every set with role `test` (measured once per release)
 *   node test/realworld/score-labels.mjs --set labels-blind-5.json [--misses]   # one set: the table, and every miss
 *
 * Each line: the cues' precision and recall per category, and what slim's selection (core's planner, with
 * the shipped prose model) moves to markdown: guardrails and constraints moved, how-text moved.
 * packages/core/tests/prose-labels.test.ts and test/codemod-labels.test.ts run the same scoring and hold the floors.
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

function formatSelection(result) {
  const pct = (a, b) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);
  return `selection: guardrails moved ${result.guardrailsMoved}/${result.guardrails} (${pct(result.guardrailsMoved, result.guardrails)}), constraints ${result.constraintsMoved}/${result.constraints} (${pct(result.constraintsMoved, result.constraints)}), how ${result.howMoved}/${result.how} (${pct(result.howMoved, result.how)}), filler ${result.fillerMoved}/${result.filler}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const core = await import('@toolslim/core');
  const { checkLabels } = await import('../codemod-labels.mjs');
  const selectUnits = (text, extraSentences, pinned, options) => core.planDescription(text, { ...options, extraSentences, pinned }).selection;
  const args = process.argv.slice(2);
  const valueOf = (flag) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const role = valueOf('--role');
  const one = valueOf('--set');
  const files = one ? [one] : role ? findSetFiles(role) : [...findSetFiles('train'), ...findSetFiles('dev')];
  if (files.length === 0) {
    console.error(`No labelled set has role "${role}" in test/realworld/sets.json.`);
    process.exit(1);
  }
  const roles = new Map(readSets().map((set) => [set.file, set.role]));
  const total = { units: 0, guardrails: 0, guardrailsMoved: 0, constraints: 0, constraintsMoved: 0, how: 0, howMoved: 0, filler: 0, fillerMoved: 0 };
  for (const file of files) {
    const labels = readLabels(file);
    const score = scoreLabels(labels, core);
    const selection = checkLabels(labels, { selectUnits });
    for (const key of Object.keys(total)) total[key] += selection[key];
    if (one) console.log(formatTable(score));
    const p = score.perCategory;
    console.log(`${file} (${roles.get(file) ?? 'not in sets.json'}, ${labels.length} units): cues guardrail ${p.guardrail.precision.toFixed(3)}/${p.guardrail.recall.toFixed(3)}, constraint ${p.constraint.precision.toFixed(3)}/${p.constraint.recall.toFixed(3)}, how ${p.how.precision.toFixed(3)}/${p.how.recall.toFixed(3)}; ${formatSelection(selection)}`);
    if (one && args.includes('--misses')) {
      for (const { label, got } of score.misses) {
        console.log(`\n[${label.category} → ${got.category} (${got.cueSource}: ${got.cue})] ${label.repo} ${label.tool} @${label.index}\n  ${label.text.slice(0, 300).replace(/\n/g, '\n  ')}`);
      }
    }
  }
  if (files.length > 1) console.log(`all ${files.length} sets: ${formatSelection(total)}`);
}
