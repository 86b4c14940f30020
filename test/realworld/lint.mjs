// Lints every corpus repository with `configs.recommended` from this checkout and writes one line per
// finding to a TSV (repo, file:line, rule, message), for judging by hand (judged.tsv). It lints the source
// folders a server author would point the plugin at: tests, test doubles and fixtures are left out, as a
// project's `ignores` would leave them out.
// Usage: node test/realworld/lint.mjs [corpusDir] [out.tsv]
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import toolslim from 'eslint-plugin-toolslim';

const corpus = process.argv[2] ?? '/work/corpus';
const out = process.argv[3] ?? 'tmp/realworld-findings.tsv';
const SKIP_DIRS = new Set([
  ...['node_modules', 'dist', 'build', '.git', 'coverage', '.next', '.turbo', 'out', '.wrangler'],
  ...['test', 'tests', '__tests__', '__mocks__', 'mocks', 'e2e', 'evals', 'integration-tests', 'fixtures'],
]);
const TEST_FILE = /\.(?:test|spec|e2e)\.[cm]?[jt]sx?$/;
const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;

function findSources(dir) {
  const files = [];
  for (const entry of readdirSync(dir)) {
    if (SKIP_DIRS.has(entry)) continue;
    const path = join(dir, entry);
    const stat = statSync(path);
    if (stat.isDirectory()) files.push(...findSources(path));
    else if (SOURCE.test(entry) && !entry.endsWith('.d.ts') && !TEST_FILE.test(entry) && !entry.includes('.min.') && stat.size < 1_000_000) files.push(path);
  }
  return files;
}

const eslint = new ESLint({
  cwd: corpus,
  overrideConfigFile: true,
  ignore: false,
  overrideConfig: [
    { files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'], languageOptions: { parser: tsParser, ecmaVersion: 'latest', sourceType: 'module' } },
    toolslim.configs.recommended,
  ],
});

const rows = [['repo', 'file:line', 'rule', 'message'].join('\t')];
const counts = {};
for (const repo of readdirSync(corpus).sort()) {
  const files = findSources(join(corpus, repo));
  const results = await eslint.lintFiles(files);
  for (const result of results) {
    for (const message of result.messages) {
      // Only our rules: the corpus's own disable comments name rules that are not loaded here.
      if (!message.ruleId?.startsWith('toolslim/')) continue;
      const rule = message.ruleId.slice('toolslim/'.length);
      counts[rule] = (counts[rule] ?? 0) + 1;
      const file = relative(join(corpus, repo), result.filePath);
      rows.push([repo, `${file}:${message.line}`, rule, message.message.replace(/\s+/g, ' ')].join('\t'));
    }
  }
}
writeFileSync(out, `${rows.join('\n')}\n`);
console.log(JSON.stringify(counts, null, 1), rows.length - 1, 'findings in', out);
