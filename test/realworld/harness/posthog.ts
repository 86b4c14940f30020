/* eslint-disable @typescript-eslint/no-explicit-any -- runs inside the server's own project, typed by it, not by ours */
// toolslim corpus harness (our code, not the project's): publishes PostHog's tools over stdio the way
// its Cloudflare `MyMCP.registerTool` does (title, description, inputSchema: schema.shape, annotations),
// with a context whose API key has every scope, so no Durable Object or network call is needed.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { getToolsFromContext } from "@/tools";

async function main() {
  const context = {
    env: { INKEEP_API_KEY: process.env.INKEEP_API_KEY },
    stateManager: { getApiKey: async () => ({ scopes: ["*"] }) },
  } as any;

  const server = new McpServer({ name: "PostHog", version: "1.0.0" });
  const features = process.env.TOOLSLIM_FEATURES ? process.env.TOOLSLIM_FEATURES.split(",") : undefined;
  for (const tool of await getToolsFromContext(context, features)) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: (tool.schema as any).shape, annotations: tool.annotations },
      async () => ({ content: [] }),
    );
  }
  await server.connect(new StdioServerTransport());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
