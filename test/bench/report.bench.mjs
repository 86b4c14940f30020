#!/usr/bin/env node
/**
 * `toolslim report` over ≥1,000 files against ESLint alone parsing them (typescript-eslint parser, no rules).
 * Budget (issue 2): ratio of medians ≤ 2.
 *
 *   pnpm build && node test/bench/report.bench.mjs
 */
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { buildReport } from '@toolslim/core';
import { compare, findCorpusFiles, root } from './corpus.mjs';

const files = findCorpusFiles();
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.{ts,tsx,js,mjs,cjs}'], languageOptions: { parser: tsParser, sourceType: 'module' }, rules: {} }],
  ignore: false,
});

const parseOnly = async () => {
  for (const filePath of files) await eslint.lintText(readFileSync(filePath, 'utf8'), { filePath });
};
let tools = 0;
const report = async () => {
  const sources = files.map((filePath) => ({ filePath, code: readFileSync(filePath, 'utf8') }));
  tools = buildReport(sources, { cwd: root }).tools.length;
};

const result = await compare(parseOnly, report, Number(process.env.ROUNDS ?? 5));
console.log(
  JSON.stringify({ files: files.length, tools, eslintParseMs: Math.round(result.a), reportMs: Math.round(result.b), ratio: Number(result.ratio.toFixed(2)), budget: 2 }),
);
if (result.ratio > 2) process.exitCode = 1;
