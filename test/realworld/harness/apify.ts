/* eslint-disable @typescript-eslint/no-explicit-any -- runs inside the server's own project, typed by it, not by ours */
// toolslim corpus harness (our code): `src/stdio.ts` without the default Actors, which are fetched from
// api.apify.com at start-up (no network here). Every helper-tool category and the add-Actor tools are on.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ActorsMcpServer } from './src/mcp/server.js';
import { toolCategories } from './src/tools/index.js';
import { loadToolsFromInput } from './src/utils/tools-loader.js';

async function main() {
  const mcpServer = new ActorsMcpServer({ enableAddingActors: true, enableDefaultActors: false } as any);
  const input = { actors: [], enableAddingActors: true, tools: Object.keys(toolCategories) } as any;
  mcpServer.upsertTools(await loadToolsFromInput(input, process.env.APIFY_TOKEN as string, false));
  await mcpServer.connect(new StdioServerTransport());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
