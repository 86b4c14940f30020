import { countTokens } from '@toolslim/core';
import rule from '../../src/rules/prefer-tool-search.js';
import { createRuleTester } from '../setup.js';
import { DECLARATION_STYLES, locate } from '../styles.js';

const ruleTester = createRuleTester();

const ANTHROPIC = "import Anthropic from '@anthropic-ai/sdk';\nconst client = new Anthropic();\n";

interface ToolSpec {
  readonly name: string;
  readonly words?: number;
  readonly deferred?: boolean;
}

/** A tool as source and as the JSON the request sends, so the test computes tokens the way the API counts them. */
function buildTool(spec: ToolSpec): { source: string; json: Record<string, unknown> } {
  const description = `Looks up ${spec.name}.${' Detail'.repeat(spec.words ?? 0)}`;
  const json: Record<string, unknown> = { name: spec.name, description, input_schema: { type: 'object', properties: { id: { type: 'string' } } } };
  if (spec.deferred) json.defer_loading = true;
  return { source: JSON.stringify(json), json };
}

function buildRequest(specs: readonly ToolSpec[]): { code: string; tokens: number[] } {
  const tools = specs.map(buildTool);
  return {
    code: `${ANTHROPIC}await client.messages.create({ model: 'm', max_tokens: 1, messages: [], tools: [${tools.map((tool) => tool.source).join(', ')}] });`,
    tokens: tools.map((tool) => countTokens(JSON.stringify(tool.json))),
  };
}

const format = (value: number) => value.toLocaleString('en-US');

const tenTools = Array.from({ length: 10 }, (_, index) => ({ name: `tool_${index}`, words: index }));
const many = buildRequest(tenTools);
const largest = [9, 8, 7].map((index) => `tool_${index} (~${format(many.tokens[index])})`).join(', ');

const fewDeferred = buildRequest([{ name: 'a' }, { name: 'b', deferred: true }]);
const bigFew = buildRequest([{ name: 'huge', words: 11_000 }]);

ruleTester.run('prefer-tool-search', rule, {
  valid: [
    { name: 'nine small tools, none deferred: below the thresholds', code: buildRequest(tenTools.slice(0, 9)).code },
    { name: 'ten tools, some deferred', code: buildRequest(tenTools.map((tool, index) => ({ ...tool, deferred: index > 0 }))).code },
    {
      name: 'OpenAI requests have no defer_loading to advise on',
      code: `import OpenAI from 'openai';\nconst client = new OpenAI();\nawait client.responses.create({ model: 'm', input: 'x', tools: [${Array.from({ length: 12 }, (_, index) => `{ type: 'function', name: 't${index}', parameters: { type: 'object' } }`).join(', ')}] });`,
    },
    ...DECLARATION_STYLES.map((style) => ({
      name: `${style.id}: a server's tools are not a request`,
      filename: style.filename,
      code: style.build(Array.from({ length: 12 }, (_, index) => ({ name: `tool_${index}`, description: "'Reads a file.'" }))),
    })),
  ],
  invalid: [
    {
      name: 'ten tools and none deferred: names the three largest and what deferring them saves',
      code: many.code,
      errors: [
        {
          messageId: 'deferralPays',
          ...locate(many.code, '[{"name"'),
          data: {
            count: 10,
            tokens: format(many.tokens.reduce((a, b) => a + b, 0)),
            largest,
            saved: format(many.tokens[9] + many.tokens[8] + many.tokens[7]),
            withDeferral: '500',
          },
        },
      ],
    },
    {
      name: 'one tool past 10,000 tokens pays too',
      code: bigFew.code,
      errors: [{ messageId: 'deferralPays', data: { count: 1, tokens: format(bigFew.tokens[0]), largest: `huge (~${format(bigFew.tokens[0])})`, saved: format(bigFew.tokens[0]), withDeferral: '500' } }],
    },
    {
      name: 'two small tools, one deferred: the search tool costs more than it saves',
      code: fewDeferred.code,
      errors: [{ messageId: 'deferralCostsMore', ...locate(fewDeferred.code, '[{"name"'), data: { deferred: 1, count: 2, tokens: format(fewDeferred.tokens[0] + fewDeferred.tokens[1]) } }],
    },
  ],
});
