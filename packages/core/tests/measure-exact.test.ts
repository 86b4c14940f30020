// Our own o200k_base counter (src/o200k.ts) against gpt-tokenizer, what toolslim counted with before:
// every tool of every fixture server, as published JSON and its name and description, plus hard text.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { countTokens as countWithTokenizer } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { analyzeSource, buildPublishedTool, countTokens } from '../src/index.js';
import { countO200kTokens, O200K_RANKS_FILE } from '../src/o200k.js';

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

  it.each([
    "I'm sure they'll say it's fine; WE'RE done, you've SEEN it.",
    'Zażółć gęślą jaźń — Ελληνικά — русский — العربية — हिन्दी — 中文 — 日本語 — 한국어',
    '👨‍👩‍👧‍👦 🏳️‍🌈 🇫🇷 \u{1F600}\u200d x',
    'tabs\tand\r\nCRLF\n\n\n   trailing   \n',
    '12345678901234567890 3.14159 -42 1e10 0xFF',
    'https://example.com/a/b?c=d&e=f#g /usr/local/bin/ C:\\Windows\\',
    '{"a":[1,2,{"b":null}],"c":"\\u00e9\\n"}',
    'camelCaseIdentifier snake_case_name SCREAMING_CASE kebab-case-name',
    '\u0301\u0301 a\u0301 \u200b\u00a0\u2028',
  ])('equal gpt-tokenizer on %j', (text) => {
    expect(countO200kTokens(text)).toBe(countWithTokenizer(text));
  });

  it('reads the o200k_base file OpenAI published', () => {
    const bytes = brotliDecompressSync(readFileSync(O200K_RANKS_FILE));
    const lines: string[] = [];
    for (let at = 0; at < bytes.length; at += 1 + bytes[at]) {
      lines.push(`${bytes.subarray(at + 1, at + 1 + bytes[at]).toString('base64')} ${lines.length}\n`);
    }
    expect(createHash('sha256').update(lines.join('')).digest('hex')).toBe('446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d');
  });
});
