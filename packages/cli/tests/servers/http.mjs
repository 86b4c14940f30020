// A Streamable HTTP server on 127.0.0.1 (stateless: a new MCP server per request). It answers only
// requests with `Authorization: Bearer test-token`, so tests can check that --header is sent.
import http from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

function buildServer() {
  const server = new McpServer({ name: 'cli-test-http', version: '0.9.0' }, { instructions: 'HTTP test server.' });
  server.registerTool(
    'weather_get',
    { description: 'Current weather for a city.', inputSchema: { city: z.string().describe('City name') } },
    async () => ({ content: [] }),
  );
  server.registerTool(
    'weather_forecast',
    { description: 'Forecast for the next days.', inputSchema: { city: z.string(), days: z.number().int().max(10) } },
    async () => ({ content: [] }),
  );
  return server;
}

/** Start the server on a free port; resolves to its URL and a close function. */
export async function startHttpServer() {
  const httpServer = http.createServer(async (request, response) => {
    if (request.headers.authorization !== 'Bearer test-token') {
      response.writeHead(401, { 'content-type': 'text/plain' }).end('missing or wrong token');
      return;
    }
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    const server = buildServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
  });
  await new Promise((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address();
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () => new Promise((resolve) => httpServer.close(resolve)),
  };
}
