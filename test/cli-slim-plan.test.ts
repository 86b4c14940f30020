// `toolslim slim --plan <file>` and `--apply <file>` end to end: the plan is written and nothing else,
// a changed mark is carried out, `--dry-run --apply` prints the diff and writes nothing, and every
// refusal exits 2 with the file (and line) named and the project as it was.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT } from '@toolslim/cli';
import { runCli } from '../packages/cli/tests/support/run-cli.js';
import { readTree } from '../packages/codemod/tests/helpers.js';

const FIXTURE = new URL('../packages/codemod/tests/plan-file-fixture/', import.meta.url).pathname;
const KEPT = 'Returns at most 25 recipes, best match first.';

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

function createProject(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolslim-cli-plan-'));
  temporary.push(dir);
  cpSync(FIXTURE, dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), '{ "name": "recipes", "private": true, "type": "module" }\n');
  return dir;
}

function mark(dir: string, text: string, to: string): void {
  const file = path.join(dir, 'plan.md');
  const lines = readFileSync(file, 'utf8').split('\n');
  const at = lines.findIndex((line) => line.startsWith('- [') && line.includes(`\`${text}\``));
  lines[at] = lines[at].replace(/^- \[[^\]]*\]/, `- [${to}]`);
  writeFileSync(file, lines.join('\n'));
}

describe('toolslim slim --plan / --apply', () => {
  it('writes only the plan, then carries out its marks; --dry-run --apply shows the diff and writes nothing', async () => {
    const dir = createProject();
    const before = readTree(dir);
    const planned = await runCli(['slim', 'src', '--plan', 'plan.md'], { cwd: dir });
    expect(planned.code).toBe(EXIT.ok);
    expect(planned.stdout).toMatch(/^Wrote the plan to plan\.md: 3 tools, \d+ units \(\d+ to move, 1 to a parameter\)/);
    const { 'plan.md': plan, ...rest } = readTree(dir);
    expect(rest).toEqual(before);
    expect(plan).toContain(`- [move] u3 \`${KEPT}\``);

    mark(dir, KEPT, 'stay');
    const withPlan = readTree(dir);
    const dry = await runCli(['slim', '--apply', 'plan.md', '--dry-run'], { cwd: dir });
    expect(dry.code).toBe(EXIT.ok);
    expect(dry.stdout).toContain('+++ b/docs/tools/recipes.md');
    expect(dry.stdout).toContain('+++ b/docs/tools/kept-in-descriptions.json');
    expect(readTree(dir)).toEqual(withPlan);

    const applied = await runCli(['slim', '--apply', 'plan.md', '--force'], { cwd: dir });
    expect(applied.code).toBe(EXIT.ok);
    expect(readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toContain(KEPT);
    expect(readFileSync(path.join(dir, 'docs/tools/recipes.md'), 'utf8')).not.toContain(KEPT);

    const again = await runCli(['slim', 'src', '--plan', 'again.md'], { cwd: dir });
    expect(again.stdout).toContain('(0 to move, 0 to a parameter)');
    const check = await runCli(['slim', 'src', '--check'], { cwd: dir });
    expect(check.code).toBe(EXIT.ok);
  });

  it.each([
    ['a changed source', (dir: string) => writeFileSync(path.join(dir, 'src/server.ts'), `${readFileSync(path.join(dir, 'src/server.ts'), 'utf8')}\n`), /^toolslim: plan\.md: src\/server\.ts changed after the plan was written/],
    ['an unknown mark', (dir: string) => mark(dir, KEPT, 'keep'), /^toolslim: plan\.md:\d+: "\[keep\]" is no mark; write \[stay\], \[move\], \[move!\] or \[param:NAME\]\. Nothing was written\./],
    [
      'an edited unit text',
      (dir: string) => writeFileSync(path.join(dir, 'plan.md'), readFileSync(path.join(dir, 'plan.md'), 'utf8').replace(`\`${KEPT}\``, '`Returns at most 5 recipes.`')),
      /^toolslim: plan\.md:\d+: u3 \(recipes_find, description\) has a text other than the one planned/,
    ],
    ['a guardrail moved without !', (dir: string) => mark(dir, 'Never delete a recipe the user did not name: ask first when unsure.', 'move'), /^toolslim: plan\.md:\d+: u\d+ \(recipes_delete, description\) reads as a guardrail/],
  ])('refuses %s: exit 2, the file and why, nothing written', async (_name, spoil, message) => {
    const dir = createProject();
    await runCli(['slim', 'src', '--plan', 'plan.md'], { cwd: dir });
    spoil(dir);
    const before = readTree(dir);
    const result = await runCli(['slim', '--apply', 'plan.md', '--force'], { cwd: dir });
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toMatch(message);
    expect(readTree(dir)).toEqual(before);
  });

  it('refuses flags the plan decides, and --plan with --dry-run', async () => {
    const dir = createProject();
    await runCli(['slim', 'src', '--plan', 'plan.md'], { cwd: dir });
    const replayed = await runCli(['slim', '--apply', 'plan.md', '--keep', '1'], { cwd: dir });
    expect(replayed.code).toBe(EXIT.usage);
    expect(replayed.stderr).toContain('--apply runs with the paths and options the plan was written with; drop --keep.');
    const both = await runCli(['slim', 'src', '--plan', 'plan.md', '--dry-run'], { cwd: dir });
    expect(both.code).toBe(EXIT.usage);
    const missing = await runCli(['slim', '--apply', 'nope.md'], { cwd: dir });
    expect(missing.code).toBe(EXIT.usage);
    expect(missing.stderr).toContain('No such plan file: nope.md (--apply).');
    // A folder given where the plan file goes is refused before anything is read, and nothing is written.
    const before = readTree(dir);
    const folder = await runCli(['slim', 'src', '--plan', 'src'], { cwd: dir });
    expect(folder.code).toBe(EXIT.usage);
    expect(folder.stderr).toContain('--plan names the file to write the plan to, and src is a folder');
    expect(readTree(dir)).toEqual(before);
  });
});
