// `toolslim budget`: pass, each way to fail, the ratchet (`--update` lowers, never raises), `--init`,
// malformed budget files, output formats, measuring a running server, and `--compare`.
// Sizes are computed here from the tool objects the sources publish (low-level style: the literal is
// what `tools/list` sends), so every limit is set relative to an independent number.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '@toolslim/cli';
import { createProject, getServerPath, runCli } from '../packages/cli/tests/support/run-cli.js';

function buildTool(name: string, sentences: number) {
  return {
    name,
    description: `Does ${name}. ${'It follows a rule the model has to read. '.repeat(sentences)}`.trim(),
    inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  };
}

const BIG = buildTool('teams_save', 14);
const MEDIUM = buildTool('teams_get', 5);
const SMALL = buildTool('ping', 0);

function getBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value));
}

const BIG_BYTES = getBytes(BIG);
const MEDIUM_BYTES = getBytes(MEDIUM);
const SMALL_BYTES = getBytes(SMALL);
const TOTAL = BIG_BYTES + MEDIUM_BYTES + SMALL_BYTES;
const SIZES = { ping: SMALL_BYTES, teams_get: MEDIUM_BYTES, teams_save: BIG_BYTES };

/** The headroom the budget promises: at least 10%, at most 11%, in three significant digits. */
function expectHeadroom(limit: number, total: number) {
  expect(limit).toBeGreaterThanOrEqual(total * 1.1);
  expect(limit).toBeLessThanOrEqual(total * 1.11);
  expect(String(limit).replace(/0+$/, '').length).toBeLessThanOrEqual(3);
}

function buildSource(tools: readonly object[]): string {
  return `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'teams', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: ${JSON.stringify(tools)} }));
`;
}

let project: ReturnType<typeof createProject>;
const budgetPath = () => path.join(project.dir, 'toolslim.budget.json');
const writeBudget = (budget: unknown) => writeFileSync(budgetPath(), typeof budget === 'string' ? budget : JSON.stringify(budget));
const readBudget = () => JSON.parse(readFileSync(budgetPath(), 'utf8'));
const budget = (...args: string[]) => runCli(['budget', ...args], { cwd: project.dir });

beforeEach(() => {
  project = createProject({ 'src/server.ts': buildSource([BIG, MEDIUM, SMALL]) });
});
afterEach(() => project.remove());

