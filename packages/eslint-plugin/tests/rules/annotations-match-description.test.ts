import rule from '../../src/rules/annotations-match-description.js';
import { createRuleTester } from '../setup.js';
import { locate } from '../styles.js';

const ruleTester = createRuleTester();

const MCP_HEAD = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\nconst server = new McpServer({ name: 'demo', version: '1.0.0' });\n";

interface AnnotatedStyle {
  readonly id: string;
  /** The source of one tool; `annotations` is a source expression, omitted → the tool has none. */
  build(name: string, description: string, annotations?: string): string;
  /** The source after the `addAnnotations` suggestion. */
  withAddedAnnotations(name: string, description: string): string;
}

/** The styles that publish MCP annotations, each written the way its API takes them. */
const STYLES: readonly AnnotatedStyle[] = [
  {
    id: 'server.tool() annotations argument',
    build: (name, description, annotations) =>
      `${MCP_HEAD}server.tool(\n  '${name}',\n  ${description},\n  { path: z.string() },\n${annotations ? `  ${annotations},\n` : ''}  async () => ({ content: [] }),\n);\n`,
    withAddedAnnotations(name, description) {
      return this.build(name, description, '{ destructiveHint: true }');
    },
  },
  {
    id: 'registerTool() config',
    build: (name, description, annotations) =>
      `${MCP_HEAD}server.registerTool(\n  '${name}',\n  {\n    description: ${description},\n    inputSchema: { path: z.string() },\n${annotations ? `    annotations: ${annotations},\n` : ''}  },\n  async () => ({ content: [] }),\n);\n`,
    withAddedAnnotations(name, description) {
      return this.build(name, description).replace(`description: ${description},`, `description: ${description},\n    annotations: { destructiveHint: true },`);
    },
  },
  {
    id: 'low-level Server JSON',
    build: (name, description, annotations) =>
      "import { Server } from '@modelcontextprotocol/sdk/server/index.js';\nimport { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';\n" +
      "const server = new Server({ name: 'demo', version: '1.0.0' }, { capabilities: { tools: {} } });\n" +
      `server.setRequestHandler(ListToolsRequestSchema, async () => ({\n  tools: [\n    {\n      name: '${name}',\n      description: ${description},\n      inputSchema: { type: 'object', properties: { path: { type: 'string' } } },\n${annotations ? `      annotations: ${annotations},\n` : ''}    },\n  ],\n}));\n`,
    withAddedAnnotations(name, description) {
      return this.build(name, description).replace(`description: ${description},`, `description: ${description},\n      annotations: { destructiveHint: true },`);
    },
  },
  {
    id: 'fastmcp addTool()',
    build: (name, description, annotations) =>
      "import { FastMCP } from 'fastmcp';\nimport { z } from 'zod';\nconst server = new FastMCP({ name: 'demo', version: '1.0.0' });\n" +
      `server.addTool({\n  name: '${name}',\n  description: ${description},\n  parameters: z.object({ path: z.string() }),\n${annotations ? `  annotations: ${annotations},\n` : ''}  execute: async () => 'ok',\n});\n`,
    withAddedAnnotations(name, description) {
      return this.build(name, description).replace(`description: ${description},`, `description: ${description},\n  annotations: { destructiveHint: true },`);
    },
  },
];

const DELETES = "'Deletes the file at a path. This cannot be undone.'";
const WRITES = "'Writes text to the file at a path.'";
const NEUTRAL = "'The file at a path.'";

