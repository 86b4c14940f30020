import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
        errors: [{ messageId: 'tooManyToolsForClient' as const, ...locateServerOr(code, style.writtenName('tool_40')), data: { toolsets: '', client: 'Cursor', limit: 40, count: 41, dropped: 1, others: '', server: code.includes("name: 'demo'") || code.includes('name: "demo"') ? 'Server "demo"' : 'This file' } }],
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
          data: { toolsets: '', server: 'Server "demo"', count: 129, client: 'Cursor', limit: 40, dropped: 89, others: '; also over Windsurf (100), OpenAI API (128) and VS Code / GitHub Copilot (128)' },
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

const acrossFilesDir = fileURLToPath(new URL('../fixtures/server-across-files/', import.meta.url));
const ACROSS_FILES = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerFileTools } from './tools/files.js';
import { registerSearchTools } from './tools/search.js';

const server = new McpServer({ name: 'workspace', version: '1.0.0' });
server.tool('status', 'Reports the workspace status.', async () => ({ content: [] }));
registerFileTools(server);
registerSearchTools(server);
`;

ruleTester.run('max-tools-per-server (across files)', rule, {
  valid: [
    {
      name: 'the helpers alone: 25 tools registered on a parameter, no server in the file',
      filename: join(acrossFilesDir, 'tools', 'files.ts'),
      code: readFileSync(join(acrossFilesDir, 'tools', 'files.ts'), 'utf8'),
    },
    {
      name: 'a server that passes itself to one helper stays under the limit',
      filename: join(acrossFilesDir, 'server.ts'),
      code: ACROSS_FILES.replace('registerSearchTools(server);\n', ''),
    },
  ],
  invalid: [
    {
      name: 'one report for a server whose 49 tools are spread over four files (helpers of helpers too), naming the families that fit as toolsets',
      filename: join(acrossFilesDir, 'server.ts'),
      code: ACROSS_FILES,
      errors: [
        {
          messageId: 'tooManyToolsAcrossFiles',
          line: 5,
          column: 16,
          data: { toolsets: ', or let its users enable only some families with toolsets (TOOLSLIM_TOOLSETS=file: 25 tools)', server: 'Server "workspace"', count: 49, elsewhere: 48, files: 'files.ts, search.ts and index-tools.ts', client: 'Cursor', limit: 40, dropped: 9, others: '' },
        },
      ],
    },
  ],
});
