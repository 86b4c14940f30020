import rule from '../../src/rules/no-redundant-param-description.js';
import { createRuleTester } from '../setup.js';
import { DECLARATION_STYLES, locate } from '../styles.js';

const ruleTester = createRuleTester();

const MCP_HEAD = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\nconst server = new McpServer({ name: 'demo', version: '1.0.0' });\n";
const LOW_LEVEL_HEAD = "export const tools = [{\n  name: 'read_file',\n  description: 'Reads a file.',\n  input_schema: {\n    type: 'object',\n    properties: {\n";
const LOW_LEVEL_TAIL = '    },\n  },\n}];\n';

ruleTester.run('no-redundant-param-description', rule, {
  valid: [
    ...DECLARATION_STYLES.map((style) => ({
      name: `${style.id}: a description that adds meaning`,
      filename: style.filename,
      code: style.build([{ name: 'read_file', description: "'Reads a file.'", params: [{ name: 'path', optional: true, description: "'Where the file is, relative to the workspace.'" }] }]),
    })),
  ],
  invalid: [
    ...DECLARATION_STYLES.map((style) => {
      const code = style.build([{ name: 'read_file', description: "'Reads a file.'", params: [{ name: 'path', optional: true, description: "'Where the file is. Optional.'" }] }]);
      const start = locate(code, 'Where the file is. Optional.');
      return {
        name: `${style.id}: a restated optionality is cut from the sentence`,
        filename: style.filename,
        code,
        output: style.build([{ name: 'read_file', description: "'Reads a file.'", params: [{ name: 'path', optional: true, description: "'Where the file is.'" }] }]),
        errors: [{ messageId: 'redundantPart' as const, line: start.line, column: start.column + 18, endColumn: start.column + 28 }],
      };
    }),
    ...DECLARATION_STYLES.map((style) => {
      const code = style.build([{ name: 'read_file', description: "'Reads a file.'", params: [{ name: 'path', description: "'The path.'" }] }]);
      return {
        name: `${style.id}: a description that only restates the name is removed`,
        filename: style.filename,
        code,
        output: style.build([{ name: 'read_file', description: "'Reads a file.'", params: [{ name: 'path' }] }]),
        errors: [{ messageId: 'redundantDescription' as const, ...locate(code, "'The path.'") }],
      };
    }),
    {
      name: 'the type in parentheses',
      code: `${MCP_HEAD}server.tool('read_file', 'Reads a file.', { path: z.string().describe('Where the file is (string).') }, async () => ({ content: [] }));`,
      output: `${MCP_HEAD}server.tool('read_file', 'Reads a file.', { path: z.string().describe('Where the file is.') }, async () => ({ content: [] }));`,
      errors: [{ messageId: 'redundantPart', line: 4, column: 89, endColumn: 98, data: { param: 'path', what: 'the type', quote: '(string)', chars: '9', tokens: '3' } }],
    },
    {
      name: 'a restated enum after a label (seen in a model-settings tool)',
      code: `${MCP_HEAD}server.tool('think', 'Thinks.', { effort: z.enum(['minimal', 'low', 'medium', 'high']).describe('Reasoning effort: minimal, low, medium or high.') }, async () => ({ content: [] }));`,
      output: `${MCP_HEAD}server.tool('think', 'Thinks.', { effort: z.enum(['minimal', 'low', 'medium', 'high']).describe('Reasoning effort.') }, async () => ({ content: [] }));`,
      errors: [{ messageId: 'redundantPart', line: 4, data: { param: 'effort', what: 'the allowed values', quote: 'minimal, low, medium or high', chars: '30', tokens: '8' } }],
    },
    {
      name: 'text in a constant two parameters share is not fixed (every reader would change), only suggested',
      code: `${MCP_HEAD}const WHERE = 'Where the file is (string).';\nserver.tool('copy_file', 'Copies a file.', { from: z.string().describe(WHERE), to: z.string().describe(WHERE) }, async () => ({ content: [] }));`,
      output: null,
      errors: [
        {
          // Reported once, where the shared text is written.
          messageId: 'redundantPart',
          line: 4,
          data: { param: 'from', what: 'the type', quote: '(string)', chars: '9', tokens: '3' },
          suggestions: [
            {
              messageId: 'removeRedundantText',
              data: { quote: '(string)' },
              output: `${MCP_HEAD}const WHERE = 'Where the file is.';\nserver.tool('copy_file', 'Copies a file.', { from: z.string().describe(WHERE), to: z.string().describe(WHERE) }, async () => ({ content: [] }));`,
            },
          ],
        },
      ],
    },
    {
      name: 'a restated default in parentheses',
      code: `${MCP_HEAD}server.tool('search', 'Searches.', { limit: z.number().default(5).describe('Number of results (default: 5)') }, async () => ({ content: [] }));`,
      output: `${MCP_HEAD}server.tool('search', 'Searches.', { limit: z.number().default(5).describe('Number of results') }, async () => ({ content: [] }));`,
      errors: [{ messageId: 'redundantPart', line: 4 }],
    },
    {
      name: 'a name-and-type echo: "Search query string" for query of a search tool',
      code: `${MCP_HEAD}server.tool('search_docs', 'Searches the docs.', { query: z.string().describe('Search query string') }, async () => ({ content: [] }));`,
      output: `${MCP_HEAD}server.tool('search_docs', 'Searches the docs.', { query: z.string() }, async () => ({ content: [] }));`,
      errors: [{ messageId: 'redundantDescription', line: 4, data: { param: 'query', what: 'the parameter name', quote: 'Search query string', chars: '19', tokens: '3' } }],
    },
    {
      name: 'a mixed parenthetical keeps what the schema does not say',
      code: `${LOW_LEVEL_HEAD}      hidden: { type: 'boolean', description: 'Whether to list hidden files (boolean, optional, default false).' },
${LOW_LEVEL_TAIL}`,
      output: `${LOW_LEVEL_HEAD}      hidden: { type: 'boolean', description: 'Whether to list hidden files (default false).' },
${LOW_LEVEL_TAIL}`,
      errors: [{ messageId: 'redundantPart', line: 7 }],
    },
    {
      name: 'what is left starts with a capital letter',
      code: `${MCP_HEAD}server.tool('read_file', 'Reads a file.', { path: z.string().optional().describe('Optional: the file to read.') }, async () => ({ content: [] }));`,
      output: `${MCP_HEAD}server.tool('read_file', 'Reads a file.', { path: z.string().optional().describe('The file to read.') }, async () => ({ content: [] }));`,
      errors: [{ messageId: 'redundantPart', line: 4 }],
    },
    {
      name: 'the zod.z form of CommonJS builds',
      filename: 'server.js',
      code: `"use strict";\nconst zod = require("zod");\nconst mcp_js = require("@modelcontextprotocol/sdk/server/mcp.js");\nconst server = new mcp_js.McpServer({ name: "demo", version: "1.0.0" });\nserver.tool("think", "Thinks.", { effort: zod.z.enum(["low", "high"]).describe("How hard to think: low or high.") }, async () => ({ content: [] }));`,
      output: `"use strict";\nconst zod = require("zod");\nconst mcp_js = require("@modelcontextprotocol/sdk/server/mcp.js");\nconst server = new mcp_js.McpServer({ name: "demo", version: "1.0.0" });\nserver.tool("think", "Thinks.", { effort: zod.z.enum(["low", "high"]).describe("How hard to think.") }, async () => ({ content: [] }));`,
      errors: [{ messageId: 'redundantPart', line: 5 }],
    },
    {
      name: 'keeps comments: a comment after the removed property stays',
      code: `${LOW_LEVEL_HEAD}      path: {\n        type: 'string',\n        description: 'The path.', // written by the generator\n      },\n${LOW_LEVEL_TAIL}`,
      output: `${LOW_LEVEL_HEAD}      path: {\n        type: 'string', // written by the generator\n      },\n${LOW_LEVEL_TAIL}`,
      errors: [{ messageId: 'redundantDescription', line: 9, column: 22 }],
    },
    {
      name: 'keeps comments: no fix when removing the property would drop a comment',
      code: `${LOW_LEVEL_HEAD}      path: {\n        type: 'string',\n        // written by the generator\n        description: 'The path.',\n      },\n${LOW_LEVEL_TAIL}`,
      output: null,
      errors: [{ messageId: 'redundantDescription', line: 10, column: 22 }],
    },
    {
      name: 'keeps comments: no fix when removing .describe() would drop a comment',
      code: `${MCP_HEAD}server.tool('read_file', 'Reads a file.', { path: z.string().describe(/* shown in the UI */ 'The path.') }, async () => ({ content: [] }));`,
      output: null,
      errors: [{ messageId: 'redundantDescription', line: 4, column: 93 }],
    },
    {
      name: 'keeps comments: a comment beside .describe() stays',
      code: `${MCP_HEAD}server.tool('read_file', 'Reads a file.', {\n  path: z.string() // the workspace path\n    .optional().describe('Where the file is. Optional.'),\n}, async () => ({ content: [] }));`,
      output: `${MCP_HEAD}server.tool('read_file', 'Reads a file.', {\n  path: z.string() // the workspace path\n    .optional().describe('Where the file is.'),\n}, async () => ({ content: [] }));`,
      errors: [{ messageId: 'redundantPart', line: 6, column: 45, endColumn: 55 }],
    },
    {
      name: 'text in a shared constant is reported but not edited',
      code: `${MCP_HEAD}const PATH_DESCRIPTION = 'The path.';\nserver.tool('read_file', 'Reads a file.', { path: z.string().describe(PATH_DESCRIPTION) }, async () => ({ content: [] }));`,
      output: null,
      errors: [{ messageId: 'redundantDescription', line: 5, column: 71 }],
    },
  ],
});
