/**
 * `toolslim slim` on repositories as they are: test files and test servers left alone, a docs site never
 * taken over, several servers each with their own folder, families and package.json, and the project's
 * own formatter run on what slim changed. In-process through the CLI's dispatcher, on projects written
 * here from the codemod's `basic` server.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { run } from '../packages/cli/src/run.js';

const BASIC = readFileSync(path.resolve(import.meta.dirname, '../packages/codemod/tests/fixtures/basic/input/src/server.ts'), 'utf8');
const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolslim-repositories-'));
  temporary.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

// The repositories here are small: net of the tool and the instructions slim adds they would be left
// alone (test/net-numbers); these tests are about where slim writes, so it slims anyway.
async function slim(cwd: string, ...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await run(['slim', ...args, '--even-if-larger'], { cwd, stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), isTTY: false, env: {} });
  return { code, stdout, stderr };
}

function readTree(dir: string, prefix = ''): Record<string, string> {
  const tree: Record<string, string> = {};
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.name === 'node_modules') continue;
    if (entry.isDirectory()) Object.assign(tree, readTree(dir, relative));
    else tree[relative] = readFileSync(path.join(dir, relative), 'utf8');
  }
  return tree;
}

const PACKAGE = (name: string) => `${JSON.stringify({ name, version: '1.0.0', type: 'module', files: ['src'], dependencies: { '@modelcontextprotocol/sdk': '^1.32.2' } }, null, 2)}\n`;
/** The basic server under another server name, so that its family says which server it belongs to. */
const serverNamed = (name: string) => BASIC.replace("name: 'notes'", `name: '${name}'`).replace(/notes_/g, `${name}_`);

