#!/usr/bin/env node
/**
 * Why each labelled how unit stays and why each guardrail or constraint moves, tabulated: the planner's
 * `keptBecause` for the units that stay (the opening unit, a guardrail or constraint by the cues, the model's
 * doubt, a harm topic, the opening paragraph's sentence allowance, a lead-in…), its move reason and the cues'
 * reading for the units that move. Tells where the how-text that does not move is lost.
 *
 *   npx tsc -b && node test/realworld/why-kept.mjs [train,dev] [-v] [--only=WORD]
 *   node test/realworld/why-kept.mjs dev --decision   # the how units that stay, by the decision that keeps them
 *
 * `--decision` counts each how unit that stays once, by the first of its parts that stays and what kept it: the
 * model's doubt (its safety share, in bands under the move threshold), a what the model does not read as how,
 * a harm topic (with or without a share that clears the move threshold), a guardrail, constraint or when by
 * the cues, the opening unit, or a structural rule (a list kept whole, a lead-in, a block's tag); the table of
 * docs/how-categories.md ("Where the how-text that stays is lost").
 *
 * Reads only the roles named (default train and dev); never a set with role `test` unless asked.
 */
import * as core from '@toolslim/core';
import { findRuns, buildDescription } from '../codemod-labels.mjs';
import { findSetFiles, readLabels } from './score-labels.mjs';
const rolesArg = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
const roles = rolesArg ? rolesArg.split(',') : ['train', 'dev'];
const verbose = process.argv.includes('-v');
const filter = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const byDecision = process.argv.includes('--decision');
const stay = new Map();
const leak = new Map();
const model = core.getShippedModel();
const bump = (m, k, ex) => { const e = m.get(k) ?? { n: 0, ex: [] }; e.n++; if (e.ex.length < 400) e.ex.push(ex); m.set(k, e); };
for (const role of roles) for (const file of findSetFiles(role)) {
  for (const run of findRuns(readLabels(file))) {
    const { text, spans, parameter, schema } = buildDescription(run);
    const plan = core.planDescription(text, { parameter, schema, extraSentences: parameter ? 0 : 2 });
    for (const span of spans) {
      const cat = span.label.category;
      const over = plan.units.map((u, i) => ({ u, i })).filter(({ u }) => u.start < span.end && span.start < u.end);
      const side = parameter ? 'param' : 'tool';
      if (cat === 'how') {
        const kept = over.filter(({ i }) => plan.places[i] !== 'markdown');
        if (kept.length === 0) continue;
        const reasons = [...new Set(kept.map(({ u, i }) => {
          const r = plan.keptBecause[i] ?? plan.places[i];
          let d = r;
          if (r === 'protected') d += `:${u.category}:${u.cueSource}`;
          else if (r === 'allowance' || r === 'not-sure') d += `:${u.category}:${u.cueSource}`;
          else if (r === 'whole') d += plan.selection ? '' : ':no-selection';
          return `${side}:${d}${u.markup ? `[${u.markupKind}]` : ''}`;
        }))].sort();
        const key = byDecision ? findDecision(kept[0].u, plan.keptBecause[kept[0].i] ?? plan.places[kept[0].i]) : reasons.join(' + ');
        bump(stay, key, `${file} ${span.label.tool}#${span.label.index} ${kept.map(({ u }) => (u.probabilities ? core.getSafeShare(model, u.probabilities).toFixed(2) + '/' + core.getMoveProbability(u.probabilities).toFixed(2) : '-') + ' ' + u.cue).join(' | ')} :: ${span.label.text.slice(0, 200).replace(/\n/g, ' ')}`);
      } else if (cat === 'guardrail' || cat === 'constraint') {
        const moved = over.filter(({ i }) => plan.places[i] === 'markdown');
        if (moved.length === 0) continue;
        const reasons = [...new Set(moved.map(({ u }) => {
          const k = plan.selection.moved.indexOf(u);
          return `${cat}:${side}:${plan.selection.reasons[k]}:${u.cueCategory ?? u.category}:${u.cueSource}${u.markup ? `[${u.markupKind}]` : ''}`;
        }))].sort();
        bump(leak, reasons.join(' + '), `${file} ${span.label.tool}#${span.label.index} ${moved.map(({ u }) => u.cue).join(' | ')} :: ${span.label.text.slice(0, 200).replace(/\n/g, ' ')}`);
      }
    }
  }
}
const show = (title, m) => {
  console.log(`\n## ${title}`);
  const total = [...m.values()].reduce((a, e) => a + e.n, 0);
  console.log(`total ${total}`);
  for (const [k, e] of [...m].sort((a, b) => b[1].n - a[1].n)) {
    if (filter && !k.includes(filter)) continue;
    console.log(`${String(e.n).padStart(5)}  ${k}`);
    if (verbose) for (const ex of e.ex.slice(0, filter ? 400 : 6)) console.log(`         ${ex}`);
  }
};
show(`how units that stay (${roles})`, stay);
show(`guardrails/constraints that move (${roles})`, leak);

/** What kept a how unit's part, for `--decision`. */
function findDecision(unit, reason) {
  const p = unit.probabilities;
  const share = p ? core.getSafeShare(model, p) : undefined;
  const cue = unit.cueCategory ?? unit.category;
  const t = model.moveThreshold;
  if (reason === 'opening') return 'the opening unit';
  if (['pointer', 'tag', 'marked', 'list', 'lead-in'].includes(reason)) return `structure: ${reason}`;
  if (reason === 'harm') return share >= t ? 'a harm topic only (the share clears the move threshold)' : 'a harm topic, the share under the move threshold';
  if (cue === 'guardrail' && unit.cueSource !== 'model') return 'a guardrail by the cues';
  if (cue === 'when' && (reason === 'allowance' || unit.cueSource !== 'model')) return 'a when by the cues';
  if (cue === 'constraint' && unit.cueSource !== 'model') return 'a constraint by the cues, not overruled';
  if (cue === 'what') return core.getMoveProbability(p) < (model.howBar ?? 0.5) ? 'what by the cues, P(how) + P(filler) under the how bar' : 'what by the cues, the share under the threshold';
  if (cue === 'how' || cue === 'filler') return share < t - 0.175 ? `the model's doubt: share under ${(t - 0.175).toFixed(3)}` : share < t - 0.1 ? `the model's doubt: share ${(t - 0.175).toFixed(3)} … ${(t - 0.1).toFixed(3)}` : `the model's doubt: share within 0.1 of the threshold`;
  return `other: ${reason}:${cue}:${unit.cueSource}`;
}
