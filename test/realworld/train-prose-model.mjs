#!/usr/bin/env node
/**
 * Trains the prose model that decides what leaves a description (packages/core/src/prose/model.ts) and
 * writes it to packages/core/data/prose-model.json.
 *
 *   npx tsc -b && node test/realworld/train-prose-model.mjs [--curve]
 *
 * 1. Training: every set with role `train` in sets.json. Each labelled unit is read in the context it was
 *    labelled in (score-labels.mjs's classifyLabel) and turned into features by core's findUnitFeatures.
 *    A multinomial logistic regression (hashed features, L2, full-batch AdaGrad, fixed order: the same
 *    weights on every run) learns the six categories, guardrails and constraints weighted up.
 * 2. Calibration: one temperature, the one of lowest log loss on the sets with role `dev`.
 * 3. The move threshold and the guardrail weight w: a unit moves when its safety share 1 − w·P(guardrail) −
 *    P(constraint) clears the threshold. For each w, the lowest threshold at which slim's selection
 *    (codemod-labels.mjs's checkLabels, descriptions rebuilt from the units) moves at most 3% of the dev
 *    sets' guardrails and at most 5% of their constraints; of those, the pair that moves the most how-text
 *    (the smaller w on a tie). With them, the harm threshold: the stricter safety share a unit that names a
 *    harm topic must clear to move (or none: such a unit never moves), tried from HARM_THRESHOLDS the same
 *    way, and the overrule threshold: the bar both P(how) + P(filler) and the safety share must reach for
 *    the model to move a unit the cues call a constraint (or none: such a unit always stays). `--curve` prints the whole trade-off at the chosen w. The review threshold: the
 *    P(guardrail) above which a moved unit is listed for review, the lowest that lists at
 *    most a fifth of what moves on the dev sets.
 *
 * Sets with role `test` are never read here.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as core from '@toolslim/core';
import { classifyLabel, findSetFiles, readLabels } from './score-labels.mjs';
import { checkLabels } from '../codemod-labels.mjs';

const OUT = fileURLToPath(new URL('../../packages/core/data/prose-model.json', import.meta.url));
const K = core.MODEL_CATEGORIES.length;
const BUCKETS = 1 << 14;
const SCALE = 1000;
const CLASS_WEIGHTS = { what: 1, when: 1, guardrail: 4, constraint: 2, how: 1, filler: 1 };
const LEAK_LIMITS = { guardrail: 0.03, constraint: 0.05 };
/** The guardrail weights tried in the safety share (1 was never chosen on the dev sets since sealed-3 was trained on). */
const GUARDRAIL_WEIGHTS = [2, 3];
/**
 * The harm thresholds tried (undefined: a unit that names a harm topic never moves; 0: the topic is only
 * evidence for the model, a unit that names one moves at the move threshold like any other).
 */
const HARM_THRESHOLDS = [undefined, 0.99, 0.95, 0.9, 0.875, 0.85, 0];
/**
 * The P(how) + P(filler) bars tried for reading a unit the cues call what as how-text. Only one half: lower
 * bars (0.4, 0.3) moved 1 to 3 more dev how units and read plain what sentences ("Reads text.") as how-text.
 */
const HOW_BARS = [0.5];
/** The overrule thresholds tried (undefined: a constraint by the cues always stays). */
const OVERRULE_THRESHOLDS = [undefined, 0.9, 0.85, 0.8];

const usable = (label) => label.text && label.tool && core.MODEL_CATEGORIES.includes(label.category);

function featurize(label) {
  const { unit, context, got } = classifyLabel(label, core);
  return { x: core.findUnitFeatures(unit, context, got).map((f) => core.hashFeature(f, BUCKETS)), y: core.MODEL_CATEGORIES.indexOf(label.category) };
}

function train(rows, { l2 = 1e-4, epochs = 300, rate = 0.25 } = {}) {
  const weights = new Float64Array(K * BUCKETS);
  const squared = new Float64Array(K * BUCKETS);
  const gradient = new Float64Array(K * BUCKETS);
  const totalWeight = rows.reduce((sum, row) => sum + CLASS_WEIGHTS[core.MODEL_CATEGORIES[row.y]], 0);
  const z = new Float64Array(K);
  for (let epoch = 0; epoch < epochs; epoch++) {
    gradient.fill(0);
    for (const { x, y } of rows) {
      let max = -Infinity;
      for (let k = 0; k < K; k++) {
        let s = 0;
        for (const i of x) s += weights[k * BUCKETS + i];
        z[k] = s;
        if (s > max) max = s;
      }
      let total = 0;
      for (let k = 0; k < K; k++) total += z[k] = Math.exp(z[k] - max);
      const w = CLASS_WEIGHTS[core.MODEL_CATEGORIES[y]];
      for (let k = 0; k < K; k++) {
        const g = w * (z[k] / total - (k === y ? 1 : 0));
        for (const i of x) gradient[k * BUCKETS + i] += g;
      }
    }
    for (let j = 0; j < K * BUCKETS; j++) {
      const g = gradient[j] / totalWeight + l2 * weights[j];
      if (g === 0) continue;
      squared[j] += g * g;
      weights[j] -= (rate * g) / (Math.sqrt(squared[j]) + 1e-8);
    }
  }
  return weights;
}

