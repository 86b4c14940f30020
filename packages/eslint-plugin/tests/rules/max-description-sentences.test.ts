import rule from '../../src/rules/max-description-sentences.js';
import { createRuleTester } from '../setup.js';
import { DECLARATION_STYLES, locate } from '../styles.js';

const ruleTester = createRuleTester();

const FIVE_SENTENCES = 'Reads a file. Use it before editing. Use it instead of cat_file. Use it to read logs. Use it to read configuration files.';
const EXTRA = 'Use it to read logs. Use it to read configuration files.';
const MCP_HEAD = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\nconst server = new McpServer({ name: 'demo', version: '1.0.0' });\n";

/** The range RuleTester reports for `text` written on one line. */
function locateSpan(code: string, text: string): { line: number; column: number; endLine: number; endColumn: number } {
  const start = locate(code, text);
  return { ...start, endLine: start.line, endColumn: start.column + text.length };
}

ruleTester.run('max-description-sentences', rule, {
  valid: [
    {
      name: 'a list of choices is one sentence with its lead-in, however many items it has',
      code: `${MCP_HEAD}server.tool('read_file', ${JSON.stringify('Reads a file. Use it before editing.\nUse this when:\n- the user names a log\n- a note must be quoted\n- a configuration file is in doubt\n- a diff needs its context')}, async () => ({ content: [] }));`,
    },
    ...DECLARATION_STYLES.map((style) => ({
      name: `${style.id}: three sentences and a one-sentence parameter`,
      filename: style.filename,
      code: style.build([{ name: 'read_file', description: "'Reads a file. Use it before editing. It returns text.'", params: [{ name: 'path', description: "'Where the file is.'" }] }]),
    })),
    {
      name: 'maxToolSentences raised',
      code: `${MCP_HEAD}server.tool('read_file', '${FIVE_SENTENCES}', async () => ({ content: [] }));`,
      options: [{ maxToolSentences: 5 }],
    },
    {
      name: 'how-text, filler and constraints do not count (no-how-in-description reports them)',
      code: `${MCP_HEAD}server.tool('read_file', 'Reads a file. Use it before editing. Defaults to the root. Returns text. Paths must be absolute.', async () => ({ content: [] }));`,
    },
    {
      name: 'checkParameters: false',
      code: `${MCP_HEAD}server.tool('read_file', 'Reads a file.', { path: z.string().describe('Where the file is. Useful for reading notes.') }, async () => ({ content: [] }));`,
      options: [{ checkParameters: false }],
    },
    {
      name: 'guardrails never count, however many stay',
      code: `${MCP_HEAD}server.tool('delete_branch', 'Deletes a branch. Use it after a merge. This cannot be undone. Always ask the user first. Never delete the default branch.', async () => ({ content: [] }));`,
    },
    {
      name: 'a sentence past the limit the planner is not sure is free of a constraint stays, and is not reported',
      code: `${MCP_HEAD}server.tool('read_file', 'Reads a file.', { path: z.string().describe('Where the file is. Use it after list_files.') }, async () => ({ content: [] }));`,
    },
    {
      // Two what and when sentences, one of them in a later paragraph: within the limit of three, never reported.
      name: 'a when sentence in a later paragraph counts, and a description within its limit is not reported',
      code: `${MCP_HEAD}server.tool('read_file', 'Reads a file.\\n\\nUse list_files first to find the path.', async () => ({ content: [] }));`,
    },
    {
      name: 'slim\'s pointer sentence is never counted',
      code: `${MCP_HEAD}server.tool('read_file', 'Reads a file. Use it before editing. Use it instead of cat_file. Before first use: read_instructions family="files".', async () => ({ content: [] }));`,
    },
  ],
  invalid: [
    ...DECLARATION_STYLES.map((style) => {
      const code = style.build([{ name: 'read_file', description: `'${FIVE_SENTENCES}'`, params: [{ name: 'path', description: "'Where the file is.'" }] }]);
      return {
        name: `${style.id}: five sentences`,
        filename: style.filename,
        code,
        errors: [{ messageId: 'tooManyToolSentences' as const, ...locateSpan(code, EXTRA) }],
      };
    }),
    ...DECLARATION_STYLES.map((style) => {
      const code = style.build([{ name: 'read_file', description: "'Reads a file.'", params: [{ name: 'path', description: "'Where the file is. Useful for reading notes.'" }] }]);
      return {
        name: `${style.id}: two sentences in a parameter`,
        filename: style.filename,
        code,
        errors: [{ messageId: 'tooManyParamSentences' as const, ...locateSpan(code, 'Useful for reading notes.') }],
      };
    }),
    {
      name: 'maxParamSentences and a template literal over several lines',
      code: `${MCP_HEAD}server.tool('read_file', 'Reads a file.', {\n  path: z.string().describe(\`Where the file is.\nUseful for reading notes.\nUseful for reading logs.\`),\n}, async () => ({ content: [] }));`,
      options: [{ maxParamSentences: 2 }],
      errors: [{ messageId: 'tooManyParamSentences', line: 7, column: 1, endLine: 7, endColumn: 25 }],
    },
    {
      name: 'maxToolSentences lowered',
      code: `${MCP_HEAD}server.tool('read_file', 'Reads a file. Use it before editing.', async () => ({ content: [] }));`,
      options: [{ maxToolSentences: 1 }],
      errors: [{ messageId: 'tooManyToolSentences', line: 4, column: 41, endColumn: 63, data: { tool: '"read_file"', count: 2, max: 1, extra: 1, chars: '22', tokens: '5', quote: 'Use it before editing.' } }],
    },
    {
      name: 'a list of choices goes whole past the limit with its lead-in, a hand-off stays uncounted, and the count is the limit plus what is past it',
      code: `${MCP_HEAD}server.tool('read_file', ${JSON.stringify('Reads a file. Use it before editing. Call it when a log is needed.\nUse cases:\n- Use it to read logs.\n- Use it to read notes.\nLimits: reads text only -- use read_binary for images.')}, async () => ({ content: [] }));`,
      errors: [{ messageId: 'tooManyToolSentences', data: { tool: '"read_file"', count: 6, max: 3, extra: 3, chars: '57', tokens: '17', quote: 'Use cases:' } }],
    },
  ],
});
