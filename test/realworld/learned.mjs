#!/usr/bin/env node
/**
 * An experiment, not part of the classifier: does a model learned from many labelled units read prose
 * better than the cues on servers nobody here has read? A multinomial logistic regression over features
 * core can compute (words and word pairs of the masked text, the unit's position and markup, its list
 * header, the parameter's schema facts, and optionally the cues' own reading) is trained on every labelled
 * set except the test set, then scored on the test set beside the cues, as a classifier and as a veto on
 * the codemod's decision to move (keep a unit the cues call how-text when the model gives the kept
 * categories at least `t`). docs/how-categories.md ("A learned reading, measured and not shipped") records
 * what it showed.
 *
 *   node test/realworld/learned.mjs [--test labels-blind-5.json] [--with-cues] [TRAINING.json...]
 *
 * Training files are labelled sets of the same shape as labels*.json (test/realworld/training/*.json).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as core from '@toolslim/core';
import { CATEGORIES, classifyLabel } from './score-labels.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SETS = ['labels.json', 'labels-held-out.json', 'labels-blind.json', 'labels-blind-2.json', 'labels-blind-3.json', 'labels-blind-4.json', 'labels-blind-5.json'];
const STOP_WORDS = new Set('a an the of to in on for and or is are be it this that with by as at from can will'.split(' '));

const args = process.argv.slice(2);
const testName = args.includes('--test') ? args[args.indexOf('--test') + 1] : 'labels-blind-5.json';
const withCues = args.includes('--with-cues');
const trainingFiles = args.filter((arg, i) => arg.endsWith('.json') && args[i - 1] !== '--test');

const read = (file) => JSON.parse(readFileSync(file, 'utf8')).filter((unit) => unit.text && unit.tool && CATEGORIES.includes(unit.category));
const training = [...SETS.filter((name) => name !== testName).flatMap((name) => read(path.join(here, name))), ...trainingFiles.flatMap(read)];
const test = read(path.join(here, testName));

/** The cues' reading of a labelled unit in its context, and the features of the unit. */
function featurize(label) {
  const { unit, header, got: cues } = classifyLabel(label, core);
  const parameter = label.tool.includes('.');
  const index = label.block === undefined ? label.index : 3 + label.part;
  const schema = label.schema === undefined ? undefined : { schema: label.schema, required: label.required };
  const features = new Set([parameter ? 'param' : 'tool', `${parameter ? 'p' : 't'}pos:${Math.min(index, 3)}`]);
  if (withCues) ['cls:' + cues.category, 'src:' + cues.cueSource, cues.howKind && 'kind:' + cues.howKind].filter(Boolean).forEach((f) => features.add(f));
  if (header) features.add('hdr:' + header.category);
  if (unit.markup) features.add('markup:' + (unit.markupKind ?? 'block'));
  const length = unit.text.length;
  features.add('len:' + (length < 40 ? 's' : length < 120 ? 'm' : length < 300 ? 'l' : 'xl'));
  if (/`/.test(unit.text)) features.add('code');
  if (/\d/.test(unit.text)) features.add('digit');
  if (/:\s*$/.test(unit.text)) features.add('lead-in');
  if (schema?.schema) {
    features.add('schema:' + schema.schema.type);
    if (schema.schema.enum || schema.schema.items?.enum) features.add('schema:enum');
    if (schema.required) features.add('schema:required');
  }
  const masked = core.maskLiterals(unit.text.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, ''));
  if (/\b[A-Z]{3,}\b/.test(masked)) features.add('caps');
  const words = (masked.toLowerCase().match(/[a-z][a-z'-]*/g) ?? []).map((word) => word.replace(/(?:'s|ies|es|s|ed|ing)$/, (end) => (end === 'ies' ? 'y' : '')));
  if (words[0]) features.add('first:' + words[0]);
  for (const word of words) if (!STOP_WORDS.has(word)) features.add('w:' + word);
  for (let i = 0; i + 1 < words.length; i++) features.add(`b:${words[i]}_${words[i + 1]}`);
  return { features: [...features], cues: cues.category };
}

/** Multinomial logistic regression, L2, AdaGrad on the full batch (a few thousand rows: seconds). */
function train(rows, { l2 = 1e-4, epochs = 200, rate = 0.3, minCount = 2 } = {}) {
  const counts = new Map();
  for (const row of rows) for (const f of row.features) counts.set(f, (counts.get(f) ?? 0) + 1);
  const vocabulary = new Map();
  for (const [f, count] of counts) if (count >= minCount) vocabulary.set(f, vocabulary.size);
  const K = CATEGORIES.length;
  const D = vocabulary.size + 1;
  const weights = new Float64Array(K * D);
  const squared = new Float64Array(K * D);
  const encode = (row) => [...row.features.map((f) => vocabulary.get(f)).filter((i) => i !== undefined), vocabulary.size];
  const data = rows.map((row) => ({ x: encode(row), y: CATEGORIES.indexOf(row.category) }));
  const probabilities = (x) => {
    const z = CATEGORIES.map((_, k) => x.reduce((sum, i) => sum + weights[k * D + i], 0));
    const max = Math.max(...z);
    const e = z.map((v) => Math.exp(v - max));
    const total = e.reduce((a, b) => a + b);
    return e.map((v) => v / total);
  };
  for (let epoch = 0; epoch < epochs; epoch++) {
    const gradient = new Float64Array(K * D);
    for (const { x, y } of data) {
      const p = probabilities(x);
      for (let k = 0; k < K; k++) {
        const g = p[k] - (k === y ? 1 : 0);
        for (const i of x) gradient[k * D + i] += g;
      }
    }
    for (let j = 0; j < K * D; j++) {
      const g = gradient[j] / data.length + l2 * weights[j];
      squared[j] += g * g;
      weights[j] -= (rate * g) / (Math.sqrt(squared[j]) + 1e-8);
    }
  }
  return (row) => probabilities(encode(row));
}

const isMoved = (category) => category === 'how' || category === 'filler';
function score(name, predicted) {
  const cells = ['guardrail', 'constraint', 'how'].map((category) => {
    const hits = test.filter((label, i) => label.category === category && predicted[i] === category).length;
    const count = predicted.filter((p) => p === category).length;
    const labelled = test.filter((label) => label.category === category).length;
    return `${category} ${(count ? hits / count : 1).toFixed(3)}/${(hits / labelled).toFixed(3)}`;
  });
  const how = test.filter((label) => isMoved(label.category));
  const howMoved = test.filter((label, i) => isMoved(label.category) && isMoved(predicted[i])).length;
  const kept = test.filter((label) => label.category === 'guardrail' || label.category === 'constraint');
  const keptMoved = test.filter((label, i) => (label.category === 'guardrail' || label.category === 'constraint') && isMoved(predicted[i])).length;
  const accuracy = test.filter((label, i) => label.category === predicted[i]).length / test.length;
  console.log(`| ${name} | ${cells.join(' | ')} | ${howMoved}/${how.length} | ${keptMoved}/${kept.length} | ${accuracy.toFixed(3)} |`);
}

const rows = training.map((label) => ({ ...featurize(label), category: label.category }));
const tested = test.map(featurize);
const predict = train(rows);
const p = tested.map(predict);
const argmax = (values) => CATEGORIES[values.indexOf(Math.max(...values))];
console.log(`trained on ${rows.length} units (${trainingFiles.length} training files), tested on ${testName} (${test.length} units)${withCues ? ', the cues\' reading among the features' : ''}\n`);
console.log('| reading | guardrail P/R | constraint P/R | how P/R | how moved | guardrails and constraints moved | accuracy |');
console.log('| --- | --- | --- | --- | ---: | ---: | ---: |');
score('cues (the classifier)', tested.map((row) => row.cues));
score('learned, best category', p.map(argmax));
for (const t of [0.5, 0.4, 0.3]) {
  score(`cues, kept when learned says kept ≥ ${t}`, tested.map((row, i) => (isMoved(row.cues) && 1 - p[i][4] - p[i][5] >= t ? argmax(p[i].slice(0, 4)) : row.cues)));
}
