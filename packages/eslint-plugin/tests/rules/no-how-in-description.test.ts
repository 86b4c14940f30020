import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import rule, { type Options } from '../../src/rules/no-how-in-description.js';
import { createRuleTester } from '../setup.js';
import { DECLARATION_STYLES, locate } from '../styles.js';

const ruleTester = createRuleTester();

// The server is exported, so other modules may register tools on it: each tool is judged on its own, as slim
// judges a tool of a server it cannot see whole. A file that is the whole server has cases of its own below.
const MCP_HEAD = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\nexport const server = new McpServer({ name: 'demo', version: '1.0.0' });\n";
/** A declaration style's file with its server exported (see MCP_HEAD). */
const exportServer = (code: string): string => code.replace(/^const (\w+) = new /m, 'export const $1 = new ');
/** A greenhouse server of our own, whole in one file: its server never leaves it. */
const WHOLE_HEAD = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\nconst server = new McpServer({ name: 'greenhouse', version: '1.0.0' });\n";
const WATERING = "server.registerTool('water_bed', { description: 'Waters one bed. For example, pass bed-3 to water the tomatoes on the south side, or bed-7 for the herbs by the door.', inputSchema: { bed: z.string() } }, async () => ({ content: [] }));\n";
const LONG_HOW = 'The valve moves in steps of five percent until the soil sensor reads the target; each step is written to the bed journal with the time, the litres and the sensor reading. '.repeat(6);

/** In a file that is part of a server (its server exported), slim's move depends on what the whole server moves. */
const PART_OF_A_SERVER = ' if what the whole server moves pays for serving it';

function locateSpan(code: string, text: string): { line: number; column: number; endLine: number; endColumn: number } {
  const start = locate(code, text);
  return { ...start, endLine: start.line, endColumn: start.column + text.length };
}

/** One how sentence per kind (and one of filler), each after a what sentence. */
const HOW_BY_KIND: ReadonlyArray<readonly [Kind: string, sentence: string, before?: string]> = [
  ['rule', 'Set encoding=utf8 for text files.'],
  ['default', 'Defaults to the workspace root.'],
  ['example', 'For example, pass src/index.ts.'],
  ['edge-case', 'If the file is missing, returns an empty string.'],
  ['format', 'Returns a JSON array of {id, title}.'],
  ['warning', '**Tip:** results are cached.'],
  ['markup', '- Line endings are kept as they are.'],
  ['detail', 'Large files are streamed from disk in chunks.', 'Use it to look at source code.\n'],
  ['filler', 'This is the most powerful reader available.'],
];

