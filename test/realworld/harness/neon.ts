/* eslint-disable @typescript-eslint/no-explicit-any -- runs inside the server's own project, typed by it, not by ours */
// toolslim corpus harness (our code): the Neon server is served by Next.js routes; this starts the same
// `createMcpServer(context)` over stdio with an API-key context like the project's own e2e tests use.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer } from './mcp/server/index';

async function main() {
  const server = await createMcpServer({
    apiKey: 'dummy-neon-key',
    authMethod: 'api_key_user',
    account: { id: 'user_dummy', name: 'Dummy', email: 'dummy@example.com' },
    app: { name: 'mcp-server-neon', transport: 'stdio', environment: 'development', version: 'corpus' },
  } as any);
  await server.connect(new StdioServerTransport());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
