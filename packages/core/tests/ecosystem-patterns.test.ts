/**
 * Reading patterns of published servers (the ecosystem check, `test/ecosystem/run.mjs`), each reproduced
 * in a small server of our own: the files are written next to core's own zod and MCP SDK, `buildReport`
 * reads them, the server is started in memory and lists its tools, and the bytes must agree.
 *
 * - annotations from helper calls (`readOnly('Title')`, `writes('Title', true)`), and a definition holding
 *   a response contract built by a helper that returns an object with a method;
 * - generated model modules: `export const X$inboundSchema = z.object(…)` behind an `export *` barrel, read
 *   through a namespace import (`operations.X$inboundSchema`) into `const args = { request: … }`;
 *   the same modules as tsc's CommonJS (`__exportStar(require(…), exports)`, `Object.defineProperty(exports,
 *   …, { get })`, `const texts_1 = require(…)` then `texts_1.X` in a description);
 * - a description built from a value awaited at start-up: unreadable, with a reason, measured as a lower bound;
 * - definitions registered through a function that gives zod schemas the project's own `~standard.jsonSchema`
 *   (what an SDK 2 server publishes): marked, since toolslim does not run that conversion.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildReport, type ReportTool } from '../src/report.js';
import { listToolsOnWire } from './schema-harness.js';
import { useScratchProjects } from './scratch-projects.js';

/** A server object the test connects to a real client. */
type Connectable = Parameters<typeof listToolsOnWire>[0];

const writeProject = useScratchProjects('toolslim-ecosystem-patterns');

function report(dir: string, files: readonly string[]): ReportTool[] {
  return buildReport(
    files.map((file) => ({ filePath: join(dir, file), code: readFileSync(join(dir, file), 'utf8') })),
    { cwd: dir },
  ).tools;
}

const bytesOf = (tool: unknown) => Buffer.byteLength(JSON.stringify(tool));

/** Every listed tool is found, fully readable, and sized exactly; nothing else is reported (no phantoms). */
function expectExact(rows: readonly ReportTool[], listed: ReadonlyArray<Record<string, unknown>>): void {
  for (const tool of listed) {
    const found = rows.filter((row) => row.name === tool.name);
    expect(found, `${String(tool.name)} is not found`).not.toHaveLength(0);
    for (const row of found) {
      expect(row.unreadable, `${row.name} in ${row.file}`).toBeUndefined();
      expect(row.bytes, `${row.name} in ${row.file}`).toBe(bytesOf(tool));
    }
  }
  expect([...new Set(rows.map((row) => row.name))].sort()).toEqual(listed.map((tool) => String(tool.name)).sort());
}

