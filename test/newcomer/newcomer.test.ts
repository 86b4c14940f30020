// A new user's first hour, outside the workspace: every package packed with `pnpm pack`, the tarballs
// installed with npm into a fresh project with a small MCP server by the README's own `npm install`
// lines (the latest typescript-eslint the registry serves; jiti for eslint.config.ts), the README's ESLint
// config and a `defineConfig` eslint.config.ts, then eslint, eslint --fix, and every toolslim command the
// README shows.
// Slow (npm install): `pnpm test:slow` and `.ci/run` run it.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const PACKAGES = ['tokens', 'core', 'eslint-plugin', 'codemod', 'cli', 'runtime'];
const work = mkdtempSync(join(tmpdir(), 'toolslim-newcomer-'));
const project = join(work, 'my-server');
const tarballs = join(work, 'tarballs');

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'notes', version: '1.0.0' });

server.registerTool(
  'save_note',
  {
    description:
      'Save a note to the notebook. Use this when the user asks to remember something. ' +
      'The title must be unique; if a note with the same title exists it is overwritten without warning. ' +
      'Returns a JSON object with the id and the creation date, for example {"id": "n1", "created": "2024-01-01"}. ' +
      'Markdown is supported in the body, including tables and code blocks. Titles longer than 80 characters are cut. ' +
      'Words in the body that start with # become tags, and tags are indexed for search by list_notes. ' +
      'Each note is stored as one plain text file in the notebook folder, named after its title, with the date in its first line. ' +
      'For example, a body of "Buy milk #errands" creates a note tagged errands. ' +
      'Example: the title "Groceries" with the body "milk, eggs" saves a note named Groceries. ' +
      'Example response: {"id": "n2", "created": "2024-01-02", "tags": ["errands"], "path": "notebook/Groceries.md"}.',
    inputSchema: {
      title: z.string().describe('The title.'),
      body: z.string().describe('Full text of the note document to save.'),
    },
  },
  async ({ title }) => ({ content: [{ type: 'text', text: title }] }),
);

server.registerTool(
  'list_notes',
  { description: 'List the titles of saved notes, newest first.', inputSchema: {} },
  async () => ({ content: [{ type: 'text', text: '[]' }] }),
);

export { server };
`;

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: project, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' }, maxBuffer: 1 << 26 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, output: result.stdout + result.stderr };
}

const bin = (name: string) => join(project, 'node_modules', '.bin', name);

/** Packages in the tree (`npm ls`) and megabytes in node_modules (`du`), as test/newcomer/footprint.mjs counts them. */
function measureInstall(cwd: string): { packages: number; mb: number } {
  const listing = execFileSync('npm', ['ls', '--all', '--parseable'], { cwd, encoding: 'utf8', maxBuffer: 1 << 26 }).trim().split('\n');
  const kb = Number(execFileSync('du', ['-sk', join(cwd, 'node_modules')], { encoding: 'utf8' }).split('\t')[0]);
  return { packages: listing.filter((line) => line.includes('node_modules')).length, mb: kb / 1024 };
}

/** The README's ESLint snippet, as a user copies it. */
function getReadmeEslintConfig(): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const block = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1]).find((code) => code.startsWith('// eslint.config.mjs'));
  if (!block) throw new Error('README.md has no ```js block starting with // eslint.config.mjs');
  return block;
}

/** The README's `npm install` lines (in ```sh blocks), in order, as a user copies them. */
function getReadmeInstallLines(): string[][] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]);
  return blocks.flatMap((block) => block.split('\n')).filter((line) => line.startsWith('npm install ')).map((line) => line.trim().split(/\s+/).slice(2));
}

/** What the README says the plugin adds next to ESLint and the parser: "installs N packages (M MB)". */
function getReadmeFootprint(): { packages: number; mb: number } {
  const readme = readFileSync(join(root, 'README.md'), 'utf8').replace(/\s+/g, ' ');
  const match = /The plugin installs (\d+) packages \(([\d.]+) MB\)/.exec(readme);
  if (!match) throw new Error('README.md does not say "The plugin installs N packages (M MB)"');
  return { packages: Number(match[1]), mb: Number(match[2]) };
}

const files = () => readdirSync(tarballs);
const tarball = (prefix: string) => `file:${join(tarballs, files().find((file) => file.startsWith(prefix))!)}`;
/** Our packages are not on the registry yet: their dependencies on each other come from the tarballs too. */
const overrides = () => ({
  '@toolslim/tokens': tarball('toolslim-tokens-'),
  '@toolslim/core': tarball('toolslim-core-'),
  '@toolslim/codemod': tarball('toolslim-codemod-'),
  '@toolslim/runtime': tarball('toolslim-runtime-'),
});

