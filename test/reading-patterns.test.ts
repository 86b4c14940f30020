// Fixtures for the reading patterns of real servers (issue 9): each is started, and every tool it
// lists must be found in its source, fully readable, with the bytes the server publishes.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '@toolslim/cli';
import { FIXTURES_ROOT, getFixture, listToolsOf } from './support/fixture-servers.js';
import { runCli } from '../packages/cli/tests/support/run-cli.js';

interface Row {
  name: string;
  bytes: number;
  dynamic: boolean;
  unreadable?: Array<{ field: string; reason: string }>;
}

/** Fixture → the patterns it reproduces (see fixtures/README.md). */
const READING_FIXTURES: Record<string, string> = {
  'caller-lists':
    'a registration helper of another module run once per list it is given: over a local table of groups whose lists are imported, and over a filtered list, with each shape built by a switch over the definition\'s parameter table',
  'cross-module':
    'schemas behind a barrel and a re-exported zod, schema helpers, an argument-independent description builder, imported constants in templates, a name fallback, definitions registered in a loop by a wrapper, a conditional registration',
  'definition-loop':
    'definitions in one module registered in a loop over a helper that filters them and appends a notice, each schema wrapped in `{ params: … }`, annotations read from the definition, and a `for…of` over a local array',
  'definitions-json':
    'tool factories returning `{ name, schema, handler }` picked from a record by name and pushed into a list, title, description and annotations from an imported JSON file validated once and looked up by name, registered by a class method called in a loop',
  'helper-registrations':
    "helpers whose parameters reach the registration: a function nested in the one that builds the server, a const arrow, and an `McpServer` subclass's method called from another method the constructor calls, with a title looked up by the name parameter",
  'handler-table':
    'a low-level list handler mapping a table of entries whose handlers call helpers with a default parameter known only at run time (`dir = os.homedir()`)',
  'mapped-list':
    'a low-level list handler that maps its definitions to tools, a destructured parameter with a default schema and a name built from a template',
  toolkit:
    'a toolkit whose published name is `method:` beside a display `name:`, descriptions from prompt functions, parameters from functions of a context, records spread into a factory',
};

describe.each(Object.entries(READING_FIXTURES))('%s', (name) => {
  it('every listed tool is found, readable and sized exactly', async () => {
    const fixture = getFixture(name);
    const result = await runCli(['report', '--json', fixture.folder], { cwd: FIXTURES_ROOT });
    expect(result.code).toBe(EXIT.ok);
    const report = JSON.parse(result.stdout) as { tools: Row[] };
    const { tools: published } = await listToolsOf(fixture, { timeoutMs: 90_000 });
    expect(published.length).toBeGreaterThan(0);
    for (const tool of published) {
      const rows = report.tools.filter((row) => row.name === tool.name);
      expect(rows, `${tool.name} is not found in the source`).not.toHaveLength(0);
      for (const row of rows) {
        expect(row.unreadable, tool.name).toBeUndefined();
        expect(row.dynamic, tool.name).toBe(false);
        expect(row.bytes, tool.name).toBe(Buffer.byteLength(JSON.stringify(tool)));
      }
    }
    // No phantom tools: everything found in source is listed by the running server.
    expect(report.tools.map((row) => row.name).sort()).toEqual(published.map((tool) => tool.name).sort());
  }, 180_000);
});

// The servers of fixtures/from-published were written for `slim --server`, as shapes the static reader
// did not follow; those it reads now are held to the same standard: found, readable, byte-exact.
const FROM_PUBLISHED_READ = ['metadata-exports', 'nested-helper', 'replaced-handlers', 'server-subclass'];

describe.each(FROM_PUBLISHED_READ)('from-published/%s', (name) => {
  it('every listed tool is found, readable and sized exactly', async () => {
    const fixture = getFixture(name, path.join(FIXTURES_ROOT, 'from-published'));
    const result = await runCli(['report', '--json', fixture.folder], { cwd: FIXTURES_ROOT });
    expect(result.code).toBe(EXIT.ok);
    const report = JSON.parse(result.stdout) as { tools: Row[]; unread: unknown[] };
    const { tools: published } = await listToolsOf(fixture, { timeoutMs: 90_000 });
    expect(published.length).toBeGreaterThan(0);
    for (const tool of published) {
      const row = report.tools.find((candidate) => candidate.name === tool.name);
      expect(row, `${tool.name} is not found in the source`).toBeDefined();
      expect(row!.unreadable, tool.name).toBeUndefined();
      expect(row!.bytes, tool.name).toBe(Buffer.byteLength(JSON.stringify(tool)));
    }
    expect(report.tools.map((row) => row.name).sort()).toEqual(published.map((tool) => tool.name).sort());
    expect(report.unread).toEqual([]);
  }, 180_000);
});

// A tool registered only under a run-time condition is found and marked `conditional`; one behind a
// literal flag that is never set is no tool at all. Every tool the server does not list is marked.
describe('env-conditional', () => {
  it('marks registrations that depend on the environment and drops a branch never taken', async () => {
    const fixture = getFixture('env-conditional');
    const result = await runCli(['report', '--json', fixture.folder], { cwd: FIXTURES_ROOT });
    expect(result.code).toBe(EXIT.ok);
    const report = JSON.parse(result.stdout) as { tools: Array<Row & { conditional?: string }> };
    const conditional = Object.fromEntries(report.tools.map((row) => [row.name, row.conditional]));
    expect(conditional).toEqual({
      count_items: undefined,
      expiry_alerts: undefined,
      weekly_forecast: 'registered only when forecastMode === "weekly" (depends on process.env.PANTRY_FORECAST)',
      daily_forecast: 'registered only when forecastMode !== "weekly" (depends on process.env.PANTRY_FORECAST)',
      shopping_list: 'registered only when shoppingEnabled (depends on process.env.PANTRY_SHOPPING)',
    });
    const { tools: published } = await listToolsOf(fixture, { timeoutMs: 90_000 });
    const listed = new Set(published.map((tool) => tool.name));
    expect([...listed].sort()).toEqual(['count_items', 'daily_forecast', 'expiry_alerts']);
    for (const row of report.tools) if (!listed.has(row.name)) expect(row.conditional, row.name).toBeDefined();
  }, 180_000);
});
