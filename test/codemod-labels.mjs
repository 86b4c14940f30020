#!/usr/bin/env node
/**
 * The codemod's selection on the hand-labelled units of test/realworld/labels.json (issue 11): which
 * labelled units would move to markdown. A guardrail or a constraint must never move there; how-text
 * should (at least 90% of it).
 *
 *   node test/codemod-labels.mjs      # one line of numbers (needs a build: npx tsc -b)
 *   node test/codemod-labels.mjs --misses
 *
 * Labels are units, not descriptions, so each description is rebuilt from its run of labelled units
 * (same repository and tool, consecutive indexes): units are joined with a space, a list item or a unit
 * after a lead-in (`…:`) on a new line, a markup block after a blank line. A list item's lead-in that is
 * not itself labelled is put back before it. A run that does not start at index 0 is preceded by its
 * description's first unit (the label's `first`) and a blank line, so it reads as the detail it was.
 * Parameter units (a tool id with a `.`) are selected as a parameter's description.
 *
 * A block unit that mixes categories is labelled as its units (`block`: the index of the block it came
 * from, `part`: its place in the block it sits in directly, `open` / `close`: the tags around it). They are
 * put back inside their tags: each tag on a line of its own, a list item or a unit after a lead-in on a new
 * line, prose after a list after a blank line, so the splitter finds the same units again.
 *
 * test/codemod-labels.test.ts holds the thresholds; docs/codemod.md reports the numbers.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s/;

/** Runs of labelled units that come from one description, in order. */
export function findRuns(labels) {
  const runs = [];
  let current;
  for (const label of labels) {
    const previous = current?.[current.length - 1];
    const sameBlock = label.block !== undefined && label.block === previous?.block;
    if (previous && previous.repo === label.repo && previous.tool === label.tool && (label.index === previous.index + 1 || sameBlock)) current.push(label);
    else {
      current = [label];
      runs.push(current);
    }
  }
  return runs;
}

/** The description text of a run, and where each labelled unit sits in it. */
export function buildDescription(run) {
  let text = '';
  const spans = [];
  let previousItem = false;
  let afterClose = false;
  const append = (unit, label) => {
    if (text !== '') {
      const previous = text.trimEnd();
      if (unit.startsWith('<') || afterClose) text += '\n\n';
      else if (label?.block !== undefined && previous.endsWith('>')) text += '\n';
      else if (LIST_ITEM.test(unit) || /:$/.test(previous) || /^#/.test(previous.split('\n').pop() ?? '')) text += '\n';
      else if (label?.block !== undefined && previousItem) text += '\n\n';
      else text += ' ';
    }
    if (label) spans.push({ label, start: text.length, end: text.length + unit.length });
    text += unit;
    previousItem = LIST_ITEM.test(unit);
    afterClose = false;
  };
  const appendPart = (label) => {
    for (const [i, tag] of (label.open ?? []).entries()) text += `${text === '' || text.endsWith('\n\n') ? '' : i === 0 || afterClose ? '\n\n' : '\n'}${tag}`;
    append(label.text, label);
    for (const tag of label.close ?? []) text += `\n${tag}`;
    afterClose = (label.close ?? []).length > 0;
  };
  if (run[0].index > 0 && run[0].first) text = `${run[0].first}\n\n`;
  const written = new Set();
  for (const label of run) {
    if (label.header !== undefined && !written.has(label.header) && !run.some((other) => other !== label && other.text === label.header)) {
      append(label.header);
      written.add(label.header);
    }
    if (label.block !== undefined) appendPart(label);
    else append(label.text, label);
  }
  // A parameter's schema, where attach-schemas.mjs found it: selection reads it as the codemod does.
  const withSchema = run.find((label) => label.schema !== undefined);
  const schema = withSchema && { schema: withSchema.schema, required: withSchema.required, name: withSchema.tool.split('.').pop() };
  return { text, spans, parameter: run[0].tool.includes('.'), schema };
}

/**
 * Select every rebuilt description with the codemod's `selectUnits` and say, per labelled unit, whether
 * any of it moves to markdown and whether all of it does.
 */
export function checkLabels(labels, { selectUnits, extraSentences = 2 }) {
  const rows = [];
  for (const run of findRuns(labels)) {
    const { text, spans, parameter, schema } = buildDescription(run);
    const selection = selectUnits(text, parameter ? 0 : extraSentences, undefined, { parameter, schema });
    const moved = selection ? selection.moved.map((unit) => [unit.start, unit.end]) : [];
    for (const span of spans) {
      const overlaps = moved.filter(([start, end]) => start < span.end && span.start < end);
      let covered = 0;
      for (const [start, end] of overlaps) covered += Math.min(end, span.end) - Math.max(start, span.start);
      const length = text.slice(span.start, span.end).replace(/\s/g, '').length;
      const movedChars = overlaps.reduce((sum, [start, end]) => sum + text.slice(Math.max(start, span.start), Math.min(end, span.end)).replace(/\s/g, '').length, 0);
      rows.push({ label: span.label, anyMoved: covered > 0, allMoved: length > 0 && movedChars >= length });
    }
  }
  const count = (filter) => rows.filter(filter).length;
  const of = (category) => rows.filter((row) => row.label.category === category);
  const how = of('how');
  const filler = of('filler');
  return {
    units: rows.length,
    guardrails: of('guardrail').length,
    guardrailsMoved: count((row) => row.label.category === 'guardrail' && row.anyMoved),
    constraints: of('constraint').length,
    constraintsMoved: count((row) => row.label.category === 'constraint' && row.anyMoved),
    how: how.length,
    howMoved: how.filter((row) => row.allMoved).length,
    filler: filler.length,
    fillerMoved: filler.filter((row) => row.allMoved).length,
    rows,
  };
}

export function readLabels(name = 'labels.json') {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`./realworld/${name}`, import.meta.url)), 'utf8'));
}

export function formatLine(result) {
  const pct = (a, b) => `${((100 * a) / b).toFixed(1)}%`;
  return (
    `${result.units} labelled units: guardrails moved to markdown ${result.guardrailsMoved} of ${result.guardrails}, ` +
    `constraints ${result.constraintsMoved} of ${result.constraints}; how moved ${result.howMoved} of ${result.how} (${pct(result.howMoved, result.how)}), ` +
    `filler ${result.fillerMoved} of ${result.filler} (${pct(result.fillerMoved, result.filler)}).`
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { selectUnits } = await import('../packages/codemod/dist/select.js');
  const result = checkLabels(readLabels(), { selectUnits });
  console.log(formatLine(result));
  if (process.argv.includes('--misses')) {
    for (const row of result.rows) {
      const { category } = row.label;
      const wrong = ((category === 'guardrail' || category === 'constraint') && row.anyMoved) || ((category === 'how' || category === 'filler') && !row.allMoved);
      if (wrong) console.log(`${category}\t${row.anyMoved ? (row.allMoved ? 'moved' : 'partly moved') : 'kept'}\t${row.label.repo} ${row.label.tool}#${row.label.index}\t${JSON.stringify(row.label.text.slice(0, 160))}`);
    }
  }
}
