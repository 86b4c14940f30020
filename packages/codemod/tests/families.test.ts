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
