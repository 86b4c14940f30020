/**
 * `toolslim slim` end to end, in-process through the CLI's dispatcher, on copies of the codemod's `basic`
 * fixture: dry run, check, write, second run, JSON, and the bad inputs (a file that does not parse, an
 * instructions folder that cannot be written, a missing path, uncommitted git changes).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { planSlim } from '../packages/codemod/src/index.js';
import { getShippedModel } from '../packages/core/src/index.js';
import { afterAll, describe, expect, test } from 'vitest';
import { run } from '../packages/cli/src/run.js';

const basic = path.resolve(import.meta.dirname, '../packages/codemod/tests/fixtures/basic');
const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

function copyBasic(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolslim-cli-slim-'));
  temporary.push(dir);
  cpSync(path.join(basic, 'input'), dir, { recursive: true });
  return dir;
}

// `basic` is small: net of the tool and the instructions slim adds, slimming it makes it larger (the
// decision is test/net-numbers'); these tests are about the command, so it slims anyway.
async function slim(cwd: string, ...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await run(['slim', ...args, '--even-if-larger'], {
    cwd,
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    isTTY: false,
    env: {},
  });
  return { code, stdout, stderr };
}

function readTree(dir: string, prefix = ''): Record<string, string> {
  const tree: Record<string, string> = {};
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.name === '.git') continue;
    if (entry.isDirectory()) Object.assign(tree, readTree(dir, relative));
    else tree[relative] = readFileSync(path.join(dir, relative), 'utf8');
  }
  return tree;
}

describe('toolslim slim', { timeout: 240_000 }, () => {
  test('--dry-run prints the diff and the sizes before → after, and writes nothing', async () => {
    const dir = copyBasic();
    const before = readTree(dir);
    const { code, stdout } = await slim(dir, 'src', '--dry-run');
    expect(code).toBe(0);
    expect(stdout).toContain('--- a/src/server.ts');
    expect(stdout).toContain('+++ b/docs/tools/notes.md');
    expect(stdout).toMatch(/notes_search\s+src\/server\.ts:6\s+[\d,]+ → [\d,]+\s+[\d,]+ → [\d,]+/);
    expect(stdout).toContain('2 tools found: 2 to slim.');
    // Net of the read_instructions tool and the server instructions, basic grows.
    expect(stdout).toMatch(/2 readable tools would go from [\d,]+ → [\d,]+ bytes \(\+\d+%\), [\d,]+ → [\d,]+ tokens\./);
    expect(readTree(dir)).toEqual(before);
  });

  test('--check exits 1 while something would change, and 0 after the run', async () => {
    const dir = copyBasic();
    expect((await slim(dir, '--check')).code).toBe(1);
    const written = await slim(dir);
    expect(written.code).toBe(0);
    expect(written.stdout).toContain('2 tools found: 2 slimmed.\nwired src/server.ts');
    expect(written.stdout).toContain('Wrote 3 files.');
    expect(readTree(dir)).toEqual(readTree(path.join(basic, 'output')));
    expect((await slim(dir, '--check')).code).toBe(0);
    const again = await slim(dir);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('2 tools found: 2 already slim.\n');
  });

  test('--json reports every slimmed tool with its sizes, and the totals', async () => {
    const dir = copyBasic();
    const { code, stdout } = await slim(dir, '--json', '--dry-run');
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect(json.changed).toBe(true);
    expect(json.tools.map((tool: { name: string }) => tool.name)).toEqual(['notes_search', 'notes_create']);
    for (const tool of json.tools) expect(tool.after.bytes).toBeLessThan(tool.before.bytes);
    // Net: "after" is the slimmed tools plus the read_instructions tool and the server instructions slim adds.
    const saved = json.tools.reduce((sum: number, tool: { before: { bytes: number }; after: { bytes: number } }) => sum + tool.before.bytes - tool.after.bytes, 0);
    expect(json.totals.after.bytes).toBe(json.totals.before.bytes - saved + json.totals.added.bytes + json.totals.instructions.bytes);
    expect(json.files.map((file: { file: string }) => file.file).sort()).toEqual(['docs/tools/README.md', 'docs/tools/notes.md', 'src/server.ts']);
    expect(json.diff).toContain('+++ b/src/server.ts');
  });

  test('a file that does not parse is reported and left as it is; the rest is slimmed', async () => {
    const dir = copyBasic();
    const broken = "server.tool('broken', 'Never parsed. Use it never. Extra how text here.', {\n";
    writeFileSync(path.join(dir, 'src/broken.ts'), broken);
    const { code, stderr } = await slim(dir);
    expect(code).toBe(1);
    expect(stderr).toMatch(/src\/broken\.ts: .+\(left untouched\)/);
    expect(readFileSync(path.join(dir, 'src/broken.ts'), 'utf8')).toBe(broken);
    expect(readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toBe(readFileSync(path.join(basic, 'output/src/server.ts'), 'utf8'));
  });

  test('an instructions folder that cannot be written is an error before any source file changes', async () => {
    const dir = copyBasic();
    mkdirSync(path.join(dir, 'docs'));
    writeFileSync(path.join(dir, 'docs/tools'), 'a file where the folder should be\n');
    const before = readTree(dir);
    const { code, stderr } = await slim(dir);
    expect(code).toBe(1);
    expect(stderr).toContain('cannot be written');
    expect(readTree(dir)).toEqual(before);
  });

  test('a missing path is a clear error with a non-zero exit', async () => {
    const dir = copyBasic();
    const { code, stderr } = await slim(dir, 'does-not-exist');
    expect(code).toBe(2);
    expect(stderr).toContain('does-not-exist');
  });

  test('files with uncommitted git changes are refused unless --force, by name', async () => {
    const dir = copyBasic();
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
    git('init', '-q');
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'add', '.');
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'input');
    writeFileSync(path.join(dir, 'src/server.ts'), readFileSync(path.join(dir, 'src/server.ts'), 'utf8') + '// edited\n');
    const refused = await slim(dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('src/server.ts');
    expect(refused.stderr).toContain('--force');
    expect(existsSync(path.join(dir, 'docs/tools'))).toBe(false);
    const forced = await slim(dir, '--force');
    expect(forced.code).toBe(0);
    expect(readFileSync(path.join(dir, 'docs/tools/notes.md'), 'utf8')).toBe(readFileSync(path.join(basic, 'output/docs/tools/notes.md'), 'utf8'));
  });
  test('a sentence that names money stays in the description; what moves is listed for review only when it reads like a guardrail', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'toolslim-cli-review-'));
    temporary.push(dir);
    mkdirSync(path.join(dir, 'src'));
    // A guardrail in words the cues have no cue for ("choose carefully … customers' tax"), among how-text.
    const description =
      'Create an invoice for a customer. Use it when the user asks to bill someone. Amounts are rounded to two decimals, half up, in the currency of the account. Choose the tax category carefully, as it changes what the customer pays. Results are sorted by date, newest first, and paginated 50 at a time. The response holds the invoice id on its first line, followed by the invoice number and the due date. Line items keep the order in which they were given, and an empty description is shown as a dash. For example, pass 1250 for twelve euros fifty; the invoice is created as a draft and numbered when it is finalised.';
    const source = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\nconst server = new McpServer({ name: 'billing', version: '1.0.0' });\nserver.tool('billing_create_invoice', ${JSON.stringify(description)}, { amount: z.number().describe('Amount in cents.') }, async () => ({ content: [] }));\nserver.tool('billing_create_quote', ${JSON.stringify(description.replace('an invoice', 'a quote'))}, { amount: z.number().describe('Amount in cents.') }, async () => ({ content: [] }));\nexport { server };\n`;
    writeFileSync(path.join(dir, 'src/server.ts'), source);
    const json = JSON.parse((await slim(dir, 'src', '--json', '--dry-run')).stdout);
    expect(json.tools.map((tool: { name: string }) => tool.name)).toEqual(['billing_create_invoice', 'billing_create_quote']);
    for (const tool of json.tools) {
      expect(tool.descriptionAfter).toContain('Choose the tax category carefully, as it changes what the customer pays.');
      expect(tool.descriptionAfter).not.toContain('For example, pass 1250');
      // Only what reads like a guardrail to the prose model is listed (at or above its review threshold), not
      // all that moves, and never the money sentence, which stays. (Session 8's model gives a line-item
      // ordering sentence 5%, over the 3% threshold; which how sentence clears it depends on the model.)
      expect(tool.review.length).toBeLessThan(tool.movedUnits);
      for (const item of tool.review as { guardrail: number; topics: string[] }[]) {
        expect(item.guardrail).toBeGreaterThanOrEqual(getShippedModel().reviewThreshold);
        expect(item.topics).not.toContain('money');
      }
    }
    const dry = await slim(dir, 'src', '--dry-run');
    expect(dry.code).toBe(0);
  });

  test('a moved sentence the prose model gives a guardrail probability above its review threshold is listed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'toolslim-cli-review-'));
    temporary.push(dir);
    mkdirSync(path.join(dir, 'src'));
    // Moving more than the default (moveThreshold 0.5, through the API) moves text the model is less sure of: the review lists it.
    const description = 'Create an invoice for a customer. Use it when the user asks to bill someone. Results are sorted by date, newest first. The account owner receives a copy. The response holds the invoice id on its first line.';
    writeFileSync(
      path.join(dir, 'src/server.ts'),
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 'billing', version: '1.0.0' });\nserver.tool('billing_create_invoice', ${JSON.stringify(description)}, async () => ({ content: [] }));\nexport { server };\n`,
    );
    const plan = planSlim({ cwd: dir, files: [path.join(dir, 'src/server.ts')], moveThreshold: 0.1, extraSentences: 1, skipUnprofitable: false });
    const review = plan.tools.flatMap((tool) => tool.review);
    // The sentence that sends something to a person is listed; the sort order and the rounding are not.
    expect(review.map((item) => item.text)).toContain('The account owner receives a copy.');
    expect(review.map((item) => item.text)).not.toContain('Results are sorted by date, newest first.');
    for (const item of review) expect(item.guardrail).toBeGreaterThanOrEqual(getShippedModel().reviewThreshold);
  });

  test('families come from settings.toolslim in the ESLint config', async () => {
    // Inside the repository, so that the project's ESLint is found from the folder.
    const dir = mkdtempSync(path.join(import.meta.dirname, 'slim-settings-'));
    temporary.push(dir);
    cpSync(path.join(basic, 'input'), dir, { recursive: true });
    writeFileSync(path.join(dir, 'eslint.config.mjs'), "export default [{ settings: { toolslim: { families: { notes_create: 'writing' } } } }];\n");
    const { code, stdout } = await slim(dir, 'src', '--json', '--dry-run');
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect(Object.fromEntries(json.tools.map((tool: { name: string; family: string }) => [tool.name, tool.family]))).toEqual({
      notes_search: 'notes',
      notes_create: 'writing',
    });
  });
});
