// Output schemas that allow unbounded text (`measure --check` advice), read from published JSON Schema.
import { describe, expect, it } from 'vitest';
import { buildUnboundedOutputAdvice, findUnboundedOutputs, type PublishedTool } from '../src/index.js';

const tool = (name: string, outputSchema: PublishedTool['outputSchema']): PublishedTool => ({ name, inputSchema: { type: 'object' }, ...(outputSchema ? { outputSchema } : {}) });

describe('findUnboundedOutputs', () => {
  it('names each unbounded string and array, at the top and under properties', () => {
    const found = findUnboundedOutputs([
      tool('whole', { type: 'string' }),
      tool('nested', {
        type: 'object',
        properties: {
          title: { type: 'string', maxLength: 80 },
          body: { type: ['string', 'null'] },
          tags: { type: 'array', items: { type: 'string', maxLength: 20 } },
          pages: { type: 'array', maxItems: 10, items: { type: 'object', properties: { text: { type: 'string' } } } },
          when: { type: 'string', format: 'date-time' },
          kind: { type: 'string', enum: ['a', 'b'] },
          note: { anyOf: [{ type: 'string', maxLength: 10 }, { type: 'null' }] },
        },
      }),
    ]);
    expect(found.map((output) => [output.tool, output.paths])).toEqual([
      ['whole', ['']],
      ['nested', ['body', 'tags', 'pages[].text']],
    ]);
    expect(found[0].message).toBe('The output schema of "whole" lets it return unbounded text: the whole result (a string with no maxLength).');
  });

  it('leaves alone tools with no output schema and schemas bounded everywhere', () => {
    const bounded = { type: 'object', properties: { ids: { type: 'array', maxItems: 5, items: { type: 'integer' } }, ok: { type: 'boolean' } } };
    expect(findUnboundedOutputs([tool('none', undefined), tool('bounded', bounded)])).toEqual([]);
  });

  it('points at the runtime option with the cut from the client table', () => {
    expect(buildUnboundedOutputAdvice()).toContain("Claude Code's cut (25,000 tokens)");
    expect(buildUnboundedOutputAdvice()).toContain('results: true');
  });
});
