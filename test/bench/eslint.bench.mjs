#!/usr/bin/env node
/**
 * eslint-plugin-toolslim's `configs.recommended` against the same ESLint and parser with no rules.
 * Budgets (issue 3):
 *   (a/b) over ≥1,000 corpus files, ratio of the medians of CPU time ≤ 1.15;
 *   (c)   one generated 200-tool file, ratio of the medians of CPU time ≤ 2;
 *   (d)   a keystroke: one generated server file of about 1,700 lines with 30 tools and their handlers,
 *         linted warm in one process, ratio of the medians of CPU time ≤ 1.25.
 * Both sides lint the same texts with `lintText` from one process, alternating file by file, so machine load
 * (this runs on shared 2-core machines) hits both sides alike.
 * Prints one JSON object; exits 1 when a budget is exceeded (and then adds per-rule times from ESLint's stats).
 *
 *   pnpm build && ROUNDS=5 node test/bench/eslint.bench.mjs
 *   ONLY=generated ROUNDS=10 node test/bench/eslint.bench.mjs   # one budget only (corpus, generated, keystroke)
 *   BENCH_REALWORLD=/work/corpus ONLY=corpus ROUNDS=3 node test/bench/eslint.bench.mjs   # the real-world corpus
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import plugin from 'eslint-plugin-toolslim';
import { findCorpusFiles, median, root } from './corpus.mjs';
import { buildGeneratedFile, buildServerFile } from './generated.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const CORPUS_BUDGET = 1.15;
const GENERATED_BUDGET = 2;
const GENERATED_TOOLS = 200;
const KEYSTROKE_BUDGET = 1.25;
const KEYSTROKE_TOOLS = 30;
const FILES_GLOB = ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'];

function buildEslint(extra, options = {}) {
  return new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: FILES_GLOB,
        languageOptions: { parser: tsParser, sourceType: 'module' },
        // Corpus files carry eslint-disable comments for rules neither side runs.
        linterOptions: { reportUnusedDisableDirectives: 'off' },
        ...extra,
      },
    ],
    ignore: false,
    ...options,
  });
}

const parseOnlyEslint = buildEslint({ rules: {} });
const recommendedEslint = buildEslint(plugin.configs.recommended);

// ---- helpers ----------------------------------------------------------------------------------

function isIgnoredWarning(message) {
  return message.fatal !== true && /File ignored/.test(message.message);
}

/** Lints every source with one ESLint; throws if ESLint skipped a file (the comparison would then be empty). */
async function lintAll(eslint, sources) {
  const results = [];
  for (const { filePath, code } of sources) {
    const [result] = await eslint.lintText(code, { filePath });
    if (result.messages.some(isIgnoredWarning)) throw new Error(`ESLint ignored ${filePath}; the benchmark would measure nothing.`);
    results.push(result);
  }
  return results;
}