function buildModel(weights, temperature, moveThreshold, reviewThreshold, about, { guardrailWeight = 1, harmThreshold, howBar = 0.5, overruleThreshold } = {}) {
  // The cue lists it was trained with: a cue's feature is its place in its list (prose-model-cues.test.ts).
  const cues = core.getCueFingerprint();
  return { buckets: BUCKETS, scale: SCALE, temperature, moveThreshold, guardrailWeight, harmThreshold, howBar, overruleThreshold, reviewThreshold, about, cues, weights: Array.from(weights, (w) => Math.round(w * SCALE)) };
}

function logLoss(model, rows) {
  let loss = 0;
  for (const row of rows) loss -= Math.log(Math.max(1e-12, core.scoreFeatures(model, row.features)[core.MODEL_CATEGORIES[row.y]]));
  return loss / rows.length;
}

/** Selection on the dev sets at each threshold: guardrails, constraints and how-text moved. */
function measureSelection(model, devLabels, threshold) {
  const tuned = { ...model, moveThreshold: threshold };
  const selectUnits = (text, extra, pinned, options) => core.planDescription(text, { ...options, extraSentences: extra, pinned, model: tuned }).selection;
  const totals = { units: 0, guardrails: 0, guardrailsMoved: 0, constraints: 0, constraintsMoved: 0, how: 0, howMoved: 0, filler: 0, fillerMoved: 0 };
  for (const labels of devLabels) {
    const result = checkLabels(labels, { selectUnits });
    for (const key of Object.keys(totals)) totals[key] += result[key];
  }
  return totals;
}

const trainFiles = findSetFiles('train');
const devFiles = findSetFiles('dev');
const trainLabels = trainFiles.flatMap((file) => readLabels(file).filter(usable));
const devLabels = devFiles.map((file) => readLabels(file));
const started = Date.now();
const trainRows = trainLabels.map(featurize);
const devRows = devLabels.flat().filter(usable).map((label) => {
  const { unit, context, got } = classifyLabel(label, core);
  return { features: core.findUnitFeatures(unit, context, got), y: core.MODEL_CATEGORIES.indexOf(label.category), cue: got.category };
});
const weights = train(trainRows);
console.log(`trained on ${trainRows.length} units of ${trainFiles.length} sets in ${((Date.now() - started) / 1000).toFixed(1)} s`);

let temperature = 1;
let best = Infinity;
for (let t = 0.5; t <= 3.001; t += 0.05) {
  const loss = logLoss(buildModel(weights, t, 1, 1), devRows);
  if (loss < best) [best, temperature] = [loss, Math.round(t * 100) / 100];
}
console.log(`temperature ${temperature} (dev log loss ${best.toFixed(3)}, ${devRows.length} units of ${devFiles.join(', ')})`);

