// zod and the MCP SDK come from the project of the file being read. Without an SDK there, core's copy of
// SDK 1.32's conversion (src/schema/mcp-sdk-compat.ts) must publish what the SDK publishes; without
// TypeBox there, a TypeBox schema is unreadable rather than guessed.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeSource, buildPublishedTool } from '../src/index.js';
import { getProjectLibraries } from '../src/installed-libraries.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
// A folder with no node_modules above it: nothing installed for files there.
const bare = mkdtempSync(join(tmpdir(), 'toolslim-bare-'));
afterAll(() => rmSync(bare, { recursive: true, force: true }));

function publish(code: string, filePath: string) {
  return analyzeSource(code, { filePath }).tools.map((decl) => buildPublishedTool(decl).tool);
}

describe('libraries installed for a file', () => {
  it('finds the SDK, zod and TypeBox of the project, and nothing but core’s zod in a bare folder', () => {
    const project = getProjectLibraries(join(root, 'fixtures/mcp-sdk-tool/server.ts'));
    expect(project.zodMajor).toBe(4);
    expect(project.getMcpSdkCompat()).toBeDefined();
    const none = getProjectLibraries(join(bare, 'server.ts'));
    expect(none.zodMajor).toBeUndefined();
    expect(none.getMcpSdkCompat()).toBeUndefined();
    expect(none.getTypeBox()).toBeUndefined();
    expect(typeof none.getZod(4).object).toBe('function');
  });

  it.each(['fixtures/mcp-sdk-tool/server.ts', 'fixtures/mcp-sdk-register/server.ts', 'fixtures/low-level-zod/server.ts', 'fixtures/verbose-catalogue/src/issue.ts'])(
    'publishes %s the same with and without the SDK installed',
    (file) => {
      const code = readFileSync(join(root, file), 'utf8');
      const withSdk = publish(code, join(root, file));
      expect(withSdk.length).toBeGreaterThan(0);
      expect(publish(code, join(bare, 'server.ts'))).toEqual(withSdk);
    },
  );

  it('publishes zod 3 shapes the same with and without the SDK installed', () => {
    const code = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { z } from 'zod/v3';",
      "const server = new McpServer({ name: 's', version: '1' });",
      "server.tool('pick', 'Pick one.', { kind: z.union([z.literal('a'), z.literal('b')]).describe('Which.'), n: z.number().int().optional() }, async () => ({ content: [] }));",
    ].join('\n');
    const withSdk = publish(code, join(root, 'fixtures/server.ts'));
    expect(withSdk[0]?.inputSchema).toBeDefined();
    expect(publish(code, join(bare, 'server.ts'))).toEqual(withSdk);
  });

  it('reads a TypeBox schema only where TypeBox is installed', () => {
    const code = [
      "import { Type } from '@sinclair/typebox';",
      "export const tools = [{ name: 'find', description: 'Find things.', inputSchema: Type.Object({ q: Type.String() }) }];",
    ].join('\n');
    const [decl] = analyzeSource(code, { filePath: join(root, 'packages/core/tests/typebox.ts') }).tools;
    expect(decl.inputSchema.kind).toBe('static');
    const [bareDecl] = analyzeSource(code, { filePath: join(bare, 'typebox.ts') }).tools;
    expect(bareDecl.inputSchema.kind).toBe('dynamic');
  });
});
