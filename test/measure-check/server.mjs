// A stdio server whose tools have the problems `toolslim measure --check` looks for; with
// TOOLSLIM_CHECK_CLEAN=1 it lists one tool with none of them. TOOLSLIM_CHECK_OUTPUT=1 adds tools with output
// schemas, bounded and not, for the advice on results of any size.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'check-fixture', version: '1.0.0' });

server.registerTool(
  'notes_search',
  {
    description: 'Search notes by text and return the ids and titles of the best matches, most relevant first.',
    inputSchema: { text: z.string().describe('Words the note must contain.') },
  },
  async () => ({ content: [{ type: 'text', text: '[]' }] }),
);

if (process.env.TOOLSLIM_CHECK_OUTPUT) {
  server.registerTool(
    'notes_export',
    {
      description: 'Export one note with its full text and its attachments, for reading or for saving elsewhere.',
      inputSchema: { id: z.string().describe('Which note to export.') },
      outputSchema: { title: z.string().max(200), body: z.string(), attachments: z.array(z.object({ name: z.string().max(100) })) },
    },
    async () => ({ content: [{ type: 'text', text: '{}' }], structuredContent: { title: '', body: '', attachments: [] } }),
  );
  server.registerTool(
    'notes_count',
    {
      description: 'Count the notes in each folder, to see where notes pile up before cleaning them.',
      inputSchema: {},
      outputSchema: { folders: z.array(z.object({ name: z.string().max(100), updated: z.iso.datetime() })).max(50), state: z.enum(['ok', 'partial']) },
    },
    async () => ({ content: [{ type: 'text', text: '{}' }], structuredContent: { folders: [], state: 'ok' } }),
  );
}

if (!process.env.TOOLSLIM_CHECK_CLEAN) {
  server.registerTool(
    'search docs',
    {
      description: 'Searches the documentation. ' + 'Each result carries a title, a link and a short excerpt of the page. '.repeat(16),
      inputSchema: {
        query: z.string().describe('Search query string'),
        order: z.enum(['asc', 'desc']).optional().describe('Sort order (asc or desc).'),
      },
    },
    async () => ({ content: [] }),
  );
  server.registerTool('ping', { description: 'Ping.' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
}

await server.connect(new StdioServerTransport());
