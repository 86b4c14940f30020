import rule from '../../src/rules/require-readable-tools.js';
import { createRuleTester } from '../setup.js';
import { DECLARATION_STYLES } from '../styles.js';

const ruleTester = createRuleTester();

const MCP = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n";
const LOW_LEVEL =
  "import { Server } from '@modelcontextprotocol/sdk/server/index.js';\nimport { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';\n";

ruleTester.run('require-readable-tools', rule, {
  valid: [
    ...DECLARATION_STYLES.map((style) => ({
      name: `${style.id}: every tool is read`,
      filename: style.filename,
      code: style.build([{ name: 'read_file', description: "'Reads a file.'", params: [{ name: 'path' }] }]),
    })),
    {
      name: 'a helper whose parameters every call gives',
      code: `${MCP}const server = new McpServer({ name: 'x', version: '1' });
function add(name: string, text: string) {
  server.tool(name, text, async () => ({ content: [] }));
}
add('ping', 'Checks the service.');`,
    },
    {
      name: 'a loop over definitions imported from the project\'s own modules: each is checked where it is written',
      code: `${MCP}import { shelfTool } from './tools/shelf.js';
import { lampTool } from '../lamp.js';
const TOOLS = [shelfTool, lampTool] as const;
const server = new McpServer({ name: 'x', version: '1' });
for (const tool of TOOLS) server.registerTool(tool.name, tool.definition, tool.handler);`,
    },
    {
      name: 'a server handed to the code that registers its tools',
      code: `${MCP}import { registerAll } from './tools.js';
const server = new McpServer({ name: 'x', version: '1' });
registerAll(server);`,
    },
    {
      name: 'a list handler for calls, not for the list',
      code: `${LOW_LEVEL}import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [] }));
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: 'ping', description: 'Checks the service.', inputSchema: { type: 'object' } }] }));`,
    },
    {
      name: 'a `tool()` call in a file that imports no tool library',
      code: "import { tool } from './my-cli.js';\ntool(process.argv[2]);",
    },
  ],
  invalid: [
    {
      name: 'a loop over a list with a definition from an installed package: not checked anywhere the project holds',
      code: `${MCP}import { shelfTool } from './tools/shelf.js';
import { packedTool } from 'shelf-pack';
const TOOLS = [shelfTool, packedTool];
const server = new McpServer({ name: 'x', version: '1' });
for (const tool of TOOLS) server.registerTool(tool.name, tool.definition, tool.handler);`,
      errors: [{ messageId: 'unreadTools', line: 6 }],
    },
    {
      name: 'a loop over definitions from a package',
      code: `${MCP}import { loadDefinitions } from 'some-registry';
const server = new McpServer({ name: 'x', version: '1' });
for (const d of loadDefinitions()) server.tool(d.name, d.description, async () => ({ content: [] }));`,
      errors: [{ messageId: 'unreadTools', line: 4, column: 36, data: { sink: '.tool()', reason: "the tool's name is `d.name`, registered in a loop over `loadDefinitions()`, which toolslim cannot trace to the definitions it holds" } }],
    },
    {
      name: 'an exported helper nobody in the file calls',
      code: `${MCP}export function addTool(server: McpServer, name: string) {
  server.registerTool(name, { description: 'Does it.' }, async () => ({ content: [] }));
}`,
      errors: [{ messageId: 'unreadTools', line: 3, column: 3, data: { sink: '.registerTool()', reason: "the tool's name is `name`, a parameter of `addTool`, and no call of it that toolslim can read gives it a value" } }],
    },
    {
      name: 'a list handler that returns what another module builds',
      code: `${LOW_LEVEL}import { buildToolList } from './generated.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await buildToolList() }));`,
      errors: [{ messageId: 'unreadTools', line: 5, column: 1, data: { sink: 'setRequestHandler(ListTools)', reason: 'the tools it lists, `await buildToolList()`, cannot be followed to tool definitions toolslim can read' } }],
    },
    {
      name: 'arguments spread into the registration',
      code: `${MCP}const server = new McpServer({ name: 'x', version: '1' });
const args = JSON.parse(process.env.TOOL ?? '[]');
server.tool(...args);`,
      errors: [{ messageId: 'unreadTools', line: 4, column: 1, data: { sink: '.tool()', reason: 'its arguments are spread from `args`, which toolslim does not follow' } }],
    },
    {
      name: 'a server that registers nothing readable and keeps itself to itself',
      code: `${MCP}import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
const server = new McpServer({ name: 'x', version: '1' });
await server.connect(new StdioServerTransport());`,
      errors: [{ messageId: 'unreadTools', line: 3, column: 16, data: { sink: 'server', reason: 'this file builds an MCP server and registers no tool on it that toolslim can read, nor hands the server to other code' } }],
    },
    {
      name: 'several places: one report, at the first, counting the rest',
      code: `${MCP}export function one(server: McpServer, name: string) {
  server.tool(name, 'One.', async () => ({ content: [] }));
}
export function two(server: McpServer, name: string) {
  server.tool(name, 'Two.', async () => ({ content: [] }));
}`,
      errors: [{ messageId: 'unreadToolsMany', line: 3, column: 3, data: { count: 2, sink: '.tool()', reason: "the tool's name is `name`, a parameter of `one`, and no call of it that toolslim can read gives it a value", lines: '6' } }],
    },
  ],
});
