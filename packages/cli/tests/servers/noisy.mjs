// Prints a banner to stdout (where only protocol messages may go), then serves normally.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

process.stdout.write('Server listening on stdio, ready for requests\n');
const server = new McpServer({ name: 'cli-test-noisy', version: '1.0.0' });
server.tool('ping', 'Check that the server answers.', async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
