import rule from '../../src/rules/max-tools-per-server.js';
import { createEveryClientRuleTester } from '../setup.js';
import { DECLARATION_STYLES, locate, type ToolSource } from '../styles.js';

const ruleTester = createEveryClientRuleTester();

function buildTools(count: number): ToolSource[] {
  return Array.from({ length: count }, (_, index) => ({ name: `tool_${index}`, description: `'Does thing ${index}.'`, params: [{ name: 'path' }] }));
}

/** Where a report about a whole server sits: its `new …Server(…)`, else the first tool past the limit. */
function locateServerOr(code: string, fallback: string): { line: number; column: number } {
  const match = /new (?:\w+\.)?(?:McpServer|Server|FastMCP)\(/.exec(code);
  return match ? locate(code, match[0]) : locate(code, fallback);
}

const MCP_HEAD = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 'demo', version: '1.0.0' });\n";
function buildMcpServer(count: number): string {
  return MCP_HEAD + Array.from({ length: count }, (_, index) => `server.tool('tool_${index}', 'Does thing ${index}.', async () => ({ content: [] }));\n`).join('');
}

ruleTester.run('max-tools-per-server', rule, {
  valid: [
    ...DECLARATION_STYLES.map((style) => ({
      name: `${style.id}: 40 tools, what Cursor sends`,
      filename: style.filename,
      code: style.build(buildTools(40)),
    })),
    { name: 'max not reached', code: buildMcpServer(5), options: [{ max: 5 }] },
    { name: 'only the targeted clients count', code: buildMcpServer(60), settings: { toolslim: { clients: ['openai'] } } },
  ],
  invalid: [
    ...DECLARATION_STYLES.map((style) => {
      const code = style.build(buildTools(41));
      return {
        name: `${style.id}: 41 tools, one more than Cursor sends`,
        filename: style.filename,
        code,
        errors: [{ messageId: 'tooManyToolsForClient' as const, ...locateServerOr(code, style.writtenName('tool_40')), data: { client: 'Cursor', limit: 40, count: 41, dropped: 1, others: '', server: code.includes("name: 'demo'") || code.includes('name: "demo"') ? 'Server "demo"' : 'This file' } }],
      };
    }),
    {
      name: 'one report per server: the strictest client, naming every other client whose limit is passed (a 139-tool file got four)',
      code: buildMcpServer(129),
      errors: [
        {
          messageId: 'tooManyToolsForClient',
          line: 2,
          column: 16,
          data: { server: 'Server "demo"', count: 129, client: 'Cursor', limit: 40, dropped: 89, others: '; also over Windsurf (100), OpenAI API (128) and VS Code / GitHub Copilot (128)' },
        },
      ],
    },
    {
      name: 'max passed as well as a client limit: one report, the user\'s own limit',
      code: buildMcpServer(45),
      options: [{ max: 42 }],
      errors: [{ messageId: 'tooManyTools', line: 2, column: 16 }],
    },
    {
      name: 'max',
      code: buildMcpServer(6),
      options: [{ max: 5 }],
      settings: { toolslim: { clients: ['claude-code'] } },
      errors: [{ messageId: 'tooManyTools', line: 2, column: 16 }],
    },
  ],
});
