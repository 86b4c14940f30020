import { getReferenceFieldSpecs } from '@toolslim/runtime/reference-fragment-text';
import rule from '../../src/rules/prefer-reference-input.js';
import { createRuleTester } from '../setup.js';
import { DECLARATION_STYLES, locate, type ParamSource } from '../styles.js';

const ruleTester = createRuleTester();

const MCP_HEAD = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\nconst server = new McpServer({ name: 'demo', version: '1.0.0' });\n";
const CONTENT: ParamSource = { name: 'content', description: "'Text of the file to save.'" };

/** The optional reference parameters the suggestion adds, as the style builder writes them. */
function buildReferenceParams(subject = 'file', prefix = ''): ParamSource[] {
  return getReferenceFieldSpecs({ subject })
    .filter((spec) => spec.role !== 'content')
    .map((spec) => ({
      name: `${prefix}${spec.name}`,
      optional: true,
      pattern: spec.pattern,
      description: `'${spec.description.replaceAll('content', prefix ? prefix.slice(0, -1) : 'content')}'`,
    }));
}

ruleTester.run('prefer-reference-input', rule, {
  valid: [
    ...DECLARATION_STYLES.map((style) => ({
      name: `${style.id}: content with a path sibling`,
      filename: style.filename,
      code: style.build([{ name: 'save_file', description: "'Saves a file.'", params: [CONTENT, { name: 'path', optional: true, description: "'Where the file is.'" }] }]),
    })),
    {
      name: 'references and short values are not bulk',
      code: `${MCP_HEAD}server.tool('lookup', 'Looks up a record.', { file_path: z.string(), document_id: z.string(), country_code: z.string(), page: z.number() }, async () => ({ content: [] }));`,
    },
    {
      name: 'enums, booleans, numbers, URLs, header names and ids carry no content (seen in a traffic-analytics server)',
      code: `${MCP_HEAD}server.tool('get_annotations', 'Lists annotations.', { dataSource: z.enum(['ALL', 'BGP']), page: z.number(), body: z.boolean(), content_type: z.string(), data: z.string().url(), document_id: z.string(), content_id: z.string().describe('Id of the stored content.') }, async () => ({ content: [] }));`,
    },
    {
      name: 'a schema that cannot be read is never guessed at',
      code: `${MCP_HEAD}import { contentSchema } from './schemas';\nserver.tool('save', 'Saves.', { content: contentSchema }, async () => ({ content: [] }));`,
    },
    {
      name: 'a url sibling counts as a reference',
      code: `${MCP_HEAD}server.tool('convert', 'Converts a page.', { html: z.string(), url: z.string().optional() }, async () => ({ content: [] }));`,
    },
  ],
  invalid: [
    ...DECLARATION_STYLES.map((style) => {
      const code = style.build([{ name: 'save_file', description: "'Saves a file.'", params: [CONTENT] }]);
      return {
        name: `${style.id}: content alone`,
        filename: style.filename,
        code,
        errors: [
          {
            messageId: 'bulkInputWithoutReference' as const,
            ...locate(code, 'content: ', code.indexOf('Saves a file.')),
            suggestions: [
              {
                messageId: 'addReferenceInputs' as const,
                output: style.build([{ name: 'save_file', description: "'Saves a file.'", params: [{ ...CONTENT, optional: true }, ...buildReferenceParams()] }]),
              },
            ],
          },
        ],
      };
    }),
    {
      name: 'bulk by description, written on one line, in double quotes',
      code: `${MCP_HEAD}server.tool("render", "Renders HTML.", { input: z.string().describe("The full text of the page.") }, async () => ({ content: [] }));`,
      errors: [
        {
          messageId: 'bulkInputWithoutReference',
          line: 4,
          column: 42,
          suggestions: [
            {
              messageId: 'addReferenceInputs',
              output: `${MCP_HEAD}server.tool("render", "Renders HTML.", { input: z.string().optional().describe("The full text of the page."), path: z.string().optional().describe("Path of the file on this machine; preferred over pasting input."), url: z.string().optional().describe("https URL of the file (GitHub file links work); preferred over pasting input."), expected_sha256: z.string().regex(/^[0-9a-fA-F]{64}$/).optional().describe("sha256 hex of the file as you have it; a different input is refused.") }, async () => ({ content: [] }));`,
            },
          ],
        },
      ],
    },
    {
      name: 'a long array of rows and base64 data; two bulk parameters get prefixed names',
      code: `${MCP_HEAD}server.tool('import_rows', 'Imports rows.', {\n  rows: z.array(z.string()),\n  image_base64: z.string(),\n}, async () => ({ content: [] }));`,
      errors: [
        {
          messageId: 'bulkInputWithoutReference',
          line: 5,
          column: 3,
          suggestions: [
            {
              messageId: 'addReferenceInputs',
              data: { param: 'rows', names: '"rows_path", "rows_url", "rows_expected_sha256"' },
              output: `${MCP_HEAD}server.tool('import_rows', 'Imports rows.', {\n  rows: z.array(z.string()).optional(),\n  rows_path: z.string().optional().describe('Path of the file on this machine; preferred over pasting rows.'),\n  rows_url: z.string().optional().describe('https URL of the file (GitHub file links work); preferred over pasting rows.'),\n  rows_expected_sha256: z.string().regex(/^[0-9a-fA-F]{64}$/).optional().describe('sha256 hex of the file as you have it; a different input is refused.'),\n  image_base64: z.string(),\n}, async () => ({ content: [] }));`,
            },
          ],
        },
        {
          messageId: 'bulkInputWithoutReference',
          line: 6,
          column: 3,
          suggestions: [
            {
              messageId: 'addReferenceInputs',
              output: `${MCP_HEAD}server.tool('import_rows', 'Imports rows.', {\n  rows: z.array(z.string()),\n  image_base64: z.string().optional(),\n  image_base64_path: z.string().optional().describe('Path of the file on this machine; preferred over pasting image_base64.'),\n  image_base64_url: z.string().optional().describe('https URL of the file (GitHub file links work); preferred over pasting image_base64.'),\n  image_base64_expected_sha256: z.string().regex(/^[0-9a-fA-F]{64}$/).optional().describe('sha256 hex of the file as you have it; a different input is refused.'),\n}, async () => ({ content: [] }));`,
            },
          ],
        },
      ],
    },
    {
      name: 'JSON Schema contentEncoding says base64',
      code: "export const tools = [{ name: 'upload', description: 'Uploads an image.', input_schema: { type: 'object', properties: { image: { type: 'string', contentEncoding: 'base64' } } } }];",
      errors: [
        {
          messageId: 'bulkInputWithoutReference',
          line: 1,
          column: 121,
          suggestions: [
            {
              messageId: 'addReferenceInputs',
              output:
                "export const tools = [{ name: 'upload', description: 'Uploads an image.', input_schema: { type: 'object', properties: { image: { type: 'string', contentEncoding: 'base64' }, path: { type: 'string', description: 'Path of the file on this machine; preferred over pasting image.' }, url: { type: 'string', description: 'https URL of the file (GitHub file links work); preferred over pasting image.' }, expected_sha256: { type: 'string', pattern: '^[0-9a-fA-F]{64}$', description: 'sha256 hex of the file as you have it; a different input is refused.' } } } }];",
            },
          ],
        },
      ],
    },
  ],
});