describe('toolslim budget from source', () => {
  it('sanity: the sizes the budget sees are the sizes of the published objects', async () => {
    const report = JSON.parse((await runCli(['report', '--json'], { cwd: project.dir })).stdout);
    expect(report.totals.bytes).toBe(TOTAL);
    expect(SMALL_BYTES).toBeLessThan(MEDIUM_BYTES);
    expect(MEDIUM_BYTES).toBeLessThan(BIG_BYTES);
  });

  it('passes when the total and every tool are within the budget', async () => {
    writeBudget({ totalBytes: TOTAL, perToolBytes: MEDIUM_BYTES, oversized: { teams_save: BIG_BYTES } });
    const result = await budget();
    expect(result.code).toBe(EXIT.ok);
    expect(result.stdout).toContain('Within budget.');
  });

  it('fails on the total', async () => {
    writeBudget({ totalBytes: TOTAL - 1 });
    const result = await budget();
    expect(result.code).toBe(EXIT.findings);
    const check = JSON.parse((await budget('--json')).stdout);
    expect(check.ok).toBe(false);
    expect(check.offenders).toEqual([{ kind: 'total', bytes: TOTAL, limit: TOTAL - 1 }]);
  });

  it('fails on a tool over perToolBytes that is not listed, and prints a table of offenders', async () => {
    writeBudget({ perToolBytes: MEDIUM_BYTES });
    const result = await budget();
    expect(result.code).toBe(EXIT.findings);
    expect(result.stdout).toMatchSnapshot();
    const check = JSON.parse((await budget('--json')).stdout);
    expect(check.offenders).toEqual([{ kind: 'over-per-tool', name: 'teams_save', bytes: BIG_BYTES, limit: MEDIUM_BYTES }]);
  });

  it('fails when a listed tool grew past its number, and says when one shrank', async () => {
    writeBudget({ perToolBytes: SMALL_BYTES, oversized: { teams_save: BIG_BYTES - 5, teams_get: MEDIUM_BYTES + 40 } });
    const result = await budget();
    expect(result.code).toBe(EXIT.findings);
    expect(result.stdout).toContain(`shrank: teams_get is ${MEDIUM_BYTES.toLocaleString('en-US')} bytes, listed at ${(MEDIUM_BYTES + 40).toLocaleString('en-US')}`);
    const check = JSON.parse((await budget('--json')).stdout);
    expect(check.offenders).toEqual([{ kind: 'grew', name: 'teams_save', bytes: BIG_BYTES, limit: BIG_BYTES - 5 }]);
    expect(check.shrank).toEqual([{ name: 'teams_get', bytes: MEDIUM_BYTES, limit: MEDIUM_BYTES + 40 }]);
  });

  it('--update lowers numbers, drops entries now under perToolBytes or gone, and never raises anything', async () => {
    const original = {
      totalBytes: 1_000_000,
      perToolBytes: SMALL_BYTES + 10,
      oversized: { teams_save: BIG_BYTES - 5, teams_get: MEDIUM_BYTES + 40, ping: SMALL_BYTES + 99, removed_tool: 5000 },
    };
    writeBudget(original);
    const result = await budget('--update');
    const updated = readBudget();
    expect(updated).toEqual({
      totalBytes: expect.any(Number),
      perToolBytes: original.perToolBytes,
      // teams_save grew: its number stays (never raised), so the check still fails.
      oversized: { teams_save: BIG_BYTES - 5, teams_get: MEDIUM_BYTES },
      tools: SIZES,
    });
    expectHeadroom(updated.totalBytes, TOTAL);
    expect(result.code).toBe(EXIT.findings);
    expect(result.stdout).toContain(`oversized.teams_get: ${(MEDIUM_BYTES + 40).toLocaleString('en-US')} → ${MEDIUM_BYTES.toLocaleString('en-US')}`);
    expect(result.stdout).toContain('oversized.removed_tool: dropped (was 5,000)');
    expect(result.stdout).toContain('oversized.ping: dropped');
    // Nothing in the updated budget is above what it was.
    expect(updated.totalBytes).toBeLessThanOrEqual(original.totalBytes);
    for (const [name, limit] of Object.entries(updated.oversized)) {
      expect(limit).toBeLessThanOrEqual(original.oversized[name as keyof typeof original.oversized]);
    }
    // A second run has nothing left to lower and leaves the file alone.
    const before = readFileSync(budgetPath(), 'utf8');
    const again = await budget('--update');
    expect(again.stdout).toContain('nothing to lower');
    expect(readFileSync(budgetPath(), 'utf8')).toBe(before);
  });

  it('--init gives a server of a few KB the same 10% room as a large one', async () => {
    // A 4 KB server: rounding up to the next 1,000 bytes gave it 23%.
    project.remove();
    const tools = [buildTool('a_tool', 29), buildTool('b_tool', 29), buildTool('c_tool', 28)];
    project = createProject({ 'src/server.ts': buildSource(tools) });
    const total = tools.reduce((sum, tool) => sum + getBytes(tool), 0);
    expect(total).toBeGreaterThan(3500);
    expect(total).toBeLessThan(4500);
    await budget('--init');
    expectHeadroom(readBudget().totalBytes, total);
  });

  it('--update lowers the total when tools shrank', async () => {
    await budget('--init');
    const before = readBudget().totalBytes;
    writeFileSync(path.join(project.dir, 'src/server.ts'), buildSource([buildTool('teams_save', 10), MEDIUM, SMALL]));
    const result = await budget('--update');
    expect(result.code).toBe(EXIT.ok);
    const after = readBudget();
    expect(after.totalBytes).toBeLessThan(before);
    const shrunk = TOTAL - BIG_BYTES + getBytes(buildTool('teams_save', 10));
    expectHeadroom(after.totalBytes, shrunk);
    expect(after.tools.teams_save).toBe(getBytes(buildTool('teams_save', 10)));
    expect(result.stdout).toContain(`totalBytes: ${before.toLocaleString('en-US')} → ${after.totalBytes.toLocaleString('en-US')}`);
  });

  it('over the total, names the tools that grew and the new ones', async () => {
    await budget('--init', '--per-tool', '100000');
    const grown = buildTool('teams_get', 12);
    const added = buildTool('teams_delete', 3);
    writeFileSync(path.join(project.dir, 'src/server.ts'), buildSource([BIG, grown, SMALL, added]));
    const result = await budget();
    expect(result.code).toBe(EXIT.findings);
    const fmt = (n: number) => n.toLocaleString('en-US');
    expect(result.stdout.replace(/\s+/g, ' ')).toContain(
      `Grew since toolslim.budget.json recorded it: teams_get (${fmt(MEDIUM_BYTES)} → ${fmt(getBytes(grown))}, +${fmt(getBytes(grown) - MEDIUM_BYTES)}), teams_delete (new, ${fmt(getBytes(added))} bytes).`,
    );
    const check = JSON.parse((await budget('--json')).stdout);
    expect(check.grew).toEqual([
      { name: 'teams_get', bytes: getBytes(grown), recorded: MEDIUM_BYTES },
      { name: 'teams_delete', bytes: getBytes(added), recorded: undefined },
    ].map(({ recorded, ...rest }) => (recorded === undefined ? rest : { ...rest, recorded })));
    // A budget file written before it recorded sizes says what would name them.
    writeBudget({ totalBytes: TOTAL - 1 });
    expect((await budget()).stdout.replace(/\s+/g, ' ')).toContain('records no per-tool sizes, so the tools that grew cannot be named: `toolslim budget --update` adds them.');
  });

  it('checks every flag before reading a file: a bad --per-tool fails alone, with no parse error first', async () => {
    writeFileSync(path.join(project.dir, 'src/broken.ts'), 'const x = {;\n');
    const result = await budget('--init', '--per-tool', 'abc');
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toBe('toolslim: --per-tool needs a positive whole number, got "abc".\n');
    expect(result.stdout).toBe('');
    const timeout = await budget('--timeout', 'soon');
    expect(timeout.code).toBe(EXIT.usage);
    expect(timeout.stderr).toBe('toolslim: --timeout needs a positive number, got "soon".\n');
  });

  it('--update never raises the total, even when the tools grew', async () => {
    writeBudget({ totalBytes: 1000, perToolBytes: 100_000 });
    const result = await budget('--update');
    expect(result.code).toBe(EXIT.findings);
    expect(readBudget().totalBytes).toBe(1000);
  });

  it('--init writes a first budget from today\'s numbers, which then passes', async () => {
    const init = await budget('--init', '--per-tool', String(MEDIUM_BYTES));
    expect(init.code).toBe(EXIT.ok);
    expect(readBudget()).toEqual({ totalBytes: expect.any(Number), perToolBytes: MEDIUM_BYTES, oversized: { teams_save: BIG_BYTES }, tools: SIZES });
    expectHeadroom(readBudget().totalBytes, TOTAL);
    expect((await budget()).code).toBe(EXIT.ok);
    // The ratchet bites at once: one more sentence in the listed tool fails the build.
    writeFileSync(path.join(project.dir, 'src/server.ts'), buildSource([buildTool('teams_save', 15), MEDIUM, SMALL]));
    expect((await budget()).code).toBe(EXIT.findings);
  });

  it('--init defaults perToolBytes to 4000, and never overwrites an existing budget', async () => {
    await budget('--init');
    expect(readBudget().perToolBytes).toBe(4000);
    writeBudget({ totalBytes: 10 });
    const again = await budget('--init');
    expect(again.code).toBe(EXIT.usage);
    expect(again.stderr).toContain('toolslim.budget.json already exists');
    expect(readBudget()).toEqual({ totalBytes: 10 });
  });

  it('--format markdown prints a pull-request comment', async () => {
    writeBudget({ totalBytes: TOTAL - 1, perToolBytes: SMALL_BYTES, oversized: { teams_save: BIG_BYTES + 1, teams_get: MEDIUM_BYTES - 1 } });
    const result = await budget('--format', 'markdown');
    expect(result.code).toBe(EXIT.findings);
    expect(result.stdout).toMatchSnapshot();
  });

  it('fails (exit 1) when a source file does not parse, instead of passing on partial numbers', async () => {
    writeBudget({ totalBytes: 1_000_000 });
    writeFileSync(path.join(project.dir, 'src/broken.ts'), 'export const = ;\n');
    const result = await budget();
    expect(result.code).toBe(EXIT.findings);
    expect(result.stderr).toContain('error: src/broken.ts');
  });
});

