import rule from '../../src/rules/require-tool-description.js';
import { createRuleTester } from '../setup.js';
import { DECLARATION_STYLES, locate } from '../styles.js';

const ruleTester = createRuleTester();

const PARAMS = [{ name: 'path', description: "'Where the file is.'" }];

ruleTester.run('require-tool-description', rule, {
  valid: [
    ...DECLARATION_STYLES.map((style) => ({
      name: `${style.id}: a real description`,
      filename: style.filename,
      code: style.build([{ name: 'read_file', description: "'Reads a UTF-8 file from the workspace; use it before editing.'", params: PARAMS }]),
    })),
    {
      name: 'a tool call and a tool_choice name a tool; they do not declare one (seen in a model adapter)',
      code: "export const calls = [{ id: 'c1', type: 'function', function: { name: 'file_search_call', arguments: '{}' } }];\nexport const choice = { type: 'function', function: { name: 'lookup' } };\n",
    },
    {
      name: 'an adapter that passes on a caller\'s description with an empty fallback (seen in an agent SDK) declares no empty description',
      code: "import { tool } from '@openai/agents';\nexport function wrap(mcpTool: { name: string; description?: string }, toolDescription?: string) {\n  const a = tool({ name: mcpTool.name, description: mcpTool.description || '', parameters: {}, execute: async () => '' });\n  const b = tool({ name: 'handoff', description: toolDescription ?? '', parameters: {}, execute: async () => '' });\n  return [a, b];\n}\nexport const chat = (t: { name: string; description?: string }) => ({ type: 'function', function: { name: t.name, description: t.description || '', parameters: {} } });",
    },
    {
      name: 'provider-defined tools (a model provider runs them; their definitions are not the author\'s) are not tools',
      code: "import { openai } from '@ai-sdk/openai';\nimport { anthropic } from '@ai-sdk/anthropic';\nimport { generateText } from 'ai';\nawait generateText({ model: openai('gpt-5'), prompt: 'hi', tools: { web_search: openai.tools.webSearchPreview({}), bash: anthropic.tools.bash_20250124({ execute: async () => '' }) } });\nexport const serverTools = [{ type: 'web_search_20250305', name: 'web_search', max_uses: 5 }, { type: 'code_execution_20250522', name: 'code_execution' }];\n",
    },
    {
      name: 'a description that cannot be read statically is not judged',
      code: "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 'demo', version: '1.0.0' });\nconst kind = process.env.KIND;\nserver.tool('read_file', `Reads ${kind} files.`, async () => ({ content: [] }));",
    },
  ],
  invalid: [
    ...DECLARATION_STYLES.filter((style) => style.detectedWithoutDescription).map((style) => {
      const code = style.build([{ name: 'read_file', params: PARAMS }]);
      return {
        name: `${style.id}: no description`,
        filename: style.filename,
        code,
        errors: [{ messageId: 'missingDescription' as const, ...locate(code, style.writtenName('read_file')) }],
      };
    }),
    ...DECLARATION_STYLES.map((style) => {
      const code = style.build([{ name: 'read_file', description: "''", params: PARAMS }]);
      return {
        name: `${style.id}: empty description`,
        filename: style.filename,
        code,
        errors: [{ messageId: 'emptyDescription' as const, ...locate(code, "''") }],
      };
    }),
    ...DECLARATION_STYLES.map((style) => {
      const code = style.build([{ name: 'read_file', description: "'Read file.'", params: PARAMS }]);
      return {
        name: `${style.id}: description restates the name`,
        filename: style.filename,
        code,
        errors: [{ messageId: 'descriptionRestatesName' as const, ...locate(code, "'Read file.'") }],
      };
    }),
    {
      name: 'whitespace only is empty',
      code: "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 'demo', version: '1.0.0' });\nserver.tool('ping', '   ', async () => ({ content: [] }));",
      errors: [{ messageId: 'emptyDescription', line: 3, column: 21 }],
    },
    {
      name: 'camelCase names are compared word by word',
      code: "import { tool } from 'ai';\nimport { z } from 'zod';\nexport const tools = { getWeather: tool({ description: 'Get weather', inputSchema: z.object({}), execute: async () => 1 }) };",
      errors: [{ messageId: 'descriptionRestatesName', line: 3, column: 56 }],
    },
  ],
});
