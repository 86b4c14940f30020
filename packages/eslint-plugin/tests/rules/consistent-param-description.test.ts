import rule from '../../src/rules/consistent-param-description.js';
import { createRuleTester } from '../setup.js';
import { DECLARATION_STYLES, locate, type ToolSource } from '../styles.js';

const ruleTester = createRuleTester();

const MCP_HEAD = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\nconst server = new McpServer({ name: 'demo', version: '1.0.0' });\n";

function buildTools(descriptions: readonly string[]): ToolSource[] {
  const names = ['read_file', 'write_file', 'delete_file'];
  return descriptions.map((description, index) => ({ name: names[index], description: `'Changes files, ${index}.'`, params: [{ name: 'path', description }] }));
}

ruleTester.run('consistent-param-description', rule, {
  valid: [
    ...DECLARATION_STYLES.map((style) => ({
      name: `${style.id}: one wording everywhere, up to case and punctuation`,
      filename: style.filename,
      code: style.build(buildTools(["'Where the file is.'", "'where the file is'", "'Where the file is.'"])),
    })),
    {
      name: 'one name, different things: an organization id and a project id (seen in a cloud API server)',
      code: `${MCP_HEAD}server.tool('get_org', 'Gets an org.', { id: z.string().describe('The organization ID.') }, async () => ({ content: [] }));\nserver.tool('get_project', 'Gets a project.', { id: z.string().describe('The project ID.') }, async () => ({ content: [] }));\nserver.tool('get_team', 'Gets a team.', { id: z.string().describe('The organization ID.') }, async () => ({ content: [] }));`,
    },
    {
      name: 'a wording that names what each tool does is not replaced by another tool\'s (seen in a browser automation server)',
      code: `${MCP_HEAD}server.tool('click', 'Clicks.', { selector: z.string().describe('CSS selector for the element to click') }, async () => ({ content: [] }));\nserver.tool('hover', 'Hovers.', { selector: z.string().describe('CSS selector for the element to hover') }, async () => ({ content: [] }));\nserver.tool('focus', 'Focuses.', { selector: z.string().describe('CSS selector for the element to click') }, async () => ({ content: [] }));`,
    },
    {
      name: 'no clear majority: one wording each',
      code: `${MCP_HEAD}server.tool('a', 'A tool.', { path: z.string().describe('Where the file is.') }, async () => ({ content: [] }));\nserver.tool('b', 'B tool.', { path: z.string().describe("The file's path.") }, async () => ({ content: [] }));`,
    },
    {
      name: 'different parameter names are not compared',
      code: `${MCP_HEAD}server.tool('a', 'A tool.', { path: z.string().describe('Where the file is.') }, async () => ({ content: [] }));\nserver.tool('b', 'B tool.', { dir: z.string().describe('Folder to list.') }, async () => ({ content: [] }));`,
    },
  ],
  invalid: [
    ...DECLARATION_STYLES.map((style) => {
      const code = style.build(buildTools(["'Where the file is.'", "'Path of the file.'", "'Where the file is.'"]));
      return {
        name: `${style.id}: the odd wording out`,
        filename: style.filename,
        code,
        errors: [
          {
            messageId: 'inconsistentDescription' as const,
            ...locate(code, "'Path of the file.'"),
            suggestions: [{ messageId: 'useCommonWording' as const, output: style.build(buildTools(["'Where the file is.'", "'Where the file is.'", "'Where the file is.'"])) }],
          },
        ],
      };
    }),
    {
      name: 'the majority wording wins; the suggestion keeps the quote style',
      code: `${MCP_HEAD}server.tool('a', 'A tool.', { path: z.string().describe('Where the file is.') }, async () => ({ content: [] }));\nserver.tool('b', 'B tool.', { path: z.string().describe("The file's path.") }, async () => ({ content: [] }));\nserver.tool('c', 'C tool.', { path: z.string().describe('Where the file is.') }, async () => ({ content: [] }));`,
      errors: [
        {
          messageId: 'inconsistentDescription',
          line: 5,
          column: 57,
          data: { param: 'path', others: 2, common: 'Where the file is.' },
          suggestions: [
            {
              messageId: 'useCommonWording',
              data: { param: 'path', others: 2, common: 'Where the file is.' },
              output: `${MCP_HEAD}server.tool('a', 'A tool.', { path: z.string().describe('Where the file is.') }, async () => ({ content: [] }));\nserver.tool('b', 'B tool.', { path: z.string().describe("Where the file is.") }, async () => ({ content: [] }));\nserver.tool('c', 'C tool.', { path: z.string().describe('Where the file is.') }, async () => ({ content: [] }));`,
            },
          ],
        },
      ],
    },
    {
      name: 'a description built by concatenation is reported without a suggestion',
      code: `${MCP_HEAD}server.tool('a', 'A tool.', { path: z.string().describe('Where the file is.') }, async () => ({ content: [] }));\nserver.tool('b', 'B tool.', { path: z.string().describe('Path ' + 'of the file.') }, async () => ({ content: [] }));\nserver.tool('c', 'C tool.', { path: z.string().describe('Where the file is.') }, async () => ({ content: [] }));`,
      errors: [{ messageId: 'inconsistentDescription', line: 5, column: 57, suggestions: [] }],
    },
  ],
});
