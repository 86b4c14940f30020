// Planning on a published tools/list: each moved sentence is cut where it is written, once, or stays
// with the reason; the run is checked by starting the server in test/codemod-slim-server.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PublishedTool } from '@toolslim/core';
import { afterAll, describe, expect, it } from 'vitest';
import { planSlimFromPublished } from '../src/slim-published.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function project(files: Record<string, string>): { cwd: string; files: string[] } {
  const cwd = mkdtempSync(path.join(tmpdir(), 'toolslim-published-'));
  dirs.push(cwd);
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(cwd, file), text);
  return { cwd, files: Object.keys(files).map((file) => path.join(cwd, file)) };
}

// These tests show where moved text is cut and written, not which text moves: the decision is measured on the
// labelled sets, so they move what the prose model is half sure of (the shipped threshold is stricter).
const MECHANISM = 0.5;
const SEARCH = 'Search the archive for letters. Results are sorted by date, newest first. Each result is a JSON object with id, sender and date.';
const tool = (name: string, description: string, properties: Record<string, unknown> = {}): PublishedTool =>
  ({ name, description, inputSchema: { type: 'object', properties } }) as unknown as PublishedTool;

describe('planSlimFromPublished', () => {
  it('cuts each moved sentence where it is written and expects the description the server will list', () => {
    const { cwd, files } = project({ 'texts.ts': `export const SEARCH = ${JSON.stringify(SEARCH)};\n` });
    const plan = planSlimFromPublished({ cwd, files, tools: [tool('archive_search', SEARCH)], serverName: 'archive', skipUnprofitable: false, wire: false, moveThreshold: MECHANISM });
    expect(plan.problems).toEqual([]);
    expect(plan.expected.get('archive_search')?.description).toBe('Search the archive for letters. Before first use: read_instructions family="archive".');
    expect(plan.sources[0].after).toBe('export const SEARCH = "Search the archive for letters. Before first use: read_instructions family=\\"archive\\".";\n');
    expect(plan.instructions.find((change) => change.file.endsWith('archive.md'))?.after).toContain('Results are sorted by date, newest first. Each result is a JSON object with id, sender and date.');
  });

  it('keeps a sentence written twice, or nowhere as one piece, and says why the tool is partly slimmed', () => {
    // The same literal twice (as a package that ships both its source and its build has it): neither place says more of the text.
    const first = 'Search the archive for letters. Results are sorted by date, newest first. Each result is a JSON ';
    const { cwd, files } = project({
      'a.ts': `export const A = '${first}' + 'object with id, sender and date.';\n`,
      'b.ts': `export const COPY = '${first}';\n`,
    });
    const plan = planSlimFromPublished({ cwd, files, tools: [tool('archive_search', SEARCH)], serverName: 'archive', skipUnprofitable: false, wire: false, moveThreshold: MECHANISM });
    expect(plan.tools).toEqual([]);
    expect(plan.skipped[0].reason).toContain('"Results are sorted by date, newest first." is written 2 times in the project, so it stays');
    expect(plan.skipped[0].reason).toContain('is written nowhere as one piece of text in the project, so it stays');
  });

  it('never cuts a sentence that another text also publishes, nested parameter descriptions included', () => {
    const note = 'Words to look for. Quoted words match as a phrase and everything else matches any word.';
    const { cwd, files } = project({ 'a.ts': `export const SEARCH = ${JSON.stringify(SEARCH)};\nexport const NOTE = ${JSON.stringify(note)};\n` });
    const tools = [
      tool('archive_search', SEARCH, { query: { type: 'string', description: note } }),
      tool('archive_filter', 'Filter the archive.', { filter: { type: 'object', properties: { query: { type: 'string', description: note } } } }),
    ];
    const plan = planSlimFromPublished({ cwd, files, tools, skipUnprofitable: false, wire: false, moveThreshold: MECHANISM });
    expect(plan.expected.get('archive_search')?.description).toContain('Before first use');
    expect((plan.expected.get('archive_search')?.inputSchema as { properties: { query: { description: string } } }).properties.query.description).toBe(note);
    expect(plan.partlySlimmed[0].reason).toContain('is published 2 times from one place and not every text that holds it moves it');
  });

  it('edits a JSON file the server reads, escaped as JSON', () => {
    const { cwd, files } = project({ 'tools.json': `${JSON.stringify({ search: SEARCH }, null, 2)}\n` });
    const plan = planSlimFromPublished({ cwd, files: [], dataFiles: files, tools: [tool('archive_search', SEARCH)], serverName: 'archive', skipUnprofitable: false, wire: false, moveThreshold: MECHANISM });
    expect(JSON.parse(plan.sources[0].after)).toEqual({ search: 'Search the archive for letters. Before first use: read_instructions family="archive".' });
  });

  it('keeps the heading and the lead-in of text that stays, so it still reads right', () => {
    const deploy = 'Deploy a site.\n\n## Notes\nDeploys take about a minute. Never deploy to production without asking the user first.\n\n## Output\nReturns the deploy id and URL. The URL stays valid for 30 days, and the build log is kept for a week.';
    const list = 'List the files of a folder.\nImportant:\n- Paths are relative to the workspace root.\n- Each entry is returned with its size and modification time.\n- Symbolic links are listed but never followed, so a loop cannot hang the call.';
    const { cwd, files } = project({ 'a.ts': `export const DEPLOY = ${JSON.stringify(deploy)};\nexport const LIST = ${JSON.stringify(list)};\n` });
    const plan = planSlimFromPublished({ cwd, files, tools: [tool('site_deploy', deploy), tool('site_files', list)], skipUnprofitable: false, wire: false, moveThreshold: MECHANISM });
    const after = (name: string) => plan.expected.get(name)?.description ?? '';
    expect(after('site_deploy')).toContain('## Notes\n');
    expect(after('site_deploy')).toContain('Never deploy to production without asking the user first.');
    expect(after('site_deploy')).not.toContain('## Output');
    expect(after('site_files')).toMatch(/Important:\n- Paths are relative to the workspace root\./);
    expect(after('site_files')).not.toContain('Each entry is returned');
  });

  it('finds a sentence written in several places where the rest of its published text is written', () => {
    // Two tools, each with its own literal, end with the same sentence; a parameter sentence is shared the same way,
    // and a third, shorter literal holds the sentence alone.
    const tail = 'Each result is a JSON object with id, sender and date, sorted newest first.';
    const letters = `Search the archive for letters. ${tail}`;
    const parcels = `Search the archive for parcels. ${tail}`;
    const tip = 'Take it from the id field of a search result.';
    const { cwd, files } = project({
      'letters.ts': `export const LETTERS = ${JSON.stringify(letters)};\nexport const ID = 'The letter to open. ${tip}';\n`,
      'parcels.ts': `export const PARCELS = ${JSON.stringify(parcels)};\nexport const ID = 'The parcel to open. ${tip}';\n`,
      'shared.ts': `export const TAIL = ${JSON.stringify(tail)};\n`,
    });
    const tools = [
      tool('letters_search', letters, { id: { type: 'string', description: `The letter to open. ${tip}` } }),
      tool('parcels_search', parcels, { id: { type: 'string', description: `The parcel to open. ${tip}` } }),
    ];
    const plan = planSlimFromPublished({ cwd, files, tools, serverName: 'archive', skipUnprofitable: false, wire: false, moveThreshold: MECHANISM });
    expect(plan.problems).toEqual([]);
    expect(plan.partlySlimmed).toEqual([]);
    expect(plan.skipped).toEqual([]);
    const after = (file: string) => plan.sources.find((change) => change.file.endsWith(file))?.after ?? '';
    expect(after('letters.ts')).toContain('Search the archive for letters. Before first use');
    expect(after('letters.ts')).not.toContain(tail);
    expect(after('parcels.ts')).not.toContain(tail);
    expect(after('shared.ts')).toBe('');
    for (const name of ['letters_search', 'parcels_search']) expect(plan.expected.get(name)?.description).not.toContain(tail);
  });

  it('cuts a sentence two tools read from one place, and a copy in the own text of a third tool, when all three move it', () => {
    const tail = 'Results are sorted by date, newest first. Each result is a JSON object with id, sender, date and the first lines of its text.';
    const { cwd, files } = project({
      'a.ts': `const NOTE = ${JSON.stringify(tail)};\nexport const LETTERS = 'Search the archive for letters. ' + NOTE;\nexport const FIND = 'Find letters by their sender. ' + NOTE;\n`,
      'b.ts': `export const PARCELS = ${JSON.stringify(`Search the archive for parcels. ${tail}`)};\n`,
    });
    const tools = [
      tool('letters_search', `Search the archive for letters. ${tail}`),
      tool('letters_find', `Find letters by their sender. ${tail}`),
      tool('parcels_search', `Search the archive for parcels. ${tail}`),
    ];
    const plan = planSlimFromPublished({ cwd, files, tools, serverName: 'archive', skipUnprofitable: false, wire: false, moveThreshold: MECHANISM });
    expect(plan.problems).toEqual([]);
    for (const name of ['letters_search', 'letters_find', 'parcels_search']) expect(plan.expected.get(name)?.description).not.toContain(tail);
    expect(plan.sources.find((change) => change.file.endsWith('a.ts'))?.after).not.toContain(tail);
    expect(plan.sources.find((change) => change.file.endsWith('b.ts'))?.after).toBe(`export const PARCELS = "Search the archive for parcels. Before first use: read_instructions family=\\"archive\\".";\n`);
  });

  it('wires a server created from a subclass of McpServer that another module exports', () => {
    const { cwd, files } = project({
      'package.json': '{ "name": "archive", "type": "module" }\n',
      'shelf.ts': [
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        'export class ShelfServer extends McpServer {',
        '  constructor() {',
        "    super({ name: 'archive', version: '1.0.0' });",
        `    this.registerTool('archive_search', { description: ${JSON.stringify(SEARCH)} }, async () => ({ content: [] }));`,
        '  }',
        '}',
        '',
      ].join('\n'),
      'main.ts': [
        "import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';",
        "import { ShelfServer } from './shelf.js';",
        'const server = new ShelfServer();',
        'await server.connect(new StdioServerTransport());',
        '',
      ].join('\n'),
    });
    const sources = files.filter((file) => file.endsWith('.ts'));
    const plan = planSlimFromPublished({ cwd, files: sources, tools: [tool('archive_search', SEARCH)], serverName: 'archive', skipUnprofitable: false, moveThreshold: MECHANISM });
    expect(plan.wiring.map((w) => [path.basename(w.file), w.wired])).toEqual([['main.ts', true]]);
    const main = plan.sources.find((change) => change.file.endsWith('main.ts'))?.after ?? '';
    expect(main).toMatch(/const server = new ShelfServer\(\);\nserveInstructions\(server, /);
  });

  it('cuts a sentence written once only for the tool whose text holds it; a tool that builds the same sentence from a value keeps it', () => {
    const tip = '- For example, the id 7 opens the seventh letter that arrived this year, counted from January.';
    const { cwd, files } = project({
      'open.ts': `export const OPEN = \`Open a letter by its id.\n  Notes:\n  - Ids are case-sensitive and never reused.\n  - The letter opens in the reader with its attachments listed below the text, largest first.\n  ${tip}\n\`;\n`,
      'trash.ts': `const SEVEN = 7;\nexport const TRASH = \`Move a letter to the trash.\n  Notes:\n  - Letters stay in the trash for thirty days, are listed newest first and can be restored one at a time.\n  - For example, the id \${SEVEN} opens the seventh letter that arrived this year, counted from January.\n\`;\n`,
    });
    const open = 'Open a letter by its id.\n  Notes:\n  - Ids are case-sensitive and never reused.\n  - The letter opens in the reader with its attachments listed below the text, largest first.\n  ' + tip + '\n';
    const trash = 'Move a letter to the trash.\n  Notes:\n  - Letters stay in the trash for thirty days, are listed newest first and can be restored one at a time.\n  ' + tip + '\n';
    const plan = planSlimFromPublished({ cwd, files, tools: [tool('letters_open', open), tool('letters_trash', trash)], serverName: 'letters', skipUnprofitable: false, wire: false, moveThreshold: 0.01 });
    expect(plan.problems).toEqual([]);
    expect(plan.expected.get('letters_trash')?.description).toContain(tip);
    const trashReason = [...plan.partlySlimmed, ...plan.skipped].find((entry) => entry.name === 'letters_trash')?.reason ?? '';
    expect(trashReason).toContain('is written nowhere with the text around it in the project, so it stays');
    expect(plan.expected.get('letters_open')?.description).not.toContain(tip);
    expect(plan.sources.find((change) => change.file.endsWith('open.ts'))?.after).not.toContain(tip);
  });
});