describe('annotations and response contracts built by helpers', () => {
  const files = {
    'garden.mjs': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/** Tools that only read. */
function readOnly(title) {
  return { title, readOnlyHint: true, openWorldHint: false };
}

/** Tools that write; a destructive one replaces what was there. */
function writes(title, destructive = false) {
  return { title, readOnlyHint: false, destructiveHint: destructive, idempotentHint: destructive, openWorldHint: false };
}

function defineContract(definition) {
  return {
    outputSchema: definition.outputSchema,
    render(data) {
      const picked = definition.pick(data);
      return { content: [{ type: 'text', text: JSON.stringify(picked) }], structuredContent: picked };
    },
  };
}

const listContract = defineContract({
  outputSchema: { plants: z.array(z.object({ id: z.string(), name: z.string() })), total: z.number().int() },
  pick: (data) => ({ plants: data.items, total: data.items.length }),
});

const definitions = [
  {
    name: 'list_plants',
    description: 'Lists the plants of the garden, a page at a time.',
    inputSchema: { page: z.number().int().min(1).default(1) },
    outputSchema: listContract.outputSchema,
    annotations: readOnly('List plants'),
    contract: listContract,
  },
  {
    name: 'water_plant',
    description: 'Waters one plant now.',
    inputSchema: { id: z.string().describe('The plant to water.') },
    annotations: writes('Water plant'),
  },
  {
    name: 'replace_bed',
    description: 'Replaces every plant of one bed.',
    inputSchema: { bed: z.string(), plants: z.array(z.string()) },
    annotations: writes('Replace bed', true),
  },
];

export function createServer() {
  const server = new McpServer({ name: 'garden', version: '1.0.0' });
  for (const definition of definitions) {
    server.registerTool(
      definition.name,
      { description: definition.description, inputSchema: definition.inputSchema, outputSchema: definition.outputSchema, annotations: definition.annotations },
      async () => ({ content: [] }),
    );
  }
  return server;
}
`,
  };

  it('calls the helpers with their arguments and reads a method-holding contract', async () => {
    const dir = writeProject(files);
    const rows = report(dir, Object.keys(files));
    const module = (await import(pathToFileURL(join(dir, 'garden.mjs')).href)) as { createServer(): Connectable };
    const listed = await listToolsOnWire(module.createServer());
    expect(listed.find((tool) => tool.name === 'replace_bed')?.annotations).toMatchObject({ destructiveHint: true });
    expectExact(rows, listed);
  });
});

describe('generated model modules behind barrels and namespace imports', () => {
  const model = (format: 'esm' | 'cjs') =>
    format === 'esm'
      ? `import * as z from 'zod';
export const CreatePlantRequest$inboundSchema = z.object({
  name: z.string().describe('What the plant is called.'),
  species: z.string().optional(),
  tags: z.array(z.string()).optional(),
});
export const CreatePlantRequest$outboundSchema = CreatePlantRequest$inboundSchema;
`
      : `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CreatePlantRequest$outboundSchema = exports.CreatePlantRequest$inboundSchema = void 0;
const z = require("zod");
exports.CreatePlantRequest$inboundSchema = z.object({
  name: z.string().describe('What the plant is called.'),
  species: z.string().optional(),
  tags: z.array(z.string()).optional(),
});
exports.CreatePlantRequest$outboundSchema = exports.CreatePlantRequest$inboundSchema;
`;
  const files: Record<string, string> = {
    // ESM: a barrel and a namespace import.
    'esm/models/createplant.mjs': model('esm'),
    'esm/models/index.mjs': `export * from './createplant.mjs';\nexport * from './removeplant.mjs';\n`,
    'esm/models/removeplant.mjs': `import * as z from 'zod';\nexport const RemovePlantRequest$inboundSchema = z.object({ id: z.string() });\n`,
    'esm/texts.mjs': `export const CREATE_TEXT = 'Creates a plant in the garden.';\n`,
    'esm/tools/plantsCreate.mjs': `import * as operations from '../models/index.mjs';
import * as texts from '../texts.mjs';
const args = { request: operations.CreatePlantRequest$inboundSchema };
export const tool$plantsCreate = {
  name: 'create-plant',
  description: \`\${texts.CREATE_TEXT} Use it once per plant.\\n\`,
  scopes: ['write'],
  args,
  tool: async (client, args, extra) => ({ content: [] }),
};
`,
    'esm/tools/plantsRemove.mjs': `import * as operations from '../models/index.mjs';
const args = { request: operations.RemovePlantRequest$inboundSchema };
export const tool$plantsRemove = {
  name: 'remove-plant',
  description: 'Removes a plant.',
  scopes: ['write'],
  args,
  tool: async (client, args, extra) => ({ content: [] }),
};
`,
    'esm/server.mjs': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { tool$plantsCreate } from './tools/plantsCreate.mjs';
import { tool$plantsRemove } from './tools/plantsRemove.mjs';

export function createServer() {
  const server = new McpServer({ name: 'plants', version: '1.0.0' });
  const register = (tool) => server.tool(tool.name, tool.description, tool.args, async (args, extra) => tool.tool(undefined, args, extra));
  register(tool$plantsCreate);
  register(tool$plantsRemove);
  return server;
}
`,
    // The same as tsc's CommonJS output.
    'cjs/models/createplant.cjs': model('cjs'),
    'cjs/models/removeplant.cjs': `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RemovePlantRequest$inboundSchema = void 0;
const z = require("zod");
exports.RemovePlantRequest$inboundSchema = z.object({ id: z.string() });
`,
    'cjs/models/index.cjs': `"use strict";
var __exportStar = (this && this.__exportStar) || function(m, exports) {
    for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(exports, p)) exports[p] = m[p];
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.RemovePlantRequest$inboundSchema = void 0;
__exportStar(require("./createplant.cjs"), exports);
var removeplant_cjs_1 = require("./removeplant.cjs");
Object.defineProperty(exports, "RemovePlantRequest$inboundSchema", { enumerable: true, get: function () { return removeplant_cjs_1.RemovePlantRequest$inboundSchema; } });
`,
    'cjs/texts.cjs': `"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\nexports.CREATE_TEXT = void 0;\nexports.CREATE_TEXT = 'Creates a plant in the garden.';\n`,
    'cjs/tools/plantsCreate.cjs': `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.tool$plantsCreate = void 0;
const operations = require("../models/index.cjs");
const texts_1 = require("../texts.cjs");
const args = { request: operations.CreatePlantRequest$inboundSchema };
exports.tool$plantsCreate = {
  name: 'create-plant',
  description: \`\${texts_1.CREATE_TEXT} Use it once per plant.\\n\`,
  scopes: ['write'],
  args,
  tool: async (client, args, extra) => ({ content: [] }),
};
`,
    'cjs/tools/plantsRemove.cjs': `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.tool$plantsRemove = void 0;
const operations = require("../models/index.cjs");
const args = { request: operations.RemovePlantRequest$inboundSchema };
exports.tool$plantsRemove = {
  name: 'remove-plant',
  description: 'Removes a plant.',
  scopes: ['write'],
  args,
  tool: async (client, args, extra) => ({ content: [] }),
};
`,
    'cjs/server.cjs': `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.createServer = createServer;
const mcp_js_1 = require("@modelcontextprotocol/sdk/server/mcp.js");
const plantsCreate_cjs_1 = require("./tools/plantsCreate.cjs");
const plantsRemove_cjs_1 = require("./tools/plantsRemove.cjs");
function createServer() {
  const server = new mcp_js_1.McpServer({ name: 'plants', version: '1.0.0' });
  const register = (tool) => server.tool(tool.name, tool.description, tool.args, async (args, extra) => tool.tool(undefined, args, extra));
  register(plantsCreate_cjs_1.tool$plantsCreate);
  register(plantsRemove_cjs_1.tool$plantsRemove);
  return server;
}
`,
  };

  it('reads the ESM modules, and the CommonJS twin the same, exactly as listed', async () => {
    const dir = writeProject(files);
    const rows = report(dir, Object.keys(files));
    const esm = (await import(pathToFileURL(join(dir, 'esm/server.mjs')).href)) as { createServer(): Connectable };
    const cjs = createRequire(import.meta.url)(join(dir, 'cjs/server.cjs')) as { createServer(): Connectable };
    const listed = await listToolsOnWire(esm.createServer());
    expect(await listToolsOnWire(cjs.createServer())).toEqual(listed);
    expect(rows.filter((row) => row.file?.startsWith('cjs/'))).toHaveLength(2);
    expectExact(rows, listed);
  });
});

describe('a description built from a value awaited at start-up', () => {
  const files = {
    'docs.mjs': `import { readdir } from 'node:fs/promises';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

async function listGuides() {
  try {
    return (await readdir(new URL('./guides', import.meta.url))).filter((file) => file.endsWith('.md'));
  } catch {
    return [];
  }
}
const guides = await listGuides();
const listing = guides.length > 0 ? 'Guides: ' + guides.join(', ') : 'No guides yet.';

export function createServer() {
  const server = new McpServer({ name: 'docs', version: '1.0.0' });
  server.tool('read_guide', \`Reads one guide. \${listing}\`, { guide: z.string() }, async () => ({ content: [] }));
  server.tool('search_guides', 'Searches the guides.', { query: z.string() }, async () => ({ content: [] }));
  return server;
}
`,
    'guides/watering.md': '# Watering\n',
    'guides/pruning.md': '# Pruning\n',
  };

  it('marks the text unreadable with the reason and measures its static parts as a lower bound', async () => {
    const dir = writeProject(files);
    const rows = report(dir, ['docs.mjs']);
    const module = (await import(pathToFileURL(join(dir, 'docs.mjs')).href)) as { createServer(): Connectable };
    const listed = await listToolsOnWire(module.createServer());
    const read = rows.find((row) => row.name === 'read_guide')!;
    expect(read.unreadable).toEqual([{ field: 'description', reason: expect.stringMatching(/run time|awaited/) }]);
    expect(read.bytes).toBeLessThan(bytesOf(listed.find((tool) => tool.name === 'read_guide')));
    expectExact(
      rows.filter((row) => row.name !== 'read_guide'),
      listed.filter((tool) => tool.name !== 'read_guide'),
    );
  });
});

describe("a project's own Standard Schema conversion", () => {
  it("marks schemas converted from zod when the file replaces `~standard.jsonSchema` (what SDK 2 publishes)", () => {
    const files = {
      'server.mjs': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/** Publish a trimmed JSON Schema: the SDK reads it through the Standard Schema interface. */
function advertiseTrimmed(schema) {
  Object.defineProperty(schema['~standard'], 'jsonSchema', {
    configurable: true,
    value: { input: () => trim(z.toJSONSchema(schema)), output: () => trim(z.toJSONSchema(schema, { io: 'output' })) },
  });
  return schema;
}
function trim(json) {
  const { $schema, ...rest } = json;
  return rest;
}

export const definitions = [
  { name: 'plain_tool', description: 'No schema.', annotations: { readOnlyHint: true } },
  { name: 'trimmed_tool', description: 'Trimmed.', inputSchema: { id: z.string() } },
];

const configs = new WeakMap();
function register(server, definition) {
  let config = configs.get(definition);
  if (!config) {
    config = { description: definition.description, annotations: definition.annotations };
    if (definition.inputSchema) config.inputSchema = advertiseTrimmed(z.object(definition.inputSchema));
    configs.set(definition, config);
  }
  server.registerTool(definition.name, config, async () => ({ content: [] }));
}

export function createServer() {
  const server = new McpServer({ name: 'trimmed', version: '1.0.0' });
  for (const definition of definitions) register(server, definition);
  return server;
}
`,
    };
    const dir = writeProject(files);
    const rows = report(dir, Object.keys(files));
    expect(rows.find((row) => row.name === 'trimmed_tool')?.unreadable).toEqual([
      { field: 'inputSchema', reason: expect.stringContaining('~standard.jsonSchema') },
    ]);
    expect(rows.find((row) => row.name === 'plain_tool')?.unreadable).toBeUndefined();
  });
});
