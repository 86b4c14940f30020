import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildReferenceFragmentSource, getReferenceFieldSpecs } from '@toolslim/runtime';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const readDoc = (name: string) => readFileSync(`${repoRoot}docs/${name}`, 'utf8');

/** Fenced blocks whose info string names a file: ```ts fixtures/reference-input/after.ts */
function findFileBlocks(markdown: string): { file: string; code: string }[] {
  return [...markdown.matchAll(/^```\w+ (\S+)\n([\s\S]*?)^```$/gm)].map((match) => ({ file: match[1], code: match[2] }));
}

describe('docs stay true to the code', () => {
  it('reference-input.md shows the fixture servers exactly as they are', () => {
    const blocks = findFileBlocks(readDoc('reference-input.md'));
    expect(blocks.map((block) => block.file)).toEqual(['fixtures/reference-input/before.ts', 'fixtures/reference-input/after.ts']);
    for (const block of blocks) expect(block.code).toBe(readFileSync(`${repoRoot}${block.file}`, 'utf8'));
  });

  it('runtime.md quotes the fragment descriptions and source text the code builds', () => {
    const doc = readDoc('runtime.md');
    for (const spec of getReferenceFieldSpecs({ subject: 'page' })) expect(doc).toContain(`- ${spec.name} — "${spec.description}"`);
    const source = buildReferenceFragmentSource({ style: 'zod', omit: ['content'], names: { content: 'html' } });
    expect(doc).toContain(source.split('\n').map((line) => `// ${line}`).join('\n'));
  });

  it('reference-input.md quotes the parameter descriptions the fixture publishes', () => {
    const doc = readDoc('reference-input.md');
    for (const spec of getReferenceFieldSpecs({ subject: 'markdown document' })) expect(doc).toContain(`| \`${spec.name}\` | ${spec.description}`);
  });
});
