// Lists 7 tools over 3 pages (nextCursor), as plain JSON objects the way low-level servers write them.
// The first tool carries a field the SDK client does not know: it is on the wire, so it counts.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const tools = Array.from({ length: 7 }, (_, index) => ({
  name: `page_tool_${index + 1}`,
  description: `Tool number ${index + 1}. ${'Explains a rule at length. '.repeat(index * 3)}`.trim(),
  inputSchema: {
    type: 'object',
    properties: { id: { type: 'string', description: 'Which record' }, depth: { type: 'integer', minimum: 0 } },
    required: ['id'],
  },
}));
tools[0] = { ...tools[0], x_vendor_hint: 'kept by the server, dropped by the SDK client' };

const PAGE_SIZE = 3;
const server = new Server({ name: 'cli-test-paginated', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async (request) => {
  const start = Number(request.params?.cursor ?? 0);
  const end = start + PAGE_SIZE;
  return { tools: tools.slice(start, end), ...(end < tools.length ? { nextCursor: String(end) } : {}) };
});
await server.connect(new StdioServerTransport());