ruleTester.run('no-how-in-description', rule, {
  valid: [
    ...DECLARATION_STYLES.map((style) => ({
      name: `${style.id}: what and when only`,
      filename: style.filename,
      code: exportServer(style.build([{ name: 'read_file', description: "'Reads a file from the workspace. Use it before editing one.'", params: [{ name: 'path', description: "'Where the file is.'" }] }])),
    })),
    {
      name: 'a file that is the whole server, whose tools together save less than serving the moved text adds, is left as slim leaves it',
      code: `${WHOLE_HEAD}${WATERING}await server.connect(transport);`,
    },
    {
      name: 'slim\'s own pointer sentence is never reported',
      code: `${MCP_HEAD}server.tool('read_file', 'Reads a file. Use it before editing. Before first use: read_instructions family="files".', async () => ({ content: [] }));`,
    },
    {
      name: 'a unit that names a harm topic stays, however sure the model is that it is how-text',
      code: `${MCP_HEAD}server.tool('sync_folder', 'Syncs a folder. For example, files missing on the remote are deleted.', async () => ({ content: [] }));`,
    },
    {
      name: 'guardrails are never reported',
      code: `${MCP_HEAD}server.tool('delete_branch', 'Deletes a branch. This cannot be undone. Always ask the user before calling it.', async () => ({ content: [] }));`,
    },
    {
      name: 'a limit the parameter\'s schema does not state is a constraint on that parameter, not how-text',
      code: `${MCP_HEAD}server.tool('list_notes', 'Lists notes.', { pageSize: z.number().int().describe('Notes per page. At most 50.') }, async () => ({ content: [] }));`,
    },
    {
      name: 'how-text too short to pay for the pointer slim would add is not reported, since slim leaves the tool as it is',
      code: `${MCP_HEAD}server.tool('read_file', 'Reads a file. For example, pass src/index.ts.', { path: z.string().describe('Where the file is. Defaults to the workspace root.') }, async () => ({ content: [] }));`,
    },
    {
      name: 'kinds limits what is reported',
      code: `${MCP_HEAD}server.tool('read_file', 'Reads a file. For example, pass src/index.ts.', async () => ({ content: [] }));`,
      options: [{ kinds: ['rule', 'warning'] }],
    },
    {
      name: 'checkParameters: false',
      code: `${MCP_HEAD}server.tool('read_file', 'Reads a file.', { path: z.string().describe('Where the file is, from the workspace root. For example, docs/guide.md.') }, async () => ({ content: [] }));`,
      options: [{ checkParameters: false }],
    },
    {
      name: 'checkConstraints: false',
      code: `${MCP_HEAD}server.tool('list_runs', 'Lists the runs of a day. The date must be in YYYY-MM-DD format.', { date: z.string() }, async () => ({ content: [] }));`,
      options: [{ checkConstraints: false }],
    },
    {
      name: 'a constraint in the parameter description is where it belongs',
      code: `${MCP_HEAD}server.tool('list_runs', 'Lists the runs of a day.', { date: z.string().describe('The day, in YYYY-MM-DD format.') }, async () => ({ content: [] }));`,
    },
    {
      name: 'a rejected value and what to pass instead, in the parameter description, is a constraint',
      code: `${MCP_HEAD}server.tool('load_bundle', 'Loads a bundle.', { bundlePath: z.string().describe("Location of a bundle archive. The archive is opened on the host of this server, so it is refused over a hosted connection; use 'bundle' to send the contents instead.") }, async () => ({ content: [] }));`,
    },
    {
      name: 'unsupported syntax and array positions, in the parameter description, are constraints',
      code: `${MCP_HEAD}server.tool('launch', 'Launches a program.', { argv: z.array(z.string()).describe('Program and arguments as a list. The first item is the program, the remaining ones are its arguments. Globs and backticks are not supported - pass each argument separately for security.') }, async () => ({ content: [] }));`,
    },
    {
      name: 'a hand-off naming another tool is when-text, also without a cue word',
      code: `${MCP_HEAD}server.tool('read_note', 'Reads a note by its id. Returns its title and body.\\nPlease be quick.\\nAttachments belong in \`fetch_attachment\`.', async () => ({ content: [] }));`,
      options: [{ kinds: ['detail'] }],
    },
    {
      name: 'a family of other tools named as a separate surface is when-text',
      code: `${MCP_HEAD}server.tool('search_web', 'Searches the web. Returns links.\\nPlease be quick.\\nThe \`archive_lookup_*\` tools are a separate surface for old newspapers.', async () => ({ content: [] }));`,
      options: [{ kinds: ['detail'] }],
    },
    {
      name: 'other tools named as the subject after a condition, and advice on the order of calls, are when-text',
      code: `${MCP_HEAD}server.tool('start_audit', 'Starts an audit job. Returns its id.\\nPlease be quick.\\nIf the audit is too slow, \`list_findings\` and \`get_finding\` can answer directly.\\nIt is useful to read the checklist before running the audit.', async () => ({ content: [] }));`,
      options: [{ kinds: ['detail', 'edge-case'] }],
    },
    {
      name: 'what one value does, in the parameter description, is a constraint',
      code: `${MCP_HEAD}server.tool('check_config', 'Checks a config file.', { level: z.string().describe('How strict the check is. \`strict\` rejects unknown keys and lists them in \`extra\`; the other levels only warn.') }, async () => ({ content: [] }));`,
    },
    {
      name: 'read-only scope and approval are guardrails',
      code: `${MCP_HEAD}server.tool('poll_export', 'Fetches the state of an export. It only reads the export queue and does not cancel or change the export. This tool requires approval.', async () => ({ content: [] }));`,
    },
    {
      name: 'a scope statement about the tool or the call is what-text',
      code: `${MCP_HEAD}server.tool('order_report', 'Orders a sales report. This call returns only a ticket, not the report itself. This tool operates on one known store.', async () => ({ content: [] }));`,
    },
    {
      name: 'a one-sentence description is never reported as a constraint',
      code: `${MCP_HEAD}server.tool('find_signer', 'Return the signer required for a proposed contract amount.', { amount: z.number() }, async () => ({ content: [] }));`,
    },
    {
      name: 'what omitting an optional parameter does, said only in the tool description, stays (its schema states no default)',
      code: `${MCP_HEAD}server.tool('fire_pot', 'Fires a pot in a kiln.\\n\\nIf \`glaze\` is omitted, the pot is fired bare at the kiln\\'s own temperature profile, with no coat at all, so it comes out matte and porous.', { kiln: z.string().describe('Kiln id.'), glaze: z.string().optional() }, async () => ({ content: [] }));`,
    },
    {
      name: 'the first sentence of a tool says what it does, even with a weak constraint cue',
      code: `${MCP_HEAD}server.tool('edit_record', 'Change fields of a record with a JSON Patch or a merge document. Returns the new record id only.', { record: z.string() }, async () => ({ content: [] }));`,
      options: [{ kinds: ['rule'] }],
    },
  ],
  invalid: [
    {
      name: 'a server handed to another module may get more tools there, so each tool is judged on its own',
      code: `${WHOLE_HEAD}${WATERING}registerShedTools(server);`,
      errors: [{ messageId: 'howInToolDescription' as const }],
    },
    {
      name: 'a whole server whose moved text pays for serving it is reported, and the message says slim moves it without a condition',
      code: `${WHOLE_HEAD}server.registerTool('open_valve', { description: 'Opens the valve of one bed. ${LONG_HOW}', inputSchema: { bed: z.string() } }, async () => ({ content: [] }));\nawait server.connect(transport);`,
      errors: [{ messageId: 'howInToolDescription' as const, data: { tool: '"open_valve"', count: '6 units', quote: 'The valve moves in steps of five percent until the soil…', bytes: '1,020', tokens: '210', whenPaid: '' } }],
    },
    ...DECLARATION_STYLES.map((style) => {
      const code = exportServer(style.build([
        {
          name: 'read_file',
          description: "'Reads a file. For example, pass src/index.ts to read the entry point of the package, or docs/guide.md to read the user guide.'",
          params: [{ name: 'path', description: "'Where the file is. Defaults to the workspace root.'" }],
        },
      ]));
      return {
        name: `${style.id}: an example in the tool and a default in a parameter`,
        filename: style.filename,
        code,
        errors: [
          { messageId: 'howInToolDescription' as const, ...locateSpan(code, 'For example, pass src/index.ts to read the entry point of the package, or docs/guide.md to read the user guide.') },
          { messageId: 'howInParamDescription' as const, ...locateSpan(code, 'Defaults to the workspace root.') },
        ],
      };
    }),
    ...HOW_BY_KIND.map(([kind, sentence, before = '']) => {
      // slim moves a tool's how-text only when that pays for its pointer: a longer unit of another kind
      // (not reported with this option) makes it pay.
      const pad = kind === 'format' ? 'Defaults to the root of the workspace that the server was started in, or the home folder.' : 'Returns the text as a JSON object with the fields path, size, encoding and the contents.';
      const code = `${MCP_HEAD}server.tool('read_file', ${JSON.stringify(`Reads a file.\n${before}${sentence}\n${pad}`)}, async () => ({ content: [] }));`;
      return {
        name: `kind ${kind}`,
        code,
        options: [{ kinds: [kind] }] as unknown as Options,
        errors: [{ messageId: 'howInToolDescription' as const, ...locateSpan(code, sentence) }],
      };
    }),
    {
      name: 'a markup block across lines of a template is one report over its lines',
      code: `${MCP_HEAD}server.tool('list_files', \`Lists files.\n<tips>\nDefaults to the root of the workspace that the server was started in, or the home folder.\n</tips>\`, async () => ({ content: [] }));`,
      errors: [{ messageId: 'howInToolDescription', line: 5, column: 1, endLine: 7, endColumn: 8 }],
    },
    ((code) => ({
      name: 'a constant shared by two tools gets one report, where the sentence is written',
      code,
      errors: [{ messageId: 'howInToolDescription' as const, ...locateSpan(code, 'For example, pass src/index.ts to read the entry point of the package, or docs/guide.md to read the user guide.') }],
    }))(`${MCP_HEAD}const DESCRIPTION = 'Reads a file. For example, pass src/index.ts to read the entry point of the package, or docs/guide.md to read the user guide.';\nserver.tool('read_file', DESCRIPTION, async () => ({ content: [] }));\nserver.tool('cat_file', DESCRIPTION, async () => ({ content: [] }));`),
    {
      name: 'several how units get one report over all of them, with their count and size',
      code: `${MCP_HEAD}server.tool(\n  'read_file',\n  'Reads a file. ' +\n    'Defaults to the workspace root. ' +\n    'Returns the text as JSON with its path, size, encoding, line count and the time it was last changed.',\n  async () => ({ content: [] }),\n);`,
      errors: [
        {
          messageId: 'howInToolDescription',
          line: 7,
          column: 6,
          endLine: 8,
          endColumn: 106,
          data: { tool: '"read_file"', count: '2 units', quote: 'Defaults to the workspace root.', bytes: '131', tokens: '29', whenPaid: PART_OF_A_SERVER },
        },
      ],
    },
    {
      name: 'a range that starts in an interpolated constant ends after it starts',
      code: `${MCP_HEAD}const NOTE = 'Returns JSON.';\nserver.tool('read_file', \`Reads a file. \${NOTE} Defaults to the root of the workspace that the server was started in, or the home folder.\`, async () => ({ content: [] }));`,
      errors: [{ messageId: 'howInToolDescription', line: 4, column: 15, endLine: 4, endColumn: 28 }],
    },
    ((code) => ({
      name: 'a limit the parameter\'s schema already states is how-text',
      code,
      errors: [{ messageId: 'howInParamDescription' as const, ...locateSpan(code, 'At most 50. For example 20 for a short page of notes, or 50 for the longest page there is, which is slower to load.') }],
    }))(`${MCP_HEAD}server.tool('list_notes', 'Lists notes.', { pageSize: z.number().int().max(50).describe('Notes per page. At most 50. For example 20 for a short page of notes, or 50 for the longest page there is, which is slower to load.') }, async () => ({ content: [] }));`),
    ((code) => ({
      name: 'values the parameter\'s enum already lists are left to no-redundant-param-description (one report per string); the rest is reported',
      code,
      errors: [{ messageId: 'howInParamDescription' as const, ...locateSpan(code, 'For example open for the issues still being worked on, or closed ones.') }],
    }))(`${MCP_HEAD}server.tool('list_issues', 'Lists issues.', { state: z.enum(['open', 'closed']).describe('Issue state. Valid values are open and closed. For example open for the issues still being worked on, or closed ones.') }, async () => ({ content: [] }));`),
    ((code) => ({
      name: 'a constraint in the tool description points at its parameter',
      code,
      errors: [
        {
          messageId: 'constraintInToolDescription' as const,
          ...locateSpan(code, 'The date must be in YYYY-MM-DD format.'),
          data: { tool: '"list_runs"', count: '1 unit', target: 'parameter "date"', cue: 'The date must be in YYYY-MM-DD format.' },
        },
        { messageId: 'howInParamDescription' as const },
      ],
    }))(`${MCP_HEAD}server.tool('list_runs', 'Lists the runs of a day. The date must be in YYYY-MM-DD format.', { date: z.string().describe('The day. For example 2026-01-31 for the last day of January, or 2026-02-01 for the first of February.') }, async () => ({ content: [] }));`),
    ((code) => ({
      name: 'a description with how-text and a constraint gets one report, for the how-text, that names the constraint too',
      code,
      errors: [
        {
          messageId: 'howAndConstraintInToolDescription' as const,
          ...locateSpan(code, 'Returns JSON with the id, start time, duration, state and exit code of each run, newest first, one entry per run.'),
          data: { tool: '"list_runs"', count: '1 unit', quote: 'Returns JSON with the id, start time, duration, state and…', bytes: '113', tokens: '27', target: 'parameter "date"', cue: 'The date must be in YYYY-MM-DD format.', whenPaid: PART_OF_A_SERVER },
        },
      ],
    }))(`${MCP_HEAD}server.tool('list_runs', 'Lists the runs of a day. The date must be in YYYY-MM-DD format. Returns JSON with the id, start time, duration, state and exit code of each run, newest first, one entry per run.', { date: z.string().describe('The day.') }, async () => ({ content: [] }));`),
    ((code) => ({
      name: 'a definition list stays whole when one item stays: only the how-text after it is reported',
      code,
      errors: [{ messageId: 'howInToolDescription' as const, data: { tool: '"fire_pot"', count: '1 unit', quote: 'Returns the firing log as JSON with the start time, peak…', bytes: '105', tokens: '21', whenPaid: PART_OF_A_SERVER }, ...locateSpan(code, 'Returns the firing log as JSON with the start time, peak temperature, cone reached and the cooling curve.') }],
    }))(
      `${MCP_HEAD}server.tool('fire_pot', ${JSON.stringify(
        'Fires a pot in a kiln.\n\nGlazes:\n- `celadon`: a green glaze of iron.\n- `tenmoku`: a dark glaze.\n- `raku`: never fire it indoors; ask the user first.\n\nReturns the firing log as JSON with the start time, peak temperature, cone reached and the cooling curve.',
      )}, { kiln: z.string().describe('Kiln id.'), glaze: z.string() }, async () => ({ content: [] }));`,
    ),
    ((code) => ({
      name: 'a constraint the parameter\'s own description already says is how-text in the tool description, not a second copy for the parameter',
      code,
      errors: [{ messageId: 'howInToolDescription' as const, ...locateSpan(code, 'The `shelf` must be a shelf code like `B-12`, a letter for the aisle, a dash and the number of the shelf.') }],
    }))(
      `${MCP_HEAD}server.tool('find_book', ${JSON.stringify('Finds a book on a shelf. The `shelf` must be a shelf code like `B-12`, a letter for the aisle, a dash and the number of the shelf.')}, { shelf: z.string().describe(${JSON.stringify('Shelf code like `B-12`: a letter for the aisle, a dash and the number of the shelf.')}) }, async () => ({ content: [] }));`,
    ),
    ((code) => ({
      name: 'a constraint on a parameter whose description cannot take it stays, and is not reported; the how-text is',
      code,
      errors: [{ messageId: 'howInToolDescription' as const, ...locateSpan(code, 'Returns JSON with the id, start time, duration, state and exit code of each run, newest first, one entry per run.') }],
    }))(`${MCP_HEAD}server.tool('list_runs', 'Lists the runs of a day. The date must be in YYYY-MM-DD format. Returns JSON with the id, start time, duration, state and exit code of each run, newest first, one entry per run.', { date: z.string() }, async () => ({ content: [] }));`),
  ],
});

