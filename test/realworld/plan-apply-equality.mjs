#!/usr/bin/env node
/**
 * On every corpus server slim writes, `slim --plan` then `slim --apply` (marks unchanged) must write the
 * same files as `slim` alone. For each manifest entry: two copies of the repository (sources copied, the
 * cached installs' node_modules linked, read only), `slim <sources> --force` in one, `--plan` then
 * `--apply --force` in the other, and every file compared byte for byte.
 *
 * Usage (after `pnpm build`): node test/realworld/plan-apply-equality.mjs [entry names…]
 *   CORPUS=/work/corpus  INSTALLS=/tmp/corpus/work  OUT=/tmp/plan-scratch/equality
 * Prints one line per entry and the totals.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copySources } from './copy-sources.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const corpus = process.env.CORPUS ?? '/work/corpus';
const installs = process.env.INSTALLS ?? '/tmp/corpus/work';
const out = process.env.OUT ?? '/tmp/plan-scratch/equality';
const cli = path.join(root, 'packages/cli/dist/bin.js');
const manifest = JSON.parse(readFileSync(path.join(root, 'test/realworld/manifest.json'), 'utf8'));
const only = process.argv.slice(2);

const totals = { servers: 0, written: 0, equal: 0, files: 0, filesEqual: 0 };
for (const entry of manifest.servers) {
  if (only.length > 0 && !only.includes(entry.name)) continue;
  totals.servers++;
  const from = existsSync(path.join(installs, entry.repo)) ? path.join(installs, entry.repo) : path.join(corpus, entry.repo);
  const alone = copySources(from, path.join(out, entry.name, 'alone'));
  const viaPlan = copySources(from, path.join(out, entry.name, 'via-plan'));
  const planFile = path.join(out, entry.name, 'plan.md');
  const pkgOf = (work) => path.join(work, entry.package ?? '.');
  const sources = entry.sources.map((source) => path.relative(pkgOf(alone), path.join(alone, source)) || '.');
  const slim = run(['slim', ...sources, '--force'], pkgOf(alone));
  const plan = run(['slim', ...sources, '--plan', planFile], pkgOf(viaPlan));
  const apply = plan.status === 0 ? run(['slim', '--apply', planFile, '--force'], pkgOf(viaPlan)) : plan;
  const a = readTree(alone);
  const b = readTree(viaPlan);
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  const different = names.filter((name) => a[name] !== b[name]);
  const original = readTree(from, true);
  const written = names.filter((name) => a[name] !== original[name]).length;
  if (written > 0) totals.written++;
  if (different.length === 0) totals.equal++;
  totals.files += names.length;
  totals.filesEqual += names.length - different.length;
  const failed = plan.status !== 0 && plan.status !== 1 ? ` plan exit ${plan.status}: ${plan.stderr.slice(0, 300)}` : apply.status > 1 ? ` apply exit ${apply.status}: ${apply.stderr.slice(0, 300)}` : '';
  console.log(
    `${entry.name}: slim wrote ${written} file(s) (exit ${slim.status}); plan + apply ${different.length === 0 ? 'equal' : `DIFFERENT in ${different.slice(0, 5).join(', ')}`} (exit ${apply.status})${failed}`,
  );
  rmSync(path.join(out, entry.name), { recursive: true, force: true });
}
console.log(
  `\n${totals.servers} servers: slim wrote files for ${totals.written}; plan + apply gave the same files on ${totals.equal} of ${totals.servers} (${totals.filesEqual} of ${totals.files} files equal).`,
);

function run(args, cwd) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 256 * 1024 * 1024 });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** Every file's text, by relative path, outside node_modules and .git. */
function readTree(dir, quiet = false) {
  const tree = {};
  const walk = (rel) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === '.git') continue;
      const child = path.join(rel, entry.name);
      const full = path.join(dir, child);
      if (lstatSync(full).isSymbolicLink()) continue;
      if (entry.isDirectory()) walk(child);
      else tree[child] = readFileSync(full, 'latin1');
    }
  };
  try {
    walk('.');
  } catch (error) {
    if (!quiet) throw error;
  }
  return tree;
}
