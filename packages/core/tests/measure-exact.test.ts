// The o200k_base counter core measures with (@toolslim/tokens) against gpt-tokenizer, what toolslim
// counted with before: every tool of every fixture server, as published JSON and its name and description.
// Hard text and the rank table's hash are checked in packages/tokens/tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countTokens as countWithTokenizer } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { analyzeSource, buildPublishedTool, countTokens } from '../src/index.js';
import { countO200kTokens } from '@toolslim/tokens';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCE = /\.(?:[cm]?[jt]s)$/;

function findSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return findSources(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function findFixtureTexts(): { tool: string; texts: string[] }[] {
  const found: { tool: string; texts: string[] }[] = [];
  for (const file of findSources(join(root, 'fixtures'))) {
    let tools;
    try {
      tools = analyzeSource(readFileSync(file, 'utf8'), { filePath: file }).tools;
    } catch {
      continue;
    }
    for (const decl of tools) {
      const { tool } = buildPublishedTool(decl);
      if (!tool) continue;
      found.push({ tool: `${relative(root, file)}:${tool.name}`, texts: [JSON.stringify(tool), tool.name ?? '', tool.description ?? ''] });
    }
  }
  return found;
}

describe('o200k_base counts', () => {
  const fixtureTools = findFixtureTexts();

  it('covers the fixture servers', () => {
    expect(fixtureTools.length).toBeGreaterThan(100);
  });

  it('equal gpt-tokenizer on every fixture tool', () => {
    const differences = fixtureTools.flatMap(({ tool, texts }) =>
      texts.filter((text) => countO200kTokens(text) !== countWithTokenizer(text)).map((text) => `${tool}: ${text.slice(0, 60)}`),
    );
    expect(differences).toEqual([]);
    for (const { texts } of fixtureTools) expect(countTokens(texts[0])).toBe(countWithTokenizer(texts[0]));
  });
});
