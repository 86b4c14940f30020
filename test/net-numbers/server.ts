const HEAVY_PARAGRAPH =
  'Dates are written in ISO 8601 in the time zone of the notebook, which the settings file names. ' +
  'Text longer than 100,000 characters is refused with an error that gives the length that was sent. ' +
  'Titles are compared without case when the notebook looks for a note, so Shopping and shopping are the same note. ' +
  'A note that another client changed since it was read is saved as a copy whose title ends with (conflict). ' +
  'Attachments are not part of a note: they are stored next to it in a folder of the same name.';

/** A small notes server of our own: six tools, each with a sentence or two of how-text. */
export const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'notes', version: '1.0.0' });
const ok = async () => ({ content: [{ type: 'text' as const, text: 'ok' }] });

server.registerTool(
  'notes_save',
  {
    description:
      'Save a note to the notebook. Use this when the user asks to remember something. ' +
      'Returns a JSON object with the id and the creation date, for example {"id": "n1", "created": "2024-01-01"}. ' +
      'Markdown is supported in the body, including tables and code blocks. ' +
      'Each note is stored as one plain text file in the notebook folder, named after its title. ' +
      'Words in the body that start with # become tags, and tags are indexed for search by notes_search.',
    inputSchema: { title: z.string().describe('Title of the note.'), body: z.string().describe('Text of the note.') },
  },
  ok,
);
server.registerTool(
  'notes_list',
  {
    description:
      'List the titles of saved notes, newest first. Results come back 20 at a time; pass the cursor of the last page to read the next one. ' +
      'Each entry holds the id, the title, the tags and the date of the last change, in ISO 8601. ' +
      'Notes moved to the archive folder are not listed; they are still found by notes_search.',
    inputSchema: { cursor: z.string().optional().describe('Cursor from the previous page.') },
  },
  ok,
);
server.registerTool(
  'notes_search',
  {
    description:
      'Search notes by words in their title or body. Use it before notes_save to avoid duplicates. ' +
      'Words are matched without case, and a note must contain every word. Results are sorted by relevance. ' +
      'Each result holds the id, the title and the first line of the body.',
    inputSchema: { query: z.string().describe('Words to find.') },
  },
  ok,
);
server.registerTool(
  'notes_delete',
  {
    description: 'Delete a note by its id. This cannot be undone; confirm with the user first.',
    inputSchema: { id: z.string().describe('Id of the note.') },
  },
  ok,
);
server.registerTool(
  'notes_tag',
  {
    description:
      'Add tags to a note. Tags are lower-cased and stored without the leading #, for example "#Work" becomes "work". ' +
      'A tag that the note already has is left as it is.',
    inputSchema: { id: z.string().describe('Id of the note.'), tags: z.array(z.string()).describe('Tags to add.') },
  },
  ok,
);
server.registerTool(
  'notes_export',
  {
    description:
      'Export every note as one markdown document. The notes are separated by a line with three dashes, oldest first. ' +
      'Each note starts with its title as a heading, followed by its tags in italics. ' +
      'Links between notes, written as [[title]], are kept as they are and not resolved.',
    inputSchema: {},
  },
  ok,
);

await server.connect(new StdioServerTransport());
`;

/**
 * The same server with a paragraph of how-text more in three descriptions: enough that moving it pays
 * for the tool and the instructions slim adds.
 */
export const HEAVY_SERVER = SERVER.replace(/'(Save a note|Search notes|Export every note)([^']*)'/g, (_, start: string, rest: string) =>
  `'${start}${rest}' + ${JSON.stringify(` ${HEAVY_PARAGRAPH}`)}`,
);
