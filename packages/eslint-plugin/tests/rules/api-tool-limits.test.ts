import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import rule from '../../src/rules/api-tool-limits.js';
import { createRuleTester } from '../setup.js';
import { DECLARATION_STYLES, locate } from '../styles.js';

const ruleTester = createRuleTester();
const fixtureFile = join(fileURLToPath(new URL('../fixtures/api-requests/', import.meta.url)), 'request.ts');

const ANTHROPIC = "import Anthropic from '@anthropic-ai/sdk';\nconst client = new Anthropic();\n";
const OPENAI = "import OpenAI from 'openai';\nconst client = new OpenAI();\n";

/** An Anthropic custom tool as source, with extra fields written verbatim. */
function anthropicTool(name: string, extra = '', schema = "{ type: 'object', properties: { q: { type: 'string' } } }"): string {
  return `{ name: '${name}', description: 'Finds ${name}.', input_schema: ${schema}${extra ? `, ${extra}` : ''} }`;
}

/** Where the text right after `prefix` starts (a report on the value of a field). */
function locateAfter(code: string, prefix: string): { line: number; column: number } {
  const start = locate(code, prefix);
  return { line: start.line, column: start.column + prefix.length };
}

const RECURSIVE_SCHEMA =
  "{ type: 'object', properties: { tree: { $ref: '#/$defs/node' } }, $defs: { node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } } } } }";

const ALL_DEFERRED = `${ANTHROPIC}await client.messages.create({ model: 'm', max_tokens: 1, messages: [], tools: [${anthropicTool('a', 'defer_loading: true')}, ${anthropicTool('b', 'defer_loading: true')}] });`;
const ALL_DEFERRED_CONSTANTS = `${ANTHROPIC}const tools = [${anthropicTool('a', 'defer_loading: true')}];\nconst request = { model: 'm', max_tokens: 1, messages: [], tools };\nawait client.beta.messages.create(request);`;
const RECURSIVE_FOR_CODE = `${ANTHROPIC}await client.messages.create({ model: 'm', max_tokens: 1, messages: [], tools: [${anthropicTool('tree', "allowed_callers: ['code_execution_20260120']", RECURSIVE_SCHEMA)}] });`;
const STRICT_FOR_CODE = `${ANTHROPIC}await client.messages.create({ model: 'm', max_tokens: 1, messages: [], tools: [${anthropicTool('a', "strict: true, allowed_callers: ['direct', 'code_execution_20260120']")}] });`;
const OPENAI_STRICT_OPEN = `${OPENAI}await client.chat.completions.create({ model: 'm', messages: [], tools: [{ type: 'function', function: { name: 'f', strict: true, parameters: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } } }] });`;
const UNREADABLE = `${ANTHROPIC}await client.messages.create({ model: 'm', max_tokens: 1, messages: [], tools: loadTools() });`;

