/**
 * The pointer is a sentence of its own: kept text that ends without a full stop (a closing bracket, a
 * word) gets one before it, so the pointer is never glued onto the last kept sentence.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { planSlim } from '../src/index.js';

const HOW =
  'Results are sorted by creation date, newest first, and at most 50 are returned per page. ' +
  'Each result holds the folder id, the owner name, the size in bytes and the depth. ' +
  'To read the next page, pass the cursor returned with the previous page. ' +
  'Hidden folders are included unless the filter leaves them out. ' +
  'Sizes are rounded to whole kilobytes and include every file below the folder.';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function planFor(kept: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolslim-pointer-stop-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'package.json'), '{ "name": "folders", "private": true, "type": "module" }');
  const file = path.join(dir, 'src/tools.ts');
  writeFileSync(
    file,
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const server = new McpServer({ name: 'folders', version: '1.0.0' });
server.registerTool('folders_list', { description: ${JSON.stringify(`${kept}\n\n${HOW}`)}, inputSchema: { cursor: z.string() } }, async () => ({ content: [] }));
`,
  );
  return planSlim({ cwd: dir, files: [file], wire: false, extraSentences: 0, moveThreshold: 0.3 });
}

test.each([
  ['Lists folders (up to three levels)', 'Lists folders (up to three levels). Before first use'],
  ['Lists the folders of a drive', 'Lists the folders of a drive. Before first use'],
  ['Lists folders (see the drive tools.)', 'Lists folders (see the drive tools.) Before first use'],
  ['Lists the folders of a drive.', 'Lists the folders of a drive. Before first use'],
])('%j gets the pointer as a sentence of its own', (kept, expected) => {
  const plan = planFor(kept);
  const [tool] = plan.tools;
  expect(tool.descriptionAfter.slice(0, expected.length)).toBe(expected);
});
