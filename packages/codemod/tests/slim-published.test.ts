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

const SEARCH = 'Search the archive for letters. Results are sorted by date, newest first. Each result is a JSON object with id, sender and date.';
const tool = (name: string, description: string, properties: Record<string, unknown> = {}): PublishedTool =>
  ({ name, description, inputSchema: { type: 'object', properties } }) as unknown as PublishedTool;

describe('planSlimFromPublished', () => {
  it('cuts each moved sentence where it is written and expects the description the server will list', () => {
    const { cwd, files } = project({ 'texts.ts': `export const SEARCH = ${JSON.stringify(SEARCH)};\n` });
    const plan = planSlimFromPublished({ cwd, files, tools: [tool('archive_search', SEARCH)], serverName: 'archive', skipUnprofitable: false, wire: false });
    expect(plan.problems).toEqual([]);
    expect(plan.expected.get('archive_search')?.description).toBe('Search the archive for letters. Before first use: read_instructions family="archive".');
    expect(plan.sources[0].after).toBe('export const SEARCH = "Search the archive for letters. Before first use: read_instructions family=\\"archive\\".";\n');
    expect(plan.instructions.find((change) => change.file.endsWith('archive.md'))?.after).toContain('Results are sorted by date, newest first. Each result is a JSON object with id, sender and date.');
  });

  it('keeps a sentence written twice, or nowhere as one piece, and says why the tool is partly slimmed', () => {
    const { cwd, files } = project({
      'a.ts': `export const A = 'Search the archive for letters. Results are sorted by date, newest first. Each result is a JSON ' + 'object with id, sender and date.';\n`,
      'b.ts': `export const COPY = 'Results are sorted by date, newest first.';\n`,
    });
    const plan = planSlimFromPublished({ cwd, files, tools: [tool('archive_search', SEARCH)], serverName: 'archive', skipUnprofitable: false, wire: false });
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
    const plan = planSlimFromPublished({ cwd, files, tools, skipUnprofitable: false, wire: false });
    expect(plan.expected.get('archive_search')?.description).toContain('Before first use');
    expect((plan.expected.get('archive_search')?.inputSchema as { properties: { query: { description: string } } }).properties.query.description).toBe(note);
    expect(plan.partlySlimmed[0].reason).toContain('is published 2 times from one place and not every text that holds it moves it');
  });

  it('edits a JSON file the server reads, escaped as JSON', () => {
    const { cwd, files } = project({ 'tools.json': `${JSON.stringify({ search: SEARCH }, null, 2)}\n` });
    const plan = planSlimFromPublished({ cwd, files: [], dataFiles: files, tools: [tool('archive_search', SEARCH)], serverName: 'archive', skipUnprofitable: false, wire: false });
    expect(JSON.parse(plan.sources[0].after)).toEqual({ search: 'Search the archive for letters. Before first use: read_instructions family="archive".' });
  });

  it('keeps the heading and the lead-in of text that stays, so it still reads right', () => {
    const deploy = 'Deploy a site.\n\n## Notes\nDeploys take about a minute. Never deploy to production without asking the user first.\n\n## Output\nReturns the deploy id and URL. The URL stays valid for 30 days, and the build log is kept for a week.';
    const list = 'List the files of a folder.\nImportant:\n- Paths are relative to the workspace root.\n- Hidden files are skipped unless all is true.\n- Symbolic links are listed but never followed, so a loop cannot hang the call.';
    const { cwd, files } = project({ 'a.ts': `export const DEPLOY = ${JSON.stringify(deploy)};\nexport const LIST = ${JSON.stringify(list)};\n` });
    const plan = planSlimFromPublished({ cwd, files, tools: [tool('site_deploy', deploy), tool('site_files', list)], skipUnprofitable: false, wire: false });
    const after = (name: string) => plan.expected.get(name)?.description ?? '';
    expect(after('site_deploy')).toContain('## Notes\n');
    expect(after('site_deploy')).toContain('Never deploy to production without asking the user first.');
    expect(after('site_deploy')).not.toContain('## Output');
    expect(after('site_files')).toMatch(/Important:\n- Paths are relative to the workspace root\./);
    expect(after('site_files')).not.toContain('Hidden files');
  });
});
