// Objects that look like tools but are not: tool calls, forced choices, provider-defined tools,
// recorded API traffic, and adapters that re-register definitions declared elsewhere.
import { describe, expect, it } from 'vitest';
import { analyzeSource } from '@toolslim/core';

function names(code: string): Array<string | undefined> {
  return analyzeSource(code, { filePath: 'agent.ts' }).tools.map((t) => (t.name?.kind === 'static' ? t.name.value : undefined));
}

describe('objects that are not tool definitions', () => {
  it('a tool call is not a tool', () => {
    expect(names(`const call = { id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } };`)).toEqual([]);
  });

  it('tool_choice names a tool without defining it', () => {
    expect(names(`const body = { model: 'm', tool_choice: { type: 'function', function: { name: 'get_weather' } } };`)).toEqual([]);
  });

  it('a provider-defined tool is run by the provider, not published by this code', () => {
    const code = `import { z } from 'zod';
const search = { type: 'provider', id: 'acme.web_search', name: 'web_search', description: 'Searches the web.', inputSchema: z.object({ q: z.string() }) };`;
    expect(names(code)).toEqual([]);
  });

  it('recorded responses and messages are traffic, not definitions', () => {
    const code = `import { z } from 'zod';
export const recorded = {
  choices: [{ message: { tool_calls: [{ type: 'function', function: { name: 'lookup', description: 'Looks up.', parameters: { type: 'object' } } }] } }],
  messages: [{ name: 'helper', description: 'A message that mentions a schema.', schema: z.object({}) }],
};`;
    expect(names(code)).toEqual([]);
  });

  it('an adapter that re-registers definitions from a parameter is not a declaration', () => {
    const code = `import { tool } from 'ai';
export function toVercel(all) {
  return all.reduce((acc, t) => { acc[t.name] = tool({ description: t.description, inputSchema: t.schema, execute: t.run }); return acc; }, {});
}`;
    expect(names(code)).toEqual([]);
  });

  it('still reads a real OpenAI function definition', () => {
    const code = `const tools = [{ type: 'function', function: { name: 'get_weather', description: 'Weather for a city.', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];`;
    expect(names(code)).toEqual(['get_weather']);
  });
});
