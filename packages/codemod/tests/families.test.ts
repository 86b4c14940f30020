// Families a reader would choose: a shared prefix that is not a verb, else the server's name, never a file name.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFamilies, toFamilyName } from '../src/families.js';

const dir = mkdtempSync(path.join(tmpdir(), 'toolslim-families-'));
writeFileSync(path.join(dir, 'package.json'), '{ "name": "@acme/billing-mcp-server" }');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tool = (name: string | undefined, serverName?: string, file = 'src/index.ts') => ({ name, filePath: path.join(dir, file), serverName });

describe('findFamilies', () => {
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
    expect(findFamilies(tools, undefined)).toEqual(['browser', 'browser', 'browser', 'browser', 'browser', 'browser', 'tab', 'tab']);
  });

  it('uses a prefix that two tools share', () => {
    expect(findFamilies([tool('invoice_create'), tool('invoice_send'), tool('refund')], undefined)).toEqual(['invoice', 'invoice', 'billing']);
  });

  it('never uses a bare verb or a generic word, nor a file name', () => {
    const tools = [tool('get_invoice', 'Billing MCP'), tool('get_customer', 'Billing MCP'), tool('list_tools', undefined, 'src/index.ts'), tool('list_x')];
    expect(findFamilies(tools, undefined)).toEqual(['billing', 'billing', 'billing', 'billing']);
  });

  it('falls back to the one server name of the run, else the package name', () => {
    expect(findFamilies([tool('create_thing'), tool('delete_other')], undefined, ['shopify-dev-mcp'])).toEqual(['shopify-dev', 'shopify-dev']);
    expect(findFamilies([tool('create_thing')], undefined)).toEqual(['billing']);
  });

  it('lets the families setting win', () => {
    expect(findFamilies([tool('invoice_create'), tool('invoice_send')], { invoice_send: 'Sending Mail' })).toEqual(['invoice', 'Sending-Mail']);
  });

  it('turns server and package names into file names', () => {
    expect(toFamilyName('@acme/billing-mcp-server')).toBe('billing');
    expect(toFamilyName('Neon MCP Server')).toBe('neon');
    expect(toFamilyName('mcp')).toBe('');
  });
});
