import rule from '../../src/rules/distinct-tool-descriptions.js';
import { createRuleTester } from '../setup.js';
import { DECLARATION_STYLES, locate, type ToolSource } from '../styles.js';

const ruleTester = createRuleTester();

const MCP_HEAD = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 'demo', version: '1.0.0' });\n";

const LISTING = "'Get a detailed listing of all files and directories in a path.'";
const LISTING_WITH_SIZES = "'Get a detailed listing of all files and directories in a path, including sizes.'";

const CONFUSABLE: ToolSource[] = [
  { name: 'list_directory', description: LISTING, params: [{ name: 'path' }] },
  { name: 'read_file', description: "'Read the complete contents of a file.'", params: [{ name: 'path' }] },
  { name: 'list_directory_with_sizes', description: LISTING_WITH_SIZES, params: [{ name: 'path' }] },
];

const DISTINCT: ToolSource[] = [
  { name: 'list_directory', description: LISTING, params: [{ name: 'path' }] },
  { name: 'list_directory_with_sizes', description: "'Get a detailed listing of all files and directories in a path, including sizes. Pick it over list_directory only when sizes matter.'", params: [{ name: 'path' }] },
  { name: 'http_test_details', description: "'Retrieve detailed time series results for an HTTP test by id.'" },
  { name: 'traceroute_test_details', description: "'Retrieve detailed time series results for a traceroute test by id.'" },
];

ruleTester.run('distinct-tool-descriptions', rule, {
  valid: [
    ...DECLARATION_STYLES.map((style) => ({
      name: `${style.id}: a description that names the other tool, and a swapped key word`,
      filename: style.filename,
      code: style.build(DISTINCT),
    })),
    {
      name: 'tools on different servers are not compared',
      code: `${MCP_HEAD}const other = new McpServer({ name: 'other', version: '1.0.0' });\nserver.tool('list_directory', ${LISTING}, async () => ({ content: [] }));\nother.tool('list_directory_with_sizes', ${LISTING_WITH_SIZES}, async () => ({ content: [] }));`,
    },
    {
      name: 'tools in local constants with no server are not taken to be offered together',
      code: `import { tool } from '@openai/agents';\nimport { z } from 'zod';\nconst unstable = tool({ name: 'get_weather_unstable', description: 'Get the weather for a city.', parameters: z.object({}), execute: async () => 'x' });\nconst stable = tool({ name: 'get_weather_stable', description: 'Get the weather for a city.', parameters: z.object({}), execute: async () => 'x' });`,
    },
    {
      name: 'a first sentence followed by different sentences carries the difference',
      code: `${MCP_HEAD}server.tool('list_directory', 'Get a listing of the files in a path. Names only.', async () => ({ content: [] }));\nserver.tool('list_directory_with_sizes', 'Get a listing of the files in a path. Adds each size and modification time.', async () => ({ content: [] }));`,
    },
    {
      name: 'maxAddedWords: 0 and minSimilarity: 1 report only identical word sets',
      code: `${MCP_HEAD}server.tool('list_directory', ${LISTING}, async () => ({ content: [] }));\nserver.tool('list_directory_with_sizes', ${LISTING_WITH_SIZES}, async () => ({ content: [] }));`,
      options: [{ minSimilarity: 1, maxAddedWords: 0 }],
    },
  ],
  invalid: [
    ...DECLARATION_STYLES.map((style) => {
      const code = style.build(CONFUSABLE);
      return {
        name: `${style.id}: the same sentence with words added, reported on the later tool`,
        filename: style.filename,
        code,
        errors: [{ messageId: 'indistinctDescription' as const, ...locate(code, LISTING_WITH_SIZES), data: { name: 'list_directory_with_sizes', other: 'list_directory', shared: 6, total: 8 } }],
      };
    }),
    {
      name: 'identical descriptions',
      code: `${MCP_HEAD}server.tool('get_weather', 'Get the weather for a city.', async () => ({ content: [] }));\nserver.tool('get_forecast', 'Get the weather for a city', async () => ({ content: [] }));`,
      errors: [{ messageId: 'indistinctDescription', line: 4, column: 29, data: { name: 'get_forecast', other: 'get_weather', shared: 3, total: 3 } }],
    },
    {
      name: 'minSimilarity: 0.5 reports a swapped key word',
      code: `${MCP_HEAD}server.tool('http_test', 'Retrieve detailed time series results for an HTTP test by id.', async () => ({ content: [] }));\nserver.tool('trace_test', 'Retrieve detailed time series results for a traceroute test by id.', async () => ({ content: [] }));`,
      options: [{ minSimilarity: 0.5 }],
      errors: [{ messageId: 'indistinctDescription', line: 4, column: 27 }],
    },
  ],
});
