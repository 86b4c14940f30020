import { analyzeSource, buildPublishedTool, measureTool } from '@toolslim/core';
import rule from '../../src/rules/max-tool-size.js';
import { createRuleTester } from '../setup.js';
import { DECLARATION_STYLES, locate } from '../styles.js';

const ruleTester = createRuleTester();

const MCP_HEAD = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\nconst server = new McpServer({ name: 'demo', version: '1.0.0' });\n";
const LONG = 'Reads one file from the workspace. '.repeat(40);
const SMALL_TOOL = `${MCP_HEAD}server.tool('read_file', 'Reads a file.', { path: z.string() }, async () => ({ content: [] }));`;
const BIG_TOOL = `${MCP_HEAD}server.tool('read_file', '${LONG}', { path: z.string().describe('${LONG}') }, async () => ({ content: [] }));`;
/** The size core measures for BIG_TOOL: an allowance equal to it is neither grown past nor shrinkable. */
const BIG_TOOL_BYTES = measureTool(buildPublishedTool(analyzeSource(BIG_TOOL, { filePath: 'file.ts' }).tools[0]).tool!).bytes;

ruleTester.run('max-tool-size', rule, {
  valid: [
    ...DECLARATION_STYLES.map((style) => ({
      name: `${style.id}: under the default 4,000 bytes`,
      filename: style.filename,
      code: style.build([{ name: 'read_file', description: `'${LONG}'`, params: [{ name: 'path', description: "'Where the file is.'" }] }]),
    })),
    { name: 'a tool at exactly its oversized allowance', code: BIG_TOOL, options: [{ perToolBytes: 500, oversized: { read_file: BIG_TOOL_BYTES } }] },
    {
      name: 'a tool that cannot be read whole is not measured while what can be read fits',
      code: `${MCP_HEAD}server.tool('read_file', \`Reads \${process.env.X} files.\`, async () => ({ content: [] }));`,
      options: [{ perToolBytes: 100 }],
    },
  ],
  invalid: [
    {
      name: 'a schema imported from another file: the readable description alone is over the budget (seen in a database server)',
      code: `${MCP_HEAD}import { migrationSchema } from './schemas';\nserver.tool('prepare_migration', '${LONG}', migrationSchema.shape, async () => ({ content: [] }));`,
      options: [{ perToolBytes: 1000 }],
      errors: [{ messageId: 'toolTooLarge', line: 5, column: 13 }],
    },
    ...DECLARATION_STYLES.map((style) => {
      const code = style.build([{ name: 'read_file', description: `'${LONG}'`, params: [{ name: 'path', description: "'Where the file is.'" }] }]);
      return {
        name: `${style.id}: over perToolBytes`,
        filename: style.filename,
        code,
        options: [{ perToolBytes: 1000 }] as const,
        errors: [{ messageId: 'toolTooLarge' as const, ...locate(code, style.writtenName('read_file')) }],
      };
    }),
    {
      name: 'perToolTokens',
      code: BIG_TOOL,
      options: [{ perToolTokens: 100 }],
      errors: [{ messageId: 'toolTooManyTokens', line: 4, column: 13 }],
    },
    {
      name: 'a tool that grew past its oversized allowance',
      code: BIG_TOOL,
      options: [{ perToolBytes: 500, oversized: { read_file: 1000 } }],
      errors: [{ messageId: 'toolOverAllowance', line: 4, column: 13 }],
    },
    {
      name: 'an allowance larger than the tool can shrink',
      code: SMALL_TOOL,
      options: [{ perToolBytes: 100, oversized: { read_file: 10_000 } }],
      errors: [{ messageId: 'allowanceCanShrink', line: 4, column: 13 }],
    },
    {
      name: 'only the tools not listed are held to perToolBytes',
      code: `${BIG_TOOL}\nserver.tool('write_file', '${LONG}', { path: z.string() }, async () => ({ content: [] }));`,
      options: [{ perToolBytes: 1000, oversized: { read_file: 100_000 } }],
      errors: [
        { messageId: 'allowanceCanShrink', line: 4, column: 13 },
        { messageId: 'toolTooLarge', line: 5, column: 13 },
      ],
    },
  ],
});
