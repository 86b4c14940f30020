import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseSource } from '@toolslim/core';
import type { TSESLint } from '@typescript-eslint/utils';
import tsParser from '@typescript-eslint/parser';
import { ESLint } from 'eslint';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import plugin from '../src/index.js';
import { getModuleResolver } from '../src/utils/module-resolver.js';

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerNoteTools } from './notes.js';

const server = new McpServer({ name: 'notes', version: '1.0.0' });
server.tool('status', 'Reports the status.', async () => ({ content: [] }));
registerNoteTools(server);
`;

/** A helper module registering `count` tools on the server it is given. */
function buildNotes(count: number): string {
  const lines = Array.from({ length: count }, (_, i) => `  server.tool('note_${i}', 'Handles note ${i}.', async () => ({ content: [] }));`);
  return `export function registerNoteTools(server: any): void {\n${lines.join('\n')}\n}\n`;
}

function buildContext(filename: string): Readonly<TSESLint.RuleContext<string, readonly unknown[]>> {
  return { filename, settings: {}, sourceCode: { ast: parseSource(SERVER, filename), parserServices: {} } } as unknown as Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;
}

describe('the module resolver of cross-file rules', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'toolslim-resolver-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads an unchanged module once for every lint, and an edited module anew', () => {
    const notes = join(dir, 'notes.ts');
    writeFileSync(notes, buildNotes(2));
    const first = getModuleResolver(buildContext(join(dir, 'server.ts'))).getProgram(notes);
    const second = getModuleResolver(buildContext(join(dir, 'server.ts'))).getProgram(notes);
    expect(first).toBeDefined();
    expect(second).toBe(first);
    writeFileSync(notes, buildNotes(3));
    const edited = getModuleResolver(buildContext(join(dir, 'server.ts'))).getProgram(notes);
    expect(edited).not.toBe(first);
    const helper = edited?.body[0];
    expect(helper?.type === 'ExportNamedDeclaration' && helper.declaration?.type === 'FunctionDeclaration' ? helper.declaration.body.body.length : 0).toBe(3);
  });

  it('sees an edit to a helper module on the next lint of the server file (real ESLint, one process)', async () => {
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      ignore: false,
      overrideConfig: [
        { files: ['**/*.ts'], languageOptions: { parser: tsParser, sourceType: 'module' }, plugins: { toolslim: plugin }, rules: { 'toolslim/max-tools-per-server': ['error', { max: 4 }] } },
      ],
    });
    const notes = join(dir, 'notes.ts');
    const lintServer = async () => {
      const [result] = await eslint.lintText(SERVER, { filePath: join(dir, 'server.ts') });
      return result.messages.map((message) => message.ruleId);
    };
    writeFileSync(notes, buildNotes(6));
    expect(await lintServer()).toEqual(['toolslim/max-tools-per-server']);
    expect(await lintServer()).toEqual(['toolslim/max-tools-per-server']);
    writeFileSync(notes, buildNotes(2));
    expect(await lintServer()).toEqual([]);
    writeFileSync(notes, buildNotes(6));
    expect(await lintServer()).toEqual(['toolslim/max-tools-per-server']);
  });
});
