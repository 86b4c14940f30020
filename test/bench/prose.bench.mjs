#!/usr/bin/env node
/**
 * Splitting and classifying prose on the inputs that once took quadratic time (an unbroken 200 KB run,
 * unclosed tags, long whitespace, thousands of paragraphs or list items), each against ordinary prose
 * of the same length in the same process. Budget: every ratio of medians ≤ 10 (docs/benchmarks.md,
 * "Timing outside the tests").
 *
 *   pnpm build && node test/bench/prose.bench.mjs
 */
import { classifySentences, splitSentences } from '@toolslim/core';

const INPUTS = {
  'an unbroken 200 KB run': `Uploads data. ${'QUJD'.repeat(50_000)}. Done. ${'Word. '.repeat(5_000)}`,
  'unclosed nested tags': '. <a>'.repeat(20_000) + '</a>',
  'tags on every line': '\n<a>'.repeat(20_000) + '</a>',
  'a long whitespace run': `a${' '.repeat(200_000)}b. C.`,
  'many blank-line paragraphs': 'Para. \n\n'.repeat(20_000),
  'many list items': '- item\n'.repeat(20_000),
  'backticks without pairs': `${'`x '.repeat(20_000)}.`,
  'at signs': 'a@'.repeat(50_000),
};
const SENTENCE = 'Search issues in the tracker and return the best matches for the words given. ';
const rounds = Number(process.env.ROUNDS ?? 5);
const budget = 10;

function time(text) {
  const read = (input) => {
    splitSentences(input);
    classifySentences(input);
  };
  read(text);
  const runs = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    read(`${text}${round}`);
    runs.push(performance.now() - started);
  }
  return runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)];
}

const results = Object.entries(INPUTS).map(([name, text]) => {
  const prose = SENTENCE.repeat(Math.ceil(text.length / SENTENCE.length)).slice(0, text.length);
  const baseline = time(prose);
  const ms = time(text);
  return { input: name, chars: text.length, proseMs: Math.round(baseline), ms: Math.round(ms), ratio: Number((ms / baseline).toFixed(2)) };
});
console.log(JSON.stringify({ results, budget }));
if (results.some((result) => result.ratio > budget)) process.exitCode = 1;
