// Families: settings override, else a name prefix shared by two or more tools, else the file's base name.
import { describe, expect, it } from 'vitest';
import { assignFamilies, getFileFamily, getNamePrefix } from '../src/index.js';

function tools(...entries: [string | undefined, string][]): { name: string | undefined; filePath: string }[] {
  return entries.map(([name, filePath]) => ({ name, filePath }));
}

describe('assignFamilies', () => {
  it('groups tools by a shared prefix and falls back to the file name', () => {
    const input = tools(['backlog_create', 'src/a.ts'], ['backlog_list', 'src/b.ts'], ['read_file', 'src/tools/fs.ts']);
    expect(assignFamilies(input)).toEqual(['backlog', 'backlog', 'fs']);
  });

  it.each([
    ['underscore', ['backlog_create', 'backlog_list'], 'backlog'],
    ['dash', ['issue-create', 'issue-close'], 'issue'],
    ['dot', ['admin.tools.list', 'admin.users.get'], 'admin'],
    ['camelCase', ['getUser', 'getProject'], 'get'],
    ['PascalCase and acronyms', ['HTTPGet', 'HttpPost'], 'http'],
    ['mixed separators and case', ['Notion_search', 'notion-create-page'], 'notion'],
    ['a name that is the prefix itself', ['search', 'search_users'], 'search'],
  ])('finds the prefix across %s', (_, names, family) => {
    expect(assignFamilies(names.map((name) => ({ name, filePath: 'server.ts' })))).toEqual(names.map(() => family));
  });

  it('counts distinct names, so ESM and CJS twins of one tool are not a family', () => {
    const input = tools(['jira_search', 'dist/esm/jira.js'], ['jira_search', 'dist/cjs/jira.cjs'], ['slack_post', 'dist/esm/slack.js']);
    expect(assignFamilies(input)).toEqual(['jira', 'jira', 'slack']);
  });

  it('lets settings override a family without moving the other tools', () => {
    const input = tools(['backlog_create', 'a.ts'], ['backlog_list', 'a.ts'], ['constructor', 'b.ts']);
    expect(assignFamilies(input, { backlog_list: 'planning' })).toEqual(['backlog', 'planning', 'b']);
  });

  it('uses the file for tools without a static name', () => {
    expect(assignFamilies(tools([undefined, 'src/dynamic-tools.mjs'], [undefined, 'C:\\srv\\index.cjs']))).toEqual([
      'dynamic-tools',
      'index',
    ]);
  });

  it('is deterministic and independent of input order', () => {
    const input = tools(['git_status', 'g.ts'], ['fs_read', 'f.ts'], ['git_log', 'g.ts'], ['fs_write', 'f.ts'], ['ping', 'p.ts']);
    const byName = (list: typeof input, families: string[]) => Object.fromEntries(list.map((tool, i) => [tool.name, families[i]]));
    const reversed = [...input].reverse();
    expect(byName(input, assignFamilies(input))).toEqual(byName(reversed, assignFamilies(reversed)));
    expect(assignFamilies(input)).toEqual(['git', 'fs', 'git', 'fs', 'p']);
  });
});

describe('getNamePrefix and getFileFamily', () => {
  it('reads the first word of a name', () => {
    expect(getNamePrefix('__private_tool')).toBe('private');
    expect(getNamePrefix('ns:tool')).toBe('ns');
    expect(getNamePrefix('___')).toBeUndefined();
  });

  it('reads the base name without extension', () => {
    expect(getFileFamily('/abs/path/backlog.tools.ts')).toBe('backlog.tools');
    expect(getFileFamily('types.d.ts')).toBe('types');
    expect(getFileFamily('Makefile')).toBe('Makefile');
    expect(getFileFamily('.env')).toBe('.env');
  });
});
