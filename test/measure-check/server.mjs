// A stdio server whose tools have the problems `toolslim measure --check` looks for; with
// TOOLSLIM_CHECK_CLEAN=1 it lists one tool with none of them.
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