describe('toolslim budget with a bad budget file (exit 9)', () => {
  const cases: Array<[string, string, string]> = [
    ['not JSON', '{ "totalBytes": 100, }', 'is not valid JSON'],
    ['not an object', '[1, 2]', 'must hold a JSON object'],
    ['an unknown field', '{ "totalBytes": 100, "perToolByte": 4000 }', 'unknown field "perToolByte"'],
    ['a negative number', '{ "totalBytes": -5 }', 'field "totalBytes" must be a positive whole number of bytes, got -5'],
    ['a fraction', '{ "perToolBytes": 40.5 }', 'field "perToolBytes" must be a positive whole number of bytes, got 40.5'],
    ['a string in oversized', '{ "perToolBytes": 4000, "oversized": { "teams_save": "9791" } }', 'field "oversized.teams_save" must be a positive whole number'],
    ['oversized not an object', '{ "perToolBytes": 4000, "oversized": ["teams_save"] }', 'field "oversized" must be an object'],
    ['no limit at all', '{ "oversized": {} }', 'sets neither "totalBytes" nor "perToolBytes"'],
  ];

  it.each(cases)('%s', async (_name, text, message) => {
    writeBudget(text);
    const result = await budget();
    expect(result.code).toBe(EXIT.badBudgetFile);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('The budget file toolslim.budget.json ');
    expect(result.stderr).toContain(message);
  });

  it('a missing budget file says how to create one', async () => {
    const result = await budget('--budget', 'ci/budget.json');
    expect(result.code).toBe(EXIT.badBudgetFile);
    expect(result.stderr).toContain('Cannot read the budget file ci/budget.json (ENOENT). Create one with `toolslim budget --init`.');
  });
});