function npmInstall(cwd: string, args: readonly string[]): void {
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...args], { cwd, stdio: 'pipe', encoding: 'utf8' });
}

/** The README's line with the plugin's name replaced by its tarball. */
const withTarball = (args: readonly string[]) => args.map((arg) => (arg === 'eslint-plugin-toolslim' ? tarball('eslint-plugin-toolslim-') : arg));

beforeAll(() => {
  mkdirSync(tarballs);
  for (const dir of PACKAGES) {
    execFileSync('npx', ['-y', 'pnpm@12.4.2', 'pack', '--pack-destination', tarballs], { cwd: join(root, 'packages', dir), stdio: 'pipe' });
  }
  mkdirSync(join(project, 'src'), { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'my-server', version: '1.0.0', private: true, type: 'module', overrides: overrides() }, null, 2));
  writeFileSync(join(project, 'src', 'server.ts'), SERVER);
  // Build output must not be linted twice.
  mkdirSync(join(project, 'dist'));
  writeFileSync(join(project, 'dist', 'server.js'), SERVER.replace("import { z } from 'zod';", "import { z } from 'zod';\n// built"));
  npmInstall(project, ['@modelcontextprotocol/sdk@^1.32.2', 'zod@^4.6.7']);
  // The README's own lines, as written: the plugin with the latest parser the registry serves, then
  // jiti and typescript-eslint for an eslint.config.ts.
  const lines = getReadmeInstallLines();
  expect(lines.length).toBeGreaterThanOrEqual(2);
  for (const args of lines) npmInstall(project, withTarball(args));
  npmInstall(project, ['--save-dev', tarball('toolslim-cli-')]);
}, 600_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

