/**
 * The benchmark corpus: the JavaScript that the ecosystem packages ship (installed by
 * `node test/ecosystem/run.mjs` into test/ecosystem/.work) plus every fixture source, at least 1,000 files;
 * or, with `BENCH_REALWORLD=/work/corpus`, the real-world corpus's checkouts as the plugin lints them there.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findRepositorySources } from '../realworld/sources.mjs';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE = /\.(?:ts|tsx|js|mjs|cjs)$/;

function collect(dir, out, skipDirs) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || skipDirs.has(entry.name)) continue;
    const p = join(dir, entry.name);
    if (entry.isDirectory()) collect(p, out, skipDirs);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') && statSync(p).size <= 1_000_000) out.push(p);
  }
}

/**
 * Absolute paths of the corpus files, in a stable order, copied under test/bench/.corpus so that no path
 * contains `node_modules` (ESLint would skip those files and the baseline would measure nothing).
 */
export function findCorpusFiles({ min = 1000 } = {}) {
  const sources = findSourceFiles(min);
  const corpus = join(root, 'test/bench/.corpus');
  return sources.map((file) => {
    const inside = relative(root, file);
    // A tree outside the repository is copied under `extra/`, by its absolute path.
    const target = join(corpus, inside.startsWith('..') ? join('extra', file) : inside.replaceAll('node_modules', 'nm'));
    // Copy only what is missing or changed, so two benchmark scripts can share the corpus.
    if (!existsSync(target) || statSync(target).size !== statSync(file).size) {
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(file, target);
    }
    return target;
  });
}

function findSourceFiles(min) {
  // The real-world corpus alone (a folder of repository checkouts), read as test/realworld/lint.mjs reads it.
  const realworld = process.env.BENCH_REALWORLD;
  if (realworld) return readdirSync(realworld).sort().flatMap((repo) => findRepositorySources(join(realworld, repo)));
  const files = [];
  collect(join(root, 'fixtures'), files, new Set(['node_modules']));
  const work = join(root, 'test/ecosystem/.work');
  if (existsSync(work)) {
    for (const install of readdirSync(work).sort()) {
      const pkgs = join(work, install, 'node_modules');
      if (!existsSync(pkgs)) continue;
      const list = JSON.parse(readFileSync(join(root, 'test/ecosystem/packages.json'), 'utf8'));
      for (const name of list) {
        const dir = join(pkgs, name);
        if (existsSync(dir) && install === name.replace(/[/@]/g, '_')) collect(dir, files, new Set(['node_modules']));
      }
    }
  }
  // More source trees (absolute, separated by `:`), e.g. the real-world corpus's checkouts on a machine without the ecosystem installs.
  for (const dir of (process.env.BENCH_EXTRA ?? '').split(':').filter(Boolean)) {
    if (existsSync(dir)) collect(dir, files, new Set(['node_modules', 'dist', 'build', 'coverage']));
  }
  if (files.length < min) {
    throw new Error(`benchmark corpus has ${files.length} files (< ${min}); run \`node test/ecosystem/run.mjs\` first to install the ecosystem packages`);
  }
  return files;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Run `a` and `b` alternately `rounds` times after one warm-up each; medians in ms and their ratio b/a. */
export async function compare(a, b, rounds = 5) {
  await a();
  await b();
  const ta = [];
  const tb = [];
  for (let i = 0; i < rounds; i++) {
    let t = performance.now();
    await a();
    ta.push(performance.now() - t);
    t = performance.now();
    await b();
    tb.push(performance.now() - t);
  }
  return { a: median(ta), b: median(tb), ratio: median(tb) / median(ta), rounds };
}