ruleTester.run('api-tool-limits', rule, {
  valid: [
    {
      name: 'anthropic: one tool deferred, the search tool loaded',
      code: `${ANTHROPIC}await client.messages.create({ model: 'm', max_tokens: 1, messages: [], tools: [{ type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' }, ${anthropicTool('a', 'defer_loading: true')}] });`,
    },
    {
      name: 'anthropic: a recursive $ref on a tool called directly is fine',
      code: `${ANTHROPIC}await client.messages.create({ model: 'm', max_tokens: 1, messages: [], tools: [${anthropicTool('tree', '', RECURSIVE_SCHEMA)}] });`,
    },
    {
      name: 'anthropic: strict on a direct-only tool is fine',
      code: `${ANTHROPIC}await client.messages.create({ model: 'm', max_tokens: 1, messages: [], tools: [${anthropicTool('a', "strict: true, allowed_callers: ['direct']")}] });`,
    },
    {
      name: 'openai chat completions: a strict function with a closed, fully required schema',
      code: `${OPENAI}await client.chat.completions.create({ model: 'm', messages: [], tools: [{ type: 'function', function: { name: 'f', strict: true, parameters: { type: 'object', properties: { a: { type: ['string', 'null'] } }, required: ['a'], additionalProperties: false } } }] });`,
    },
    {
      name: 'openai: an optional property is fine without strict',
      code: `${OPENAI}await client.responses.create({ model: 'm', input: 'x', tools: [{ type: 'function', name: 'f', parameters: { type: 'object', properties: { a: { type: 'string' } } } }] });`,
    },
    {
      name: 'another library’s messages.create is not a model request',
      code: "import { chat } from 'some-chat';\nchat.messages.create({ tools: [{ name: 'a', input_schema: {}, defer_loading: true }] });",
    },
    {
      name: 'unreadable tools are not reported when checkUnreadable is off',
      code: `${ANTHROPIC}await client.messages.create({ model: 'm', max_tokens: 1, messages: [], tools: loadTools() });`,
      options: [{ checkUnreadable: false }],
    },
    ...DECLARATION_STYLES.map((style) => ({
      name: `${style.id}: tools declared for a server are not an API request`,
      filename: style.filename,
      code: style.build([{ name: 'read_file', description: "'Reads a file.'", params: [{ name: 'path' }] }]),
    })),
  ],
  invalid: [
    {
      name: 'anthropic: every tool deferred',
      code: ALL_DEFERRED,
      errors: [{ messageId: 'allToolsDeferred', ...locateAfter(ALL_DEFERRED, 'tools: ') }],
    },
    {
      name: 'anthropic: every tool deferred, the array a constant of the file, the request a constant too',
      code: ALL_DEFERRED_CONSTANTS,
      errors: [{ messageId: 'allToolsDeferred', ...locate(ALL_DEFERRED_CONSTANTS, 'tools };') }],
    },
    {
      name: 'anthropic: a recursive $ref on a tool code execution may call',
      code: RECURSIVE_FOR_CODE,
      errors: [{ messageId: 'circularRefForCode', ...locate(RECURSIVE_FOR_CODE, 'input_schema'), data: { name: 'tree', ref: '#/$defs/node' } }],
    },
    {
      name: 'anthropic: a ref to the root is recursion too',
      code: `${ANTHROPIC}await client.messages.create({ model: 'm', max_tokens: 1, messages: [], tools: [${anthropicTool('tree', "allowed_callers: ['code_execution_20260120']", "{ type: 'object', properties: { parent: { $ref: '#' } } }")}] });`,
      errors: [{ messageId: 'circularRefForCode', data: { name: 'tree', ref: '#' } }],
    },
    {
      name: 'anthropic: strict with programmatic calling',
      code: STRICT_FOR_CODE,
      errors: [{ messageId: 'strictForCode', ...locate(STRICT_FOR_CODE, 'strict: true'), data: { name: 'a' } }],
    },
    {
      name: 'openai chat completions: strict without additionalProperties, reported on parameters',
      code: OPENAI_STRICT_OPEN,
      errors: [{ messageId: 'strictNeedsClosedObject', ...locate(OPENAI_STRICT_OPEN, 'parameters'), data: { name: 'f', context: '()' } }],
    },
    {
      name: 'openai responses: strict with an optional nested property, in the API’s own context notation',
      code: `${OPENAI}await client.responses.create({ model: 'm', input: 'x', tools: [{ type: 'function', name: 'f', strict: true, parameters: { type: 'object', properties: { opts: { type: 'object', properties: { depth: { type: 'number' } }, additionalProperties: false } }, required: ['opts'], additionalProperties: false } }] });`,
      errors: [{ messageId: 'strictNeedsRequired', data: { name: 'f', context: "('properties', 'opts')", key: 'depth' } }],
    },
    {
      name: 'openai: strict with a root that is not an object',
      code: `${OPENAI}await client.responses.create({ model: 'm', input: 'x', tools: [{ type: 'function', name: 'f', strict: true, parameters: { anyOf: [{ type: 'object' }] } }] });`,
      errors: [{ messageId: 'strictNeedsObjectRoot', data: { name: 'f', got: '\'type: "anyOf"\'' } }],
    },
    {
      name: 'more deferred tools than the tool search tool accepts (10,000)',
      code: `${ANTHROPIC}await client.messages.create({ model: 'm', max_tokens: 1, messages: [], tools: [{ type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' }, ${Array.from({ length: 10_001 }, (_, index) => `{ name: 't${index}', input_schema: { type: 'object' }, defer_loading: true }`).join(', ')}] });`,
      errors: [{ messageId: 'tooManyDeferredTools', data: { count: '10,001' } }],
    },
    {
      name: 'tools that cannot be read are said to be unchecked, once per request',
      code: UNREADABLE,
      errors: [{ messageId: 'unreadableTools', ...locateAfter(UNREADABLE, 'tools: ') }],
    },
    {
      name: 'an array imported from another module is read through the module resolver (every tool there deferred? no: the search tool is loaded)',
      filename: fixtureFile,
      code: `${ANTHROPIC}import { searchTools } from './search-tools.js';\nawait client.messages.create({ model: 'm', max_tokens: 1, messages: [], tools: [...searchTools, ${anthropicTool('b', 'defer_loading: true')}, ${anthropicTool('c', "strict: true, allowed_callers: ['code_execution_20260120']")}] });`,
      errors: [{ messageId: 'strictForCode', data: { name: 'c' } }],
    },
  ],
});
