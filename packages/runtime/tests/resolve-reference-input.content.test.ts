import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { ReferenceInputError, countLines, resolveReferenceInput } from '@toolslim/runtime';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function getRefusal(promise: Promise<unknown>): Promise<ReferenceInputError> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(ReferenceInputError);
  return error as ReferenceInputError;
}

describe('resolveReferenceInput with pasted content', () => {
  it('returns the text with its size, lines and hash', async () => {
    const text = 'première ligne\nsecond line\n';
    const resolved = await resolveReferenceInput({ content: text });
    expect(resolved.source).toBe('content');
    expect(resolved.text).toBe(text);
    expect(resolved.received).toEqual({ bytes: Buffer.byteLength(text), lines: 2, sha256: sha256(text) });
  });

  it('accepts a matching expected_sha256 in either case', async () => {
    const text = 'exact copy';
    await expect(resolveReferenceInput({ content: text, expected_sha256: sha256(text).toUpperCase() })).resolves.toMatchObject({ text });
  });

  it('refuses a copy that lost its last character, naming what arrived', async () => {
    const original = 'line one\nline two\n';
    const altered = original.slice(0, -1);
    const error = await getRefusal(resolveReferenceInput({ content: altered, expected_sha256: sha256(original) }));
    expect(error.code).toBe('sha256_mismatch');
    expect(error.details.received).toEqual({ bytes: altered.length, lines: 2, sha256: sha256(altered) });
    expect(error.message).toContain(`${altered.length} bytes`);
    expect(error.message).toContain(sha256(altered));
    expect(error.message).toContain('nothing was processed');
  });

  it.each([
    ['nothing', {}, 'no_input'],
    ['two inputs', { content: 'a', path: 'a.md' }, 'multiple_inputs'],
    ['three inputs', { content: 'a', path: 'a.md', url: 'https://x.test/a' }, 'multiple_inputs'],
    ['a number', { content: 12 }, 'invalid_argument'],
    ['a short hash', { content: 'a', expected_sha256: 'abc' }, 'invalid_expected_sha256'],
    ['a path with no roots', { path: 'a.md' }, 'path_not_accepted'],
    ['a URL with no hosts', { url: 'https://example.com/a' }, 'url_not_accepted'],
  ] as const)('refuses %s', async (_case, args, code) => {
    expect((await getRefusal(resolveReferenceInput(args))).code).toBe(code);
  });

  it('treats null as absent, as some clients send it for unused optional fields', async () => {
    await expect(resolveReferenceInput({ content: 'x', path: null, url: null })).resolves.toMatchObject({ text: 'x' });
  });

  it('reads configured names', async () => {
    const names = { content: 'markdown', expectedSha256: 'sha' };
    await expect(resolveReferenceInput({ markdown: '# t', sha: sha256('# t') }, { names })).resolves.toMatchObject({ text: '# t' });
    const error = await getRefusal(resolveReferenceInput({ content: '# t' }, { names }));
    expect(error.message).toBe('Send one of markdown, path or url.');
  });

  it('refuses pasted content over the limit instead of cutting it', async () => {
    const error = await getRefusal(resolveReferenceInput({ content: 'x'.repeat(101) }, { maxBytes: 100 }));
    expect(error.code).toBe('too_large');
    await expect(resolveReferenceInput({ content: 'x'.repeat(100) }, { maxBytes: 100 })).resolves.toMatchObject({ received: { bytes: 100 } });
  });

  it('counts lines the way an editor shows them', () => {
    expect([ '', 'a', 'a\n', 'a\nb', 'a\nb\n', '\n\n' ].map((text) => countLines(Buffer.from(text)))).toEqual([0, 1, 1, 2, 2, 2]);
  });
});
