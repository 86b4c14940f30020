import rule from '../../src/rules/no-volatile-definition.js';
import { createRuleTester } from '../setup.js';
import { DECLARATION_STYLES, locate } from '../styles.js';

const ruleTester = createRuleTester();

const MCP_HEAD = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\nconst server = new McpServer({ name: 'demo', version: '1.0.0' });\n";

/** A tool whose description ends with `expression`, on line 4. */
function buildWithDescriptionSuffix(expression: string): string {
  return `${MCP_HEAD}server.tool('status', 'Server status as of ' + ${expression}, async () => ({ content: [] }));`;
}

const VOLATILE_EXPRESSIONS = ['Date.now()', 'new Date()', 'Date()', 'Math.random()', 'crypto.randomUUID()', 'randomUUID()', 'performance.now()', 'process.hrtime.bigint()'];

ruleTester.run('no-volatile-definition', rule, {
  valid: [
    ...DECLARATION_STYLES.map((style) => ({
      name: `${style.id}: fixed text; the clock is read in the handler only`,
      filename: style.filename,
      code: style.build([{ name: 'status', description: "'Reports server status.'", params: [{ name: 'verbose', type: 'boolean' as const }], handlerBody: '({ content: [{ type: "text", text: String(Date.now()) }] })' }]),
    })),
    { name: 'a fixed date', code: buildWithDescriptionSuffix("new Date('2026-01-01').getFullYear()") },
    {
      name: 'callbacks in a schema are not published',
      code: `${MCP_HEAD}server.tool('status', 'Reports status.', { since: z.number().refine((value) => value < Date.now()) }, async () => ({ content: [] }));`,
    },
  ],
  invalid: [
    ...DECLARATION_STYLES.map((style) => {
      const code = style.build([{ name: 'status', description: "'Status as of ' + new Date().toISOString()", params: [{ name: 'verbose', type: 'boolean' as const }] }]);
      return {
        name: `${style.id}: the time in the description`,
        filename: style.filename,
        code,
        errors: [{ messageId: 'volatileDefinition' as const, ...locate(code, 'new Date()') }],
      };
    }),
    ...VOLATILE_EXPRESSIONS.map((expression) => {
      const code = buildWithDescriptionSuffix(expression);
      const start = locate(code, expression);
      return { name: expression, code, errors: [{ messageId: 'volatileDefinition' as const, ...start, endColumn: start.column + expression.length }] };
    }),
    {
      name: 'a counter in a template',
      code: `${MCP_HEAD}let calls = 0;\nserver.tool('status', \`Status, call \${calls++}\`, async () => ({ content: [] }));`,
      errors: [{ messageId: 'volatileDefinition', line: 5, column: 39, data: { expression: 'calls++', tool: '"status"' } }],
    },
    {
      name: 'a constant set from the clock is followed to where it is set',
      code: `${MCP_HEAD}const STARTED = Date.now();\nserver.tool('status', \`Up since \${STARTED}\`, async () => ({ content: [] }));`,
      errors: [{ messageId: 'volatileDefinition', line: 4, column: 17 }],
    },
    {
      name: 'a schema default is published',
      code: `${MCP_HEAD}server.tool('status', 'Reports status.', { session: z.string().default(crypto.randomUUID()) }, async () => ({ content: [] }));`,
      errors: [{ messageId: 'volatileDefinition', line: 4, column: 72 }],
    },
    {
      name: 'a random tool name',
      code: `${MCP_HEAD}server.tool(\`status_\${Math.random()}\`, 'Reports status.', async () => ({ content: [] }));`,
      errors: [{ messageId: 'volatileDefinition', line: 4, column: 23 }],
    },
  ],
});