ruleTester.run('annotations-match-description', rule, {
  valid: [
    ...STYLES.flatMap((style) => [
      { name: `${style.id}: a destructive tool marked destructive`, code: style.build('delete_file', DELETES, '{ readOnlyHint: false, destructiveHint: true }') },
      { name: `${style.id}: a reading tool marked read-only`, code: style.build('read_file', "'Reads the file at a path.'", '{ readOnlyHint: true }') },
      { name: `${style.id}: a plain write with no annotations`, code: style.build('write_file', WRITES) },
    ]),
    {
      name: 'annotations that cannot be read statically are not guessed at',
      code: `${MCP_HEAD}server.registerTool('delete_file', { description: ${DELETES}, annotations: buildAnnotations() }, async () => ({ content: [] }));`,
    },
    {
      name: 'a model-API tool (AI SDK) publishes no annotations to add',
      code: `import { tool } from 'ai';\nimport { z } from 'zod';\nexport const tools = { delete_file: tool({ description: ${DELETES}, inputSchema: z.object({}), execute: async () => 'ok' }) };`,
    },
    {
      name: 'a read-only tool whose name opens with a read verb',
      code: STYLES[1].build('list_deleted_files', "'Lists files deleted in the last week.'", '{ readOnlyHint: true }'),
    },
    {
      name: 'checkName: false leaves a name-only mismatch alone',
      code: STYLES[1].build('delete_file', NEUTRAL, '{ destructiveHint: false }'),
      options: [{ checkName: false }],
    },
  ],
  invalid: [
    ...STYLES.flatMap((style) => {
      const missing = style.build('delete_file', DELETES, '{ readOnlyHint: false }');
      const falseHint = style.build('delete_file', DELETES, '{ destructiveHint: false }');
      const readOnly = style.build('write_file', WRITES, '{ readOnlyHint: true }');
      const none = style.build('delete_file', DELETES);
      return [
        {
          name: `${style.id}: destructive prose, annotations without destructiveHint`,
          code: missing,
          errors: [
            {
              messageId: 'destructiveHintMissing' as const,
              ...locate(missing, 'Deletes'),
              suggestions: [{ messageId: 'addDestructiveHint' as const, output: style.build('delete_file', DELETES, '{ readOnlyHint: false, destructiveHint: true }') }],
            },
          ],
        },
        {
          name: `${style.id}: destructive prose, destructiveHint: false`,
          code: falseHint,
          errors: [
            {
              messageId: 'destructiveHintFalse' as const,
              ...locate(falseHint, 'Deletes'),
              suggestions: [{ messageId: 'setDestructiveHintTrue' as const, output: style.build('delete_file', DELETES, '{ destructiveHint: true }') }],
            },
          ],
        },
        {
          name: `${style.id}: readOnlyHint: true on a tool that writes`,
          code: readOnly,
          errors: [
            {
              messageId: 'readOnlyContradicted' as const,
              ...locate(readOnly, 'Writes'),
              suggestions: [{ messageId: 'setReadOnlyHintFalse' as const, output: style.build('write_file', WRITES, '{ readOnlyHint: false }') }],
            },
          ],
        },
        {
          name: `${style.id}: a warning in prose and no annotations at all`,
          code: none,
          errors: [
            {
              messageId: 'annotationsMissing' as const,
              ...locate(none, 'cannot be undone'),
              suggestions: [{ messageId: 'addAnnotations' as const, output: style.withAddedAnnotations('delete_file', DELETES) }],
            },
          ],
        },
      ];
    }),
    {
      name: 'the name says it deletes and destructiveHint is false (reported on the name)',
      code: STYLES[1].build('delete_file', NEUTRAL, '{ destructiveHint: false }'),
      options: [{ checkName: true }],
      errors: [
        {
          messageId: 'destructiveHintFalse',
          line: 5,
          column: 3,
          data: { tool: '"delete_file"', cue: 'delete_file', source: 'name' },
          suggestions: [{ messageId: 'setDestructiveHintTrue', output: STYLES[1].build('delete_file', NEUTRAL, '{ destructiveHint: true }') }],
        },
      ],
    },
    {
      name: 'the name says it sends on a read-only tool',
      code: STYLES[0].build('send_message', "'A message to a channel.'", '{ readOnlyHint: true }'),
      errors: [
        {
          messageId: 'readOnlyContradicted',
          line: 5,
          column: 3,
          suggestions: [{ messageId: 'setReadOnlyHintFalse', output: STYLES[0].build('send_message', "'A message to a channel.'", '{ readOnlyHint: false }') }],
        },
      ],
    },
  ],
});
