// configs.all over whole installed packages: every file is linted and no rule crashes. Minutes long,
// so it runs in `pnpm test:slow` (and `.ci/run`), not in `pnpm test`.
import { readdirSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import parser from '@typescript-eslint/parser';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin from 'eslint-plugin-toolslim';

const repoDir = join(dirname(fileURLToPath(import.meta.url)), '..');

function buildConfig(config: Linter.Config): Linter.Config[] {
  return [{ files: ['**/*.{ts,mts,cts,js,mjs,cjs}'], languageOptions: { parser }, ...config, settings: { toolslim: {} } }];
}

/** Every .js/.ts file of an installed package (its real path, so ESLint sees it inside `cwd`). */
function findSourceFiles(packageDir: string): string[] {
  const files: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.(?:[cm]?js|[cm]?ts)$/.test(entry.name)) files.push(path);
    }
  };
  visit(packageDir);
  return files;
}

function resolvePackageDir(name: string, from: string): string {
  return realpathSync(dirname(createRequire(join(from, 'package.json')).resolve(`${name}/package.json`)));
}

const LARGE_PACKAGES: ReadonlyArray<[string, string]> = [
  ['@modelcontextprotocol/sdk', repoDir],
  ['zod', repoDir],
  ['@typescript-eslint/eslint-plugin', resolvePackageDir('typescript-eslint', repoDir)],
  ['ts-morph', join(repoDir, 'packages', 'codemod')],
];

describe('configs.all over large installed packages', () => {
  it.each(LARGE_PACKAGES)('%s: every file is linted and no rule crashes', { timeout: 600_000 }, async (name, from) => {
    const packageDir = resolvePackageDir(name, from);
    const files = findSourceFiles(packageDir);
    expect(files.length).toBeGreaterThan(0);
    // A user's config gives the targeted clients; here all of them, so every check runs.
    const eslint = new ESLint({ cwd: packageDir, ignore: false, overrideConfigFile: true, overrideConfig: buildConfig(plugin.configs.all) });
    // A rule that throws makes lintFiles reject with the rule's name and the file: that is the failure this test looks for.
    const results = await eslint.lintFiles(files);
    expect(results.length).toBe(files.length);
    const crashes = results.flatMap((result) => result.messages.filter((m) => m.fatal && m.ruleId !== null));
    expect(crashes).toEqual([]);
  });
});
