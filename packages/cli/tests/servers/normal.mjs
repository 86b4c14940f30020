// A well-behaved stdio server: a few tools of different sizes (one with non-ASCII text, so bytes differ
// from characters), an output schema, annotations and server instructions.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer(
  { name: 'cli-test-normal', version: '1.2.3' },
  { instructions: 'Use notes_search before notes_create so you do not write duplicates. Notes are Markdown.' },
);

server.registerTool(
  'notes_search',
  {
    description: 'Search notes by text. Returns the ids and titles of the best matches, most relevant first.',
    inputSchema: { query: z.string().describe('Words to look for'), limit: z.number().int().min(1).max(50).optional() },
    annotations: { readOnlyHint: true },
  },
  async () => ({ content: [{ type: 'text', text: '[]' }] }),
);

server.registerTool(
  'notes_create',
  {
    title: 'Create a note',
    description:
      'Create a note. The title must be unique; the body is Markdown — headings, lists and code blocks are kept ' +
      'as written. Café-style accents and emoji 📝 are stored as UTF-8.',
    inputSchema: { title: z.string(), body: z.string().describe('Markdown body'), tags: z.array(z.string()).default([]) },
    outputSchema: { id: z.string() },
  },
  async () => ({ content: [{ type: 'text', text: '{"id":"1"}' }], structuredContent: { id: '1' } }),
);

server.tool('ping', 'Check that the server answers.', async () => ({ content: [{ type: 'text', text: 'pong' }] }));

if (process.env.TOOLSLIM_TEST_EXTRA_TOOL) {
  // Proves the environment reaches the server: this tool exists only when the variable is set.
  server.tool(process.env.TOOLSLIM_TEST_EXTRA_TOOL, 'A tool named by the environment.', async () => ({ content: [] }));
}

await server.connect(new StdioServerTransport());
