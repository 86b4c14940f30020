import rule from '../../src/rules/no-input-truncation.js';
import { createRuleTester } from '../setup.js';
import { DECLARATION_STYLES, locate } from '../styles.js';

const ruleTester = createRuleTester();

const MCP_HEAD = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\nconst server = new McpServer({ name: 'demo', version: '1.0.0' });\n";

/** A `save` tool with `content` and `lines` inputs whose handler body is `body`. */
function buildHandler(parameters: string, body: string): string {
  return `${MCP_HEAD}server.tool('save', 'Saves text.', { content: z.string(), lines: z.array(z.string()) }, async (${parameters}) => {\n${body}\n  return { content: [] };\n});`;
}

const PARAMS = [{ name: 'content', description: "'Text to save.'" }];

ruleTester.run('no-input-truncation', rule, {
  valid: [
    ...DECLARATION_STYLES.filter((style) => style.handlerGetsArgs).map((style) => ({
      name: `${style.id}: refusing instead of cutting`,
      filename: style.filename,
      code: style.build([
        { name: 'save', description: "'Saves text.'", params: PARAMS, handlerBody: "{ if (args.content.length > 1000) throw new Error('content is over 1,000 characters'); return { content: [] }; }" },
      ]),
    })),
    { name: 'paging with computed bounds', code: buildHandler('{ content }', '  const page = content.slice(offset, offset + size);') },
    { name: 'dropping a prefix', code: buildHandler('{ content }', '  const rest = content.slice(1);') },
    { name: 'cutting something that is not an input', code: buildHandler('{ content }', "  const header = 'abcdef'.slice(0, 3);") },
  ],
  invalid: [
    {
      name: 'Mastra passes the inputs as context',
      code: "import { createTool } from '@mastra/core/tools';\nimport { z } from 'zod';\nexport const save = createTool({\n  id: 'save',\n  description: 'Saves text.',\n  inputSchema: z.object({ content: z.string() }),\n  execute: async ({ context }) => context.content.slice(0, 100),\n});",
      errors: [{ messageId: 'truncatedInput', line: 7, column: 35 }],
    },
    ...DECLARATION_STYLES.filter((style) => style.handlerGetsArgs).map((style) => {
      const code = style.build([{ name: 'save', description: "'Saves text.'", params: PARAMS, handlerBody: "({ content: [{ type: 'text', text: args.content.slice(0, 1000) }] })" }]);
      return {
        name: `${style.id}: slice(0, N) on an input`,
        filename: style.filename,
        code,
        errors: [{ messageId: 'truncatedInput' as const, ...locate(code, 'args.content.slice(0, 1000)'), data: { tool: '"save"', param: 'content', method: 'slice()' } }],
      };
    }),
    ...[
      ['destructured, substring', '{ content }', '  const kept = content.substring(0, 500);', 'content.substring(0, 500)'],
      ['renamed in the pattern, substr', '{ content: text }', '  const kept = text.substr(0, 500);', 'text.substr(0, 500)'],
      ['an alias of args.content, the tail kept', 'args', '  const text = args.content;\n  const kept = text.slice(-500);', 'text.slice(-500)'],
      ["bracket access, args['content']", 'args', "  const kept = args['content'].slice(0, 10);", "args['content'].slice(0, 10)"],
      ['an array cut with .length = N', '{ lines }', '  lines.length = 100;', 'lines.length = 100'],
      ['an array cut with splice(N)', 'args', '  args.lines.splice(100);', 'args.lines.splice(100)'],
      ['destructured inside the body', 'args', '  const { lines } = args;\n  const kept = lines.slice(0, 100);', 'lines.slice(0, 100)'],
    ].map(([name, parameters, body, cut]) => {
      const code = buildHandler(parameters, body);
      return { name, code, errors: [{ messageId: 'truncatedInput' as const, ...locate(code, cut) }] };
    }),
  ],
});
