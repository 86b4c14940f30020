import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const fixturesDir = fileURLToPath(new URL('../../../fixtures', import.meta.url));

let workDir: string;
let documentPath: string;
const stderr: string[] = [];

// A real document over 50 KB, with non-ASCII text so bytes and characters differ.
function buildDocument(): string {
  const sections = Array.from({ length: 120 }, (_value, index) =>
    `## Section ${index + 1}\n\nCe paragraphe décrit l’étape ${index + 1} : lire, vérifier, publier. ${'Lorem ipsum dolor sit amet. '.repeat(14)}\n`,
  );
  return `# Handbook\n\n${sections.join('\n')}`;
}

async function startServer(file: 'before.ts' | 'after.ts'): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    // `source` resolves @toolslim/runtime to its TypeScript sources, so no build is needed.
    args: ['--conditions=source', '--import', 'tsx', `reference-input/${file}`],
    cwd: fixturesDir,
    env: { ...(process.env as Record<string, string>), REFERENCE_INPUT_ROOTS: workDir },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const client = new Client({ name: 'fixture-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

function getPublishedBytes(tool: unknown): number {
  return Buffer.byteLength(JSON.stringify(tool));
}

// docs/reference-input.md states what the change costs in published bytes; the running servers say what it is.
const docClaim = /grows from (\d+) to (\d+) bytes/.exec(readFileSync(fileURLToPath(new URL('../../../docs/reference-input.md', import.meta.url)), 'utf8'));

function getTexts(result: CallToolResult): string[] {
  return result.content.map((block) => (block.type === 'text' ? block.text : ''));
}

function getReceived(result: CallToolResult): { bytes: number; lines: number; sha256: string } {
  const line = getTexts(result).find((text) => text.startsWith('Received '));
  const match = /^Received ([\d,]+) bytes, ([\d,]+) lines?, sha256 ([0-9a-f]{64})\.$/.exec(line ?? '');
  if (!match) throw new Error(`no received line in ${JSON.stringify(result)}`);
  return { bytes: Number(match[1].replaceAll(',', '')), lines: Number(match[2].replaceAll(',', '')), sha256: match[3] };
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'toolslim-fixture-'));
  documentPath = path.join(workDir, 'handbook.md');
  await writeFile(documentPath, buildDocument());
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('fixtures/reference-input over stdio', () => {
  it('before: the tool takes only content', async () => {
    const client = await startServer('before.ts').catch((error: unknown) => {
      throw new Error(`server failed: ${String(error)}\n${stderr.join('')}`);
    });
    const { tools } = await client.listTools();
    expect(Object.keys(tools[0].inputSchema.properties ?? {})).toEqual(['content']);
    expect(getPublishedBytes(tools[0])).toBe(Number(docClaim?.[1]));
    const result = (await client.callTool({ name: 'outline_markdown', arguments: { content: '# A\n\n## B\n' } })) as CallToolResult;
    expect(getTexts(result)).toEqual(['4 words, 2 headings.\n# A\n## B']);
    await client.close();
  });

  it('after: a path gives the right size and hash; a pasted copy missing its last character with the original hash is refused', async () => {
    const client = await startServer('after.ts').catch((error: unknown) => {
      throw new Error(`server failed: ${String(error)}\n${stderr.join('')}`);
    });
    const { tools } = await client.listTools();
    expect(Object.keys(tools[0].inputSchema.properties ?? {})).toEqual(['content', 'path', 'url', 'expected_sha256']);
    expect(tools[0].inputSchema.required ?? []).toEqual([]);
    expect(getPublishedBytes(tools[0])).toBe(Number(docClaim?.[2]));

    const document = await readFile(documentPath);
    expect(document.length).toBeGreaterThan(50_000);
    const printedSha256 = execFileSync('sha256sum', [documentPath], { encoding: 'utf8' }).split(' ')[0];

    const byPath = (await client.callTool({ name: 'outline_markdown', arguments: { path: documentPath } })) as CallToolResult;
    expect(byPath.isError).toBeFalsy();
    expect(getTexts(byPath)[0]).toMatch(/^\d+ words, 121 headings\.\n# Handbook\n## Section 1\n/);
    // The document ends in a newline, so `wc -l` counts the same lines an editor shows.
    expect(document.at(-1)).toBe(0x0a);
    const printedLines = Number(execFileSync('wc', ['-l', documentPath], { encoding: 'utf8' }).trim().split(' ')[0]);
    expect(getReceived(byPath)).toEqual({ bytes: document.length, lines: printedLines, sha256: printedSha256 });

    const text = document.toString('utf8');
    const altered = text.slice(0, -1);
    const pasted = (await client.callTool({ name: 'outline_markdown', arguments: { content: altered, expected_sha256: printedSha256 } })) as CallToolResult;
    expect(pasted.isError).toBe(true);
    const alteredBytes = Buffer.byteLength(altered);
    expect(getTexts(pasted)[0]).toContain(`Received ${alteredBytes.toLocaleString('en-US')} bytes`);
    expect(getTexts(pasted)[0]).toContain('nothing was processed');
    expect(getTexts(pasted)).toHaveLength(1);

    // The exact copy with the same hash is accepted: the refusal above was the missing character.
    const exact = (await client.callTool({ name: 'outline_markdown', arguments: { content: text, expected_sha256: printedSha256 } })) as CallToolResult;
    expect(exact.isError).toBeFalsy();
    expect(getReceived(exact).sha256).toBe(printedSha256);

    const outside = (await client.callTool({ name: 'outline_markdown', arguments: { path: '/etc/hostname' } })) as CallToolResult;
    expect(outside.isError).toBe(true);
    await client.close();
  });
});
