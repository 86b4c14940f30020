// Tool-shaped objects that are only exported and used by no file of their package are not tools of any
// server: report leaves them out (they were phantoms: declared, never listed). Anything used stays.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildReport } from '../src/report.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'toolslim-reach-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const FILES: Record<string, string> = {
  'package.json': '{ "name": "reach", "private": true }',
  // Exported, imported by nobody.
  'src/config/dead.ts': `export const deadToolSchema = {
  name: 'dead_tool',
  description: 'Left over from an older version.',
  inputSchema: { type: 'object', properties: {} },
} as const;\n`,
  // Nested in an exported entry that nobody imports.
  'src/tools/nested.ts': `type Entry = { type: string; tool: object };
export const archiveEntry: Entry = {
  type: 'internal',
  tool: { name: 'archive_note', description: 'Archives a note.', inputSchema: { type: 'object', properties: { id: { type: 'string' } } } },
};\n`,
  // Exported and imported by the server's list (a file report is not given: found on disk).
  'src/tools/used.ts': `export const readNoteSchema = {
  name: 'read_note',
  description: 'Reads one note.',
  inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
};\n`,
  'src/index.ts': `import { readNoteSchema } from './tools/used.js';\nexport const allTools = [readNoteSchema];\n`,
  // Generated code names definitions with `$`: still found where they are used.
  'src/tools/generated.ts': `export const tool$notesCreate = {
  name: 'create_note',
  description: 'Creates a note.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
};\n`,
  'src/generated-index.ts': `import { tool$notesCreate } from './tools/generated.js';\nexport const generated = [tool$notesCreate];\n`,
  // Shipped JavaScript: a low-level definition exported and used by nothing (only its .d.ts names it).
  'dist/config/stale-config.js': `export const listBinsSchema = {\n  name: 'list_bins',\n  description: 'Lists bins.',\n  inputSchema: { type: 'object', properties: {} },\n};\n`,
  'dist/config/stale-config.d.ts': `export declare const listBinsSchema: { name: string };\n`,
  // Not exported: a local definition is kept (what uses it is the evaluator's business).
  'src/tools/local.ts': `const localTool = { name: 'local_tool', description: 'Local.', inputSchema: { type: 'object', properties: {} } };\nconsole.log(localTool);\n`,
};

for (const [file, code] of Object.entries(FILES)) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), code);
}

describe('reachability of tool-shaped definitions', () => {
  it('leaves out exported definitions that no file of the package uses, keeps the rest', () => {
    const given = ['src/config/dead.ts', 'src/tools/nested.ts', 'src/tools/used.ts', 'src/tools/local.ts'].map((file) => ({
      filePath: path.join(root, file),
      code: readFileSync(path.join(root, file), 'utf8'),
    }));
    const names = buildReport(given, { cwd: root }).tools.map((tool) => tool.name).sort();
    expect(names).toEqual(['local_tool', 'read_note']);
  });

  it('finds names with `$` where they are used, and leaves out a dead low-level export of shipped JavaScript', () => {
    const given = ['src/tools/generated.ts', 'dist/config/stale-config.js'].map((file) => ({
      filePath: path.join(root, file),
      code: readFileSync(path.join(root, file), 'utf8'),
    }));
    expect(buildReport(given, { cwd: root }).tools.map((tool) => tool.name)).toEqual(['create_note']);
  });

  it('keeps a definition that a file given in memory uses, even when that file is not on disk', () => {
    const given = [
      { filePath: path.join(root, 'src/config/dead.ts'), code: FILES['src/config/dead.ts'] },
      { filePath: path.join(root, 'src/memory-only.ts'), code: `import { deadToolSchema } from './config/dead.js';\nexport default [deadToolSchema];\n` },
    ];
    expect(buildReport(given, { cwd: root }).tools.map((tool) => tool.name)).toEqual(['dead_tool']);
  });
});
