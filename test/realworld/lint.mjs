// Lints every corpus repository with `configs.recommended` from this checkout and writes one line per
// finding to a TSV (repo, file:line, rule, message), for judging by hand (judged.tsv). It lints the source
// folders a server author would point the plugin at: tests, test doubles and fixtures are left out, as a
// project's `ignores` would leave them out.
// Usage: node test/realworld/lint.mjs [corpusDir] [out.tsv] [--with-tests] [--judged test/realworld/judged.tsv]
// With --judged, it also prints the verdicts of this run's findings per rule (right, wrong, debatable) and
// lists the findings no row judges yet (a row matches on repo, file:line and rule).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import toolslim from 'eslint-plugin-toolslim';
import { findTools, parseSource } from '@toolslim/core';
import { findRepositorySources } from './sources.mjs';

const args = process.argv.slice(2);
// `--with-tests` lints tests and fixtures too, as a project that points the plugin at every file would.
const withTests = args.includes('--with-tests');
const judgedIndex = args.indexOf('--judged');
const judgedFile = judgedIndex >= 0 ? args[judgedIndex + 1] : undefined;
const [corpus = '/work/corpus', out = 'tmp/realworld-findings.tsv'] = args.filter((arg, index) => !arg.startsWith('--') && !(judgedIndex >= 0 && index === judgedIndex + 1));
const findSources = (dir) => findRepositorySources(dir, { withTests });

const eslint = new ESLint({
  cwd: corpus,
  overrideConfigFile: true,
  ignore: false,
  overrideConfig: [
    { files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'], languageOptions: { parser: tsParser, ecmaVersion: 'latest', sourceType: 'module' } },
    toolslim.configs.recommended,
  ],
});

const rows = [['repo', 'file:line', 'rule', 'message', 'flagged source'].join('\t')];

/** The source under the squiggle, on one line and cut to 300 characters, so a judge reads what was flagged. */
function getFlagged(lines, message) {
  const endLine = message.endLine ?? message.line;
  const chunk = lines.slice(message.line - 1, endLine);
  if (chunk.length === 0) return '';
  chunk[chunk.length - 1] = chunk[chunk.length - 1].slice(0, (message.endColumn ?? 1e9) - 1);
  chunk[0] = chunk[0].slice(message.column - 1);
  const text = chunk.join(' ').replace(/\s+/g, ' ').trim();
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}
/**
 * The description a finding is about: the tool or parameter description whose text holds the finding's
 * line, else the tool whose declaration does (per-tool rules), else the line (per-server rules).
 */
const toolsByFile = new Map();
function getTarget(path, code, line) {
  if (!toolsByFile.has(path)) {
    try {
      toolsByFile.set(path, findTools(parseSource(code, path), { filePath: path }).tools);
    } catch {
      toolsByFile.set(path, []);
    }
  }
  const tools = toolsByFile.get(path);
  const holds = (node) => node && node.loc.start.line <= line && node.loc.end.line >= line;
  // A tool is named with the line it is declared on: one file can declare one name twice (two modes).
  const label = (tool) => `${tool.name?.kind === 'static' ? tool.name.value : 'tool'}@${tool.line}`;
  for (const tool of tools) {
    for (const param of tool.params) if (holds(param.description?.node)) return `${label(tool)} › ${param.path.join('.')}`;
    if (holds(tool.description?.node)) return label(tool);
  }
  const tool = tools.find((candidate) => holds(candidate.node));
  return tool ? label(tool) : `line ${line}`;
}

const counts = {};
// One report per rule per description: findings that share a file, a description and a rule.
const seen = new Map();
for (const repo of readdirSync(corpus).sort()) {
  const files = findSources(join(corpus, repo));
  const results = await eslint.lintFiles(files);
  for (const result of results) {
    const lines = result.messages.length > 0 ? readFileSync(result.filePath, 'utf8').split('\n') : [];
    for (const message of result.messages) {
      // Only our rules: the corpus's own disable comments name rules that are not loaded here.
      if (!message.ruleId?.startsWith('toolslim/')) continue;
      const rule = message.ruleId.slice('toolslim/'.length);
      counts[rule] = (counts[rule] ?? 0) + 1;
      const file = relative(join(corpus, repo), result.filePath);
      const key = [repo, file, getTarget(result.filePath, lines.join('\n'), message.line), rule].join('\t');
      seen.set(key, (seen.get(key) ?? 0) + 1);
      rows.push([repo, `${file}:${message.line}`, rule, message.message.replace(/\s+/g, ' '), getFlagged(lines, message).replaceAll('\t', ' ')].join('\t'));
    }
  }
}
writeFileSync(out, `${rows.join('\n')}\n`);
const duplicates = [...seen].filter(([, count]) => count > 1);
console.log(JSON.stringify(counts, null, 1), rows.length - 1, 'findings in', out);
console.log(`${duplicates.length} descriptions with more than one report of one rule (file, tool or parameter, rule)`);
for (const [key, count] of duplicates) console.log(`  ${count}× ${key.replaceAll('\t', ' ')}`);
if (judgedFile) printVerdicts(rows.slice(1).map((row) => row.split('\t')));

/** This run's findings against the judged rows: per rule, how many are right, wrong, debatable and not judged. */
function printVerdicts(findings) {
  const verdicts = new Map();
  for (const line of readFileSync(judgedFile, 'utf8').split('\n').slice(1)) {
    const [repo, at, rule, verdict] = line.split('\t');
    if (verdict) verdicts.set([repo, at, rule].join('\t'), verdict);
  }
  const table = {};
  const unjudged = [];
  for (const [repo, at, rule] of findings) {
    const verdict = verdicts.get([repo, at, rule].join('\t')) ?? 'unjudged';
    for (const key of [rule, 'total']) {
      table[key] ??= { right: 0, wrong: 0, debatable: 0, unjudged: 0 };
      table[key][verdict] += 1;
    }
    if (verdict === 'unjudged') unjudged.push(`  ${repo} ${at} ${rule}`);
  }
  console.log('rule\tjudged\tright\twrong\tdebatable\tunjudged');
  for (const [rule, count] of Object.entries(table).sort(([a], [b]) => (a === 'total') - (b === 'total') || a.localeCompare(b))) {
    const judged = count.right + count.wrong + count.debatable;
    const share = judged ? ` (${((100 * count.wrong) / judged).toFixed(1)}%)` : '';
    console.log(`${rule}\t${judged}\t${count.right}\t${count.wrong}${share}\t${count.debatable}\t${count.unjudged}`);
  }
  if (unjudged.length > 0) console.log(`not judged yet:\n${unjudged.join('\n')}`);
}
