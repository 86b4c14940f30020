/**
 * eslint-plugin-toolslim through the real ESLint class: the recommended config on the verbose
 * catalogue fixture, `--cache` and `--concurrency`, type information for imported constants, and
 * `configs.all` over every JavaScript and TypeScript file of large installed packages without a crash.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import parser from '@typescript-eslint/parser';
import { ESLint, type Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import toolslim from 'eslint-plugin-toolslim';

const repoDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const catalogueDir = join(repoDir, 'fixtures', 'verbose-catalogue', 'src');
const pluginDist = join(repoDir, 'packages', 'eslint-plugin', 'dist', 'index.js');
const tempDirs: string[] = [];
const plugin = toolslim;

afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function makeTempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolslim-eslint-'));
  tempDirs.push(dir);
  return dir;
}

function buildConfig(config: Linter.Config, settings: Record<string, unknown> = {}): Linter.Config[] {
  return [{ files: ['**/*.{ts,mts,cts,js,mjs,cjs}'], languageOptions: { parser }, ...config, settings: { toolslim: settings } }];
}

/** Messages per file, relative to the repository, in a form two runs can be compared by. */
function summarize(results: readonly ESLint.LintResult[]): Record<string, string[]> {
  const summary: Record<string, string[]> = {};
  for (const result of results) {
    summary[result.filePath.slice(repoDir.length + 1)] = result.messages.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.message}`);
  }
  return summary;
}

describe('configs.recommended on fixtures/verbose-catalogue', () => {
  it.runIf(existsSync(catalogueDir))('reports problems from several rules and no parse errors', async () => {
    const eslint = new ESLint({ cwd: repoDir, overrideConfigFile: true, overrideConfig: buildConfig(plugin.configs.recommended) });
    const results = await eslint.lintFiles([catalogueDir]);
    const messages = results.flatMap((result) => result.messages);
    expect(results.length).toBeGreaterThan(5);
    expect(messages.filter((message) => message.fatal)).toEqual([]);
    const ruleIds = new Set(messages.map((message) => message.ruleId));
    expect([...ruleIds].every((id) => id?.startsWith('toolslim/'))).toBe(true);
    expect(ruleIds).toContain('toolslim/no-how-in-description');
    expect(ruleIds).toContain('toolslim/max-description-length');
    expect(ruleIds.size).toBeGreaterThanOrEqual(4);
  });

  it.runIf(existsSync(catalogueDir))('gives the same results from a warm cache', async () => {
    const cacheLocation = join(makeTempDir(), '.eslintcache');
    const options = { cwd: repoDir, overrideConfigFile: true, overrideConfig: buildConfig(plugin.configs.recommended), cache: true, cacheLocation } as const;
    const first = summarize(await new ESLint(options).lintFiles([catalogueDir]));
    expect(statSync(cacheLocation).size).toBeGreaterThan(0);
    const second = summarize(await new ESLint(options).lintFiles([catalogueDir]));
    expect(second).toEqual(first);
    expect(Object.values(first).flat().length).toBeGreaterThan(0);
  });
});

describe('the eslint CLI with --concurrency and --cache', () => {
  // Worker threads load the config file themselves, so this uses the built plugin (`pnpm test` builds first).
  it.runIf(existsSync(catalogueDir) && existsSync(pluginDist))('matches a single-threaded run, cold and warm', { timeout: 300_000 }, async () => {
    const dir = makeTempDir();
    const configFile = join(dir, 'eslint.config.mjs');
    const parserUrl = pathToFileURL(createRequire(join(repoDir, 'package.json')).resolve('@typescript-eslint/parser')).href;
    writeFileSync(
      configFile,
      `import parser from ${JSON.stringify(parserUrl)};\nimport toolslim from ${JSON.stringify(pathToFileURL(pluginDist).href)};\n` +
        "export default [{ files: ['**/*.ts'], languageOptions: { parser }, ...toolslim.configs.recommended }];\n",
    );
    const eslintBin = join(repoDir, 'node_modules', 'eslint', 'bin', 'eslint.js');
    const runCli = () => {
      const args = [eslintBin, '--config', configFile, '--concurrency', '2', '--cache', '--cache-location', join(dir, '.eslintcache'), '--format', 'json', catalogueDir];
      try {
        return execFileSync(process.execPath, args, { cwd: repoDir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: 'pipe' });
      } catch (error) {
        // ESLint exits 1 when it reports errors; the JSON is still on stdout.
        return (error as { stdout: string }).stdout;
      }
    };
    const cold = summarize(JSON.parse(runCli()) as ESLint.LintResult[]);
    const warm = summarize(JSON.parse(runCli()) as ESLint.LintResult[]);
    const single = summarize(await new ESLint({ cwd: repoDir, overrideConfigFile: true, overrideConfig: buildConfig(plugin.configs.recommended) }).lintFiles([catalogueDir]));
    expect(cold).toEqual(single);
    expect(warm).toEqual(single);
  });
});

describe('type information', () => {
  it('reads a constant imported from another file only when the config gives type information', async () => {
    const dir = makeTempDir();
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', target: 'es2022', skipLibCheck: true }, include: ['*.ts'] }));
    writeFileSync(join(dir, 'texts.ts'), "export const READ_FILE_DESCRIPTION = 'Read file.';\n");
    writeFileSync(
      join(dir, 'server.ts'),
      "import { READ_FILE_DESCRIPTION } from './texts.js';\ndeclare const server: { tool(name: string, description: string, cb: () => unknown): void };\n" +
        "server.tool('read_file', READ_FILE_DESCRIPTION, async () => ({ content: [] }));\n",
    );
    const rules = { 'toolslim/require-tool-description': 'error' } as const;
    const syntaxOnly = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser }, plugins: { toolslim: plugin }, rules }] });
    const typed = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser, parserOptions: { project: './tsconfig.json', tsconfigRootDir: dir } }, plugins: { toolslim: plugin }, rules }],
    });
    const [withoutTypes] = await syntaxOnly.lintFiles([join(dir, 'server.ts')]);
    const [withTypes] = await typed.lintFiles([join(dir, 'server.ts')]);
    expect(withoutTypes.messages).toEqual([]);
    expect(withTypes.messages.map((m) => [m.ruleId, m.messageId, m.line, m.column])).toEqual([['toolslim/require-tool-description', 'descriptionRestatesName', 3, 26]]);
  });
});

// Linting whole installed packages (minutes): test/eslint-installed-packages.test.ts, in `pnpm test:slow`.
