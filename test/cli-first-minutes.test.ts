// What a new user sees in their first minutes (issue 13), as snapshots of the human output: `report`
// on the verbose catalogue and on a small server, `budget` passing, failing and run from the wrong
// folder, `slim --dry-run`, and the usage errors. Every line of it fits 100 columns.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '@toolslim/cli';
import { createProject, runCli, type CliResult } from '../packages/cli/tests/support/run-cli.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SMALL_SERVER = readFileSync(path.join(ROOT, 'fixtures/mcp-sdk-register/server.ts'), 'utf8');
const WIDTH = 100;

/** A server whose descriptions carry enough how-text that slimming pays for the added read_instructions tool. */
const VERBOSE_SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'recipes', version: '1.0.0' });

server.tool(
  'recipes_search',
  'Search the recipes by ingredient or dish name. Use it when the user asks what they could cook. ' +
    'Words are matched against titles, ingredient lists and tags, ignoring case and plurals. ' +
    'Results are sorted by rating, then by preparation time, and at most 30 are returned per page. ' +
    'Each result holds the recipe id, the title, the total time in minutes and the first three ingredients. ' +
    'To page through more results, pass the cursor returned with the previous page. ' +
    'Vegetarian and vegan recipes carry the matching tag, so add the tag to narrow the list. ' +
    'Ratings are averages of member votes and are rounded to one decimal place.',
  { query: z.string().describe('Ingredient or dish words.'), cursor: z.string().optional().describe('Cursor of the next page.') },
  async ({ query }) => ({ content: [{ type: 'text', text: \`searched \${query}\` }] }),
);

server.tool(
  'recipes_get',
  'Return one recipe with its ingredients and steps. Use it after a search, when the user picks a recipe. ' +
    'Quantities are given in metric units; pass the servings parameter to scale them to another number of people. ' +
    'Steps are numbered from one and each step lists the time it takes in minutes. ' +
    'Ingredients that are optional are marked as such and can be left out without changing the steps. ' +
    'The nutrition block, when present, gives calories, protein, fat and carbohydrates per serving. ' +
    'Photos are returned as links that stay valid for one hour after the call.',
  { id: z.string().describe('Recipe id from a search.'), servings: z.number().int().optional().describe('Number of people.') },
  async ({ id }) => ({ content: [{ type: 'text', text: \`recipe \${id}\` }] }),
);

server.tool(
  'recipes_rate',
  'Rate a recipe from 1 to 5 stars for the signed-in member.',
  { id: z.string(), stars: z.number().int().min(1).max(5) },
  async ({ id }) => ({ content: [{ type: 'text', text: \`rated \${id}\` }] }),
);
`;

function expectFits(text: string): void {
  const long = text.split('\n').filter((line) => line.length > WIDTH);
  expect(long, `lines over ${WIDTH} columns`).toEqual([]);
}

/** Temp folders differ from run to run; snapshots show them as <tmp>. */
function hideTemp(result: CliResult, dir: string): CliResult {
  const hide = (text: string) => text.split(dir).join('<tmp>');
  return { code: result.code, stdout: hide(result.stdout), stderr: hide(result.stderr) };
}

describe('toolslim report tells the story', () => {
  it('on the verbose catalogue (the README\'s first command): the cut description, families, the next step', async () => {
    const result = await runCli(['report', 'fixtures/verbose-catalogue'], { cwd: ROOT });
    expect(result.code).toBe(EXIT.ok);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Claude Code: 1 description longer than its 4,096-character limit: db_query (5,871).');
    expect(result.stdout).toContain('Per family:');
    expect(result.stdout).toContain('Next: toolslim slim fixtures/verbose-catalogue --dry-run');
    expectFits(result.stdout);
    expect(result.stdout).toMatchSnapshot();
  });

  it('the README describes what its first command prints', async () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('./node_modules/.bin/toolslim report fixtures/verbose-catalogue');
    const { stdout } = await runCli(['report', 'fixtures/verbose-catalogue'], { cwd: ROOT });
    const claims = [
      ['64 tools', 'Total: 64 tools, 151,296 bytes, ~34,988 tokens'],
      ['5,871-character description', 'Claude Code: 1 description longer than its 4,096-character limit: db_query (5,871).'],
      ['Cursor uses 40', 'Cursor: 64 tools, more than the 40 it uses.'],
      ['would remove (about 22% of the bytes)', 'toolslim slim could slim '],
      ['totals per\nfamily', 'Per family:'],
      ['`toolslim slim fixtures/verbose-catalogue --dry-run`', 'Next: toolslim slim fixtures/verbose-catalogue --dry-run'],
    ];
    for (const [inReadme, printed] of claims) {
      expect(readme.replace(/\s+/g, ' ')).toContain(inReadme.replace(/\s+/g, ' '));
      expect(stdout).toContain(printed);
    }
    // The model APIs are checked only when named: by default an MCP server is not told about OpenAI's limit.
    expect(stdout).not.toContain('OpenAI');
    expect(readme.replace(/\s+/g, ' ')).toContain('with `--clients claude-code,cursor,openai` it also lists 61 descriptions');
    const withApi = await runCli(['report', 'fixtures/verbose-catalogue', '--clients', 'claude-code,cursor,openai'], { cwd: ROOT });
    expect(withApi.stdout).toContain('OpenAI API: 61 descriptions longer than its 1,024-character limit');
    const share = Number(/toolslim slim could slim .*?, (\d+)%\)/s.exec(stdout)?.[1]);
    // "about 22%": a unit moves only when the prose model is sure it is no guardrail or constraint, net of the tool and the instructions slim adds
    expect(share).toBeGreaterThanOrEqual(20);
    expect(share).toBeLessThanOrEqual(24);
  });

  it('--wide shows every path in full; the JSON carries the same facts', async () => {
    const wide = await runCli(['report', '--wide', 'fixtures/verbose-catalogue'], { cwd: ROOT });
    expect(wide.stdout).toContain('fixtures/verbose-catalogue/src/oncall.ts:176');
    const json = JSON.parse((await runCli(['report', '--json', 'fixtures/verbose-catalogue'], { cwd: ROOT })).stdout);
    expect(json.families).toHaveLength(8);
    expect(json.families.reduce((sum: number, family: { bytes: number }) => sum + family.bytes, 0)).toBe(json.totals.bytes);
    expect(json.clientProblems).toContainEqual({
      kind: 'description-cut',
      client: 'claude-code',
      clientName: 'Claude Code',
      tool: 'db_query',
      file: 'fixtures/verbose-catalogue/src/db.ts',
      line: 133,
      actual: 5871,
      limit: 4096,
    });
    expect(json.clientProblems).toContainEqual({ kind: 'too-many-tools', client: 'cursor', clientName: 'Cursor', actual: 64, limit: 40 });
    expect(json.slimEstimate).toMatchObject({ tools: 64, slimmable: expect.any(Number) });
    expect(json.slimEstimate.bytesSaved).toBe(json.slimEstimate.bytesBefore - json.slimEstimate.bytesAfter);
    expect(json.slimEstimate.bytesSaved).toBeGreaterThan(0);
  });

  it('--clients picks whose limits are checked, and an unknown client is a usage error', async () => {
    const json = JSON.parse((await runCli(['report', '--json', '--no-estimate', '--clients', 'claude-code', 'fixtures/verbose-catalogue'], { cwd: ROOT })).stdout);
    expect(new Set(json.clientProblems.map((problem: { client: string }) => problem.client))).toEqual(new Set(['claude-code']));
    expect(json.slimEstimate).toBeNull();
    const wrong = await runCli(['report', '--clients', 'claude'], { cwd: ROOT });
    expect(wrong.code).toBe(EXIT.usage);
    expect(wrong.stderr).toContain('Unknown toolslim client "claude"');
  });

  it('names the client whose name limits a server + tool name breaks, with the server declared in source', async () => {
    const project = createProject({
      'server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'acme-enterprise-knowledge-base', version: '1.0.0' });
server.tool('search_knowledge_base_articles_by_tag', 'Search articles by tag.', async () => ({ content: [] }));
server.tool('get_article', 'Get one article.', async () => ({ content: [] }));
`,
    });
    try {
      const text = await runCli(['report', '--no-estimate'], { cwd: project.dir });
      expectFits(text.stdout);
      expect(text.stdout.slice(text.stdout.indexOf('Over a client'))).toMatchSnapshot();
      const json = JSON.parse((await runCli(['report', '--json', '--no-estimate'], { cwd: project.dir })).stdout);
      const at = { tool: 'search_knowledge_base_articles_by_tag', file: 'server.ts', line: 3, server: 'acme-enterprise-knowledge-base' };
      expect(json.clientProblems).toEqual([
        { kind: 'qualified-name-too-long', client: 'claude-code', clientName: 'Claude Code', ...at, actual: 74, limit: 64 },
        { kind: 'server-and-name-too-long', client: 'cursor', clientName: 'Cursor', ...at, actual: 67, limit: 60 },
      ]);
    } finally {
      project.remove();
    }
  });

  it('on a small server', async () => {
    const project = createProject({ 'server.ts': SMALL_SERVER });
    try {
      const result = await runCli(['report'], { cwd: project.dir });
      expect(result.code).toBe(EXIT.ok);
      expectFits(result.stdout);
      expect(result.stdout).toMatchSnapshot();
    } finally {
      project.remove();
    }
  });
});

describe('toolslim budget says what happened and what to do', () => {
  let project: ReturnType<typeof createProject>;
  let total: number;
  beforeAll(async () => {
    project = createProject({ 'src/server.ts': SMALL_SERVER });
    total = JSON.parse((await runCli(['report', '--json', '--no-estimate'], { cwd: project.dir })).stdout).totals.bytes;
  });
  afterAll(() => project.remove());
  const budget = (value: unknown, ...args: string[]) => {
    writeFileSync(path.join(project.dir, 'toolslim.budget.json'), JSON.stringify(value));
    return runCli(['budget', ...args], { cwd: project.dir });
  };

  it('passes', async () => {
    const result = await budget({ totalBytes: total, perToolBytes: 4000 });
    expect(result.code).toBe(EXIT.ok);
    expectFits(result.stdout);
    expect(result.stdout).toMatchSnapshot();
  });

  it('fails, and says how to accept an intended increase', async () => {
    const result = await budget({ totalBytes: total - 100, perToolBytes: 500, oversized: { search_catalogue: 1000 } });
    expect(result.code).toBe(EXIT.findings);
    expect(result.stdout).toContain('toolslim budget --init --force');
    expectFits(result.stdout);
    expect(result.stdout).toMatchSnapshot();
  });

  it('run from the wrong folder, fails and names the folder it read', async () => {
    const empty = createProject({ 'notes.ts': 'export const x = 1;\n', 'toolslim.budget.json': JSON.stringify({ totalBytes: 1000, oversized: { search_catalogue: 1200 } }) });
    try {
      const wrong = hideTemp(await runCli(['budget'], { cwd: empty.dir }), empty.dir);
      expect(wrong.code).toBe(EXIT.findings);
      expect(wrong.stdout).toBe('');
      expect(wrong.stderr).toContain('No tools found in <tmp> (1 file read)');
      expectFits(wrong.stderr);
      expect(wrong.stderr).toMatchSnapshot();
    } finally {
      empty.remove();
    }
  });

  it('--init --force starts over; --force alone is a usage error', async () => {
    const init = await runCli(['budget', '--init'], { cwd: project.dir });
    expect(init.code).toBe(EXIT.usage);
    expect(init.stderr).toContain('--init --force to start over');
    const force = await runCli(['budget', '--init', '--force'], { cwd: project.dir });
    expect(force.code).toBe(EXIT.ok);
    expect(JSON.parse(readFileSync(path.join(project.dir, 'toolslim.budget.json'), 'utf8')).totalBytes).toBeGreaterThanOrEqual(total);
    const alone = await runCli(['budget', '--force'], { cwd: project.dir });
    expect(alone.code).toBe(EXIT.usage);
  });
});

describe('toolslim slim --dry-run', () => {
  it('says "would wire", writes nothing, and its counts add up', async () => {
    const project = createProject({ 'server.ts': VERBOSE_SERVER });
    try {
      // Two tools moving 780 bytes do not pay for the tool and the instructions that serve them (826
      // bytes): by default they are left as they are, and the note says so.
      const net = await runCli(['slim', '--dry-run'], { cwd: project.dir });
      expect(net.code).toBe(EXIT.ok);
      expect(net.stderr).toContain('would not pay for what serving them adds to every request');
      expect(net.stdout).not.toContain('--- a/server.ts');
      const result = await runCli(['slim', '--dry-run', '--even-if-larger'], { cwd: project.dir });
      expect(result.code).toBe(EXIT.ok);
      expect(readFileSync(path.join(project.dir, 'server.ts'), 'utf8')).toBe(VERBOSE_SERVER);
      expect(result.stderr).toContain('would wire server.ts');
      expect(`${result.stdout}${result.stderr}`).not.toMatch(/^wired/m);
      // The diff quotes source lines as they are; what toolslim itself says starts at the table.
      const said = result.stdout.slice(result.stdout.indexOf('\ntool ') + 1);
      expectFits(said);
      expectFits(result.stderr);
      expect(said).toMatchSnapshot();
      expect(result.stderr).toMatchSnapshot();
    } finally {
      project.remove();
    }
  });

  it('counts tools found but unreadable instead of "Nothing to slim in 0 tools"', async () => {
    const project = createProject({
      'server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1.0.0' });
server.tool('put_thing', process.env.PUT_DESCRIPTION!, async () => ({ content: [] }));
server.tool('get_thing', 'Gets one thing. ' + process.env.HINT, async () => ({ content: [] }));
`,
    });
    try {
      const result = await runCli(['slim', '--dry-run'], { cwd: project.dir });
      expect(result.stdout).not.toContain('0 tools');
      expect(result.stdout).toMatch(/^2 tools found: 0 to slim, 2 skipped — 2 built at run time\.$/m);
      expect(result.stdout).toMatchSnapshot();
    } finally {
      project.remove();
    }
  });
});

describe('usage errors say what to do', () => {
  it.each([
    ['an unknown flag', ['report', '--jsn']],
    ['a flag of another command', ['report', '--dry-run']],
    ['a misspelt budget flag', ['budget', '--udpate']],
    ['a flag with no value', ['budget', '--budget']],
    ['a value for a switch', ['report', '--json=yes']],
    ['an unknown command', ['reprot']],
    ['a flag before the command', ['--json']],
    ['--force without --init', ['budget', '--force']],
  ])('%s', async (_label, argv) => {
    const result = await runCli(argv);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stdout).toBe('');
    expectFits(result.stderr);
    expect(result.stderr).toMatchSnapshot();
  });
});
