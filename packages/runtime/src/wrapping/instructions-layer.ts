/**
 * Serving the instruction tool and resources as a layer, for servers whose handlers the runtime wraps
 * (the low-level `Server`; an `McpServer` registers them its own way): `read_instructions` joins the last
 * page of `tools/list`, the families join `resources/list`, and both are answered before the server's own.
 */
import type { InstructionsCatalog } from '../serve-instructions.js';
import type { ToolLayer } from './layers.js';

export function createInstructionsLayer(catalog: InstructionsCatalog, serve: { tool: boolean; resources: boolean }): ToolLayer {
  const layer: ToolLayer = { provides: { tools: serve.tool, resources: serve.resources } };
  if (serve.tool) {
    // Ours goes on the last page, once.
    layer.listTools = (page) => (page.nextCursor ? page : { ...page, tools: [...page.tools.filter((tool) => tool.name !== catalog.toolName), catalog.tool] });
    layer.callTool = (call, next) => (call.name === catalog.toolName ? catalog.callTool(call.arguments) : next());
  }
  if (serve.resources) {
    layer.listResources = (page) => {
      if (page.nextCursor) return page;
      const ours = catalog.listResources().resources;
      return { ...page, resources: [...page.resources.filter((resource) => !ours.some((own) => own.uri === resource.uri)), ...ours] };
    };
    layer.readResource = async (read, next) => (await catalog.readResource(read.uri)) ?? next();
  }
  return layer;
}
