#!/usr/bin/env node
/**
 * Lints the real-world corpus with only the three rules of issue 14 (distinct-tool-descriptions,
 * annotations-match-description, no-hidden-instructions) and prints one line per finding:
 * `repo<TAB>file:line<TAB>rule<TAB>message`. Findings are judged by hand into judged.tsv, with the other rules' findings.
 *
 *   node test/realworld/lint-new-rules.mjs [/work/corpus] [/work/realworld-out] > /tmp/findings.tsv
 *
 * With a second folder of runtime recordings (`<server>/tools.json`, what each server's `tools/list`
 * answered), the same checks run on them as `toolslim measure --check` would, one line per finding with
 * `tools.json:<tool>` in place of `file:line`.
 *
 * Source folders come from the corpus manifest (test/realworld/manifest.json) when it is there, else
 * every `src` folder two levels down. Needs a build (`npx tsc -b`): it loads the plugin from dist.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { checkAnnotations, checkHiddenInstructions, findConfusableTools } from '@toolslim/core';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import parser from '@typescript-eslint/parser';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const corpus = process.argv[2] ?? '/work/corpus';
const recordings = process.argv[3];
const { default: plugin } = await import(join(root, 'packages', 'eslint-plugin', 'dist', 'index.js'));
const RULES = ['distinct-tool-descriptions', 'annotations-match-description', 'no-hidden-instructions'];

function findSourceFolders() {
  const manifestPath = [join(here, 'manifest.json'), '/work/wt-corpus/test/realworld/manifest.json'].find((path) => existsSync(path));
  if (manifestPath) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    return manifest.servers.flatMap((server) => server.sources.map((source) => ({ repo: server.repo, dir: join(corpus, server.repo, source) })));
  }
  return readdirSync(corpus).flatMap((repo) => ['src', 'typescript/src'].map((source) => ({ repo, dir: join(corpus, repo, source) })));
}

const eslint = new ESLint({
  cwd: corpus,
  overrideConfigFile: true,
  ignore: false,
  allowInlineConfig: false,
  overrideConfig: [
    { files: ['**/*.{ts,tsx,js,mjs,cjs,mts,cts}'], languageOptions: { parser }, plugins: { toolslim: plugin }, rules: Object.fromEntries(RULES.map((rule) => [`toolslim/${rule}`, 'error'])) },
    { ignores: ['**/node_modules/**', '**/dist/**', '**/*.d.ts', '**/*.test.*', '**/__tests__/**', '**/test/**', '**/tests/**'] },
  ],
});

const seen = new Set();
const counts = Object.fromEntries(RULES.map((rule) => [rule, 0]));
for (const { repo, dir } of findSourceFolders()) {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) continue;
  const results = await eslint.lintFiles([dir]);
  for (const result of results) {
    for (const message of result.messages) {
      if (message.fatal || !message.ruleId?.startsWith('toolslim/')) continue;
      const file = relative(join(corpus, repo), result.filePath);
      const key = `${repo}\t${file}:${message.line}:${message.column}\t${message.ruleId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      counts[message.ruleId.replace('toolslim/', '')]++;
      process.stdout.write(`${repo}\t${file}:${message.line}\t${message.ruleId.replace('toolslim/', '')}\t${message.message}\n`);
    }
  }
}

/** The checks behind the rules, on each recorded `tools/list`: what `toolslim measure --check` reports. */
const runtimeCounts = Object.fromEntries(RULES.map((rule) => [rule, 0]));
if (recordings) {
  for (const server of readdirSync(recordings).sort()) {
    const path = join(recordings, server, 'tools.json');
    if (!existsSync(path)) continue;
    const tools = JSON.parse(readFileSync(path, 'utf8'));
    const print = (tool, rule, message) => {
      runtimeCounts[rule]++;
      process.stdout.write(`${server}\ttools.json:${tool}\t${rule}\t${message}\n`);
    };
    const names = new Set(tools.map((tool) => tool.name));
    for (const tool of tools) {
      for (const finding of checkHiddenInstructions(tool, names)) print(tool.name, 'no-hidden-instructions', `${finding.kind} in ${finding.field}: ${finding.cue}`);
      for (const finding of checkAnnotations(tool)) print(tool.name, 'annotations-match-description', `${finding.kind}: ${finding.cue} (${JSON.stringify(tool.annotations ?? null)})`);
    }
    for (const pair of findConfusableTools(tools)) print(tools[pair.index].name, 'distinct-tool-descriptions', `like ${tools[pair.otherIndex].name} (${pair.shared} of ${pair.total} words)`);
  }
}
process.stderr.write(`${JSON.stringify({ lint: counts, runtime: runtimeCounts })}\n`);
