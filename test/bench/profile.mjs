#!/usr/bin/env node
/**
 * Lints the generated 200-tool file or the benchmark corpus with `configs.recommended` (or parse only)
 * over and over, for a CPU profile of where the rules spend their time:
 *
 *   pnpm build && node --cpu-prof --cpu-prof-dir=/tmp/prof test/bench/profile.mjs generated 20
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof test/bench/profile.mjs corpus 2 [parse-only]
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof test/bench/profile.mjs keystroke 40
 *
 * Prints the milliseconds of CPU per pass (after one warm-up pass).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import plugin from 'eslint-plugin-toolslim';
import { findCorpusFiles, root } from './corpus.mjs';
import { buildGeneratedFile, buildServerFile } from './generated.mjs';

const [what = 'generated', passesArg = '10', side = 'recommended'] = process.argv.slice(2);
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx,js,mjs,cjs}'],
      languageOptions: { parser: tsParser, sourceType: 'module' },
      linterOptions: { reportUnusedDisableDirectives: 'off' },
      ...(side === 'parse-only' ? { rules: {} } : plugin.configs.recommended),
    },
  ],
  ignore: false,
});
const sources =
  what === 'corpus'
    ? findCorpusFiles().map((filePath) => ({ filePath, code: readFileSync(filePath, 'utf8') }))
    : what === 'keystroke'
      ? [{ filePath: join(root, 'test/bench/.corpus/generated/billing-server.ts'), code: buildServerFile(30) }]
      : [{ filePath: join(root, 'test/bench/.corpus/generated/billing-tools.ts'), code: buildGeneratedFile(200) }];

async function pass() {
  const start = process.cpuUsage();
  for (const { filePath, code } of sources) await eslint.lintText(code, { filePath });
  const { user, system } = process.cpuUsage(start);
  return Math.round((user + system) / 1000);
}

await pass();
const times = [];
for (let i = 0; i < Number(passesArg); i++) times.push(await pass());
console.log(JSON.stringify({ what, side, files: sources.length, cpuMsPerPass: times }));
