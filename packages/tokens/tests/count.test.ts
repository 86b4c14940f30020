// The counter against gpt-tokenizer on hard text, the rank table against the file OpenAI published, and
// the two questions a bound asks without counting everything: is a text within a limit, and which prefix
// fits a budget. Each answer is checked against the full count of the very text it names.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { countTokens as countWithTokenizer } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { countO200kTokens, countTokens, countTokensUpTo, findTokenFit, getO200kRanksFile, isWithinTokenLimit } from '@toolslim/tokens';

/** Text where one token per 3 bytes undercounts: dense digits (an array of numbers) and base64. */
const DIGITS = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => (i * 7919) % 10_000));
const BASE64 = Buffer.from(Array.from({ length: 60_000 }, (_, i) => (i * 7919) % 251)).toString('base64');
const ROWS = JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `row ${i}`, note: 'Imported from the nightly export; checked by the reconciler.' })));

describe('countO200kTokens', () => {
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
  ])('equals gpt-tokenizer on %j', (text) => {
    expect(countO200kTokens(text)).toBe(countWithTokenizer(text));
  });

  it.each([
    ['dense digits', DIGITS],
    ['base64', BASE64],
  ])('equals gpt-tokenizer on %s, where one token per 3 bytes undercounts', (_, text) => {
    expect(countTokens(text)).toBe(countWithTokenizer(text));
    expect(countTokens(text)).toBeGreaterThan(Math.ceil(Buffer.byteLength(text) / 3));
  });

  it('reads the o200k_base file OpenAI published', () => {
    const bytes = brotliDecompressSync(readFileSync(getO200kRanksFile()));
    const lines: string[] = [];
    for (let at = 0; at < bytes.length; at += 1 + bytes[at]) {
      lines.push(`${bytes.subarray(at + 1, at + 1 + bytes[at]).toString('base64')} ${lines.length}\n`);
    }
    expect(createHash('sha256').update(lines.join('')).digest('hex')).toBe('446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d');
  });
});

describe('countTokensUpTo and isWithinTokenLimit', () => {
  it('give the count while it is within the limit and some number past it once it is not', () => {
    const total = countTokens(ROWS);
    expect(countTokensUpTo(ROWS, total)).toBe(total);
    expect(countTokensUpTo(ROWS, total - 1)).toBeGreaterThan(total - 1);
    expect(countTokensUpTo(ROWS, 100)).toBeGreaterThan(100);
    expect(countTokensUpTo(ROWS, 100)).toBeLessThan(total);
  });

  it('tell within from over at the exact count', () => {
    for (const text of [ROWS, DIGITS, BASE64]) {
      const total = countTokens(text);
      expect(isWithinTokenLimit(text, total)).toBe(true);
      expect(isWithinTokenLimit(text, total - 1)).toBe(false);
    }
    expect(isWithinTokenLimit('a'.repeat(50), 50)).toBe(true);
  });
});

describe('findTokenFit', () => {
  const commas = (text: string) => [...text.matchAll(/,/g)].map((match) => match.index + 1).concat(text.length);

  it.each([
    ['JSON rows', ROWS],
    ['dense digits', DIGITS],
    ['base64', BASE64],
    ['prose with emoji', 'Zażółć gęślą jaźń, 👨‍👩‍👧‍👦 and 日本語の文です. '.repeat(400)],
  ])('gives the longest prefix within the budget on %s, at a point or at any character', (_, text) => {
    for (const budget of [1, 37, 1000, 5000]) {
      const points = commas(text);
      for (const end of [findTokenFit(text, budget, points), findTokenFit(text, budget)]) {
        if (end === undefined) continue;
        expect(countTokens(text.slice(0, end))).toBeLessThanOrEqual(budget);
      }
      const atPoint = findTokenFit(text, budget, points);
      const next = points.find((point) => point > (atPoint ?? 0));
      if (next !== undefined) expect(countTokens(text.slice(0, next))).toBeGreaterThan(budget);
      // At any character, the prefix found is within a token or two of the budget (a prefix's count can
      // drop by one as a character completes a merge, so "the longest" is found to that grain).
      expect(countTokens(text.slice(0, findTokenFit(text, budget)!))).toBeGreaterThanOrEqual(budget - 2);
    }
  });

  it('gives the whole text when it fits, and nothing when no point does', () => {
    expect(findTokenFit(ROWS, countTokens(ROWS), commas(ROWS))).toBe(ROWS.length);
    expect(findTokenFit(ROWS, 3, [ROWS.length])).toBeUndefined();
  });
});
