// Families a reader would choose, as report, the rules and slim all assign them: a shared prefix that is not
// a verb or a generic word, else the server's name, else the package's name; the families setting wins.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assignFamilies, getNamePrefix, toFamilyName, toFileName } from '../src/index.js';

const dir = mkdtempSync(path.join(tmpdir(), 'toolslim-families-'));
writeFileSync(path.join(dir, 'package.json'), '{ "name": "@acme/billing-mcp-server" }');
mkdirSync(path.join(dir, 'packages', 'greenhouse'), { recursive: true });
writeFileSync(path.join(dir, 'packages', 'greenhouse', 'package.json'), '{ "name": "greenhouse-mcp" }');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tool = (name: string | undefined, serverName?: string, file = 'src/index.ts') => ({ name, filePath: path.join(dir, file), serverName });

describe('assignFamilies', () => {
  it.each([
    ['underscore', ['backlog_create', 'backlog_list'], 'backlog'],
    ['dash', ['issue-create', 'issue-close'], 'issue'],
    ['dot', ['admin.tools.list', 'admin.users.get'], 'admin'],
    ['PascalCase and acronyms', ['HTTPGet', 'HttpPost'], 'http'],
    ['mixed separators and case', ['Notion_search', 'notion-create-page'], 'notion'],
    ['a name that is the prefix itself', ['backlog', 'backlog_users'], 'backlog'],
  ])('finds the prefix across %s', (_, names, family) => {
    expect(assignFamilies(names.map((name) => tool(name)))).toEqual(names.map(() => family));
  });

  it('never makes a bare verb a family: a prefix the descriptions open with as their verb is what the tools do', () => {
    const described = (name: string, description: string) => ({ ...tool(name, 'browser'), description });
    const tools = [
      described('take_screenshot', 'Take a screenshot of the page.'),
      described('take_snapshot', 'Takes a text snapshot of the page.'),
      described('navigate_page', 'Navigates the selected page to a URL.'),
      described('navigate_history', 'Navigate back or forward.'),
      described('install_extension', 'Installing an extension from a file.'),
      described('install_certificate', 'Install a client certificate.'),
      described('tab_list', 'List the open tabs.'),
      described('tab_close', 'Close a tab.'),
    ];
    expect(assignFamilies(tools)).toEqual(['browser', 'browser', 'browser', 'browser', 'browser', 'browser', 'tab', 'tab']);
  });

  it('uses a prefix that two tools share, else the package name, never the file name', () => {
    expect(assignFamilies([tool('invoice_create'), tool('invoice_send'), tool('refund', undefined, 'src/tools/refund.ts')])).toEqual(['invoice', 'invoice', 'billing']);
    expect(assignFamilies([tool('water_plants', undefined, 'packages/greenhouse/src/index.ts')])).toEqual(['greenhouse']);
  });

  it('never uses a bare verb or a generic word', () => {
    const tools = [tool('get_invoice', 'Billing MCP'), tool('get_customer', 'Billing MCP'), tool('list_tools', undefined, 'src/index.ts'), tool('list_x')];
    expect(assignFamilies(tools)).toEqual(['billing', 'billing', 'billing', 'billing']);
  });

  it('falls back to the one server name of the run, else the package name', () => {
    expect(assignFamilies([tool('create_thing'), tool('delete_other')], undefined, ['shopify-dev-mcp'])).toEqual(['shopify-dev', 'shopify-dev']);
    expect(assignFamilies([tool('create_thing')])).toEqual(['billing']);
  });

  it('counts distinct names, so ESM and CJS twins of one tool are not a family', () => {
    expect(assignFamilies([tool('jira_search', undefined, 'dist/esm/jira.js'), tool('jira_search', undefined, 'dist/cjs/jira.cjs')])).toEqual(['billing', 'billing']);
  });

  it('lets the families setting win, as a file name, without moving the other tools', () => {
    expect(assignFamilies([tool('invoice_create'), tool('invoice_send')], { invoice_send: 'Sending Mail' })).toEqual(['invoice', 'Sending-Mail']);
    expect(assignFamilies([tool('constructor')], {})).toEqual(['billing']);
  });

  it('is deterministic and independent of input order', () => {
    const input = [tool('git_status'), tool('fs_read'), tool('git_log'), tool('fs_write'), tool('ping')];
    const byName = (list: typeof input, families: string[]) => Object.fromEntries(list.map((entry, i) => [entry.name, families[i]]));
    expect(byName(input, assignFamilies(input))).toEqual(byName([...input].reverse(), assignFamilies([...input].reverse())));
    expect(assignFamilies(input)).toEqual(['git', 'fs', 'git', 'fs', 'billing']);
  });
});

describe('names', () => {
  it('reads the first word of a tool name', () => {
    expect(getNamePrefix('__private_tool')).toBe('private');
    expect(getNamePrefix('ns:tool')).toBe('ns');
    expect(getNamePrefix('getUser')).toBe('get');
    expect(getNamePrefix('___')).toBeUndefined();
  });

  it('turns server and package names into file names', () => {
    expect(toFamilyName('@acme/billing-mcp-server')).toBe('billing');
    expect(toFamilyName('Neon MCP Server')).toBe('neon');
    expect(toFamilyName('mcp')).toBe('');
    expect(toFileName('Sending Mail')).toBe('Sending-Mail');
    expect(toFileName('')).toBe('tools');
  });
});