/** Milliseconds of CPU this process spent (user + system) since `start`, a `process.cpuUsage()` value. */
function getCpuMs(start) {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

/**
 * Like corpus.mjs's `compare`, but alternating per file instead of per pass, and timing CPU as well as
 * wall clock. A whole corpus pass takes seconds, long enough for the load of other processes to change
 * between the two sides; the process's own CPU time does not count the time other processes held the
 * cores. The order flips from file to file and round to round so that neither side always pays for the
 * other's garbage. After one warm-up pass, returns per side the median of the per-round totals (ms).
 */
async function compareInterleaved(baseline, candidate, sources, rounds) {
  await lintAll(baseline, sources);
  await lintAll(candidate, sources);
  const totals = { baseline: { wall: [], cpu: [] }, candidate: { wall: [], cpu: [] } };
  for (let round = 0; round < rounds; round++) {
    const sums = { baseline: { wall: 0, cpu: 0 }, candidate: { wall: 0, cpu: 0 } };
    for (const [index, source] of sources.entries()) {
      const order = (index + round) % 2 === 0 ? ['baseline', 'candidate'] : ['candidate', 'baseline'];
      for (const side of order) {
        const wallStart = performance.now();
        const cpuStart = process.cpuUsage();
        await lintAll(side === 'baseline' ? baseline : candidate, [source]);
        sums[side].cpu += getCpuMs(cpuStart);
        sums[side].wall += performance.now() - wallStart;
      }
    }
    for (const side of ['baseline', 'candidate']) {
      totals[side].wall.push(sums[side].wall);
      totals[side].cpu.push(sums[side].cpu);
    }
  }
  const summarize = (kind) => {
    const a = median(totals.baseline[kind]);
    const b = median(totals.candidate[kind]);
    return { parseOnlyMs: Math.round(a), recommendedMs: Math.round(b), ratio: Number((b / a).toFixed(3)) };
  };
  return { rounds, cpu: summarize('cpu'), wall: summarize('wall') };
}

function countMessages(results, predicate) {
  return results.reduce((sum, result) => sum + result.messages.filter(predicate).length, 0);
}

const isToolslimMessage = (message) => message.ruleId?.startsWith('toolslim/') === true;
const isFatal = (message) => message.fatal === true;

/** Per-rule milliseconds summed over files, from ESLint's `stats` (its TIMING data), biggest first. */
async function getRuleTimes(sources) {
  const eslint = buildEslint(plugin.configs.recommended, { stats: true });
  const totals = { parse: 0, rules: {} };
  for (const { filePath, code } of sources) {
    const [result] = await eslint.lintText(code, { filePath });
    for (const pass of result.stats?.times.passes ?? []) {
      totals.parse += pass.parse?.total ?? 0;
      for (const [ruleId, time] of Object.entries(pass.rules ?? {})) totals.rules[ruleId] = (totals.rules[ruleId] ?? 0) + time.total;
    }
  }
  const rules = Object.entries(totals.rules)
    .sort((a, b) => b[1] - a[1])
    .map(([ruleId, ms]) => [ruleId, Math.round(ms)]);
  return { parseMs: Math.round(totals.parse), rules: Object.fromEntries(rules) };
}

// ---- run --------------------------------------------------------------------------------------

const ONLY = process.env.ONLY;
const files = ONLY === 'generated' || ONLY === 'keystroke' ? [] : findCorpusFiles();
// Read once: both sides lint the same in-memory text, so disk reads are not part of either number.
const corpus = files.map((filePath) => ({ filePath, code: readFileSync(filePath, 'utf8') }));
const generated = [{ filePath: join(root, 'test/bench/.corpus/generated/billing-tools.ts'), code: buildGeneratedFile(GENERATED_TOOLS) }];
const keystroke = [{ filePath: join(root, 'test/bench/.corpus/generated/billing-server.ts'), code: buildServerFile(KEYSTROKE_TOOLS) }];

// Sanity before timing: both configs lint every file, parse failures are the same on both sides,
// and the rules really run (they report in the corpus and on the generated file). A rule that crashes
// makes lintText reject, which ends the script.
const baselineResults = await lintAll(parseOnlyEslint, corpus);
const recommendedResults = await lintAll(recommendedEslint, corpus);
const generatedResults = await lintAll(recommendedEslint, generated);
const keystrokeResults = await lintAll(recommendedEslint, keystroke);
const checks = {
  corpusFiles: corpus.length,
  parseErrors: countMessages(baselineResults, isFatal),
  toolslimReportsInCorpus: countMessages(recommendedResults, isToolslimMessage),
  toolslimReportsInGenerated: countMessages(generatedResults, isToolslimMessage),
  toolslimReportsInKeystroke: countMessages(keystrokeResults, isToolslimMessage),
};
if (countMessages(recommendedResults, isFatal) !== checks.parseErrors) throw new Error('The two configs disagree on which files parse.');
if ((files.length > 0 && checks.toolslimReportsInCorpus === 0) || checks.toolslimReportsInGenerated === 0 || checks.toolslimReportsInKeystroke === 0) throw new Error('toolslim reported nothing; are the rules running?');

const skipped = { skipped: true, cpu: { ratio: 0 } };
const runs = (name) => ONLY === undefined || ONLY === name;
const corpusRun = runs('corpus') ? await compareInterleaved(parseOnlyEslint, recommendedEslint, corpus, ROUNDS) : skipped;
// One file lints in well under a second, so more rounds cost little and steady the median.
const generatedRun = runs('generated') ? await compareInterleaved(parseOnlyEslint, recommendedEslint, generated, ROUNDS * 3) : skipped;
const keystrokeRun = runs('keystroke') ? await compareInterleaved(parseOnlyEslint, recommendedEslint, keystroke, ROUNDS * 6) : skipped;

const output = {
  rounds: ROUNDS,
  ...checks,
  // The budget applies to CPU time; wall time is printed to show how much the machine's load moved it.
  corpus: { ...corpusRun, budget: CORPUS_BUDGET },
  generated: { tools: GENERATED_TOOLS, bytes: Buffer.byteLength(generated[0].code), ...generatedRun, budget: GENERATED_BUDGET },
  keystroke: { tools: KEYSTROKE_TOOLS, lines: keystroke[0].code.split('\n').length, ...keystrokeRun, budget: KEYSTROKE_BUDGET },
};
const isOverBudget = corpusRun.cpu.ratio > CORPUS_BUDGET || generatedRun.cpu.ratio > GENERATED_BUDGET || keystrokeRun.cpu.ratio > KEYSTROKE_BUDGET;
if (isOverBudget || process.env.RULE_TIMES === '1') {
  // Why it is slow: ESLint's own per-rule timing. The shared file model is charged to whichever rule asks first.
  output.ruleTimes = { corpus: await getRuleTimes(corpus), generated: await getRuleTimes(generated), keystroke: await getRuleTimes(keystroke) };
}
console.log(JSON.stringify(output, null, 2));
if (isOverBudget) process.exitCode = 1;
