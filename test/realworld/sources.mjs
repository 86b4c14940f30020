/**
 * The files of a corpus repository that a server author would point the plugin at: sources, without
 * tests, test doubles and fixtures (as a project's `ignores` would leave them out), minified files,
 * files of a megabyte or more, and symlinks. `node test/realworld/lint.mjs` lints these, and
 * `BENCH_REALWORLD` in test/bench/corpus.mjs times these.
 */
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const TEST_DIRS = new Set(['test', 'tests', '__tests__', '__mocks__', 'mocks', 'e2e', 'evals', 'integration-tests', 'fixtures']);
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', '.git', 'coverage', '.next', '.turbo', 'out', '.wrangler', ...TEST_DIRS]);
const TEST_FILE = /\.(?:test|spec|e2e)\.[cm]?[jt]sx?$/;
const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;

/** Source files under `dir`; `withTests` keeps tests and fixtures too. */
export function findRepositorySources(dir, { withTests = false } = {}) {
  const files = [];
  for (const entry of readdirSync(dir)) {
    if (SKIP_DIRS.has(entry) && !(withTests && TEST_DIRS.has(entry))) continue;
    const path = join(dir, entry);
    // Symlinks are skipped: repositories link licences and packages into each other (some in loops).
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) continue;
    if (stat.isDirectory()) files.push(...findRepositorySources(path, { withTests }));
    else if (SOURCE.test(entry) && !entry.endsWith('.d.ts') && (withTests || !TEST_FILE.test(entry)) && !entry.includes('.min.') && stat.size < 1_000_000) files.push(path);
  }
  return files;
}