// A unit the author kept with a plan's [stay] mark (slim --apply writes it to kept-in-descriptions.json in the
// instruction folder of the server's package) is not reported; what the author did not keep still is.
const keptProject = mkdtempSync(path.join(tmpdir(), 'toolslim-kept-'));
afterAll(() => rmSync(keptProject, { recursive: true, force: true }));
writeFileSync(path.join(keptProject, 'package.json'), '{ "name": "reader" }\n');
mkdirSync(path.join(keptProject, 'docs', 'tools'), { recursive: true });
writeFileSync(
  path.join(keptProject, 'docs', 'tools', 'kept-in-descriptions.json'),
  JSON.stringify({ tools: { read_file: { description: ['For example, pass src/index.ts to read the entry point of the package, or docs/guide.md to read the user guide.'], parameters: { path: ['For example, docs/guide.md.'] } } } }),
);
const KEPT_CODE = `${MCP_HEAD}server.tool('read_file', 'Reads a file. For example, pass src/index.ts to read the entry point of the package, or docs/guide.md to read the user guide.', { path: z.string().optional().describe('Where the file is, from the workspace root. For example, docs/guide.md.') }, async () => ({ content: [] }));`;
const PARTLY_KEPT = `${MCP_HEAD}server.tool('read_file', 'Reads a file. For example, pass src/index.ts to read the entry point of the package, or docs/guide.md to read the user guide. Returns a JSON array of {id, title} objects, one for each line of the file, in the order they appear.', async () => ({ content: [] }));`;

ruleTester.run('no-how-in-description (kept on purpose)', rule, {
  valid: [{ name: 'units kept with slim --apply are not reported', filename: path.join(keptProject, 'src', 'server.ts'), code: KEPT_CODE }],
  invalid: [
    {
      name: 'the same units outside that package are reported',
      filename: path.join(tmpdir(), 'elsewhere', 'server.ts'),
      code: KEPT_CODE,
      errors: [{ messageId: 'howInToolDescription' as const }, { messageId: 'howInParamDescription' as const }],
    },
    {
      name: 'a unit the author did not keep is still reported',
      filename: path.join(keptProject, 'src', 'server.ts'),
      code: PARTLY_KEPT,
      errors: [{ messageId: 'howInToolDescription' as const, ...locateSpan(PARTLY_KEPT, 'Returns a JSON array of {id, title} objects, one for each line of the file, in the order they appear.') }],
    },
  ],
});
