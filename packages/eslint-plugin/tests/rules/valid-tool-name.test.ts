import rule from '../../src/rules/valid-tool-name.js';
import { createEveryClientRuleTester } from '../setup.js';
import { DECLARATION_STYLES, locate } from '../styles.js';

const ruleTester = createEveryClientRuleTester();

function buildMcpServer(serverName: string, toolNames: readonly string[]): string {
  return (
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: '${serverName}', version: '1.0.0' });\n` +
    toolNames.map((name) => `server.tool('${name}', 'Does one thing.', async () => ({ content: [] }));\n`).join('')
  );
}

const PARAMS = [{ name: 'path', description: "'Where the file is.'" }];

ruleTester.run('valid-tool-name', rule, {
  valid: [
    ...DECLARATION_STYLES.map((style) => ({
      name: `${style.id}: snake_case`,
      filename: style.filename,
      code: style.build([{ name: 'read_file', description: "'Reads a file.'", params: PARAMS }]),
    })),
    {
      name: 'a dotted name is fine for the clients that allow dots',
      code: buildMcpServer('demo', ['admin.tools.list']),
      settings: { toolslim: { clients: ['claude-code', 'gemini'] } },
    },
    {
      name: 'qualified-name limits need a server name',
      code: "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport function register(server: McpServer) {\n  server.tool('" + 'a'.repeat(60) + "', 'Does one thing.', async () => ({ content: [] }));\n}\n",
      settings: { toolslim: { clients: ['claude-code'] } },
    },
    {
      name: 'a display title beside the published method name (seen in a payments toolkit)',
      code: "const tools = [\n  { method: 'create_invoice', name: 'Create Invoice', description: 'Creates an invoice.', parameters: { type: 'object', properties: {} } },\n];\nexport default tools;\n",
    },
    {
      name: 'test doubles: the same name in separate tools with no server between them',
      code: "import { tool } from 'ai';\nimport { z } from 'zod';\nexport const first = tool({ description: 'Echoes.', inputSchema: z.object({}), execute: async () => 1 });\nexport function makeDouble() {\n  return { name: 'echo', description: 'Echoes text.', inputSchema: { type: 'object', properties: {} } };\n}\nexport function makeOther() {\n  return { name: 'echo', description: 'Echoes text back.', inputSchema: { type: 'object', properties: {} } };\n}\n",
    },
    {
      name: 'a replacement registered through another object (a registrar in a helper, seen in a scraping server)',
      code: "import { FastMCP } from 'fastmcp';\nimport { z } from 'zod';\nconst server = new FastMCP({ name: 'scraper', version: '1.0.0' });\nserver.addTool({ name: 'search', description: 'Searches the web.', parameters: z.object({}), execute: async () => '' });\nfunction registerStrictSearch(registrar: { addTool: typeof server.addTool }) {\n  registrar.addTool({ name: 'search', description: 'Searches the web, strictly.', parameters: z.object({}), execute: async () => '' });\n}\nregisterStrictSearch(server);\n",
    },
    {
      name: 'the same name on two different servers in one file (a server per transport) is not declared twice',
      code: "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst stdio = new McpServer({ name: 'docs-stdio', version: '1.0.0' });\nconst http = new McpServer({ name: 'docs-http', version: '1.0.0' });\nstdio.tool('search', 'Searches the docs.', async () => ({ content: [] }));\nhttp.tool('search', 'Searches the docs.', async () => ({ content: [] }));\n",
    },
    {
      name: 'a tool call names a tool; it does not declare one (seen in a model adapter)',
      code: "export const calls = [{ id: 'c1', type: 'function', function: { name: 'search the web', arguments: '{}' } }];\n",
    },
    {
      name: 'a library that rewrites the name to [A-Za-z0-9_] before publishing it (agents SDK)',
      code: "import { tool } from '@openai/agents';\nimport { z } from 'zod';\nexport const checker = tool({\n  name: 'Billing status checker',\n  description: 'Answers billing questions.',\n  parameters: z.object({ question: z.string() }),\n  execute: async () => 'ok',\n});\n",
    },
  ],
  invalid: [
    // Every style but Vercel AI, whose record key cannot hold `!` unquoted; it is covered by its valid case.
    ...DECLARATION_STYLES.map((style) => {
      const code = style.build([{ name: 'read-file!', description: "'Reads a file.'", params: PARAMS }]);
      const at = locate(code, style.writtenName('read-file!'));
      return {
        name: `${style.id}: a character no one accepts`,
        filename: style.filename,
        code,
        errors: [
          {
            messageId: 'invalidMcpName' as const,
            ...at,
            data: { name: 'read-file!', pattern: '/^[A-Za-z0-9_.-]{1,128}$/', clients: 'MCP clients, OpenAI API, Anthropic API, Gemini API and Windsurf' },
          },
        ],
      };
    }).filter((test) => !test.filename.endsWith('ai.ts')),
    {
      name: 'a dot breaks the clients that do not allow it',
      code: buildMcpServer('demo', ['admin.tools.list']),
      settings: { toolslim: { clients: ['openai', 'anthropic', 'gemini', 'windsurf'] } },
      errors: [
        {
          messageId: 'invalidClientName',
          line: 3,
          column: 13,
          data: { name: 'admin.tools.list', clients: 'OpenAI API, Anthropic API and Windsurf', pattern: '/^[a-zA-Z0-9_-]{1,64}$/' },
        },
      ],
    },
    {
      name: 'a name longer than a client accepts',
      code: buildMcpServer('d', ['a'.repeat(65)]),
      settings: { toolslim: { clients: ['openai'] } },
      errors: [{ messageId: 'clientNameTooLong', line: 3, column: 13, data: { name: 'a'.repeat(65), clients: 'OpenAI API', length: 65, max: 64 } }],
    },
    {
      name: "Claude Code's 64-character qualified name, with the server name from source",
      code: buildMcpServer('filesystem-server', ['read_text_file_with_line_numbers_and_ranges']),
      settings: { toolslim: { clients: ['claude-code'] } },
      errors: [
        {
          messageId: 'qualifiedNameTooLong',
          line: 3,
          column: 13,
          data: { client: 'Claude Code', qualified: 'mcp__filesystem-server__read_text_file_with_line_numbers_and_ranges', length: 67, max: 64 },
        },
      ],
    },
    {
      name: "Cursor's 60-character server and tool budget, with the server name from settings",
      code: "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport function register(server: McpServer) {\n  server.tool('read_text_files_with_line_numbers', 'Does one thing.', async () => ({ content: [] }));\n}\n",
      settings: { toolslim: { clients: ['cursor'], serverName: 'enterprise-filesystem-server' } },
      errors: [{ messageId: 'serverPlusToolTooLong', line: 3, column: 15, data: { client: 'Cursor', server: 'enterprise-filesystem-server', name: 'read_text_files_with_line_numbers', length: 61, max: 60 } }],
    },
    {
      name: 'the same name twice on one server',
      code: buildMcpServer('demo', ['read_file', 'read_file']),
      errors: [{ messageId: 'duplicateName', line: 4, column: 13 }],
    },
    {
      name: 'the same name twice in one array of tools',
      code: "export const tools = [\n  { name: 'search', description: 'Searches.', inputSchema: { type: 'object', properties: {} } },\n  { name: 'search', description: 'Searches again.', inputSchema: { type: 'object', properties: {} } },\n];\n",
      errors: [{ messageId: 'duplicateName', line: 3, column: 11 }],
    },
    {
      name: 'longer than the MCP specification allows',
      code: buildMcpServer('demo', ['a'.repeat(129)]),
      settings: { toolslim: { clients: ['claude-code'] } },
      errors: [{ messageId: 'invalidMcpName', line: 3, column: 13 }],
    },
  ],
});
