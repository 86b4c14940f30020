#!/usr/bin/env node
/**
 * Token counting on text without whitespace, against the same amount of ordinary prose in the same
 * process. A 200 KB run of letters is one pre-token for o200k_base and quadratic to encode whole;
 * `countTokens` cuts such runs into chunks, so it must cost within a small factor of what prose of the
 * same length costs. Budget: each ratio of medians ≤ 25 (gpt-tokenizer on a 40 KB run whole cost about
 * 100 times 40 KB of prose here, growing with the square of the length; docs/benchmarks.md, "Token counting").
 *
 *   pnpm build && node test/bench/tokens.bench.mjs
 */
import { countTokens } from '@toolslim/core';

const SIZE = 200_000;
const prose = 'Search issues in the tracker and return the best matches for the words given. '.repeat(Math.ceil(SIZE / 80)).slice(0, SIZE);
const letters = 'QUJD'.repeat(SIZE / 4);
const base64 = Buffer.from(Array.from({ length: (SIZE * 3) / 4 }, (_, i) => (i * 7919) % 251)).toString('base64');
const rounds = Number(process.env.ROUNDS ?? 7);

/** Median milliseconds of `rounds` calls, after one warm-up. */
function time(text) {
  countTokens(`${text} `);
  const runs = [];
  for (let round = 0; round < rounds; round++) {
    // A different last character each round: nothing is cached between calls.
    const input = `${text}${round}`;
    const started = performance.now();
    countTokens(input);
    runs.push(performance.now() - started);
  }
  return runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)];
}

const proseMs = time(prose);
const lettersMs = time(letters);
const base64Ms = time(base64);
const budget = 25;
const result = {
  chars: SIZE,
  proseMs: Math.round(proseMs),
  lettersMs: Math.round(lettersMs),
  base64Ms: Math.round(base64Ms),
  lettersRatio: Number((lettersMs / proseMs).toFixed(2)),
  base64Ratio: Number((base64Ms / proseMs).toFixed(2)),
  budget,
};
console.log(JSON.stringify(result));
if (result.lettersRatio > budget || result.base64Ratio > budget) process.exitCode = 1;
