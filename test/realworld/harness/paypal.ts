/* eslint-disable @typescript-eslint/no-explicit-any -- runs inside the server's own project, typed by it, not by ours */
// toolslim corpus harness (our code): the published @paypal/mcp server wraps the npm build of
// @paypal/agent-toolkit; this publishes the pinned source's MCP toolkit with every action enabled,
// as `--tools=all` does.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { PayPalAgentToolkit } from './src/modelcontextprotocol/index';
import tools from './src/shared/tools';

async function main() {
  const actions: Record<string, Record<string, boolean>> = {};
  for (const tool of (tools as any)({})) {
    for (const [product, perms] of Object.entries(tool.actions ?? {})) {
      actions[product] ??= {};
      for (const action of Object.keys(perms as object)) actions[product][action] = true;
    }
  }
  const server = new PayPalAgentToolkit({ accessToken: 'dummy-paypal-token', configuration: { actions, context: { sandbox: true } } } as any);
  await server.connect(new StdioServerTransport());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