// npm and eslint start slowly on a loaded machine: minutes, not the default minute.
describe('a new user with the README', { timeout: 300_000 }, () => {
  it('installs one typescript-eslint toolchain: the latest parser and the plugin share every @typescript-eslint package', () => {
    const listing = run('npm', ['ls', '--all', '--parseable', '--long']).stdout.split('\n');
    const versions = new Map<string, Set<string>>();
    for (const line of listing) {
      const match = /:(@typescript-eslint\/[a-z-]+)@(\d[^:]*)/.exec(line);
      if (match) versions.set(match[1], (versions.get(match[1]) ?? new Set()).add(match[2]));
    }
    expect(versions.get('@typescript-eslint/utils')?.size).toBe(1);
    expect(versions.get('@typescript-eslint/typescript-estree')?.size).toBe(1);
    const all = new Set([...versions.values()].flatMap((set) => [...set]));
    expect([...all]).toHaveLength(1);
    // The parser is the registry's latest, not the workspace's pinned 8.72.0.
    const latest = execFileSync('npm', ['view', '@typescript-eslint/parser', 'version'], { encoding: 'utf8' }).trim();
    expect([...all]).toEqual([latest]);
  });

  it('adds the packages and megabytes the README states next to ESLint, the parser and TypeScript', () => {
    const alone = join(work, 'footprint');
    mkdirSync(alone);
    writeFileSync(join(alone, 'package.json'), JSON.stringify({ name: 'footprint', version: '1.0.0', private: true, type: 'module', overrides: overrides() }));
    const [first] = getReadmeInstallLines();
    npmInstall(alone, first.filter((arg) => arg !== 'eslint-plugin-toolslim'));
    const before = measureInstall(alone);
    npmInstall(alone, withTarball(first));
    const after = measureInstall(alone);
    const stated = getReadmeFootprint();
    expect(after.packages - before.packages).toBe(stated.packages);
    expect(Math.abs(after.mb - before.mb - stated.mb)).toBeLessThanOrEqual(0.5);
  });

  it('installs only what linting needs with the plugin', () => {
    const installed = (name: string) => existsSync(join(project, 'node_modules', name, 'package.json'));
    expect(installed('eslint-plugin-toolslim')).toBe(true);
    expect(installed('gpt-tokenizer')).toBe(false);
    // The CLI (measure) brings the SDK's client anyway; the plugin's own tree must not.
    const tree = run('npm', ['ls', 'express', '--all', '--parseable']);
    expect(tree.stdout.split('\n').filter((line) => line.includes('eslint-plugin-toolslim'))).toEqual([]);
  });

  it('lints with the README eslint.config.mjs, and not dist/', () => {
    writeFileSync(join(project, 'eslint.config.mjs'), getReadmeEslintConfig());
    const result = run(bin('eslint'), ['.', '--format', 'json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { filePath: string; messages: { ruleId: string }[] }[];
    const linted = report.map((file) => file.filePath.slice(project.length + 1));
    expect(linted).toContain('src/server.ts');
    expect(linted.filter((file) => file.startsWith('dist/'))).toEqual([]);
    const server = report.find((file) => file.filePath.endsWith('server.ts'))!;
    const rules = new Set(server.messages.map((message) => message.ruleId));
    expect(rules).toContain('toolslim/no-how-in-description');
    expect(rules).toContain('toolslim/prefer-reference-input');
    expect(result.stderr).toBe('');
  });

  it('lints the same with an eslint.config.ts written with defineConfig', () => {
    const mjs = JSON.parse(run(bin('eslint'), ['src', '--format', 'json']).stdout) as { messages: { ruleId: string; line: number }[] }[];
    writeFileSync(
      join(project, 'eslint.config.ts'),
      [
        "import { defineConfig } from 'eslint/config';",
        "import tseslint from 'typescript-eslint';",
        "import toolslim from 'eslint-plugin-toolslim';",
        '',
        'export default defineConfig(',
        "  { ignores: ['dist/**'] },",
        "  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },",
        '  toolslim.configs.recommended,',
        ');',
        '',
      ].join('\n'),
    );
    const result = run(bin('eslint'), ['--config', 'eslint.config.ts', 'src', '--format', 'json']);
    expect(result.stderr).toBe('');
    const ts = JSON.parse(result.stdout) as { messages: { ruleId: string; line: number }[] }[];
    expect(ts[0].messages.map((m) => [m.ruleId, m.line])).toEqual(mjs[0].messages.map((m) => [m.ruleId, m.line]));
    // The config type-checks against ESLint's and typescript-eslint's types, without a cast.
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', target: 'es2022', noEmit: true, skipLibCheck: true, types: [] }, include: ['eslint.config.ts'] }));
    const tsc = run(bin('tsc'), ['-p', 'tsconfig.json']);
    expect(tsc.output).toBe('');
    expect(tsc.code).toBe(0);
  });

  it('applies the safe fixes with eslint --fix', () => {
    const before = readFileSync(join(project, 'src', 'server.ts'), 'utf8');
    run(bin('eslint'), ['src', '--fix']);
    const after = readFileSync(join(project, 'src', 'server.ts'), 'utf8');
    expect(after).not.toBe(before);
    expect(before).toContain("z.string().describe('The title.')");
    expect(after).not.toContain("describe('The title.')");
    writeFileSync(join(project, 'src', 'server.ts'), SERVER);
  });

  it('reports sizes with toolslim report', () => {
    const result = run(bin('toolslim'), ['report', 'src', '--json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { tools: { name: string; tokens: number }[]; totals: { tools: number } };
    expect(report.totals.tools).toBe(2);
    expect(report.tools.map((tool) => tool.name).sort()).toEqual(['list_notes', 'save_note']);
    expect(report.tools.every((tool) => tool.tokens > 0)).toBe(true);
  });

  it('writes and checks a budget', () => {
    const init = run(bin('toolslim'), ['budget', '--init', 'src']);
    expect(init.code).toBe(0);
    expect(JSON.parse(readFileSync(join(project, 'toolslim.budget.json'), 'utf8'))).toMatchObject({ totalBytes: expect.any(Number) });
    const check = run(bin('toolslim'), ['budget', 'src']);
    expect(check.code).toBe(0);
    const markdown = run(bin('toolslim'), ['budget', 'src', '--format', 'markdown']);
    expect(markdown.code).toBe(0);
    expect(markdown.stdout).toContain('|');
  });

  it('shows what slimming would do with toolslim slim --dry-run, and writes nothing', () => {
    const result = run(bin('toolslim'), ['slim', 'src', '--instructions', 'docs/tools', '--dry-run']);
    expect(result.code).toBe(0);
    // Net of the read_instructions tool and the server instructions, moving save_note's how-text would
    // make this two-tool server larger: it is left as it is, and the run says why.
    expect(result.output).toContain('save_note');
    expect(result.stderr).toContain('would not pay for what serving them adds to every request');
    expect(readFileSync(join(project, 'src', 'server.ts'), 'utf8')).toBe(SERVER);
    expect(existsSync(join(project, 'docs'))).toBe(false);
  });
});
