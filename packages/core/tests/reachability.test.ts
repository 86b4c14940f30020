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

  it('keeps a definition that a file given in memory uses, even when that file is not on disk', () => {
    const given = [
      { filePath: path.join(root, 'src/config/dead.ts'), code: FILES['src/config/dead.ts'] },
      { filePath: path.join(root, 'src/memory-only.ts'), code: `import { deadToolSchema } from './config/dead.js';\nexport default [deadToolSchema];\n` },
    ];
    expect(buildReport(given, { cwd: root }).tools.map((tool) => tool.name)).toEqual(['dead_tool']);
  });
});
