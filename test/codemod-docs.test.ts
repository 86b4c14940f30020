/** docs/codemod.md shows the `basic` fixture: every block marked `<!-- fixture: <path> -->` equals that file. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const doc = readFileSync(path.join(root, 'docs/codemod.md'), 'utf8');
const blocks = [...doc.matchAll(/<!-- fixture: (\S+) -->\n```\w*\n([\s\S]*?)```\n/g)];

test('docs/codemod.md shows the before/after of the basic fixture', () => {
  expect(blocks.map((block) => block[1])).toEqual([
    'basic/input/src/server.ts',
    'basic/output/src/server.ts',
    'basic/output/docs/tools/notes.md',
    'basic/output/docs/tools/README.md',
  ]);
  for (const [, file, text] of blocks) {
    expect(text, file).toBe(readFileSync(path.join(root, 'packages/codemod/tests/fixtures', file), 'utf8'));
  }
});
