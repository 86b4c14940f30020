import { countTokens } from '@toolslim/core';
import rule from '../../src/rules/max-description-length.js';
import { createEveryClientRuleTester, createRuleTester } from '../setup.js';
import { DECLARATION_STYLES, locate } from '../styles.js';

const ruleTester = createEveryClientRuleTester();
const claudeCodeOnly = createRuleTester({ clients: ['claude-code'] });

/** Prose of exactly `length` characters. */
function buildProse(length: number): string {
  return 'Reads one file from the workspace. '.repeat(Math.ceil(length / 35)).slice(0, length);
}

/** Where character `offset` of a single-line string literal `literal` sits in `code`. */
function locateChar(code: string, literal: string, offset: number): { line: number; column: number } {
  const start = locate(code, literal);
  return { line: start.line, column: start.column + 1 + offset };
}

const tokens5000 = countTokens(buildProse(5000)).toLocaleString('en-US');
const PARAMS = [{ name: 'path', description: "'Where the file is.'" }];
const MCP_HEAD = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 'demo', version: '1.0.0' });\n";

ruleTester.run('max-description-length', rule, {
  valid: [
    ...DECLARATION_STYLES.map((style) => ({
      name: `${style.id}: exactly 1,024 characters`,
      filename: style.filename,
      code: style.build([{ name: 'read_file', description: `'${buildProse(1024)}'`, params: PARAMS }]),
    })),
    {
      name: 'a higher maxChars with only Claude Code targeted',
      code: `${MCP_HEAD}server.tool('read_file', '${buildProse(3000)}', async () => ({ content: [] }));`,
      options: [{ maxChars: 4096 }],
      settings: { toolslim: { clients: ['claude-code'] } },
    },
    {
      name: 'dynamic text is never guessed at: its readable part is within every limit',
      code: `${MCP_HEAD}server.tool('read_file', \`${buildProse(900)}\${process.env.EXTRA}\`, async () => ({ content: [] }));`,
    },
  ],
  invalid: [
    ...DECLARATION_STYLES.map((style) => {
      const literal = `'${buildProse(1100)}'`;
      const code = style.build([{ name: 'read_file', description: literal, params: PARAMS }]);
      return {
        name: `${style.id}: past OpenAI's 1,024-character cut`,
        filename: style.filename,
        code,
        errors: [{ messageId: 'descriptionCutByClient' as const, ...locateChar(code, literal, 1024) }],
      };
    }),
    (() => {
      const literal = `'${buildProse(5000)}'`;
      const code = `${MCP_HEAD}server.tool('read_file', ${literal}, async () => ({ content: [] }));`;
      return {
        name: 'one report names every client, each with what it does (seen on a 4,143-character description)',
        code,
        errors: [
          {
            messageId: 'descriptionCutByClient' as const,
            ...locateChar(code, literal, 1024),
            endColumn: locateChar(code, literal, 5000).column,
            data: {
              tool: '"read_file"',
              chars: '5,000',
              tokens: tokens5000,
              clients: 'OpenAI API rejects descriptions over 1,024 characters and Claude Code cuts them at 4,096',
            },
          },
        ],
      };
    })(),
    {
      name: 'the cut inside a concatenation sits in the part that is cut',
      code: `${MCP_HEAD}server.tool(\n  'read_file',\n  '${buildProse(1000)}' +\n    '${buildProse(100)}',\n  async () => ({ content: [] }),\n);`,
      errors: [{ messageId: 'descriptionCutByClient', line: 6, column: 6 + 24, endLine: 6, endColumn: 6 + 100 }],
    },
    {
      name: 'escapes count as one character each',
      code: `${MCP_HEAD}server.tool('read_file', '${'\\n'.repeat(1024)}tail', async () => ({ content: [] }));`,
      errors: [{ messageId: 'descriptionCutByClient', line: 3, column: 27 + 2048, endColumn: 27 + 2048 + 4 }],
    },
    {
      name: 'maxChars below every client cut',
      code: `${MCP_HEAD}server.tool('read_file', '${buildProse(300)}', async () => ({ content: [] }));`,
      options: [{ maxChars: 200 }],
      errors: [{ messageId: 'descriptionTooLong', line: 3, column: 26 }],
    },
    {
      name: 'maxTokens',
      code: `${MCP_HEAD}server.tool('read_file', '${buildProse(300)}', async () => ({ content: [] }));`,
      options: [{ maxTokens: 20 }],
      errors: [{ messageId: 'descriptionTooManyTokens', line: 3, column: 26 }],
    },
    {
      name: 'a template with an imported constant: the readable parts alone pass the limit (seen in a database server)',
      code: `${MCP_HEAD}import { DEFAULT_DB } from './constants';\nserver.tool('compare_schema', \`${buildProse(1100)} Default database is \${DEFAULT_DB}.\`, async () => ({ content: [] }));`,
      errors: [{ messageId: 'descriptionCutByClient', line: 4, column: 31 }],
    },
    {
      name: 'a constant in the same file is reported where the text is written',
      code: `${MCP_HEAD}const DESCRIPTION = '${buildProse(1030)}';\nserver.tool('read_file', DESCRIPTION, async () => ({ content: [] }));`,
      errors: [{ messageId: 'descriptionCutByClient', line: 3, column: 22 + 1024 }],
    },
  ],
});

claudeCodeOnly.run('max-description-length (clients: claude-code)', rule, {
  valid: [{ code: `${MCP_HEAD}server.tool('read_file', '${buildProse(900)}', async () => ({ content: [] }));` }],
  invalid: [
    {
      name: 'default maxChars still applies when no targeted client cuts',
      code: `${MCP_HEAD}server.tool('read_file', '${buildProse(2000)}', async () => ({ content: [] }));`,
      errors: [{ messageId: 'descriptionTooLong', line: 3, column: 26 }],
    },
    {
      name: 'the client cut is reported whatever maxChars says',
      code: `${MCP_HEAD}server.tool('read_file', '${buildProse(4100)}', async () => ({ content: [] }));`,
      options: [{ maxChars: 10_000 }],
      errors: [{ messageId: 'descriptionCutByClient', line: 3, column: 27 + 4096 }],
    },
  ],
});

createRuleTester().run('max-description-length (default clients: the MCP clients)', rule, {
  valid: [
    {
      name: "an MCP server is not held to the OpenAI API's 1,024 characters unless it targets the API",
      code: `${MCP_HEAD}server.tool('read_file', '${buildProse(2000)}', async () => ({ content: [] }));`,
      options: [{ maxChars: 10_000 }],
    },
  ],
  invalid: [
    {
      name: "Claude Code's cut still applies by default",
      code: `${MCP_HEAD}server.tool('read_file', '${buildProse(4100)}', async () => ({ content: [] }));`,
      options: [{ maxChars: 10_000 }],
      errors: [{ messageId: 'descriptionCutByClient', line: 3, column: 27 + 4096 }],
    },
  ],
});