describe('slim on repositories as they are', { timeout: 120_000 }, () => {
  test('test files and test servers are never slimmed, wired or named as a family', async () => {
    const dir = project({
      'package.json': PACKAGE('notes-server'),
      'src/server.ts': BASIC,
      'src/server.test.ts': serverNamed('test'),
      'src/server.spec.ts': serverNamed('spec'),
      'tests/helpers/server.ts': serverNamed('helper'),
      '__tests__/server.ts': serverNamed('jest'),
      'test/fixtures/server.ts': serverNamed('fixture'),
    });
    const before = readTree(dir);
    const { code, stdout } = await slim(dir, '--json');
    expect(code).toBe(0);
    const json = JSON.parse(stdout) as { tools: Array<{ name: string; family: string; file: string }>; wiring: Array<{ file: string }> };
    expect(json.tools.map((tool) => tool.file)).toEqual(['src/server.ts', 'src/server.ts']);
    expect(json.wiring.map((wiring) => wiring.file)).toEqual(['src/server.ts']);
    expect(new Set(json.tools.map((tool) => tool.family))).toEqual(new Set(['notes']));
    const after = readTree(dir);
    for (const file of ['src/server.test.ts', 'src/server.spec.ts', 'tests/helpers/server.ts', '__tests__/server.ts', 'test/fixtures/server.ts']) expect(after[file]).toBe(before[file]);
    expect(Object.keys(after).filter((file) => file.startsWith('docs/tools/')).sort()).toEqual(['docs/tools/README.md', 'docs/tools/notes.md']);
  });

  test('a folder that holds a docs site is never taken over: the default moves aside, a named one stops the run', async () => {
    const site = { 'docs/tools/getting-started.md': '# Getting started\n\nInstall the CLI and run it.\n', 'docs/tools/faq.md': '# FAQ\n\nAsk us.\n' };
    const dir = project({ 'package.json': PACKAGE('notes-server'), 'src/server.ts': BASIC, ...site });
    const named = await slim(dir, '--instructions', 'docs/tools');
    expect(named.code).toBe(2);
    expect(named.stderr).toContain('docs/tools already holds markdown that slim did not write (faq.md, getting-started.md)');
    expect(readTree(dir)['src/server.ts']).toBe(BASIC);

    const { code } = await slim(dir);
    expect(code).toBe(0);
    const after = readTree(dir);
    for (const [file, text] of Object.entries(site)) expect(after[file]).toBe(text);
    expect(Object.keys(after).filter((file) => file.startsWith('docs/tools/')).sort()).toEqual(['docs/tools/faq.md', 'docs/tools/getting-started.md']);
    expect(after['docs/tool-instructions/notes.md']).toContain('## notes_search');
    expect(after['src/server.ts']).toContain("'docs/tool-instructions'");
    // A second run keeps using the folder it made.
    expect((await slim(dir, '--check')).code).toBe(0);
  });

  test('hand-written docs with a section per tool are someone else\'s: the default folder moves aside and they are unchanged', async () => {
    const site = {
      'docs/tools/README.md': '# Tools\n\n- [Notes](notes-guide.md)\n',
      'docs/tools/notes-guide.md': '# Notes tools\n\n## notes_search\n\nSearches your notes. Written by the maintainers.\n',
    };
    const dir = project({ 'package.json': PACKAGE('notes-server'), 'src/server.ts': BASIC, ...site });
    const { code } = await slim(dir);
    expect(code).toBe(0);
    const after = readTree(dir);
    for (const [file, text] of Object.entries(site)) expect(after[file]).toBe(text);
    expect(after['docs/tool-instructions/notes.md']).toContain('## notes_search');
    // A second run keeps using the folder it made.
    expect((await slim(dir, '--check')).code).toBe(0);
  });

  test('a repository with several servers gets a folder, families and the dependency per server package; Next names each', async () => {
    const dir = project({
      'package.json': `${JSON.stringify({ name: 'repo', private: true, workspaces: ['packages/*'] }, null, 2)}\n`,
      'packages/billing/package.json': PACKAGE('billing-server'),
      'packages/billing/src/server.ts': serverNamed('billing'),
      'packages/shipping/package.json': PACKAGE('shipping-server'),
      'packages/shipping/src/server.ts': serverNamed('shipping'),
    });
    const { code, stdout } = await slim(dir);
    expect(code).toBe(0);
    const after = readTree(dir);
    for (const name of ['billing', 'shipping']) {
      expect(after[`packages/${name}/docs/tools/${name}.md`]).toContain(`## ${name}_search`);
      expect(after[`packages/${name}/docs/tools/${name}.md`]).not.toContain(name === 'billing' ? 'shipping_' : 'billing_');
      const manifest = JSON.parse(after[`packages/${name}/package.json`]) as { dependencies: Record<string, string>; files: string[] };
      expect(manifest.dependencies['@toolslim/runtime']).toBeDefined();
      expect(manifest.files).toContain('docs/tools');
      expect(after[`packages/${name}/src/server.ts`]).toContain("findInstructionsDir(import.meta.url, 'docs/tools')");
      expect(stdout).toContain(`packages/${name}: \``);
    }
    expect(existsSync(path.join(dir, 'docs'))).toBe(false);
    expect(after['package.json']).not.toContain('@toolslim/runtime');
  });

  test("what slim changed is formatted with the project's own formatter, when one is installed and configured", async () => {
    const dir = project({ 'package.json': PACKAGE('notes-server'), 'src/server.ts': BASIC, '.prettierrc': '{}\n', 'src/other.ts': 'export const untouched = 1;\n' });
    // A formatter of our own in the project's node_modules/.bin: it records the files it is given and
    // rewrites each with a marker line, so the test sees what it ran on.
    const bin = path.join(dir, 'node_modules', '.bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(
      path.join(bin, 'prettier'),
      `#!${process.execPath}\nconst fs = require('node:fs');\nconst files = process.argv.slice(2).filter((a) => !a.startsWith('-') && a !== 'warn');\nfs.writeFileSync(${JSON.stringify(path.join(dir, 'formatted.log'))}, files.join('\\n'));\nfor (const f of files) fs.writeFileSync(f, fs.readFileSync(f, 'utf8') + '// formatted\\n');\n`,
    );
    chmodSync(path.join(bin, 'prettier'), 0o755);
    const { code, stdout } = await slim(dir);
    expect(code).toBe(0);
    expect(stdout).toContain('Formatted the changed files with prettier.');
    const formatted = readFileSync(path.join(dir, 'formatted.log'), 'utf8').split('\n').map((file) => path.relative(dir, file)).sort();
    expect(formatted).toEqual(['docs/tools/README.md', 'docs/tools/notes.md', 'package.json', 'src/server.ts']);
    expect(readFileSync(path.join(dir, 'src/other.ts'), 'utf8')).toBe('export const untouched = 1;\n');
  });
});


