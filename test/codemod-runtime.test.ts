/**
 * The codemod counts the `read_instructions` tool it adds (slim's totals must equal the running server's):
 * its estimate is the tool `serveInstructions` publishes, byte for byte. And the snippet slim prints for
 * servers it cannot wire (fastmcp, wrappers) compiles against the runtime's types.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { serveInstructions } from '@toolslim/runtime';
import ts from 'typescript';
import { afterAll, expect, test } from 'vitest';
import { buildReadInstructionsTool } from '../packages/codemod/src/read-instructions-tool.js';
import { buildWiring } from '../packages/codemod/src/wire-runtime.js';
import { parseSource } from '@toolslim/core';

const dir = mkdtempSync(path.join(tmpdir(), 'toolslim-codemod-runtime-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the estimated read_instructions tool is the one the runtime publishes', async () => {
  writeFileSync(path.join(dir, 'billing.md'), '# billing\n');
  writeFileSync(path.join(dir, 'orders.md'), '# orders\n');
  const server = new McpServer({ name: 'x', version: '1.0.0' });
  serveInstructions(server, { dir });
  const client = new Client({ name: 'c', version: '1.0.0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(b), client.connect(a)]);
  const [published] = (await client.listTools()).tools;
  await client.close();
  expect(JSON.stringify(buildReadInstructionsTool('read_instructions', ['billing', 'orders'], 4))).toBe(JSON.stringify(published));
});

test('the snippet printed for a fastmcp server compiles', () => {
  const code = `import { FastMCP } from 'fastmcp';\nconst server = new FastMCP({ name: 'weather', version: '1.0.0' });\n`;
  const file = path.join(dir, 'src', 'server.ts');
  const { wiring } = buildWiring({
    file,
    code,
    program: parseSource(code, file),
    servers: [{ node: parseSource(code, file), name: undefined, framework: 'fastmcp' }],
    packageDir: 'docs/tools',
    moduleKind: 'esm',
    toolName: undefined,
  });
  expect(wiring?.wired).toBe(false);
  // A minimal FastMCP-shaped declaration: the snippet must type-check against it and the runtime's real types.
  const source = [
    `import type { z as Z } from 'zod';`,
    `declare const server: { addTool(tool: { name: string; description: string; parameters: Z.ZodType; execute: (args: { family: string }) => Promise<string> }): void };`,
    ...wiring!.lines,
    '',
  ].join('\n');
  const snippet = path.join(import.meta.dirname, '.snippet-check.mts');
  writeFileSync(snippet, source);
  try {
    const program = ts.createProgram([snippet], {
      strict: true,
      noEmit: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      types: ['node'],
      skipLibCheck: true,
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  } finally {
    rmSync(snippet, { force: true });
  }
});
