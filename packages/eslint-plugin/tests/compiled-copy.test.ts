/**
 * A compiled copy left beside its source (`server.js` next to `server.ts`) is not the server: the program runs the
 * source (TypeScript resolves `./server.js` to it) and the build writes elsewhere. Its tools are not reported twice,
 * or from stale text; the source is linted as always. Linted with the real ESLint over files on disk.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import parser from '@typescript-eslint/parser';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import plugin from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'toolslim-compiled-copy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'loom', version: '1.0.0' });
server.tool('weave cloth!', 'Weaves a length of cloth.', async () => ({ content: [] }));
`;
writeFileSync(join(dir, 'server.ts'), SERVER);
writeFileSync(join(dir, 'server.js'), SERVER);
writeFileSync(join(dir, 'spindle.js'), SERVER.replace('weave cloth!', 'spin yarn!'));

const eslint = new ESLint({
  cwd: dir,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.{ts,js}'], languageOptions: { parser, sourceType: 'module' }, plugins: { toolslim: plugin as ESLint.Plugin }, rules: { 'toolslim/valid-tool-name': 'error' } },
  ],
});

describe('a compiled copy beside its source', () => {
  it('reports nothing, while the source and a JavaScript file with no source beside it are linted', async () => {
    const results = await eslint.lintFiles(['server.ts', 'server.js', 'spindle.js']);
    const counts = Object.fromEntries(results.map((result) => [result.filePath.slice(dir.length + 1), result.messages.length]));
    expect(counts).toEqual({ 'server.ts': 1, 'server.js': 0, 'spindle.js': 1 });
  });
});
