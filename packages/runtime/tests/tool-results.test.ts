import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { ReferenceInputError, buildToolErrorResult, runWithReferenceInput, withReceived } from '@toolslim/runtime';

const received = { bytes: 1234, lines: 2, sha256: 'b'.repeat(64) };

describe('tool result helpers', () => {
  it('turns an error into a result the model reads', () => {
    const error = new ReferenceInputError('too_large', 'Too big.');
    expect(buildToolErrorResult(error)).toEqual({ isError: true, content: [{ type: 'text', text: 'Too big.' }] });
    expect(buildToolErrorResult('plain text')).toEqual({ isError: true, content: [{ type: 'text', text: 'plain text' }] });
  });

  it('adds what arrived as text, keeping the original content first', () => {
    const result = withReceived({ content: [{ type: 'text', text: 'done' }] }, received);
    expect(result.content).toEqual([
      { type: 'text', text: 'done' },
      { type: 'text', text: `Received 1,234 bytes, 2 lines, sha256 ${'b'.repeat(64)}.` },
    ]);
    expect(result.structuredContent).toBeUndefined();
  });

  it('adds received to structured content unless told not to', () => {
    const structured = { content: [], structuredContent: { words: 3 } };
    expect(withReceived(structured, received).structuredContent).toEqual({ words: 3, received });
    expect(withReceived(structured, received, { structured: false }).structuredContent).toEqual({ words: 3 });
  });

  it('runs the handler on resolved input and reports what arrived', async () => {
    const text = 'one two three\n';
    const result = await runWithReferenceInput({ content: text }, {}, (input) => ({
      content: [{ type: 'text', text: `${input.text.split(/\s+/).filter(Boolean).length} words` }],
    }));
    const hash = createHash('sha256').update(text).digest('hex');
    expect(result.content).toEqual([
      { type: 'text', text: '3 words' },
      { type: 'text', text: `Received 14 bytes, 1 line, sha256 ${hash}.` },
    ]);
  });

  it('returns a refusal as an isError result and never runs the handler', async () => {
    let ran = false;
    const result = await runWithReferenceInput({ content: 'abc', expected_sha256: '0'.repeat(64) }, {}, () => {
      ran = true;
      return { content: [] };
    });
    expect(ran).toBe(false);
    expect(result.isError).toBe(true);
    expect(result.content?.[0]).toMatchObject({ type: 'text', text: expect.stringContaining('nothing was processed') });
  });

  it('lets errors that are not refusals propagate', async () => {
    await expect(runWithReferenceInput({ content: 'abc' }, {}, () => { throw new RangeError('bug'); })).rejects.toThrow(RangeError);
  });
});
