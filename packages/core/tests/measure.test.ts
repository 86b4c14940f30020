// Sizes: bytes of the published JSON, and o200k_base tokens equal to gpt-tokenizer's own count on normal
// text and on 200 KB runs without whitespace. How fast those runs are counted is a benchmark, not a test:
// test/bench/tokens.bench.mjs (docs/benchmarks.md, "Token counting").
import { countTokens as countWithTokenizer, encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { LONG_RUN_CHUNK, countTokens, measureText, measureTool, type PublishedTool } from '../src/index.js';

const NORMAL_TEXTS = [
  'Search issues in the tracker. Use this when the user asks about bugs.',
  '{"name":"read_file","description":"Reads a file.","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}}}',
  'Défaut à 10 €. 日本語の文です。 👍🏽 emoji and “quotes” — dashes…',
  '```ts\nconst x = await client.callTool({ name: "search", arguments: { q: "x" } });\n```',
  `${'a'.repeat(LONG_RUN_CHUNK)} ${'b '.repeat(300)}`,
  '',
];

describe('countTokens', () => {
  it.each(NORMAL_TEXTS.map((text) => [text.slice(0, 40), text] as const))('equals gpt-tokenizer on %j', (_, text) => {
    expect(countTokens(text)).toBe(countWithTokenizer(text));
    expect(countTokens(text)).toBe(encode(text).length);
  });

  it('counts 200 KB of base64 (no whitespace, mixed classes) exactly', () => {
    const base64 = Buffer.from(Array.from({ length: 150_000 }, (_, i) => (i * 7919) % 251)).toString('base64');
    expect(base64.length).toBeGreaterThanOrEqual(200_000);
    const text = `Upload this: ${base64} done.`;
    expect(countTokens(text)).toBe(countWithTokenizer(text));
  });

  it('counts compact tool JSON (long runs without whitespace) exactly', () => {
    const properties = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`field_${i}`, { type: 'string', enum: ['a', 'b'] }]));
    const json = JSON.stringify({ name: 'big', inputSchema: { type: 'object', properties } });
    expect(json).not.toMatch(/\s/);
    expect(countTokens(json)).toBe(countWithTokenizer(json));
  });

  it('counts a 200 KB run of letters (one pre-token, quadratic to encode) as the sum of its chunks', () => {
    const run = 'QUJD'.repeat(50_000);
    const text = `Upload this: ${run} done.`;
    const tokens = countTokens(text);
    // The same text cut into the same chunks, each counted by gpt-tokenizer directly.
    let expected = countWithTokenizer('Upload this: ') + countWithTokenizer(' done.');
    for (let at = 0; at < run.length; at += LONG_RUN_CHUNK) expected += countWithTokenizer(run.slice(at, at + LONG_RUN_CHUNK));
    expect(tokens).toBe(expected);
  });

  it('counts a long whitespace run in chunks too, never splitting a surrogate pair', () => {
    const spaces = ' '.repeat(50_000);
    expect(countTokens(`a${spaces}b`)).toBeGreaterThan(0);
    // '!' then 3,000 emoji: one punctuation-class run of 6,001 UTF-16 units whose 1,000th unit is a low
    // surrogate, so the first chunk must take one more unit to keep the pair whole.
    const run = `!${'😀'.repeat(3_000)}`;
    let expected = countWithTokenizer(run.slice(0, 1001));
    for (let at = 1001; at < run.length; at += 1000) expected += countWithTokenizer(run.slice(at, at + 1000));
    expect(countTokens(run)).toBe(expected);
    expect(run.slice(0, 1001)).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe('measureTool', () => {
  const tool: PublishedTool = {
    name: 'read_file',
    description: 'Reads a file — UTF-8 «text».',
    inputSchema: { type: 'object', properties: { path: { type: 'string', description: 'Path' } }, required: ['path'] },
  };

  it('measures the JSON a server publishes and splits it by field', () => {
    const json = JSON.stringify(tool);
    expect(measureTool(tool)).toEqual({
      bytes: Buffer.byteLength(json),
      tokens: countWithTokenizer(json),
      nameBytes: 9,
      descriptionBytes: Buffer.byteLength('Reads a file — UTF-8 «text».'),
      schemaBytes: Buffer.byteLength(JSON.stringify(tool.inputSchema)),
    });
    expect(measureTool(tool).descriptionBytes).toBe(32);
  });

  it('counts the output schema as its own field and copes with a missing description', () => {
    const outputSchema = { type: 'object', properties: { text: { type: 'string' } } };
    const measured = measureTool({ name: 'x', inputSchema: { type: 'object' }, outputSchema });
    expect(measured.descriptionBytes).toBe(0);
    expect(measured.schemaBytes).toBe(Buffer.byteLength('{"type":"object"}'));
    expect(measured.outputSchemaBytes).toBe(Buffer.byteLength(JSON.stringify(outputSchema)));
    expect(measureTool({ name: 'x', inputSchema: { type: 'object' } })).not.toHaveProperty('outputSchemaBytes');
    expect(measured.bytes).toBe(Buffer.byteLength(JSON.stringify({ name: 'x', inputSchema: { type: 'object' }, outputSchema })));
  });
});

describe('measureText', () => {
  it('gives characters as UTF-16 units, UTF-8 bytes and tokens', () => {
    const text = 'Größe 😀';
    expect(measureText(text)).toEqual({ chars: 8, bytes: Buffer.byteLength(text), tokens: countWithTokenizer(text) });
    expect(measureText(text).bytes).toBe(12);
  });
});