const meets = (c) => c.guardrailsMoved <= LEAK_LIMITS.guardrail * c.guardrails && c.constraintsMoved <= LEAK_LIMITS.constraint * c.constraints;
const thresholds = (from) => Array.from({ length: Math.round((0.975 - from) / 0.025) + 1 }, (_, i) => Math.round((from + 0.025 * i) * 1000) / 1000);
let choice;
for (const guardrailWeight of GUARDRAIL_WEIGHTS) {
  for (const howBar of HOW_BARS) {
    for (const harmThreshold of HARM_THRESHOLDS) {
      for (const overruleThreshold of OVERRULE_THRESHOLDS) {
        const model = buildModel(weights, temperature, 1, 1, undefined, { guardrailWeight, harmThreshold, howBar, overruleThreshold });
        // From the strictest threshold down, until one breaks the leak limits (the leaks only grow as it falls).
        for (const threshold of thresholds(0.5).reverse()) {
          const c = { threshold, guardrailWeight, harmThreshold, howBar, overruleThreshold, ...measureSelection(model, devLabels, threshold) };
          if (!meets(c)) break;
          if (!choice || c.howMoved > choice.howMoved) choice = c;
        }
        const mine = choice?.guardrailWeight === guardrailWeight && choice.harmThreshold === harmThreshold && choice.howBar === howBar && choice.overruleThreshold === overruleThreshold;
        console.log(`guardrail weight ${guardrailWeight}, how bar ${howBar}, harm threshold ${harmThreshold ?? 'none'}, overrule threshold ${overruleThreshold ?? 'none'}: ${mine ? `best so far, threshold ${choice.threshold}, how ${choice.howMoved}/${choice.how}` : 'no better'}`);
      }
    }
  }
}
const chosenWeight = choice?.guardrailWeight ?? 1;
const chosenHarm = choice?.harmThreshold;
const chosenBar = choice?.howBar ?? 0.5;
const chosenOverrule = choice?.overruleThreshold;
const knobs = { guardrailWeight: chosenWeight, harmThreshold: chosenHarm, howBar: chosenBar, overruleThreshold: chosenOverrule };
const draft = buildModel(weights, temperature, 1, 1, undefined, knobs);
const curve = [];
for (const threshold of thresholds(process.argv.includes('--curve') ? 0.3 : 0.975)) curve.push({ threshold, ...measureSelection(draft, devLabels, threshold) });
const pct = (a, b) => `${((100 * a) / b).toFixed(1)}%`;
if (process.argv.includes('--curve')) {
  console.log(`guardrail weight ${chosenWeight}, how bar ${chosenBar}, harm threshold ${chosenHarm ?? 'none'}, overrule threshold ${chosenOverrule ?? 'none'}`);
  console.log('| threshold | guardrails moved | constraints moved | how moved | filler moved |\n| ---: | ---: | ---: | ---: | ---: |');
  for (const c of curve) {
    console.log(`| ${c.threshold} | ${c.guardrailsMoved}/${c.guardrails} (${pct(c.guardrailsMoved, c.guardrails)}) | ${c.constraintsMoved}/${c.constraints} (${pct(c.constraintsMoved, c.constraints)}) | ${c.howMoved}/${c.how} (${pct(c.howMoved, c.how)}) | ${c.fillerMoved}/${c.filler} |`);
  }
}
const chosen = choice ?? curve[curve.length - 1];
console.log(
  `move threshold ${chosen.threshold}, guardrail weight ${chosenWeight}, how bar ${chosenBar}, harm threshold ${chosenHarm ?? 'none'}, overrule threshold ${chosenOverrule ?? 'none'}${meets(chosen) ? '' : ' (no threshold meets the leak limits; the strictest is shipped)'}: dev guardrails moved ${chosen.guardrailsMoved}/${chosen.guardrails} (${pct(chosen.guardrailsMoved, chosen.guardrails)}), constraints ${chosen.constraintsMoved}/${chosen.constraints} (${pct(chosen.constraintsMoved, chosen.constraints)}), how ${chosen.howMoved}/${chosen.how} (${pct(chosen.howMoved, chosen.how)})`,
);

// The review threshold: of the units that move at the chosen threshold, list those most likely to be kept text.
const moved = devRows
  .map((row) => ({ row, p: core.scoreFeatures(draft, row.features) }))
  .filter(({ row, p }) => (core.getMoveProbability(p) >= 0.5 || row.cue === 'how' || row.cue === 'filler') && core.getSafeShare(draft, p) >= chosen.threshold);
let reviewThreshold = 0.5;
for (let t = 0.02; t <= 0.5; t += 0.01) {
  const listed = moved.filter(({ p }) => p.guardrail >= t);
  if (listed.length <= moved.length / 5) {
    reviewThreshold = Math.round(t * 100) / 100;
    break;
  }
}
const listed = moved.filter(({ p }) => p.guardrail >= reviewThreshold);
const keptMoved = moved.filter(({ row }) => row.y === 2);
const keptListed = listed.filter(({ row }) => row.y === 2);
console.log(`review threshold ${reviewThreshold}: lists ${listed.length} of ${moved.length} moving dev units, ${keptListed.length} of the ${keptMoved.length} moving guardrails (unit by unit)`);

const about = {
  trainedOn: trainFiles,
  tunedOn: devFiles,
  units: trainRows.length,
  classWeights: CLASS_WEIGHTS,
  leakLimits: LEAK_LIMITS,
  guardrailWeight: chosenWeight,
  harmThreshold: chosenHarm ?? null,
  howBar: chosenBar,
  overruleThreshold: chosenOverrule ?? null,
  dev: { guardrailsMoved: `${chosen.guardrailsMoved}/${chosen.guardrails}`, constraintsMoved: `${chosen.constraintsMoved}/${chosen.constraints}`, howMoved: `${chosen.howMoved}/${chosen.how}` },
};
writeFileSync(OUT, `${JSON.stringify(buildModel(weights, temperature, chosen.threshold, reviewThreshold, about, knobs))}\n`);
console.log(`wrote ${OUT}`);
