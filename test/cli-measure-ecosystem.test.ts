// Issue 5: against a published server, `measure`'s totals equal an independent count made here with a
// plain SDK client. @modelcontextprotocol/server-memory is a dev dependency of @toolslim/cli, so this
// runs offline after the install.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT } from '@toolslim/cli';
import { runCli } from '../packages/cli/tests/support/run-cli.js';

const requireFromCli = createRequire(new URL('../packages/cli/package.json', import.meta.url));
const memoryPackage = path.dirname(requireFromCli.resolve('@modelcontextprotocol/server-memory/package.json'));
const memoryServer = path.join(memoryPackage, 'dist/index.js');
// The server keeps its knowledge graph in this file; listing tools must not touch the user's.
const scratch = mkdtempSync(path.join(os.tmpdir(), 'toolslim-memory-'));
const env = { ...process.env, MEMORY_FILE_PATH: path.join(scratch, 'memory.jsonl') } as Record<string, string>;

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('toolslim measure on a published server (@modelcontextprotocol/server-memory)', () => {
  it('totals equal a plain SDK client\'s count', async () => {
    const client = new Client({ name: 'plain-test-client', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [memoryServer], env, stderr: 'pipe' }));
    const tools: unknown[] = [];
    try {
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor ? { cursor } : {});
        tools.push(...page.tools);
        cursor = page.nextCursor;
      } while (cursor);
    } finally {
      await client.close();
    }
    const result = await runCli(['measure', '--json', '--', process.execPath, memoryServer], { env });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(EXIT.ok);
    const report = JSON.parse(result.stdout);
    expect(tools.length).toBeGreaterThan(3);
    expect(report.totals.tools).toBe(tools.length);
    expect(report.totals.bytes).toBe(tools.reduce((sum: number, tool) => sum + Buffer.byteLength(JSON.stringify(tool)), 0));
  });
});
