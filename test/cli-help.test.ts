// docs/cli.md is the CLI's manual: its help blocks must be what `--help` prints, for every registered
// command, and its exit-code table must be the one the code uses.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commands, EXIT } from '@toolslim/cli';
import { runCli } from '../packages/cli/tests/support/run-cli.js';
import { BUDGET_FLAGS } from '../packages/cli/src/commands/budget.js';
import { REPORT_FLAGS } from '../packages/cli/src/commands/report.js';
import { SLIM_FLAGS } from '../packages/cli/src/commands/slim.js';

const doc = readFileSync(new URL('../docs/cli.md', import.meta.url), 'utf8');
const HOW_TO_FIX = 'docs/cli.md is out of date: run `npx tsx packages/cli/scripts/update-cli-doc.ts`';

function getHelpBlock(name: string): string | undefined {
  const match = new RegExp(`<!-- help: ${name} -->\\n\`\`\`text\\n([\\s\\S]*?)\`\`\``).exec(doc);
  return match?.[1];
}

describe('toolslim --help and docs/cli.md', () => {
  it('prints the main help exactly as documented', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(EXIT.ok);
    expect(getHelpBlock('main'), HOW_TO_FIX).toBe(result.stdout);
  });

  it.each(Object.keys(commands))('%s --help is documented verbatim', async (name) => {
    const result = await runCli([name, '--help']);
    expect(result.code).toBe(EXIT.ok);
    expect(result.stdout.length).toBeGreaterThan(100);
    expect(getHelpBlock(name), HOW_TO_FIX).toBe(result.stdout);
  });

  // Flags are declared once, for parsing; --help must document exactly those (and the closest-flag
  // suggestion of a usage error reads the same declaration).
  it.each([
    ['report', REPORT_FLAGS],
    ['budget', BUDGET_FLAGS],
    ['slim', SLIM_FLAGS],
  ] as const)('%s --help documents every declared flag and no other', async (name, flags) => {
    const { stdout } = await runCli([name, '--help']);
    const documented = new Set([...stdout.slice(stdout.indexOf('Options:')).matchAll(/(?<![\w-])--([a-z][a-z-]*)/g)].map((match) => match[1]));
    expect([...documented].sort()).toEqual(Object.keys(flags).sort());
  });

  it('lists every command in the main help', async () => {
    const { stdout } = await runCli(['--help']);
    for (const name of Object.keys(commands)) expect(stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
  });

  it('documents each exit code the CLI uses, and no other', () => {
    const table = doc.slice(doc.indexOf('<!-- exit-codes -->'));
    const documented = [...table.matchAll(/^\| (\d+) \|/gm)].map((match) => Number(match[1]));
    expect(documented).toEqual([...new Set(Object.values(EXIT))].sort((a, b) => a - b));
  });

  it('an unknown command or flag is a usage error that says what was wrong', async () => {
    const unknown = await runCli(['reprot']);
    expect(unknown.code).toBe(EXIT.usage);
    expect(unknown.stderr).toContain('Unknown command "reprot". Did you mean toolslim report?');
    const flag = await runCli(['report', '--jsn']);
    expect(flag.code).toBe(EXIT.usage);
    expect(flag.stderr).toBe('toolslim: Unknown flag --jsn for toolslim report. Did you mean --json?\nSee toolslim report --help.\n');
  });

  it('with no arguments prints the help and exits 2', async () => {
    const result = await runCli([]);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stdout).toContain('Usage: toolslim <command>');
  });

  // No tarball ships docs/: a help text points at the docs by absolute URL.
  it.each(['', ...Object.keys(commands)])('%s --help names no relative docs/ path', async (name) => {
    const result = await runCli(name ? [name, '--help'] : ['--help']);
    expect(result.stdout.replace(/https:\/\/\S+/g, '')).not.toMatch(/docs\/[\w-]+\.md/);
  });
});