describe('toolslim budget against a running server', () => {
  it('measures the server instead of the source', async () => {
    const measured = JSON.parse((await runCli(['measure', '--json', '--', process.execPath, getServerPath('normal')])).stdout);
    writeBudget({ totalBytes: measured.totals.bytes, perToolBytes: measured.tools[0].bytes });
    const pass = await budget('--', process.execPath, getServerPath('normal'));
    expect(pass.code).toBe(EXIT.ok);
    expect(pass.stdout).toContain(`measured from \`${process.execPath} ${getServerPath('normal')}\`: 3 tools`);
    writeBudget({ totalBytes: measured.totals.bytes - 1 });
    expect((await budget('--', process.execPath, getServerPath('normal'))).code).toBe(EXIT.findings);
  });

  it('a server that fails keeps its own exit code', async () => {
    writeBudget({ totalBytes: 1000 });
    expect((await budget('--', process.execPath, getServerPath('crash'))).code).toBe(EXIT.serverCrashed);
  });

  it('--compare shows, tool by tool, what the source analysis cannot read', async () => {
    const servers = path.dirname(getServerPath('normal'));
    const same = await runCli(['budget', '--compare', '--json', 'normal.mjs', '--', process.execPath, 'normal.mjs'], { cwd: servers });
    expect(same.code).toBe(EXIT.ok);
    const measured = JSON.parse((await runCli(['measure', '--json', '--', process.execPath, getServerPath('normal')])).stdout);
    const rows = JSON.parse(same.stdout).tools as Array<{ name: string; staticBytes?: number; runtimeBytes?: number; status: string }>;
    for (const tool of measured.tools) {
      const row = rows.find((entry) => entry.name === tool.name)!;
      expect(row.runtimeBytes).toBe(tool.bytes);
      expect(row.status).toBe(row.staticBytes === tool.bytes ? 'same' : 'differs');
    }
    // Tools generated at run time (Array.from over a template) cannot be read from source.
    const generated = await runCli(['budget', '--compare', 'paginated.mjs', '--', process.execPath, 'paginated.mjs'], { cwd: servers });
    expect(generated.code).toBe(EXIT.ok);
    expect(generated.stdout).toMatch(/\d+ only at run time \(the source analysis cannot see them\)/);
    expect(generated.stdout).toContain('page_tool_7');
  });

  it('--compare needs a server', async () => {
    const result = await budget('--compare');
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain('--compare needs a server');
  });
});

describe('the ratchet over many random budgets', () => {
  it('--update never raises a number and never adds an entry', async () => {
    const { lowerBudget } = await import('../packages/cli/src/budget.js');
    let seed = 42;
    const random = (max: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return 1 + (seed % max);
    };
    for (let round = 0; round < 500; round++) {
      const names = ['a', 'b', 'c', 'd', 'e'].filter(() => random(3) > 1);
      const tools = names.map((name) => ({ name, bytes: random(10_000), tokens: 1, family: 'x', dynamic: false, nameBytes: 1, descriptionBytes: 1, schemaBytes: 1 }));
      const report = { tools, totals: { tools: tools.length, bytes: tools.reduce((sum, tool) => sum + tool.bytes, 0), tokens: 0 }, errors: [] };
      const oversized = Object.fromEntries(['a', 'b', 'c', 'f'].filter(() => random(2) > 1).map((name) => [name, random(10_000)]));
      const before = { totalBytes: random(60_000), perToolBytes: random(6_000), oversized };
      const after = lowerBudget(before, report);
      expect(after.totalBytes!).toBeLessThanOrEqual(before.totalBytes);
      expect(after.perToolBytes).toBe(before.perToolBytes);
      for (const [name, limit] of Object.entries(after.oversized)) {
        expect(name in before.oversized).toBe(true);
        expect(limit).toBeLessThanOrEqual(before.oversized[name]);
        // An entry that stays is one the tool still needs: over perToolBytes and present.
        expect(tools.find((tool) => tool.name === name)!.bytes).toBeGreaterThan(before.perToolBytes);
      }
    }
  });
});
